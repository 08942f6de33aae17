// The registration forms' words and the pathway URLs, without zod (the schemas: ./registration.ts).
import type { JalurId } from "../documents";
import { PROFILE_LABELS } from "./profile.labels";

export const REGISTRATION_LABELS = {
  ...PROFILE_LABELS,
  email: "Alamat Surel",
  jalur_id: "Jalur Pendaftaran",
  activity_kind_id: "Jenis Kegiatan",
} as const;

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
