import { z } from "@hono/zod-openapi";
import { FaqLinksSchema, NavbarLinkSchema, WelcomeTextsSchema } from "./config";
import { AdminTestScheduleSchema } from "./test-schedules";

// What the public pages show, edited by the Admin on /master-cms (GET /cms/welcome, /admin/cms…):
// the API validates and documents with these schemas; /welcome and /master-cms are typed with the
// types below (types only; no zod reaches a page).

export const AnnouncementSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    body: z.string(),
    is_active: z.boolean(),
    published_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Announcement");

export const GuidebookSchema = z
  .object({ file_id: z.string().nullable(), original_name: z.string().nullable(), updated_at: z.string().nullable() })
  .openapi("Guidebook", { description: "file_id null: the bundled PDF is served" });

export const WelcomeContentSchema = z.object({ welcome: WelcomeTextsSchema, announcements: z.array(AnnouncementSchema) }).openapi("WelcomeContent");

export const CmsContentSchema = z
  .object({
    welcome: WelcomeTextsSchema,
    navbar_links: z.array(NavbarLinkSchema),
    faq: FaqLinksSchema,
    guidebook: GuidebookSchema,
    announcements: z.array(AnnouncementSchema),
    test_schedules: z.array(AdminTestScheduleSchema),
  })
  .openapi("CmsContent");

export type Announcement = z.infer<typeof AnnouncementSchema>;
export type Guidebook = z.infer<typeof GuidebookSchema>;
export type WelcomeContent = z.infer<typeof WelcomeContentSchema>;
export type CmsContent = z.infer<typeof CmsContentSchema>;
