import { randomBytes } from "node:crypto";
import { apiField, detail } from "#domain/validation-details";
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { StaffCreate, StaffUpdate } from "#domain/forms/admin";
import { PAGE_SIZE, staffCreateSchema, type EntryStatus } from "#domain/forms/admin";
import { ROLE, STAFF_ROLES } from "#domain/roles";
import type { Database } from "../../db/client";
import { violatedUniqueConstraint } from "../../db/errors";
import { positions, staffProfiles, type UserRow, users } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { Mailer } from "../mail";
import { expireUnusedTokens, issueAccountToken } from "../account-tokens";
import { recentAdminActions, recordAdminAction } from "./audit";
import { hashPassword } from "../passwords";
import { revokeAllForUser } from "../tokens";

// Staff accounts (roles 1, 2, 4–7) as the Super Admin manages them on /user-list.

/** The "Evaluasi Kompetensi" side (spec §2 sidebar title): is_fasyankes, as the demo seed sets it. */
const FASYANKES_SIDE_ROLES: readonly number[] = [ROLE.ADMIN, ROLE.SUBKOMITE_EVALUASI];

type Actor = Pick<UserRow, "id" | "roleId">;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const staffColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  roleId: users.roleId,
  phone: users.phone,
  isActive: users.isActive,
  activatedAt: users.activatedAt,
  createdAt: users.createdAt,
  positionId: staffProfiles.positionId,
  positionName: positions.name,
};

function staffQuery(db: Database) {
  return db
    .select(staffColumns)
    .from(users)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, users.id))
    .leftJoin(positions, eq(positions.id, staffProfiles.positionId));
}

type StaffRecord = Awaited<ReturnType<ReturnType<typeof staffQuery>["execute"]>>[number];

/** A staff account as the API answers it: its role by id (a page words it from the locale files). */
export function staffJson(r: StaffRecord) {
  return {
    id: r.id,
    email: r.email,
    full_name: r.fullName,
    role_id: r.roleId,
    position: r.positionId !== null && r.positionName !== null ? { id: r.positionId, name: r.positionName } : null,
    phone: r.phone,
    is_active: r.isActive,
    activated_at: r.activatedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export interface StaffListQuery {
  page: number;
  q?: string;
  role?: number;
  status?: EntryStatus;
}

export async function listStaff(db: Database, query: StaffListQuery) {
  const q = query.q?.trim();
  const filters: Array<SQL | undefined> = [
    inArray(users.roleId, [...STAFF_ROLES]),
    q ? or(ilike(users.fullName, likePattern(q)), ilike(users.email, likePattern(q))) : undefined,
    query.role ? eq(users.roleId, query.role) : undefined,
    query.status ? eq(users.isActive, query.status === "active") : undefined,
  ];
  const where = and(...filters);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await staffQuery(db)
    .where(where)
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  return {
    rows: rows.map((r) => staffJson(r)),
    meta: { page: query.page, per_page: PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) },
  };
}

/** A staff account, or 404: applicants and facility admins are not managed here. */
async function findStaff(db: Database, id: string): Promise<StaffRecord> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id) ? await staffQuery(db).where(and(eq(users.id, id), inArray(users.roleId, [...STAFF_ROLES]))) : [];
  if (!row) throw new ApiError(404, "NOT_FOUND", undefined, {}, undefined, { kind: "user" });
  return row;
}

export async function staffDetail(db: Database, id: string) {
  const row = await findStaff(db, id);
  return { ...staffJson(row), audit: await recentAdminActions(db, "user", row.id) };
}

/** The position must exist and be active; said on the field like any other bad input. */
async function requireActivePosition(db: Database, positionId: number, current?: number | null) {
  const [row] = await db.select({ isActive: positions.isActive }).from(positions).where(eq(positions.id, positionId));
  // An account may keep a position that was deactivated after it was given.
  if (row && (row.isActive || positionId === current)) return;
  throw new ApiError(400, "VALIDATION_ERROR", undefined, {}, [detail("position_id", "oneOf", { field: apiField("position") })]);
}

export interface InvitedAccount {
  email: string;
  fullName: string;
  roleId: number;
  isFasyankes: boolean;
  phone?: string | null;
}

/**
 * A new account, activated, with a password nobody knows: the person sets their own from the mailed
 * password-reset link (the same single-use link as /forgot-password). `rest` writes the account's other
 * rows and its audit entry in the same transaction. A taken e-mail is 409 EMAIL_TAKEN.
 */
export async function createInvitedAccount(
  db: Database,
  mailer: Mailer,
  account: InvitedAccount,
  rest: (tx: Database, userId: string) => Promise<void>,
): Promise<string> {
  const unusable = await hashPassword(randomBytes(32).toString("base64url"));
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash: unusable,
          fullName: account.fullName,
          roleId: account.roleId,
          isFasyankes: account.isFasyankes,
          phone: account.phone ?? null,
          activatedAt: new Date(),
        })
        .returning({ id: users.id });
      await rest(tx, user.id);
      const token = await issueAccountToken(tx, user.id, "password_reset");
      await mailer.sendPasswordReset({ email: account.email, name: account.fullName }, token, tx);
      return user.id;
    });
  } catch (err) {
    if (violatedUniqueConstraint(err) === "users_email_unique") throw new ApiError(409, "EMAIL_TAKEN");
    throw err;
  }
  return id;
}

/** A new staff account; its owner sets the password from the mail (createInvitedAccount). */
export async function createStaff(db: Database, mailer: Mailer, actor: Actor, input: StaffCreate) {
  await requireActivePosition(db, input.position_id);
  const account = {
    email: input.email,
    fullName: input.full_name,
    roleId: input.role_id,
    isFasyankes: FASYANKES_SIDE_ROLES.includes(input.role_id),
    phone: input.phone,
  };
  const id = await createInvitedAccount(db, mailer, account, async (tx, userId) => {
    await tx.insert(staffProfiles).values({ userId, positionId: input.position_id });
    await recordAdminAction(tx, actor, {
      action: "USER_CREATE",
      targetType: "user",
      targetId: userId,
      details: { email: input.email, full_name: input.full_name, role_id: input.role_id, position_id: input.position_id },
    });
  });
  return staffDetail(db, id);
}

export async function updateStaff(db: Database, actor: Actor, id: string, input: StaffUpdate) {
  const before = await findStaff(db, id);
  if (before.id === actor.id && input.role_id !== before.roleId) throw new ApiError(409, "CANNOT_CHANGE_SELF");
  await requireActivePosition(db, input.position_id, before.positionId);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (before.fullName !== input.full_name) changes.full_name = { from: before.fullName, to: input.full_name };
  if (before.roleId !== input.role_id) changes.role_id = { from: before.roleId, to: input.role_id };
  if (before.positionId !== input.position_id) changes.position_id = { from: before.positionId, to: input.position_id };
  if (Object.keys(changes).length > 0) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ fullName: input.full_name, roleId: input.role_id, isFasyankes: FASYANKES_SIDE_ROLES.includes(input.role_id), updatedAt: new Date() })
        .where(eq(users.id, id));
      await tx
        .insert(staffProfiles)
        .values({ userId: id, positionId: input.position_id })
        .onConflictDoUpdate({ target: staffProfiles.userId, set: { positionId: input.position_id, updatedAt: new Date() } });
      await recordAdminAction(tx, actor, { action: "USER_UPDATE", targetType: "user", targetId: id, details: changes });
    });
  }
  return staffDetail(db, id);
}

/**
 * Deactivating ends every session at once (all refresh-token families; access tokens die with
 * them) and voids unused mailed links; login then answers ACCOUNT_INACTIVE.
 */
export async function setStaffActive(db: Database, actor: Actor, id: string, active: boolean, reason: string) {
  const before = await findStaff(db, id);
  if (before.id === actor.id) throw new ApiError(409, "CANNOT_CHANGE_SELF");
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ isActive: active, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.isActive, !active)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new ApiError(409, active ? "USER_ALREADY_ACTIVE" : "USER_ALREADY_INACTIVE");
    let revoked = 0;
    if (!active) {
      revoked = await revokeAllForUser(tx, id);
      await expireUnusedTokens(tx, id, "password_reset");
      await expireUnusedTokens(tx, id, "activation");
    }
    await recordAdminAction(tx, actor, {
      action: active ? "USER_REACTIVATE" : "USER_DEACTIVATE",
      targetType: "user",
      targetId: id,
      reason,
      details: active ? null : { sessions_revoked: revoked },
    });
  });
  return staffDetail(db, id);
}

export async function sendStaffPasswordReset(db: Database, mailer: Mailer, actor: Actor, id: string) {
  const user = await findStaff(db, id);
  if (!user.isActive) throw new ApiError(409, "USER_INACTIVE");
  await db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, id, "password_reset");
    await recordAdminAction(tx, actor, { action: "USER_PASSWORD_RESET", targetType: "user", targetId: id });
    await mailer.sendPasswordReset({ email: user.email, name: user.fullName }, token, tx);
  });
  return { sent: true as const, email: user.email };
}

/** The operator at the server's console: no account acts, with the Super Admin's authority (audit: no actor name, role 1). */
const CONSOLE_OPERATOR = { id: null, roleId: ROLE.SUPER_ADMIN };
/** Two `admin:create` runs at once take turns, so the second sees the first's account. */
const CONSOLE_SUPER_ADMIN_LOCK = 72_026_003;

class SuperAdminExists extends Error {}

export type ConsoleSuperAdmin =
  | { created: true; id: string; email: string }
  | { created: false; reason: "INVALID"; problems: Array<{ field: "email" | "name"; message: string }> }
  | { created: false; reason: "EMAIL_TAKEN" | "SUPER_ADMIN_EXISTS" };

/**
 * `npm run admin:create` (scripts/admin-create.ts): a Super Admin made at the console, the way /user-list
 * makes staff (createInvitedAccount: active, no usable password, the /forgot-password link mailed, valid
 * 1 hour), recorded in the admin audit log. Refused while an active Super Admin exists, unless `another`.
 */
export async function createConsoleSuperAdmin(
  db: Database,
  mailer: Mailer,
  input: { email: string; fullName: string; another?: boolean; osUser?: string },
): Promise<ConsoleSuperAdmin> {
  const parsed = staffCreateSchema.pick({ email: true, full_name: true }).safeParse({ email: input.email, full_name: input.fullName });
  if (!parsed.success) {
    return {
      created: false,
      reason: "INVALID",
      problems: parsed.error.issues.map((i) => ({ field: i.path[0] === "email" ? "email" : "name", message: i.message })),
    };
  }
  const { email, full_name: fullName } = parsed.data;
  try {
    const id = await createInvitedAccount(db, mailer, { email, fullName, roleId: ROLE.SUPER_ADMIN, isFasyankes: false }, async (tx, userId) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CONSOLE_SUPER_ADMIN_LOCK})`);
      const [{ others }] = await tx
        .select({ others: count() })
        .from(users)
        .where(and(eq(users.roleId, ROLE.SUPER_ADMIN), eq(users.isActive, true), ne(users.id, userId)));
      if (others > 0 && !input.another) throw new SuperAdminExists();
      await recordAdminAction(tx, CONSOLE_OPERATOR, {
        action: "USER_CREATE",
        targetType: "user",
        targetId: userId,
        reason: "Dibuat dari konsol server: npm run admin:create",
        details: { email, full_name: fullName, role_id: ROLE.SUPER_ADMIN, via: "admin:create", os_user: input.osUser ?? null },
      });
    });
    return { created: true, id, email };
  } catch (err) {
    if (err instanceof SuperAdminExists) return { created: false, reason: "SUPER_ADMIN_EXISTS" };
    if (err instanceof ApiError && err.code === "EMAIL_TAKEN") return { created: false, reason: "EMAIL_TAKEN" };
    throw err;
  }
}
