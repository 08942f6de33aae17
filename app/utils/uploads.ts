// Route modules whose action streams a multipart upload to the API declare it in their `handle`, so
// the server lets that body through unread instead of reading it within the form limit
// (server/request-body.ts). Everything else is read whole, at most 1 MB.

export interface UploadHandle {
  streamsUpload?: boolean;
}

export const STREAMS_UPLOAD: UploadHandle = { streamsUpload: true };
