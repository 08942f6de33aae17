import { z } from "@hono/zod-openapi";

// The portal's public settings, edited by the Admin on /master-cms (GET /config/public, and the
// /welcome texts) and, for the committee's name, by the Super Admin on /sla-setting: the API stores, validates and documents with these schemas; the portal's layout
// and /welcome are typed with the types below (types only; no zod reaches a page).

export const NavbarLinkSchema = z.object({ label: z.string(), href: z.string() }).openapi("NavbarLink");

export const FaqLinksSchema = z.object({ base: z.string(), login: z.string(), signUp: z.string(), index: z.string() }).openapi("FaqLinks");

export const PublicConfigSchema = z
  .object({
    navbarLinks: z.array(NavbarLinkSchema),
    faq: FaqLinksSchema,
    /** The committee whose name follows role 1's label 'Super Admin' (spec §6). */
    committeeName: z.string().openapi({ example: "Komite Adaptasi" }),
  })
  .openapi("PublicConfig");

export const WelcomeTextsSchema = z.object({ title: z.string(), lead: z.string() }).openapi("WelcomeTexts");

export type NavbarLink = z.infer<typeof NavbarLinkSchema>;
export type FaqLinks = z.infer<typeof FaqLinksSchema>;
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
export type WelcomeTexts = z.infer<typeof WelcomeTextsSchema>;
