import { and, asc, count, eq, ilike, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { detail } from "#domain/validation-details";
import { PAGE_SIZE, type EntryStatus, type ReferenceInput, type ReferenceKind } from "#domain/forms/admin";
import type { Database } from "../../db/client";
import { violatedUniqueConstraint } from "../../db/errors";
import { DEMO_STAFF_POSITIONS, POSITIONS } from "../../db/reference-data";
import { applicantProfiles, institutions, positions, specializations, staffProfiles, type UserRow, users } from "../../db/schema";
import { ApiError, MESSAGES } from "../../lib/errors";
import { recordAdminAction } from "./audit";

// The three reference lists an admin keeps: specializations and institutions (Super Admin,
// chosen by applicants on /personal-data) and positions (Admin, Master Jabatan, given to staff).
// An entry in use is deactivated, never deleted; inactive entries leave the choices at once
// (api/routes/reference and the staff form read active entries only).

// The three tables share id, name, is_active and created_at; typed as one of them for those columns.
type SharedTable = typeof specializations;

interface KindConfig {
  table: SharedTable;
  /** true when a profile refers to the entry */
  inUse: (id: SQL | number) => SQL<boolean>;
}

const KINDS: Record<ReferenceKind, KindConfig> = {
  specialization: {
    table: specializations,
    inUse: (id) => sql<boolean>`exists (select 1 from ${applicantProfiles} where ${applicantProfiles.specializationId} = ${id})`,
  },
  institution: {
    table: institutions as unknown as SharedTable,
    inUse: (id) => sql<boolean>`exists (select 1 from ${applicantProfiles} where ${applicantProfiles.institutionId} = ${id})`,
  },
  position: {
    table: positions as unknown as SharedTable,
    inUse: (id) => sql<boolean>`exists (select 1 from ${staffProfiles} where ${staffProfiles.positionId} = ${id})`,
  },
};

type Actor = Pick<UserRow, "id" | "roleId">;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function columns(kind: ReferenceKind) {
  const { table: t, inUse } = KINDS[kind];
  return {
    id: t.id,
    name: t.name,
    isActive: t.isActive,
    createdAt: t.createdAt,
    // Only institutions have a country; the others answer null.
    country: kind === "institution" ? institutions.country : sql<string | null>`null`,
    inUse: inUse(sql`${t.id}`),
  };
}

type EntryRecord = { id: number; name: string; isActive: boolean; createdAt: Date; country: string | null; inUse: boolean };

function entryJson(kind: ReferenceKind, r: EntryRecord) {
  return {
    id: r.id,
    name: r.name,
    ...(kind === "institution" ? { country: r.country } : {}),
    is_active: r.isActive,
    in_use: Boolean(r.inUse),
    created_at: r.createdAt.toISOString(),
  };
}
export type EntryJson = ReturnType<typeof entryJson>;

export interface EntryListQuery {
  page: number;
  q?: string;
  status?: EntryStatus;
}

export async function listEntries(db: Database, kind: ReferenceKind, query: EntryListQuery) {
  const t = KINDS[kind].table;
  const q = query.q?.trim();
  const where = and(q ? ilike(t.name, likePattern(q)) : undefined, query.status ? eq(t.isActive, query.status === "active") : undefined);
  const [{ total }] = await db.select({ total: count() }).from(t).where(where);
  const rows = (await db
    .select(columns(kind))
    .from(t)
    .where(where)
    .orderBy(asc(t.name), asc(t.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE)) as EntryRecord[];
  return {
    rows: rows.map((r) => entryJson(kind, r)),
    meta: { page: query.page, per_page: PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) },
  };
}

/** 404 for an entry that does not exist (or an id that cannot be one). */
// Worded per kind in the catalogue (locales/<lng>/errors.json apiVariants.NOT_FOUND).
export const entryNotFound = (kind: ReferenceKind) => new ApiError(404, "NOT_FOUND", undefined, {}, undefined, { kind });

async function findEntry(db: Database, kind: ReferenceKind, id: number): Promise<EntryRecord> {
  const t = KINDS[kind].table;
  const [row] = (await db.select(columns(kind)).from(t).where(eq(t.id, id))) as EntryRecord[];
  if (!row) throw entryNotFound(kind);
  return row;
}

export async function getEntry(db: Database, kind: ReferenceKind, id: number) {
  return entryJson(kind, await findEntry(db, kind, id));
}

/** Names are unique regardless of case; the unique index stays the last word under concurrency. */
async function requireFreeName(db: Database, kind: ReferenceKind, name: string, exceptId?: number) {
  const t = KINDS[kind].table;
  const [taken] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(sql`lower(${t.name}) = lower(${name})`, exceptId ? ne(t.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw nameTaken();
}

const nameTaken = () => new ApiError(409, "NAME_TAKEN", undefined, {}, [detail("name", "name_taken")]);

async function uniqueNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (violatedUniqueConstraint(err) !== undefined) throw nameTaken();
    throw err;
  }
}

const values = (kind: ReferenceKind, input: ReferenceInput) => (kind === "institution" ? { name: input.name, country: input.country! } : { name: input.name });

export async function createEntry(db: Database, actor: Actor, kind: ReferenceKind, input: ReferenceInput) {
  await requireFreeName(db, kind, input.name);
  const t = KINDS[kind].table;
  const id = await uniqueNames(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(t).values(values(kind, input)).returning({ id: t.id });
      await recordAdminAction(tx, actor, { action: "ENTRY_CREATE", targetType: kind, targetId: row.id, details: { ...values(kind, input) } });
      return row.id;
    }),
  );
  return getEntry(db, kind, id);
}

export async function updateEntry(db: Database, actor: Actor, kind: ReferenceKind, id: number, input: ReferenceInput) {
  const before = await findEntry(db, kind, id);
  await requireFreeName(db, kind, input.name, id);
  const t = KINDS[kind].table;
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (before.name !== input.name) changes.name = { from: before.name, to: input.name };
  if (kind === "institution" && before.country !== input.country) changes.country = { from: before.country, to: input.country };
  if (Object.keys(changes).length > 0) {
    await uniqueNames(() =>
      db.transaction(async (tx) => {
        await tx.update(t).set(values(kind, input)).where(eq(t.id, id));
        await recordAdminAction(tx, actor, { action: "ENTRY_UPDATE", targetType: kind, targetId: id, details: changes });
      }),
    );
  }
  return getEntry(db, kind, id);
}

export async function setEntryActive(db: Database, actor: Actor, kind: ReferenceKind, id: number, active: boolean) {
  const before = await findEntry(db, kind, id);
  if (before.isActive !== active) {
    const t = KINDS[kind].table;
    await db.transaction(async (tx) => {
      await tx.update(t).set({ isActive: active }).where(eq(t.id, id));
      await recordAdminAction(tx, actor, {
        action: active ? "ENTRY_ACTIVATE" : "ENTRY_DEACTIVATE",
        targetType: kind,
        targetId: id,
        details: { name: before.name },
      });
    });
  }
  return getEntry(db, kind, id);
}

/** Only an entry nobody refers to; the foreign keys refuse a reference that slipped in meanwhile. */
export async function deleteEntry(db: Database, actor: Actor, kind: ReferenceKind, id: number) {
  const before = await findEntry(db, kind, id);
  if (before.inUse) throw new ApiError(409, "ENTRY_IN_USE");
  const t = KINDS[kind].table;
  try {
    await db.transaction(async (tx) => {
      await tx.delete(t).where(eq(t.id, id));
      await recordAdminAction(tx, actor, {
        action: "ENTRY_DELETE",
        targetType: kind,
        targetId: id,
        details: { ...values(kind, { name: before.name, country: before.country ?? undefined }) },
      });
    });
  } catch (err) {
    if (foreignKeyViolated(err)) throw new ApiError(409, "ENTRY_IN_USE");
    throw err;
  }
  return { id, deleted: true as const };
}

function foreignKeyViolated(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/** Active positions for the staff form. */
export async function activePositions(db: Database) {
  return db.select({ id: positions.id, name: positions.name }).from(positions).where(eq(positions.isActive, true)).orderBy(asc(positions.name));
}

/**
 * Runs after the main seed on every start: positions are reference data (added when missing, so
 * an admin's renames and deactivations stay); with demo data, demo staff without a position get one.
 */
export async function seedAdministration(db: Database, options: { demo: boolean }): Promise<void> {
  await db
    .insert(positions)
    .values(POSITIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  if (!options.demo) return;
  const emails = Object.keys(DEMO_STAFF_POSITIONS);
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, users.id))
    .where(and(inArray(users.email, emails), isNull(staffProfiles.userId)));
  if (staff.length === 0) return;
  const byName = new Map((await db.select({ id: positions.id, name: positions.name }).from(positions)).map((p) => [p.name, p.id]));
  const rows = staff.flatMap((u) => {
    const positionId = byName.get(DEMO_STAFF_POSITIONS[u.email]);
    return positionId ? [{ userId: u.id, positionId }] : [];
  });
  if (rows.length > 0) await db.insert(staffProfiles).values(rows).onConflictDoNothing();
}
