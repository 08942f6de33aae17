import { z } from "zod";
import { JALUR_IDS, type JalurId } from "../documents";
import { rules, validationMessage as m } from "../validation";
import { wholeNumber } from "./admin";
import { PROFILE_LABELS, profileSchema } from "./profile";

// A facility admin (role 8) registers a professional (DESIGN §4 "Health-facility admin"): the
// applicant's personal data (domain/forms/profile.ts) plus the professional's e-mail, the pathway and,
// for OTH, the kind of activity. One schema for the portal's action, useForm and POST /api/v1/registrations.

export const REGISTRATION_LABELS = {
  ...PROFILE_LABELS,
  email: "Alamat Surel",
  jalur_id: "Jalur Pendaftaran",
  activity_kind_id: "Jenis Kegiatan",
} as const;

const L = REGISTRATION_LABELS;

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

const MAX_ID = 2_147_483_647;

/** /register-competency-evaluation/registration-path: the pathway, and for OTH its kind of activity. */
export const pathwayChoiceSchema = z
  .object({
    jalur_id: rules.oneOf(L.jalur_id, JALUR_IDS),
    activity_kind_id: wholeNumber(L.activity_kind_id, { min: 1, max: MAX_ID }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.jalur_id === "OTH" && v.activity_kind_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["activity_kind_id"], message: m("required", { field: L.activity_kind_id }) });
    }
  });

/** `today` is injectable for tests, as in profileSchema. */
export function registrationSchema(today: Date = new Date()) {
  return profileSchema(today)
    .safeExtend({
      email: rules.email(L.email),
      jalur_id: rules.oneOf(L.jalur_id, JALUR_IDS),
      activity_kind_id: wholeNumber(L.activity_kind_id, { min: 1, max: MAX_ID }).optional(),
    })
    .superRefine((v, ctx) => {
      // SPE needs the specialization (as the applicant's submit does); OTH names its kind of activity.
      if (v.jalur_id === "SPE" && v.specialization_id === undefined) {
        ctx.addIssue({ code: "custom", path: ["specialization_id"], message: m("required", { field: L.specialization_id }) });
      }
      if (v.jalur_id === "OTH" && v.activity_kind_id === undefined) {
        ctx.addIssue({ code: "custom", path: ["activity_kind_id"], message: m("required", { field: L.activity_kind_id }) });
      }
    });
}

export const registrationFormSchema = registrationSchema();
export type RegistrationForm = z.infer<typeof registrationFormSchema>;
