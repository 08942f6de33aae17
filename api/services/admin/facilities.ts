import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import { verificationState, type VerificationState } from "#domain/facility";
import type { FacilityAdminCreate, FacilityVerify } from "#domain/forms/admin-facilities";
import { PAGE_SIZE } from "#domain/forms/admin";
import { ROLE } from "#domain/roles";
import type { Database } from "../../db/client";
import { facilityProfiles, positions, type UserRow, users, userVerifications } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { Mailer } from "../mail";
import { recentAdminActions, recordAdminAction } from "./audit";
import { createInvitedAccount } from "./users";
import { entriesOf } from "../facilities";
import { notifyFacilityVerification } from "../notifications";

// Facility admins (role 8) as the Admin (role 2) manages them on /admin-fasyankes-list: their facility
// data, the verification entries they send from /personal-data, and the Admin's decision on the newest.

type Actor = Pick<UserRow, "id" | "roleId">;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Each facility admin's newest verification entry (get-me's first). */
function latestEntries(db: Database) {
  return db
    .selectDistinctOn([userVerifications.userId], {
      userId: userVerifications.userId,
      id: userVerifications.id,
      isApproved: userVerifications.isApproved,
      isRejected: userVerifications.isRejected,
      reason: userVerifications.reason,
      createdAt: userVerifications.createdAt,
    })
    .from(userVerifications)
    .orderBy(userVerifications.userId, desc(userVerifications.createdAt), desc(userVerifications.id))
    .as("latest");
}

/** domain/facility.ts verificationState in SQL, for filtering and ordering a page; the tests hold the two together. */
function stateSql(latest: ReturnType<typeof latestEntries>) {
  return sql<VerificationState>`case
    when ${users.isHospitalVerified} then 'verified'
    when ${latest.id} is null then 'notSubmitted'
    when ${latest.isRejected} then 'rejected'
    when ${latest.isApproved} then 'verified'
    else 'pending' end`;
}

const entryJson = (e: { isApproved: boolean; isRejected: boolean }) => ({ is_approved: e.isApproved, is_rejected: e.isRejected });

export interface FacilityListQuery {
  page: number;
  q?: string;
  state?: VerificationState;
}

export async function listFacilityAdmins(db: Database, query: FacilityListQuery) {
  const latest = latestEntries(db);
  const state = stateSql(latest);
  const q = query.q?.trim();
  const filters: Array<SQL | undefined> = [
    eq(users.roleId, ROLE.ADMIN_FASYANKES),
    q
      ? or(
          ilike(users.fullName, likePattern(q)),
          ilike(users.email, likePattern(q)),
          ilike(facilityProfiles.facilityName, likePattern(q)),
          ilike(facilityProfiles.licenceNumber, likePattern(q)),
        )
      : undefined,
    query.state ? sql`(${state}) = ${query.state}` : undefined,
  ];
  const where = and(...filters);
  const from = () =>
    db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        isActive: users.isActive,
        isHospitalVerified: users.isHospitalVerified,
        facilityName: facilityProfiles.facilityName,
        facilityType: facilityProfiles.facilityType,
        licenceNumber: facilityProfiles.licenceNumber,
        latestId: latest.id,
        latestApproved: latest.isApproved,
        latestRejected: latest.isRejected,
        submittedAt: latest.createdAt,
      })
      .from(users)
      .leftJoin(facilityProfiles, eq(facilityProfiles.userId, users.id))
      .leftJoin(latest, eq(latest.userId, users.id));
  const [{ total }] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(facilityProfiles, eq(facilityProfiles.userId, users.id))
    .leftJoin(latest, eq(latest.userId, users.id))
    .where(where);
  // Pending first, the oldest submission at the top: the Admin's queue.
  const rows = await from()
    .where(where)
    .orderBy(sql`case when (${state}) = 'pending' then 0 else 1 end`, sql`${latest.createdAt} asc nulls last`, asc(users.fullName), asc(users.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      email: r.email,
      full_name: r.fullName,
      is_active: r.isActive,
      is_hospital_verified: r.isHospitalVerified,
      facility_name: r.facilityName,
      facility_type: r.facilityType,
      licence_number: r.licenceNumber,
      verification_state: verificationState(
        r.isHospitalVerified,
        r.latestId === null ? [] : [entryJson({ isApproved: r.latestApproved!, isRejected: r.latestRejected! })],
      ),
      submitted_at: r.submittedAt?.toISOString() ?? null,
    })),
    meta: { page: query.page, per_page: PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) },
  };
}

/** A facility admin, or 404: other accounts are not managed here. */
async function findFacilityAdmin(db: Database, id: string) {
  const [row] = /^[0-9a-f-]{36}$/i.test(id)
    ? await db
        .select({ user: users, facility: facilityProfiles, positionName: positions.name })
        .from(users)
        .leftJoin(facilityProfiles, eq(facilityProfiles.userId, users.id))
        .leftJoin(positions, eq(positions.id, facilityProfiles.positionId))
        .where(and(eq(users.id, id), eq(users.roleId, ROLE.ADMIN_FASYANKES)))
    : [];
  if (!row) throw new ApiError(404, "NOT_FOUND", undefined, {}, undefined, { kind: "facility_admin" });
  return row;
}

export async function facilityAdminDetail(db: Database, id: string) {
  const { user, facility, positionName } = await findFacilityAdmin(db, id);
  const entries = await entriesOf(db, user.id);
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    phone: user.phone,
    is_active: user.isActive,
    is_hospital_verified: user.isHospitalVerified,
    activated_at: user.activatedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    verification_state: verificationState(user.isHospitalVerified, entries.map(entryJson)),
    facility: facility
      ? {
          facility_name: facility.facilityName,
          facility_type: facility.facilityType,
          address: facility.address,
          licence_number: facility.licenceNumber,
          contact_phone: facility.contactPhone,
          contact_email: facility.contactEmail,
          admin_nik: facility.adminNik,
          admin_phone: facility.adminPhone,
          position: facility.positionId !== null && positionName !== null ? { id: facility.positionId, name: positionName } : null,
          updated_at: facility.updatedAt.toISOString(),
        }
      : null,
    verifications: entries.map((e) => ({
      id: e.id,
      ...entryJson(e),
      reason: e.reason,
      created_at: e.createdAt.toISOString(),
      decided_at: e.decidedAt?.toISOString() ?? null,
    })),
    audit: await recentAdminActions(db, "user", user.id),
  };
}

/**
 * The Admin's decision on the newest entry, only while it is pending. The conditional update makes two
 * decisions sent at once end with one winner and one 409; the mail is recorded in the same transaction.
 */
export async function decideFacilityVerification(db: Database, actor: Actor, id: string, input: FacilityVerify, opts: { mailer?: Mailer; logger?: Logger }) {
  const { user, facility } = await findFacilityAdmin(db, id);
  const approve = input.decision === "APPROVE";
  const reason = input.reason ?? null;
  await db.transaction(async (tx) => {
    const [newest] = await entriesOf(tx, user.id).limit(1);
    const pending = newest && !newest.isApproved && !newest.isRejected;
    if (!pending || (input.verification_id !== undefined && input.verification_id !== newest.id)) throw new ApiError(409, "VERIFICATION_NOT_PENDING");
    const decided = await tx
      .update(userVerifications)
      .set({ isApproved: approve, isRejected: !approve, reason, decidedAt: new Date() })
      .where(and(eq(userVerifications.id, newest.id), eq(userVerifications.isApproved, false), eq(userVerifications.isRejected, false)))
      .returning({ id: userVerifications.id });
    if (decided.length === 0) throw new ApiError(409, "VERIFICATION_NOT_PENDING");
    await tx.update(users).set({ isHospitalVerified: approve, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordAdminAction(tx, actor, {
      action: approve ? "FACILITY_VERIFY" : "FACILITY_REJECT",
      targetType: "user",
      targetId: user.id,
      reason,
      details: { verification_id: newest.id, facility_name: facility?.facilityName ?? null },
    });
    await notifyFacilityVerification(
      tx,
      { to: { email: user.email, name: user.fullName }, facilityName: facility?.facilityName ?? user.fullName, approved: approve, reason },
      { mailer: opts.mailer, logger: opts.logger },
    );
  });
  return facilityAdminDetail(db, user.id);
}

/**
 * A facility admin created by the Admin, with the facility data the Admin entered. That data counts as
 * sent: the account starts with a pending verification entry, so it waits in the list for a decision
 * like a facility's own submission. The owner sets the password from the mail, as new staff do.
 */
export async function createFacilityAdmin(db: Database, mailer: Mailer, actor: Actor, input: FacilityAdminCreate) {
  const account = { email: input.email, fullName: input.full_name, roleId: ROLE.ADMIN_FASYANKES, isFasyankes: true };
  const id = await createInvitedAccount(db, mailer, account, async (tx, userId) => {
    await tx.insert(facilityProfiles).values({
      userId,
      facilityName: input.facility_name,
      facilityType: input.facility_type,
      address: input.address,
      licenceNumber: input.licence_number,
      contactPhone: input.contact_phone,
      contactEmail: input.contact_email ?? null,
    });
    await tx.insert(userVerifications).values({ userId });
    await recordAdminAction(tx, actor, {
      action: "FACILITY_CREATE",
      targetType: "user",
      targetId: userId,
      details: {
        email: input.email,
        full_name: input.full_name,
        facility_name: input.facility_name,
        facility_type: input.facility_type,
        licence_number: input.licence_number,
      },
    });
  });
  return facilityAdminDetail(db, id);
}
