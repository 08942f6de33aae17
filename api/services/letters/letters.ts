import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { JalurId } from "#domain/documents";
import { TIME_ZONE } from "#domain/time-zone";
import type { Database } from "../../db/client";
import type { ApplicationStatus } from "#domain/status-label";
import { applicantProfiles, applications, auditLog, letters, users } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { recordAccess } from "../access-log";
import { recordAdminAction, type AdminActor } from "../admin/audit";
import type { LetterKeys } from "#domain/letter-keys";
import { signLetterToken, verifyLetterToken, type LetterClaims } from "./token";

// The decision letter ("Surat Keterangan Hasil Adaptasi"): issued when a file's process ends (its last stage
// passed, or a stage failed for good), checkable by anyone through its QR (a signed token) or by its number
// with the holder's date of birth. Its facts are the application's; the row keeps number, key, token, revocation.

export type LetterRow = typeof letters.$inferSelect;
export type Outcome = "PASSED" | "FAILED";

export interface LetterFacts {
  applicationId: string;
  registrationNumber: string;
  name: string;
  profession: string | null;
  jalur: JalurId;
  outcome: Outcome;
  /** the final decision's time */
  decidedAt: Date;
  /** each stage decided, in order, with its last decision */
  stages: { stageId: number; status: Outcome; decidedAt: Date }[];
  foreign: boolean;
  birthDate: string | null;
  applicantUserId: string;
  /** the facility that registered the professional, null when they applied themselves */
  facilityUserId: string | null;
}

/** A day in Jakarta time, yyyy-mm-dd. */
export const jakartaDay = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);

const NUMBER_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** SKHA/<year>/<8 characters>: random, so one number says nothing about another. */
export function newLetterNumber(at: Date): string {
  let tail = "";
  for (let i = 0; i < 8; i++) tail += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)];
  return `SKHA/${jakartaDay(at).slice(0, 4)}/${tail}`;
}

/** A number as typed: spaces gone, upper case, so "skha / 2026 / abcd2345" finds its letter. */
export const normaliseNumber = (typed: string) => typed.replace(/\s+/g, "").toUpperCase().slice(0, 40);

const isOutcome = (s: ApplicationStatus | null): s is Outcome => s === "PASSED" || s === "FAILED";

/** What a letter of the application says; null while its process has not ended (or its data was removed). */
export async function letterFacts(db: Database, applicationId: string): Promise<LetterFacts | null> {
  const [row] = await db
    .select({
      app: applications,
      profile: { fullName: applicantProfiles.fullName, profession: applicantProfiles.profession, birthDate: applicantProfiles.birthDate },
      user: { fullName: users.fullName, isForeign: users.isForeign },
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.applicantUserId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, applications.applicantUserId))
    .where(eq(applications.id, applicationId));
  if (!row || !row.app.isFinal || row.app.anonymisedAt || !isOutcome(row.app.status)) return null;
  const decisions = await db
    .select({ stage: auditLog.toStage, status: auditLog.toStatus, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.applicationId, applicationId), eq(auditLog.action, "DECISION")))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  const stages = new Map<number, { stageId: number; status: Outcome; decidedAt: Date }>();
  for (const d of decisions) if (d.stage !== null && isOutcome(d.status)) stages.set(d.stage, { stageId: d.stage, status: d.status, decidedAt: d.at });
  const ordered = [...stages.values()].sort((a, b) => a.decidedAt.getTime() - b.decidedAt.getTime());
  return {
    applicationId,
    registrationNumber: row.app.registrationNumber,
    name: row.profile?.fullName ?? row.app.applicantName ?? row.user.fullName,
    profession: row.profile?.profession ?? null,
    jalur: row.app.jalurId,
    outcome: row.app.status,
    decidedAt: ordered.at(-1)?.decidedAt ?? row.app.updatedAt,
    stages: ordered,
    foreign: row.user.isForeign,
    birthDate: row.profile?.birthDate ?? null,
    applicantUserId: row.app.applicantUserId,
    facilityUserId: row.app.submittedByUserId === row.app.applicantUserId ? null : row.app.submittedByUserId,
  };
}

export const claimsOf = (facts: LetterFacts, number: string, issuedAt: Date): LetterClaims => ({
  n: number,
  nm: facts.name,
  pr: facts.profession,
  j: facts.jalur,
  o: facts.outcome,
  d: jakartaDay(facts.decidedAt),
  i: jakartaDay(issuedAt),
});

/** Issues a letter for an ended file: always a new one (the caller decides whether one is due). */
async function issue(db: Database, facts: LetterFacts, keys: LetterKeys, at: Date): Promise<LetterRow> {
  const number = newLetterNumber(at);
  const { token, kid } = signLetterToken(claimsOf(facts, number, at), keys);
  const [row] = await db.insert(letters).values({ number, applicationId: facts.applicationId, keyId: kid, token, issuedAt: at }).returning();
  return row;
}

/**
 * The file's letter when its process has ended and it has none yet (a decision just ended it, or it ended
 * before letters existed: the demo data, older files). A revoked letter is not replaced here: the Super
 * Admin issues the new one. Null when none is due.
 */
export async function ensureLetter(db: Database, applicationId: string, keys: LetterKeys, at = new Date()): Promise<LetterRow | null> {
  const [existing] = await db.select().from(letters).where(eq(letters.applicationId, applicationId)).orderBy(desc(letters.issuedAt), desc(letters.id)).limit(1);
  if (existing) return existing;
  const facts = await letterFacts(db, applicationId);
  if (!facts) return null;
  return issue(db, facts, keys, at);
}

/** Every letter of these applications, newest first. */
export async function lettersOf(db: Database, applicationIds: string[]): Promise<LetterRow[]> {
  if (applicationIds.length === 0) return [];
  return db.select().from(letters).where(inArray(letters.applicationId, applicationIds)).orderBy(desc(letters.issuedAt), desc(letters.id));
}

/** A letter with its facts, for its PDF; 404 when unknown. */
export async function letterWithFacts(db: Database, number: string): Promise<{ letter: LetterRow; facts: LetterFacts }> {
  const [letter] = await db
    .select()
    .from(letters)
    .where(eq(letters.number, normaliseNumber(number)));
  const facts = letter ? await letterFacts(db, letter.applicationId) : null;
  if (!letter || !facts) throw new ApiError(404, "LETTER_NOT_FOUND");
  return { letter, facts };
}

/** The Super Admin revokes a letter with a reason, audited; verification then answers "revoked". */
export async function revokeLetter(db: Database, actor: AdminActor, number: string, reason: string): Promise<LetterRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(letters)
      .set({ revokedAt: new Date(), revokeReason: reason, revokedByUserId: actor.id })
      .where(and(eq(letters.number, normaliseNumber(number)), isNull(letters.revokedAt)))
      .returning();
    if (!row) {
      const [known] = await tx
        .select({ id: letters.id })
        .from(letters)
        .where(eq(letters.number, normaliseNumber(number)));
      throw known ? new ApiError(409, "LETTER_ALREADY_REVOKED") : new ApiError(404, "LETTER_NOT_FOUND");
    }
    await recordAdminAction(tx, actor, {
      action: "LETTER_REVOKE",
      targetType: "letter",
      targetId: row.number,
      reason,
      details: { application_id: row.applicationId },
    });
    return row;
  });
}

/** A new letter for a file whose every letter was revoked (the Super Admin's action). */
export async function reissueLetter(db: Database, actor: AdminActor, applicationId: string, keys: LetterKeys): Promise<LetterRow> {
  return db.transaction(async (tx) => {
    const all = await lettersOf(tx, [applicationId]);
    if (all.some((l) => l.revokedAt === null)) throw new ApiError(409, "LETTER_STILL_VALID");
    const facts = await letterFacts(tx, applicationId);
    if (!facts) throw new ApiError(404, "LETTER_NOT_FOUND");
    const row = await issue(tx, facts, keys, new Date());
    await recordAdminAction(tx, actor, { action: "LETTER_REISSUE", targetType: "letter", targetId: row.number, details: { application_id: applicationId } });
    return row;
  });
}

export type VerificationState = "VALID" | "REVOKED" | "UNKNOWN";

export interface Verification {
  state: VerificationState;
  letter: { name: string; profession: string | null; jalur_id: JalurId; outcome: Outcome; decided_at: string; revoked_at: string | null } | null;
}

const UNKNOWN: Verification = { state: "UNKNOWN", letter: null };

/** What the public learns of a letter, and the line in its holder's access log. */
async function answer(db: Database, letter: LetterRow | undefined, check?: (facts: LetterFacts) => boolean): Promise<Verification> {
  if (!letter) return UNKNOWN;
  const facts = await letterFacts(db, letter.applicationId);
  if (!facts || (check && !check(facts))) return UNKNOWN;
  // No visitor data: the holder learns that, and when, the public checked the letter.
  await recordAccess(db, { id: null, roleId: 0, fullName: "" }, "PUBLIC_VERIFY", {
    applicantUserId: facts.applicantUserId,
    applicationId: facts.applicationId,
    details: { letter: letter.number },
  });
  return {
    state: letter.revokedAt ? "REVOKED" : "VALID",
    letter: {
      name: facts.name,
      profession: facts.profession,
      jalur_id: facts.jalur,
      outcome: facts.outcome,
      decided_at: jakartaDay(facts.decidedAt),
      revoked_at: letter.revokedAt ? letter.revokedAt.toISOString() : null,
    },
  };
}

/** A QR's token: its signature first (a forged token never reaches the database), then the letter it names. */
export async function verifyByToken(db: Database, token: string, keys: LetterKeys): Promise<Verification> {
  const claims = verifyLetterToken(token, keys);
  if (!claims) return UNKNOWN;
  const [letter] = await db
    .select()
    .from(letters)
    .where(and(eq(letters.number, claims.n), eq(letters.token, token)));
  return answer(db, letter);
}

/** A number typed with the holder's date of birth: a wrong number and a wrong date answer alike. */
export async function verifyByNumber(db: Database, number: string, birthDate: string): Promise<Verification> {
  const [letter] = await db
    .select()
    .from(letters)
    .where(eq(letters.number, normaliseNumber(number)));
  return answer(db, letter, (facts) => facts.birthDate !== null && facts.birthDate === birthDate);
}
