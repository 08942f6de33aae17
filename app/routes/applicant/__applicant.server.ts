import type { PortfolioEntry, ApplicationSummary } from "#contracts/applications";
import type { Profile } from "#contracts/profile";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { withDocumentsIn } from "~/utils/requirement-words.server";
import { accessToken, orUnavailable } from "~/utils/api.server";
import type { CurrentApplication } from "~/features/documents/documents.server";

// The applicant's journey: the API's shapes (contracts/, rules in docs/decisions/017-applicant-api-rules.md) and the calls
// every applicant page makes with the session's access token. A document's post and the check page's send are
// the documents room's (app/features/documents/documents.server.ts).

export type { Application, ApplicationDocument, CurrentApplication } from "~/features/documents/documents.server";
export type { Profile };

/** The applicant's current application as the pages get it: its documents named in the request's language. */
export async function currentApplication(context: AppLoadContext): Promise<CurrentApplication | null> {
  const token = await accessToken(context);
  const application = orUnavailable(await context.api.call("GET", "/applications/current", { token })).data;
  return application && withDocumentsIn(application, context.api.language);
}

/** What the workspace (/) shows of the current application, or null: its state and how many documents are missing. */
export async function currentSummary(context: AppLoadContext): Promise<ApplicationSummary | null> {
  const token = await accessToken(context);
  return orUnavailable(await context.api.call("GET", "/applications/current/summary", { token })).data;
}

export async function myProfile(context: AppLoadContext): Promise<Profile> {
  const token = await accessToken(context);
  return orUnavailable(await context.api.call("GET", "/me/profile", { token })).data;
}

/** The open draft, or a redirect to where the applicant belongs instead. */
export async function requireDraft(context: AppLoadContext): Promise<CurrentApplication> {
  const application = await currentApplication(context);
  if (!application) throw redirect("/registration-path");
  if (application.status === "REUPLOAD") throw redirect("/submission-form/reupload-form");
  if (application.is_submitted) throw redirect("/application-status");
  return application;
}

/** Only a 'Perbaikan Berkas' application has anything to reupload. */
export async function requireReupload(context: AppLoadContext): Promise<CurrentApplication> {
  const application = await currentApplication(context);
  if (!application) throw redirect("/registration-path");
  if (application.status !== "REUPLOAD") throw redirect("/application-status");
  return application;
}

/**
 * The reviewer's general note of the open "Perbaikan Berkas" request: the note of the decision that sent the
 * file back (its timeline entry), which the request mail quotes too; null when none is open or it has no note.
 */
export function reuploadNote(application: Pick<CurrentApplication, "status" | "timeline">): string | null {
  if (application.status !== "REUPLOAD") return null;
  return application.timeline.findLast((entry) => entry.to_status === "REUPLOAD")?.note || null;
}

/** The applicant's application when it is on the SPE pathway (portfolio and achievements), else null. */
export async function speApplication(context: AppLoadContext): Promise<CurrentApplication | null> {
  const application = await currentApplication(context);
  return application?.jalur_id === "SPE" ? application : null;
}

export async function portfolio(context: AppLoadContext, applicationId: string): Promise<{ entries: PortfolioEntry[] }> {
  const token = await accessToken(context);
  return orUnavailable(await context.api.call("GET", `/applications/${applicationId}/portfolio`, { token })).data;
}
