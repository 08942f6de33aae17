import { titled, type TitleKey } from "~/utils/page-title";
import { STREAMS_UPLOAD } from "~/utils/uploads";

/**
 * The `handle` of a document page (the applicant's and the facility's, first upload and reupload): its title
 * is the check's ("Periksa kembali") while the loader shows the check and no post was refused, else the
 * page's own; its multipart posts stream to the API unread (server/request-body.ts).
 */
export function documentPageHandle<Data extends { check?: unknown }>(title: TitleKey | ((data: Data | undefined) => TitleKey)) {
  return titled(
    (data: Data | undefined, refused: boolean) => (data?.check && !refused ? "submissionCheck" : typeof title === "string" ? title : title(data)),
    STREAMS_UPLOAD,
  );
}
