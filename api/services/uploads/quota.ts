import { and, eq, isNotNull, sql } from "drizzle-orm";
import { MB } from "#domain/documents";
import type { Database } from "../../db/client";
import { additionalRequirements, applicationDocuments, applications, documentRequirements, files } from "../../db/schema";
import { ApiError, uploadsRateLimited } from "../../lib/errors";
import type { ApiDeps, ResolvedConfig } from "../deps";

// How much one account may upload (SECURITY.md "Uploads and files"): a cap on uploads per minute, and
// a quota on the bytes an application holds and on those an account's unsubmitted drafts hold, both in
// multiples of a pathway's total allowance (the sum of its documents' size limits; REG 20 MB).
//
// The quotas are checked inside the transaction that writes the new versions, after they are written:
// over a quota, the transaction rolls back and the caller removes the bytes it stored. Uploads to one
// application take turns there (its row is locked), so two at once cannot both slip under a quota.

/**
 * Counts one upload of the account against its cap per minute (counted in the database, so over every
 * instance); past it, a 429 with Retry-After before any byte of the body is read.
 */
export async function countUpload(deps: Pick<ApiDeps, "uploadRateLimiter" | "config">, accountId: string): Promise<void> {
  const hit = await deps.uploadRateLimiter.hit(accountId);
  if (hit.count > deps.config.rateLimits.uploadsPerMinute) throw uploadsRateLimited(hit.retryAfterSec);
}

export type QuotaScope = "application" | "account";

/** 413 UPLOAD_QUOTA_EXCEEDED naming the limit; params: scope (also as kind, the variant of its words), limit_mb. */
function quotaExceeded(scope: QuotaScope, limitMb: number): ApiError {
  return new ApiError(413, "UPLOAD_QUOTA_EXCEEDED", undefined, {}, undefined, { kind: scope, scope, limit_mb: limitMb });
}

/** Each pathway's total allowance in MB, from its active requirements (an admin may change them). */
async function allowancesMb(tx: Database): Promise<Map<string, number>> {
  const rows = await tx
    .select({ jalurId: documentRequirements.jalurId, mb: sql<number>`sum(${documentRequirements.maxSize})::int` })
    .from(documentRequirements)
    .where(eq(documentRequirements.isActive, true))
    .groupBy(documentRequirements.jalurId);
  return new Map(rows.map((r) => [r.jalurId, r.mb]));
}

/** Bytes of every file an application holds: each stored version of its documents, and its additional documents. */
async function applicationBytes(tx: Database, applicationId: string): Promise<number> {
  const held = tx
    .select({ fileId: applicationDocuments.fileId })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId))
    .union(
      tx
        .select({ fileId: sql<string>`${additionalRequirements.fileId}` })
        .from(additionalRequirements)
        .where(and(eq(additionalRequirements.applicationId, applicationId), isNotNull(additionalRequirements.fileId))),
    )
    .as("held");
  const [row] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
    .from(files)
    .innerJoin(held, eq(held.fileId, files.id));
  return Number(row.bytes);
}

/** Bytes of the documents an account uploaded to applications not yet submitted (a facility's drafts, together). */
async function accountDraftBytes(tx: Database, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
    .from(files)
    .where(
      and(
        eq(files.ownerUserId, accountId),
        sql`exists (select 1 from ${applicationDocuments} inner join ${applications} on ${applications.id} = ${applicationDocuments.applicationId}
          where ${applicationDocuments.fileId} = ${files.id} and not ${applications.isSubmitted})`,
      ),
    );
  return Number(row.bytes);
}

const inMb = (mb: number) => Math.round(mb * 10) / 10;

/**
 * Refuses (413 UPLOAD_QUOTA_EXCEEDED) when, with what this transaction wrote, the application holds
 * more than its pathway's allowance times config.uploadQuota.applicationAllowances, or — for an upload
 * to a draft — the account's drafts hold more than the largest pathway's allowance times accountAllowances.
 */
export async function assertWithinQuota(
  tx: Database,
  config: Pick<ResolvedConfig, "uploadQuota">,
  upload: { applicationId: string; jalurId: string; accountId: string; draft: boolean },
): Promise<void> {
  const allowances = await allowancesMb(tx);
  const applicationLimitMb = inMb((allowances.get(upload.jalurId) ?? 0) * config.uploadQuota.applicationAllowances);
  if ((await applicationBytes(tx, upload.applicationId)) > applicationLimitMb * MB) throw quotaExceeded("application", applicationLimitMb);
  if (!upload.draft) return;
  // An account's uploads to several drafts at once take turns here, so each sees what the others wrote.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${upload.accountId}`}))`);
  const accountLimitMb = inMb(Math.max(0, ...allowances.values()) * config.uploadQuota.accountAllowances);
  if ((await accountDraftBytes(tx, upload.accountId)) > accountLimitMb * MB) throw quotaExceeded("account", accountLimitMb);
}
