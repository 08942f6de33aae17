import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "../lib/types";

const JSON_BODY_LIMIT = 1024 * 1024;

const jsonBodyLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: () => {
    throw new ApiError(413, "PAYLOAD_TOO_LARGE");
  },
});

/** JSON bodies up to 1 MB (413 PAYLOAD_TOO_LARGE beyond). */
export const limitJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Uploads stream with their own per-document limits (a resumable upload's chunks: its Upload-Length); everything else is small JSON.
  const type = c.req.header("content-type")?.toLowerCase() ?? "";
  if (type.startsWith("multipart/form-data") || type.startsWith("application/offset+octet-stream")) return next();
  return jsonBodyLimit(c, next);
};
