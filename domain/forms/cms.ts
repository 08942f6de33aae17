import { z } from "zod";
import { isHttpsUrl, isNavbarHref } from "../links";
import { CODES, labelsIn, rulesFor, type FormTexts } from "../validation";
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX, CMS_LABELS, NAVBAR_LABEL_MAX, NAVBAR_LINKS_MAX, SCHEDULE_TIME_ZONE_OFFSET } from "./cms.labels";

export * from "./cms.labels";

// The Admin's /master-cms forms: one schema per form, used by the portal's action and by
// the /api/v1/admin/cms and /admin/test-schedules endpoints for the same payload. The portal builds
// them with its request's words (`cmsSchemas(formTexts(t))`); the exports named …Schema are the
// ones carrying codes (../validation-codes.ts) the API and the form registry use.

/** Each field's label: its key in the locale files (its Indonesian text: ./cms.labels.ts). */
const LABEL_KEYS = Object.fromEntries(Object.keys(CMS_LABELS).map((name) => [name, `cms:fields.${name}`])) as Record<keyof typeof CMS_LABELS, string>;

export { isHttpsUrl, isNavbarHref };

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function parseTime(value: string): Date | null {
  const text = LOCAL_TIME.test(value) ? `${value}${SCHEDULE_TIME_ZONE_OFFSET}` : ZONED_TIME.test(value) ? value : null;
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The /master-cms forms' schemas, saying their messages and labels in the language of `texts`. */
export function cmsSchemas(texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const m = texts.message;
  const L = labelsIn(texts, LABEL_KEYS, CMS_LABELS);

  // --- Teks Sambutan (/welcome) -------------------------------------------------------------------

  const welcome = z.object({
    title: rules.text(L.title, { min: 3, max: 200 }),
    lead: rules.text(L.lead, { min: 3, max: 1000, multiline: true }),
  });

  // --- Tautan Navbar --------------------------------------------------------------------------------

  const optionalCell = rules.plainText(z.string().trim()).optional();

  /**
   * A fixed set of rows (label + address): rows left empty are dropped, a half-filled row says which
   * half is missing. Errors stay on the row the admin typed in.
   */
  const navbarLinks = z.object({
    links: z
      .array(z.object({ label: optionalCell, href: optionalCell }).optional())
      .max(NAVBAR_LINKS_MAX, m("max_value", { field: L.link_count, max: NAVBAR_LINKS_MAX }))
      .optional()
      .superRefine((rows, ctx) => {
        (rows ?? []).forEach((row, i) => {
          const label = row?.label ?? "";
          const href = row?.href ?? "";
          if (!label && !href) return;
          if (!label) ctx.addIssue({ code: "custom", path: [i, "label"], message: m("required", { field: L.label }) });
          else if (label.length > NAVBAR_LABEL_MAX) ctx.addIssue({ code: "custom", path: [i, "label"], message: m("max", { length: NAVBAR_LABEL_MAX }) });
          if (!href) ctx.addIssue({ code: "custom", path: [i, "href"], message: m("required", { field: L.href }) });
          else if (href.length > 500) ctx.addIssue({ code: "custom", path: [i, "href"], message: m("max", { length: 500 }) });
          else if (!isNavbarHref(href)) ctx.addIssue({ code: "custom", path: [i, "href"], message: m("regex") });
        });
      })
      .transform((rows) => (rows ?? []).filter((r) => r?.label || r?.href).map((r) => ({ label: r!.label!, href: r!.href! }))),
  });

  // --- Alamat FAQ ----------------------------------------------------------------------------------

  const httpsUrl = (field: string) => rules.text(field, { max: 500 }).refine(isHttpsUrl, m("regex"));

  const faq = z.object({
    base: httpsUrl(L.faq_base),
    login: httpsUrl(L.faq_login),
    signUp: httpsUrl(L.faq_signUp),
    index: httpsUrl(L.faq_index),
  });

  // --- Pengumuman ----------------------------------------------------------------------------------

  const announcement = z.object({
    title: rules.text(L.title, { min: 3, max: ANNOUNCEMENT_TITLE_MAX }),
    body: rules.text(L.body, { min: 3, max: ANNOUNCEMENT_BODY_MAX, multiline: true }),
  });

  // --- Jadwal Uji Kompetensi -----------------------------------------------------------------------

  const requiredTime = (field: string) =>
    rules.required(field).transform((v, ctx) => {
      const date = parseTime(v);
      if (!date) {
        ctx.addIssue({ code: "custom", message: m("regex") });
        return z.NEVER;
      }
      return date.toISOString();
    });

  // nullish: the API receives the portal's parsed value again, where an empty time is null.
  const optionalTime = z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const date = parseTime(v);
      if (!date) {
        ctx.addIssue({ code: "custom", message: m("regex") });
        return z.NEVER;
      }
      return date.toISOString();
    });

  const testSchedule = z
    .object({
      title: rules.text(L.title, { min: 3, max: 200 }),
      location: rules.text(L.location, { min: 3, max: 200 }),
      starts_at: requiredTime(L.starts_at),
      ends_at: optionalTime,
      registration_deadline: optionalTime,
      notes: rules
        .plainText(
          z
            .string()
            .trim()
            .max(1000, m("max", { length: 1000 })),
          { multiline: true },
        )
        .nullish()
        .transform((v) => v || null),
    })
    .superRefine((v, ctx) => {
      if (v.ends_at && v.ends_at < v.starts_at) {
        ctx.addIssue({ code: "custom", path: ["ends_at"], message: m("min_value", { field: L.ends_at, min: L.starts_at }) });
      }
      if (v.registration_deadline && v.registration_deadline > v.starts_at) {
        ctx.addIssue({ code: "custom", path: ["registration_deadline"], message: m("max_value", { field: L.registration_deadline, max: L.starts_at }) });
      }
    });
  return { welcome, navbarLinks, faq, announcement, testSchedule };
}

const CODED = cmsSchemas(CODES);

export const welcomeSchema = CODED.welcome;
export type WelcomeForm = z.infer<typeof welcomeSchema>;
export const navbarLinksSchema = CODED.navbarLinks;
export type NavbarLinksForm = z.infer<typeof navbarLinksSchema>;
export const faqSchema = CODED.faq;
export type FaqForm = z.infer<typeof faqSchema>;
export const announcementSchema = CODED.announcement;
export type AnnouncementForm = z.infer<typeof announcementSchema>;
export const testScheduleSchema = CODED.testSchedule;
export type TestScheduleForm = z.infer<typeof testScheduleSchema>;
