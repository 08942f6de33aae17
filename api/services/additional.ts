import { asc, eq } from "drizzle-orm";
import { decisionsFor, openStage } from "#domain/workflow";
import type { Database } from "../db/client";
import { additionalRequirements, files, type ApplicationRow } from "../db/schema";

// Documents a reviewer asks an SPE applicant for beyond the pathway's requirements (DESIGN §4.8,
// /portfolio/additional-requirements): who may ask or answer, and the list. Asking and answering are
// state changes with an audit row, written by workflow/additional.ts.

export const ADDITIONAL_MAX_MB = 5;

/** A reviewer may ask while they decide the open stage of an SPE application. */
export function mayRequestAdditional(app: ApplicationRow, role: number): boolean {
  if (app.jalurId !== "SPE") return false;
  const open = openStage({ is_submitted: app.isSubmitted, status: app.status, stage_id: app.stageId });
  return open !== null && decisionsFor(role, open).length > 0;
}

/** The applicant may answer while the file is submitted and not closed. */
export function mayAnswerAdditional(app: ApplicationRow): boolean {
  return app.isSubmitted && !app.isFinal;
}

export async function listAdditional(db: Database, applicationId: string) {
  const rows = await db
    .select({ r: additionalRequirements, f: files })
    .from(additionalRequirements)
    .leftJoin(files, eq(files.id, additionalRequirements.fileId))
    .where(eq(additionalRequirements.applicationId, applicationId))
    .orderBy(asc(additionalRequirements.createdAt), asc(additionalRequirements.id));
  return rows.map(({ r, f }) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    requested_at: r.createdAt.toISOString(),
    requested_by_role: r.requestedByRole,
    stage_id: r.stageId,
    file: f ? { file_id: f.id, original_name: f.originalName, size: f.size, uploaded_at: (r.fulfilledAt ?? f.createdAt).toISOString() } : null,
  }));
}

export type AdditionalItem = Awaited<ReturnType<typeof listAdditional>>[number];
