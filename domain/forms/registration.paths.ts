// The registration pathway URLs, apart from the form's labels (./registration.labels.ts reads those
// from the locale files): the pages linking to these addresses import this module, so their browser
// bundle carries no locale text.
import type { JalurId } from "../documents";

/** Where a facility's registration starts: choosing the professional's pathway. */
export const REGISTRATION_START = "/register-competency-evaluation/registration-path";

/** The URL segments of spec §2: /register-competency-evaluation/path/regular | exception | {othersId}. */
export const PATH_SEGMENTS = { REG: "regular", SPE: "exception" } as const;

/** The pathway a /path/<segment> page registers on; any other segment is an OTH activity kind id. */
export function jalurOfSegment(segment: string): JalurId {
  return segment === PATH_SEGMENTS.REG ? "REG" : segment === PATH_SEGMENTS.SPE ? "SPE" : "OTH";
}

/** The /path/<segment> of a registration: regular, exception, or the activity kind id. */
export function segmentOf(jalur: JalurId, activityKindId: number | null | undefined): string {
  return jalur === "OTH" ? String(activityKindId ?? "") : PATH_SEGMENTS[jalur];
}

/** The …/upload-file page where a facility fills a draft's documents. */
export function uploadFilePath(app: { id: string; jalur_id: JalurId }, activityKindId: number | null | undefined): string {
  return `/register-competency-evaluation/path/${segmentOf(app.jalur_id, activityKindId)}/upload-file?id=${app.id}`;
}
