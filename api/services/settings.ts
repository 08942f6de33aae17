import { z } from "@hono/zod-openapi";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { settings } from "../db/schema";
import { remembered } from "../lib/remembered";
import { roleName } from "#domain/role-words";
import { DEFAULT_COMMITTEE_NAME, COMMITTEE_NAME_MAX } from "#domain/roles";
import { FaqLinksSchema, NavbarLinkSchema, type PublicConfig, WelcomeTextsSchema } from "#contracts/config";

export const GuidebookSettingSchema = z
  .object({
    fileId: z.string().uuid().nullable(),
    originalName: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .openapi("GuidebookSetting");

/**
 * Setting key → its value schema. The seed stores these defaults; the Admin edits them on /master-cms,
 * the Super Admin the committee's name on /sla-setting.
 */
export const SETTINGS = {
  navbar_links: z.array(NavbarLinkSchema),
  faq: FaqLinksSchema,
  welcome: WelcomeTextsSchema,
  guidebook: GuidebookSettingSchema,
  committee_name: z.string().trim().min(1).max(COMMITTEE_NAME_MAX),
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
  // The texts /welcome showed before they became editable (locales/id/common.json welcome.*).
  welcome: {
    title: "Selamat datang di Portal Adaptasi Tenaga Kesehatan Lulusan Luar Negeri",
    lead: "Portal resmi untuk mengajukan adaptasi bagi dokter dan tenaga kesehatan Warga Negara Indonesia maupun Warga Negara Asing lulusan luar negeri yang ingin berpraktik di Indonesia.",
  },
  // No upload yet: /template-docs/ serves the bundled PDF.
  guidebook: { fileId: null, originalName: null, updatedAt: null },
  // Spec §6: role 1's label 'Super Admin' is followed by the committee's name.
  committee_name: DEFAULT_COMMITTEE_NAME,
};

/** One setting; a missing or broken entry falls back to its default. */
export async function readSetting<K extends SettingKey>(db: Database, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  const parsed = SETTINGS[key].safeParse(row?.value);
  return (parsed.success ? parsed.data : DEFAULT_SETTINGS[key]) as SettingValue<K>;
}

/** Stores one setting (insert or replace). A caller writing inside a transaction calls forgetCachedSettings after it. */
export async function writeSetting<K extends SettingKey>(db: Database, key: K, value: SettingValue<K>): Promise<void> {
  forgetCachedSettings();
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** The public part of the settings; a missing or broken entry falls back to its default. */
export async function getPublicConfig(db: Database): Promise<PublicConfig> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, ["navbar_links", "faq", "committee_name"]));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const navbar = SETTINGS.navbar_links.safeParse(stored.get("navbar_links"));
  const faq = SETTINGS.faq.safeParse(stored.get("faq"));
  const committee = SETTINGS.committee_name.safeParse(stored.get("committee_name"));
  return {
    navbarLinks: navbar.success ? navbar.data : DEFAULT_SETTINGS.navbar_links,
    faq: faq.success ? faq.data : DEFAULT_SETTINGS.faq,
    committeeName: committee.success ? committee.data : DEFAULT_SETTINGS.committee_name,
  };
}

// --- The public settings, remembered ---------------------------------------------------------------
// Every page reads the navbar links and FAQ addresses (spec §3); read from the database each time that
// was a tenth of a /login render. They change only through the Admin's CMS, which forgets the
// remembered copy once its transaction is committed, so an edit shows on the next page. Another process
// writing the same PostgreSQL database is seen within PUBLIC_CONFIG_TTL_MS.

export const PUBLIC_CONFIG_TTL_MS = 5_000;
const publicConfig = remembered<PublicConfig>({ ttlMs: PUBLIC_CONFIG_TTL_MS, maxKeys: 1 });

/**
 * Drops every remembered setting. The CMS calls it after its write is committed; a test that changes
 * the settings table directly calls it too.
 */
export function forgetCachedSettings(): void {
  publicConfig.forget();
}

/** getPublicConfig, remembered until a setting is written or PUBLIC_CONFIG_TTL_MS passes. */
export async function cachedPublicConfig(db: Database, now: () => number = Date.now): Promise<PublicConfig> {
  return publicConfig.get(db, "public", () => getPublicConfig(db), now);
}

/** Names a role by its id, or null for an unknown one. */
export type RoleNamer = (roleId: number) => string | null;

/**
 * Role names as the API's answers say them (spec §6): role 1's followed by the committee's name as the
 * Super Admin last saved it on /sla-setting, as the pages say it (app/utils/role-name.ts).
 */
export async function roleNamer(db: Database): Promise<RoleNamer> {
  const { committeeName } = await cachedPublicConfig(db);
  return (roleId) => roleName(roleId, committeeName) ?? null;
}
