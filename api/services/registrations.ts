import { randomBytes } from "node:crypto";
import { labelRef } from "#domain/validation-codes";
import { detail } from "#domain/validation-details";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { RegistrationForm } from "#domain/forms/registration";
import { ROLE } from "#domain/roles";
import { statusRule } from "#domain/status-label";
import type { Database } from "../db/client";
import { violatedUniqueConstraint } from "../db/errors";
import { activityKinds, applicantProfiles, applications, users, type UserRow } from "../db/schema";
import { ApiError, MESSAGES } from "../lib/errors";
import { applicationRowColumns, applicationView, ownedApplication, stageRef } from "./applications";
import { hashPassword } from "./passwords";
import { checkProfileReferences, profileColumns } from "./profile";
import { insertDraft } from "./workflow";

// A verified facility admin (role 8) registers professionals (DESIGN §4, docs/decisions/010-facility-registrations.md):
// each becomes a role-3 account with a draft application the facility then fills through /applications/:id.

export const REGISTRATIONS_PER_PAGE = 20;

const notAllowed = (path: string, field: string) => new ApiError(400, "VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, {}, [detail(path, "oneOf", { field })]);
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The kinds of activity an OTH registration may name ({othersId} of spec §2), active ones only. */
export function activeActivityKinds(db: Database) {
  return db
    .select({ id: activityKinds.id, name: activityKinds.name, description: activityKinds.description })
    .from(activityKinds)
    .where(eq(activityKinds.isActive, true))
    .orderBy(asc(activityKinds.id));
}

/** The facility's registrations, newest first, searchable by name, e-mail and registration number. */
export async function listRegistrations(db: Database, admin: UserRow, opts: { page: number; q?: string }) {
  const q = opts.q?.trim();
  const where = and(eq(applications.submittedByUserId, admin.id), q ? sql`${applications.searchText} like '%' || lower(${escapeLike(q)}) || '%'` : undefined);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(applications)
    .where(where);
  const rows = await db
    .select({ app: applications, kindName: activityKinds.name })
    .from(applications)
    .leftJoin(activityKinds, eq(activityKinds.id, applications.activityKindId))
    .where(where)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(REGISTRATIONS_PER_PAGE)
    .offset((opts.page - 1) * REGISTRATIONS_PER_PAGE);
  return {
    data: rows.map(({ app, kindName }) => {
      const tahap = stageRef(app.stageId);
      return {
        ...applicationRowColumns(app),
        activity_kind: app.activityKindId !== null ? { id: app.activityKindId, name: kindName ?? "" } : null,
        is_submitted: app.isSubmitted,
        status: app.status,
        tahap,
        label: statusRule({ status: app.status, is_submitted: app.isSubmitted, tahap }),
        submitted_at: app.submittedAt?.toISOString() ?? null,
        created_at: app.createdAt.toISOString(),
      };
    }),
    meta: { page: opts.page, per_page: REGISTRATIONS_PER_PAGE, total, pages: Math.max(1, Math.ceil(total / REGISTRATIONS_PER_PAGE)) },
  };
}

/** One registration of the facility: the applicant's Application plus who the professional is and the activity kind. */
export async function registrationDetail(db: Database, admin: UserRow, id: string) {
  const app = await ownedApplication(db, admin, id);
  if (app.submittedByUserId !== admin.id) throw new ApiError(404, "NOT_FOUND");
  return registrationBody(db, app);
}

async function registrationBody(db: Database, app: Awaited<ReturnType<typeof ownedApplication>>) {
  const [person] = await db.select({ full_name: users.fullName, email: users.email }).from(users).where(eq(users.id, app.applicantUserId));
  const [kind] =
    app.activityKindId !== null
      ? await db.select({ id: activityKinds.id, name: activityKinds.name }).from(activityKinds).where(eq(activityKinds.id, app.activityKindId))
      : [];
  return {
    application: await applicationView(db, app),
    professional: { full_name: app.applicantName || person.full_name, email: person.email },
    activity_kind: kind ?? null,
  };
}

/** The references the form names must exist (and the activity kind be active); else 400 on that field. */
async function checkReferences(db: Database, v: RegistrationForm): Promise<number | null> {
  await checkProfileReferences(db, v);
  if (v.jalur_id !== "OTH") return null;
  const [kind] = await db
    .select({ id: activityKinds.id })
    .from(activityKinds)
    .where(and(eq(activityKinds.id, v.activity_kind_id!), eq(activityKinds.isActive, true)));
  if (!kind) throw notAllowed("activity_kind_id", labelRef("registration:fields.activity_kind_id"));
  return kind.id;
}

/**
 * The professional's account for this registration: a new role-3 account nobody can log into yet, or one
 * this facility registered before whose applications are all final. Never someone else's account.
 */
async function professionalAccount(tx: Database, admin: UserRow, v: RegistrationForm): Promise<string> {
  const [existing] = await tx.select().from(users).where(eq(users.email, v.email));
  if (existing) {
    // Someone else's account, or one with an application still open: one answer, so it never tells which.
    if (existing.roleId !== ROLE.APPLICANT) throw new ApiError(409, "PROFESSIONAL_EMAIL_TAKEN");
    const earlier = await tx
      .select({ by: applications.submittedByUserId, isFinal: applications.isFinal })
      .from(applications)
      .where(eq(applications.applicantUserId, existing.id));
    if (earlier.length === 0 || earlier.some((a) => !a.isFinal || a.by !== admin.id)) throw new ApiError(409, "PROFESSIONAL_EMAIL_TAKEN");
    return existing.id;
  }
  const foreign = v.identity_type === "PASPOR";
  const [created] = await tx
    .insert(users)
    .values({
      email: v.email,
      // Nobody knows this password: the professional sets one with "Lupa kata sandi" (decision 010).
      passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
      fullName: v.full_name,
      roleId: ROLE.APPLICANT,
      isForeign: foreign,
      nik: foreign ? null : v.identity_number,
      foreignId: foreign ? v.identity_number : null,
      nationality: v.nationality,
      phone: v.phone,
      activatedAt: null,
    })
    .returning({ id: users.id });
  return created.id;
}

const CONFLICTS: Record<string, "PROFESSIONAL_EMAIL_TAKEN" | "PROFESSIONAL_IDENTITY_TAKEN"> = {
  users_email_unique: "PROFESSIONAL_EMAIL_TAKEN",
  users_nik_unique: "PROFESSIONAL_IDENTITY_TAKEN",
  users_foreign_id_nationality_unique: "PROFESSIONAL_IDENTITY_TAKEN",
  applications_one_open_per_applicant: "PROFESSIONAL_EMAIL_TAKEN",
};

/** The professional's account, profile and draft application, in one transaction. */
export async function createRegistration(db: Database, admin: UserRow, v: RegistrationForm) {
  const activityKindId = await checkReferences(db, v);
  const profile = profileColumns(v);
  try {
    const app = await db.transaction(async (tx) => {
      const userId = await professionalAccount(tx, admin, v);
      await tx
        .insert(applicantProfiles)
        .values({ userId, ...profile })
        .onConflictDoUpdate({ target: applicantProfiles.userId, set: profile });
      return insertDraft(tx, { applicantUserId: userId, submittedByUserId: admin.id, jalurId: v.jalur_id, activityKindId });
    });
    return registrationBody(db, app);
  } catch (err) {
    const code = CONFLICTS[violatedUniqueConstraint(err) ?? ""];
    if (code) throw new ApiError(409, code);
    throw err;
  }
}
