import { z } from "@hono/zod-openapi";
import { inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { settings } from "../db/schema";

export const NavbarLinkSchema = z.object({ label: z.string(), href: z.string() }).openapi("NavbarLink");
export const FaqLinksSchema = z
  .object({ base: z.string(), login: z.string(), signUp: z.string(), index: z.string() })
  .openapi("FaqLinks");

export const PublicConfigSchema = z
  .object({ navbarLinks: z.array(NavbarLinkSchema), faq: FaqLinksSchema })
  .openapi("PublicConfig");
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** Setting key → its value schema. The seed stores these defaults; admins may edit them later. */
export const SETTINGS = {
  navbar_links: z.array(NavbarLinkSchema),
  faq: FaqLinksSchema,
} as const;

export const DEFAULT_SETTINGS: { [K in keyof typeof SETTINGS]: z.infer<(typeof SETTINGS)[K]> } = {
  navbar_links: [{ label: "KKI", href: "https://kki.go.id" }],
  faq: {
    base: "https://faq.adaptasi.kemkes.go.id",
    login: "https://faq.adaptasi.kemkes.go.id/kategori/masuk",
    signUp: "https://faq.adaptasi.kemkes.go.id/artikel/tidak-bisa-membuat-akun",
    index: "https://faq.adaptasi.kemkes.go.id/kategori/umum",
  },
};

/** The public part of the settings; a missing or broken entry falls back to its default. */
export async function getPublicConfig(db: Database): Promise<PublicConfig> {
  const rows = await db.select().from(settings).where(inArray(settings.key, ["navbar_links", "faq"]));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const navbar = SETTINGS.navbar_links.safeParse(stored.get("navbar_links"));
  const faq = SETTINGS.faq.safeParse(stored.get("faq"));
  return {
    navbarLinks: navbar.success ? navbar.data : DEFAULT_SETTINGS.navbar_links,
    faq: faq.success ? faq.data : DEFAULT_SETTINGS.faq,
  };
}
