import type { FacilityDashboard, MyFacility } from "#contracts/facility";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/node";
import { facilitySchemas } from "#domain/forms/facility";

import { redirectWithToast } from "~/utils/admin.server";
import { accessToken, getOrUnavailable } from "~/utils/api.server";
import { refusal } from "~/utils/form-reply.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";

// The facility admin's own pages (role 8): /personal-data and /dashboard talk to /api/v1/me/facility
// through these; the routes stay thin.

// The shapes are the API's contract (contracts/facility.ts), not copies of it.
export type { MyFacility };
export type { FacilityDashboard };

/** /personal-data for role 8: the facility, the positions to choose from (only while the form shows). */
export async function loadFacilityPersonalData(context: AppLoadContext) {
  const facility = (await getOrUnavailable(context, "/me/facility")).data;
  const editable = facility.state === "notSubmitted" || facility.state === "rejected";
  const positions = editable ? (await getOrUnavailable(context, "/me/facility/position-options")).data : [];
  return { kind: "facility" as const, facility, editable, positions };
}

/** Saves and sends the facility data; a refusal (409 while pending or once verified) shows above the form. */
export async function submitFacilityPersonalData(formData: FormData, context: AppLoadContext, request: Request) {
  const submission = parseWithZod(formData, { schema: facilitySchemas().facilityData, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const r = await context.api.call("PUT", "/me/facility", { token: await accessToken(context), body: submission.value });
  if (!r.ok) return refusal(submission, r);
  return redirectWithToast("/personal-data", (await i18next.getFixedT(request, "facility"))("toast.dataSent"));
}

/**
 * The facility's figures: the counts by spec §4's label rule, the newest changes by their parts (role id,
 * stage id and status); the page words them (LabelCounts, RecentActivity).
 */
export async function loadFacilityDashboard(context: AppLoadContext): Promise<FacilityDashboard> {
  return (await getOrUnavailable(context, "/me/facility/dashboard")).data;
}
