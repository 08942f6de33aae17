// The /master-cms forms' limits and time helper, and the Indonesian labels the API's schemas say,
// read from locales/id/cms.json `fields` so they are written once, without zod (the schemas: ./cms.ts).
// A named import of `fields`: a bundle holding this module carries that key, not the whole file.
import { fields } from "#locales/id/cms.json";
import { UTC_OFFSET, wibLocalInput } from "../time-zone";

export const CMS_LABELS = {
  title: fields.title,
  lead: fields.lead,
  label: fields.label,
  href: fields.href,
  faq_base: fields.faq_base,
  faq_login: fields.faq_login,
  faq_signUp: fields.faq_signUp,
  faq_index: fields.faq_index,
  body: fields.body,
  location: fields.location,
  starts_at: fields.starts_at,
  ends_at: fields.ends_at,
  registration_deadline: fields.registration_deadline,
  notes: fields.notes,
  guidebook: fields.guidebook,
  link_count: fields.link_count,
} as const;

export const NAVBAR_LINKS_MAX = 8;
export const NAVBAR_LABEL_MAX = 40;
export const ANNOUNCEMENT_TITLE_MAX = 150;
export const ANNOUNCEMENT_BODY_MAX = 2000;
export const GUIDEBOOK_MAX_MB = 5;
/** How many active announcements /welcome shows, newest first. */
export const WELCOME_ANNOUNCEMENTS = 5;

/** Times without a zone (a datetime-local input) are Western Indonesia Time, as the pages show them. */
export const SCHEDULE_TIME_ZONE_OFFSET = UTC_OFFSET;

/** An ISO instant as a datetime-local value in Western Indonesia Time ("2027-03-15T08:00"). */
export const toLocalInput = wibLocalInput;
