import { and, eq, or } from "drizzle-orm";
import { publicJwks } from "#domain/letter-keys";
import { ROLE } from "#domain/roles";
import { applications } from "../../db/schema";
import { ApiError, rateLimited } from "../../lib/errors";
import { clientIp } from "../../http/request";
import type { AppRouteHandler } from "../../http/env";
import { isUuid } from "../../services/applications";
import {
  ensureLetter,
  letterWithFacts,
  lettersOf,
  normaliseNumber,
  reissueLetter,
  revokeLetter,
  verifyByNumber,
  verifyByToken,
  type LetterRow,
} from "../../services/letters/letters";
import { letterPdf } from "../../services/letters/pdf";
import { readSetting } from "../../services/settings";
import type { Database } from "../../db/client";
import type * as routes from "./letters.routes";

/** A letter as the lists show it. */
async function shown(db: Database, rows: LetterRow[]) {
  const numbers = new Map<string, string>();
  for (const r of rows) {
    if (numbers.has(r.applicationId)) continue;
    const [app] = await db.select({ n: applications.registrationNumber }).from(applications).where(eq(applications.id, r.applicationId));
    numbers.set(r.applicationId, app?.n ?? "");
  }
  return rows.map((r) => ({
    number: r.number,
    application_id: r.applicationId,
    registration_number: numbers.get(r.applicationId) ?? "",
    issued_at: r.issuedAt.toISOString(),
    revoked_at: r.revokedAt ? r.revokedAt.toISOString() : null,
    revoke_reason: r.revokeReason,
  }));
}

/** The ended files of the signed-in holder (or the facility that registered them). */
async function endedFiles(db: Database, user: { id: string; roleId: number }, applicationId?: string) {
  const whose = user.roleId === ROLE.ADMIN_FASYANKES ? eq(applications.submittedByUserId, user.id) : eq(applications.applicantUserId, user.id);
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        whose,
        eq(applications.isFinal, true),
        or(eq(applications.status, "PASSED"), eq(applications.status, "FAILED")),
        applicationId ? eq(applications.id, applicationId) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

export const mine: AppRouteHandler<typeof routes.mine> = async (c) => {
  const { db, config } = c.var.deps;
  const { application_id } = c.req.valid("query");
  if (application_id && !isUuid(application_id)) return c.json({ data: [] }, 200);
  const ids = await endedFiles(db, c.var.user, application_id);
  // A file that ended before letters existed (or in the demo data) gets its letter when first asked for.
  for (const id of ids) await ensureLetter(db, id, config.letterKeys);
  return c.json({ data: await shown(db, await lettersOf(db, ids)) }, 200);
};

export const pdf: AppRouteHandler<typeof routes.pdf> = async (c) => {
  const { db, config } = c.var.deps;
  const { letter, facts } = await letterWithFacts(db, c.req.valid("query").number);
  const owner = c.var.user.roleId === ROLE.ADMIN_FASYANKES ? facts.facilityUserId : facts.applicantUserId;
  if (owner !== c.var.user.id) throw new ApiError(404, "LETTER_NOT_FOUND");
  const bytes = await letterPdf({ letter, facts, publicUrl: config.publicUrl, committee: await readSetting(db, "committee_name") });
  return new Response(Buffer.from(bytes), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="surat-keterangan-${letter.number.replace(/\//g, "-")}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  }) as never;
};

export const keys: AppRouteHandler<typeof routes.keys> = async (c) => c.json(publicJwks(c.var.deps.config.letterKeys), 200);

/** Counts a public verification; throws 429 past the hour's allowance of the address (and of the number). */
async function counted(c: Parameters<AppRouteHandler<typeof routes.verifyNumber>>[0], number?: string) {
  const { letterRateLimiter, config } = c.var.deps;
  const perIp = await letterRateLimiter.hit(`ip:${clientIp(c as never)}`);
  if (perIp.count > config.rateLimits.letterVerificationsPerIp) throw rateLimited(perIp.retryAfterSec);
  if (number !== undefined) {
    // Guessing a date of birth from many addresses still meets this one count per number.
    const perNumber = await letterRateLimiter.hit(`number:${normaliseNumber(number)}`);
    if (perNumber.count > config.rateLimits.letterVerificationsPerNumber) throw rateLimited(perNumber.retryAfterSec);
  }
}

export const verifyToken: AppRouteHandler<typeof routes.verifyToken> = async (c) => {
  await counted(c as never);
  const { db, config } = c.var.deps;
  return c.json({ data: await verifyByToken(db, c.req.valid("json").token, config.letterKeys) }, 200);
};

export const verifyNumber: AppRouteHandler<typeof routes.verifyNumber> = async (c) => {
  const body = c.req.valid("json");
  await counted(c, body.number);
  return c.json({ data: await verifyByNumber(c.var.deps.db, body.number, body.birth_date) }, 200);
};

export const ofApplication: AppRouteHandler<typeof routes.ofApplication> = async (c) => {
  const id = c.req.valid("param").id;
  if (!isUuid(id)) throw new ApiError(404, "NOT_FOUND");
  const { db, config } = c.var.deps;
  await ensureLetter(db, id, config.letterKeys);
  return c.json({ data: await shown(db, await lettersOf(db, [id])) }, 200);
};

export const revoke: AppRouteHandler<typeof routes.revoke> = async (c) => {
  const { db } = c.var.deps;
  const body = c.req.valid("json");
  const row = await revokeLetter(db, c.var.user, body.number, body.reason);
  const [one] = await shown(db, [row]);
  return c.json({ data: one }, 200);
};

export const reissue: AppRouteHandler<typeof routes.reissue> = async (c) => {
  const id = c.req.valid("param").id;
  if (!isUuid(id)) throw new ApiError(404, "NOT_FOUND");
  const { db, config } = c.var.deps;
  const row = await reissueLetter(db, c.var.user, id, config.letterKeys);
  const [one] = await shown(db, [row]);
  return c.json({ data: one }, 201);
};
