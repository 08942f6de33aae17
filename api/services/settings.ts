import { z } from "@hono/zod-openapi";
import { eq, inArray, sql } from "drizzle-orm";
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

export const WelcomeTextsSchema = z.object({ title: z.string(), lead: z.string() }).openapi("WelcomeTexts");
export const GuidebookSettingSchema = z
  .object({
    fileId: z.string().uuid().nullable(),
    originalName: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .openapi("GuidebookSetting");

/** Setting key → its value schema. The seed stores these defaults; admins edit them on /master-cms. */
export const SETTINGS = {
  navbar_links: z.array(NavbarLinkSchema),
  faq: FaqLinksSchema,
  welcome: WelcomeTextsSchema,
  guidebook: GuidebookSettingSchema,
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]>;

export const DEFAULT_SETTINGS: { [K in SettingKey]: SettingValue<K> } = {
  navbar_links: [{ label: "KKI", href: "https://kki.go.id" }],
  faq: {
    base: "https://faq.adaptasi.kemkes.go.id",
    login: "https://faq.adaptasi.kemkes.go.id/kategori/masuk",
    signUp: "https://faq.adaptasi.kemkes.go.id/artikel/tidak-bisa-membuat-akun",
    index: "https://faq.adaptasi.kemkes.go.id/kategori/umum",
  },
  // The texts /welcome showed before they became editable (app/locales/id/common.json welcome.*).
  welcome: {
    title: "Selamat datang di Portal Adaptasi Tenaga Kesehatan Lulusan Luar Negeri",
    lead: "Portal resmi untuk mengajukan adaptasi bagi dokter dan tenaga kesehatan Warga Negara Indonesia maupun Warga Negara Asing lulusan luar negeri yang ingin berpraktik di Indonesia.",
  },
  // No upload yet: /template-docs/ serves the bundled PDF.
  guidebook: { fileId: null, originalName: null, updatedAt: null },
};

/** One setting; a missing or broken entry falls back to its default. */
export async function readSetting<K extends SettingKey>(db: Database, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  const parsed = SETTINGS[key].safeParse(row?.value);
  return (parsed.success ? parsed.data : DEFAULT_SETTINGS[key]) as SettingValue<K>;
}

/** Stores one setting (insert or replace). */
export async function writeSetting<K extends SettingKey>(db: Database, key: K, value: SettingValue<K>): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

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
