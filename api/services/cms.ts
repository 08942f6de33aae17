import { asc, desc, eq } from "drizzle-orm";
import { WELCOME_ANNOUNCEMENTS, type AnnouncementForm, type TestScheduleForm } from "#domain/forms/cms";
import type { Database } from "../db/client";
import { announcements, files, testSchedules, type UserRow } from "../db/schema";
import { ApiError } from "../lib/errors";
import { recordAdminAction } from "./admin/audit";
import { forgetCachedSettings, readSetting, writeSetting, type SettingKey, type SettingValue } from "./settings";
import type { StoredSingleFile } from "./uploads/single";

// The Admin's /master-cms: the texts, links, announcements, test schedule and guidebook the
// public pages show. Every change is one CMS_UPDATE row in admin_audit_log (target "cms", the
// section as target id, old → new), written in the change's own transaction.

type Actor = Pick<UserRow, "id" | "roleId">;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function announcementOut(r: typeof announcements.$inferSelect) {
  return { id: r.id, title: r.title, body: r.body, is_active: r.isActive, published_at: r.publishedAt.toISOString(), updated_at: r.updatedAt.toISOString() };
}

export function testScheduleOut(r: typeof testSchedules.$inferSelect) {
  return {
    id: r.id,
    title: r.title,
    location: r.location,
    starts_at: r.startsAt.toISOString(),
    ends_at: iso(r.endsAt),
    registration_deadline: iso(r.registrationDeadline),
    notes: r.notes,
    is_active: r.isActive,
  };
}

/** /welcome: the editable texts and the newest active announcements. */
export async function welcomeContent(db: Database) {
  const [welcome, rows] = await Promise.all([
    readSetting(db, "welcome"),
    db
      .select()
      .from(announcements)
      .where(eq(announcements.isActive, true))
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(WELCOME_ANNOUNCEMENTS),
  ]);
  return { welcome, announcements: rows.map(announcementOut) };
}

/** Everything /master-cms edits, inactive entries included. */
export async function cmsContent(db: Database) {
  const [welcome, navbarLinks, faq, guidebook, allAnnouncements, schedules] = await Promise.all([
    readSetting(db, "welcome"),
    readSetting(db, "navbar_links"),
    readSetting(db, "faq"),
    readSetting(db, "guidebook"),
    db.select().from(announcements).orderBy(desc(announcements.publishedAt), desc(announcements.id)),
    db.select().from(testSchedules).orderBy(asc(testSchedules.startsAt), asc(testSchedules.id)),
  ]);
  return {
    welcome,
    navbar_links: navbarLinks,
    faq,
    guidebook: { file_id: guidebook.fileId, original_name: guidebook.originalName, updated_at: guidebook.updatedAt },
    announcements: allAnnouncements.map(announcementOut),
    test_schedules: schedules.map(testScheduleOut),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Replaces one setting; saving the same value writes nothing and logs nothing. */
export async function updateSetting<K extends Exclude<SettingKey, "guidebook">>(db: Database, actor: Actor, key: K, value: SettingValue<K>) {
  await db.transaction(async (tx) => {
    const from = await readSetting(tx, key);
    if (same(from, value)) return;
    await writeSetting(tx, key, value);
    await recordAdminAction(tx, actor, { action: "CMS_UPDATE", targetType: "cms", targetId: key, details: { from, to: value } });
  });
  forgetCachedSettings(); // committed: the next page reads the new value
  return readSetting(db, key);
}

/** The audit row of an entry's change (create, update, activate, deactivate): what it was and what it is. */
function recordCmsChange(tx: Parameters<typeof recordAdminAction>[0], actor: Actor, targetId: string, change: string, from: unknown, to: unknown) {
  return recordAdminAction(tx, actor, { action: "CMS_UPDATE", targetType: "cms", targetId, details: { change, from, to } });
}

// --- Announcements ---------------------------------------------------------------------------------

/** A path id as a row id; anything else is not found. */
export function rowId(id: string): number {
  if (!/^\d{1,9}$/.test(id)) throw new ApiError(404, "NOT_FOUND");
  return Number(id);
}

async function announcementRow(db: Database, id: number) {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) throw new ApiError(404, "NOT_FOUND");
  return row;
}

export async function getAnnouncement(db: Database, id: number) {
  return announcementOut(await announcementRow(db, id));
}

export async function createAnnouncement(db: Database, actor: Actor, input: AnnouncementForm) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(announcements).values(input).returning();
    await recordCmsChange(tx, actor, `announcement:${row.id}`, "create", null, input);
    return announcementOut(row);
  });
}

export async function updateAnnouncement(db: Database, actor: Actor, id: number, input: AnnouncementForm) {
  return db.transaction(async (tx) => {
    const old = await announcementRow(tx, id);
    const from = { title: old.title, body: old.body };
    if (same(from, input)) return announcementOut(old);
    const [row] = await tx
      .update(announcements)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(announcements.id, id))
      .returning();
    await recordCmsChange(tx, actor, `announcement:${id}`, "update", from, input);
    return announcementOut(row);
  });
}

export async function setAnnouncementActive(db: Database, actor: Actor, id: number, active: boolean) {
  return db.transaction(async (tx) => {
    const old = await announcementRow(tx, id);
    if (old.isActive === active) return announcementOut(old);
    // Re-activating publishes it again, so it shows among the newest on /welcome.
    const [row] = await tx
      .update(announcements)
      .set({ isActive: active, updatedAt: new Date(), ...(active ? { publishedAt: new Date() } : {}) })
      .where(eq(announcements.id, id))
      .returning();
    await recordCmsChange(tx, actor, `announcement:${id}`, active ? "activate" : "deactivate", { is_active: old.isActive }, { is_active: active });
    return announcementOut(row);
  });
}

// --- Test schedule ----------------------------------------------------------------------------------

const scheduleValues = (input: TestScheduleForm) => ({
  title: input.title,
  location: input.location,
  startsAt: new Date(input.starts_at),
  endsAt: input.ends_at ? new Date(input.ends_at) : null,
  registrationDeadline: input.registration_deadline ? new Date(input.registration_deadline) : null,
  notes: input.notes,
});

const scheduleFields = (r: typeof testSchedules.$inferSelect) => {
  const { id: _id, is_active: _active, ...fields } = testScheduleOut(r);
  return fields;
};

async function scheduleRow(db: Database, id: number) {
  const [row] = await db.select().from(testSchedules).where(eq(testSchedules.id, id));
  if (!row) throw new ApiError(404, "NOT_FOUND");
  return row;
}

export async function getTestSchedule(db: Database, id: number) {
  return testScheduleOut(await scheduleRow(db, id));
}

export async function createTestSchedule(db: Database, actor: Actor, input: TestScheduleForm) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(testSchedules).values(scheduleValues(input)).returning();
    await recordCmsChange(tx, actor, `test_schedule:${row.id}`, "create", null, scheduleFields(row));
    return testScheduleOut(row);
  });
}

export async function updateTestSchedule(db: Database, actor: Actor, id: number, input: TestScheduleForm) {
  return db.transaction(async (tx) => {
    const old = await scheduleRow(tx, id);
    const [row] = await tx
      .update(testSchedules)
      .set({ ...scheduleValues(input), updatedAt: new Date() })
      .where(eq(testSchedules.id, id))
      .returning();
    const from = scheduleFields(old);
    const to = scheduleFields(row);
    if (!same(from, to)) {
      await recordCmsChange(tx, actor, `test_schedule:${id}`, "update", from, to);
    }
    return testScheduleOut(row);
  });
}

export async function setTestScheduleActive(db: Database, actor: Actor, id: number, active: boolean) {
  return db.transaction(async (tx) => {
    const old = await scheduleRow(tx, id);
    if (old.isActive === active) return testScheduleOut(old);
    const [row] = await tx.update(testSchedules).set({ isActive: active, updatedAt: new Date() }).where(eq(testSchedules.id, id)).returning();
    await recordCmsChange(tx, actor, `test_schedule:${id}`, active ? "activate" : "deactivate", { is_active: old.isActive }, { is_active: active });
    return testScheduleOut(row);
  });
}

// --- Guidebook --------------------------------------------------------------------------------------

/** Records an uploaded guidebook PDF and points /template-docs/ at it. */
export async function saveGuidebook(db: Database, actor: Actor, stored: StoredSingleFile) {
  const saved = await db.transaction(async (tx) => {
    const from = await readSetting(tx, "guidebook");
    const [file] = await tx
      .insert(files)
      .values({ ...stored, ownerUserId: actor.id })
      .returning({ id: files.id, createdAt: files.createdAt });
    const to = { fileId: file.id, originalName: stored.originalName, updatedAt: file.createdAt.toISOString() };
    await writeSetting(tx, "guidebook", to);
    await recordAdminAction(tx, actor, { action: "CMS_UPDATE", targetType: "cms", targetId: "guidebook", details: { from, to: { ...to, size: stored.size } } });
    return { file_id: to.fileId, original_name: to.originalName, updated_at: to.updatedAt };
  });
  forgetCachedSettings();
  return saved;
}

/** The uploaded guidebook's file, or null when the bundled PDF is in use. */
export async function currentGuidebook(db: Database) {
  const setting = await readSetting(db, "guidebook");
  if (!setting.fileId) return null;
  const [file] = await db.select().from(files).where(eq(files.id, setting.fileId));
  return file ? { file, updatedAt: new Date(setting.updatedAt ?? file.createdAt) } : null;
}
