import { and, asc, count, desc, eq } from "drizzle-orm";
import { labelRef } from "#domain/validation-codes";
import { detail } from "#domain/validation-details";
import { verificationState } from "#domain/facility";
import type { FacilityData, FacilitySignUp } from "#domain/forms/facility";
import { LABELLED_RULES, NO_LABEL_RULE, statusRule, type LabelColour } from "#domain/status-label";
import type { Database } from "../db/client";
import { applications, auditLog, facilityProfiles, positions, type UserRow, users, userVerifications } from "../db/schema";
import { ApiError, MESSAGES } from "../lib/errors";
import { transitionOf } from "./applications";

// The facility admin's own account (role 8, DESIGN §4): the facility data written at sign-up, sent for
// verification from /personal-data, and the counts and recent activity of /dashboard.

type Facility = Omit<FacilitySignUp, "full_name" | "email" | "phone" | "password" | "password_confirmation" | "consent">;

const facilityColumns = (f: Facility) => ({
  facilityName: f.facility_name,
  facilityType: f.facility_type,
  address: f.address,
  licenceNumber: f.licence_number,
  contactPhone: f.contact_phone,
  contactEmail: f.contact_email ?? null,
});

/** The facility row of a new facility admin, written in the sign-up's own transaction. */
export async function createFacilityProfile(tx: Database, userId: string, facility: Facility): Promise<void> {
  await tx.insert(facilityProfiles).values({ userId, ...facilityColumns(facility) });
}

/** The user's verification entries, newest first (get-me's order). */
export function entriesOf(db: Database, userId: string) {
  return db.select().from(userVerifications).where(eq(userVerifications.userId, userId)).orderBy(desc(userVerifications.createdAt), desc(userVerifications.id));
}

/** The verification state of spec §4 and what the newest entry says. */
async function verificationOf(db: Database, user: Pick<UserRow, "id" | "isHospitalVerified">) {
  const entries = await entriesOf(db, user.id);
  const state = verificationState(
    user.isHospitalVerified,
    entries.map((e) => ({ is_approved: e.isApproved, is_rejected: e.isRejected })),
  );
  const newest = entries[0];
  return {
    state,
    reason: state === "rejected" ? (newest?.reason ?? null) : null,
    submitted_at: newest?.createdAt.toISOString() ?? null,
  };
}

/** GET /me/facility: the facility, the admin's own data and the verification state. */
export async function myFacility(db: Database, user: UserRow) {
  const [row] = await db
    .select({ profile: facilityProfiles, positionName: positions.name })
    .from(facilityProfiles)
    .leftJoin(positions, eq(positions.id, facilityProfiles.positionId))
    .where(eq(facilityProfiles.userId, user.id));
  const p = row?.profile;
  return {
    full_name: user.fullName,
    email: user.email,
    phone: user.phone,
    facility: p
      ? {
          facility_name: p.facilityName,
          facility_type: p.facilityType,
          address: p.address,
          licence_number: p.licenceNumber,
          contact_phone: p.contactPhone,
          contact_email: p.contactEmail,
          admin_nik: p.adminNik,
          admin_phone: p.adminPhone,
          position_id: p.positionId,
          position_name: row.positionName,
        }
      : null,
    ...(await verificationOf(db, user)),
  };
}

/** The active positions a facility admin chooses from (Master Jabatan). */
export function positionOptions(db: Database) {
  return db.select({ id: positions.id, name: positions.name }).from(positions).where(eq(positions.isActive, true)).orderBy(asc(positions.name));
}

/**
 * PUT /me/facility: saves the data and sends it for verification (a new pending entry), in one
 * transaction. Only when nothing is pending and the facility is not verified yet; the user's row is
 * locked so two posts at once make one entry.
 */
export async function submitFacilityData(db: Database, user: UserRow, body: FacilityData) {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    const { state } = await verificationOf(tx, locked);
    if (state === "pending") throw new ApiError(409, "VERIFICATION_PENDING");
    if (state === "verified") throw new ApiError(409, "ALREADY_VERIFIED");
    const [position] = await tx
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.id, body.position_id), eq(positions.isActive, true)));
    if (!position) {
      throw new ApiError(400, "VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, {}, [
        detail("position_id", "oneOf", { field: labelRef("facility:fields.position_id") }),
      ]);
    }
    const values = { ...facilityColumns(body), adminNik: body.admin_nik, adminPhone: body.admin_phone, positionId: body.position_id, updatedAt: new Date() };
    await tx
      .insert(facilityProfiles)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: facilityProfiles.userId, set: values });
    await tx.insert(userVerifications).values({ userId: user.id });
  });
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  return myFacility(db, fresh);
}

const RECENT_ACTIVITY = 10;

/**
 * GET /me/facility/dashboard: the facility's registrations (applications it submitted) counted by the
 * status label of spec §4, its drafts, and the newest entries of their history (never internal notes).
 */
export async function facilityDashboard(db: Database, user: UserRow) {
  const groups = await db
    .select({ status: applications.status, stageId: applications.stageId, isSubmitted: applications.isSubmitted, n: count() })
    .from(applications)
    .where(eq(applications.submittedByUserId, user.id))
    .groupBy(applications.status, applications.stageId, applications.isSubmitted);
  const byRule = new Map<number, { colour: LabelColour; count: number }>();
  let drafts = 0;
  let submitted = 0;
  for (const g of groups) {
    if (!g.isSubmitted) {
      drafts += g.n;
      continue;
    }
    submitted += g.n;
    const { rule, colour } = statusRule({ status: g.status, is_submitted: true, tahap: g.stageId === null ? null : { id: g.stageId } });
    if (rule === NO_LABEL_RULE) continue;
    const entry = byRule.get(rule) ?? { colour, count: 0 };
    entry.count += g.n;
    byRule.set(rule, entry);
  }
  const counts = LABELLED_RULES.filter((rule) => byRule.has(rule)).map((rule) => ({ rule, ...byRule.get(rule)! }));

  const history = await db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      action: auditLog.action,
      actorRole: auditLog.actorRole,
      fromStage: auditLog.fromStage,
      fromStatus: auditLog.fromStatus,
      toStage: auditLog.toStage,
      toStatus: auditLog.toStatus,
      registrationNumber: applications.registrationNumber,
      applicantName: applications.applicantName,
    })
    .from(auditLog)
    .innerJoin(applications, eq(applications.id, auditLog.applicationId))
    .where(and(eq(applications.submittedByUserId, user.id), eq(auditLog.internal, false)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(RECENT_ACTIVITY);

  return {
    ...(await verificationOf(db, user)),
    submitted,
    drafts,
    counts,
    recent: history.map((h) => ({
      id: h.id,
      at: h.at.toISOString(),
      registration_number: h.registrationNumber,
      applicant_name: h.applicantName,
      action: h.action,
      actor_role: h.actorRole,
      ...transitionOf(h),
    })),
  };
}
