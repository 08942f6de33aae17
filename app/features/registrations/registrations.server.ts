import type { PageMeta } from "#contracts/admin";
import type { ActivityKind, Registration as ApiRegistration, RegistrationRow } from "#contracts/registrations";
import { redirect, type AppLoadContext } from "@remix-run/node";
import type { AuthUser } from "#contracts/me";
import { uploadFilePath } from "#domain/forms/registration";
import { REGISTRATION_START } from "#domain/forms/registration.paths";
import { redirectWithToast } from "~/utils/admin.server";
import { getOrUnavailable } from "~/utils/api.server";
import { withDocumentsIn } from "~/utils/requirement-words.server";
import type { DocumentDestinations } from "~/features/documents/documents.server";
import { requireUser } from "~/utils/guards.server";
import { i18next } from "~/utils/i18n.server";
import { INTENT_CHECK } from "~/utils/submission-intents";
import { APPLICANT_ROLES, FACILITY_ROLES, ROLE } from "#domain/roles";

// A verified facility admin (role 8) registers professionals and follows them (DESIGN §4): the API's
// shapes of /api/v1/registrations and the calls the facility's pages make.

// The shapes are the API's contract (contracts/registrations.ts), not copies of it: roles and stages by id,
// which the pages word in the request's language.
export type { ActivityKind, RegistrationRow };

/** A registration as a page gets it: its documents named in the request's language. */
const pageRegistration = (r: ApiRegistration, lng: string | undefined) => ({ ...r, application: withDocumentsIn(r.application, lng) });
export type Registration = ReturnType<typeof pageRegistration>;

export interface RegistrationPage {
  data: RegistrationRow[];
  meta: PageMeta;
}

/** The toast that sends an unverified facility back to /dashboard. */
async function notVerified(request: Request): Promise<Response> {
  return redirectWithToast("/dashboard", (await i18next.getFixedT(request, "facility"))("toast.notVerified"), "error");
}

/** Role 8 only (others are logged out by the guard); an unverified facility goes to /dashboard with a toast. */
export async function requireVerifiedFacility(request: Request, context: AppLoadContext): Promise<AuthUser> {
  const me = await requireUser(request, context, { roles: FACILITY_ROLES });
  if (!me.user.is_hospital_verified) throw await notVerified(request);
  return me;
}

/** For pages shared with role 3: a role-8 visitor must be verified; role 3 passes untouched. */
export async function requireApplicantOrVerifiedFacility(request: Request, context: AppLoadContext): Promise<AuthUser> {
  const me = await requireUser(request, context, { roles: [...APPLICANT_ROLES, ...FACILITY_ROLES] });
  if (me.user.role_id === ROLE.ADMIN_FASYANKES && !me.user.is_hospital_verified) throw await notVerified(request);
  return me;
}

export async function activityKinds(context: AppLoadContext): Promise<ActivityKind[]> {
  return (await getOrUnavailable(context, "/activity-kinds")).data;
}

/** ?page=&q= of the registration lists, as the API accepts them (never a 400 page). */
export function registrationParams(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  const page = url.searchParams.get("page") ?? "";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  if (/^\d{1,6}$/.test(page) && Number(page) > 1) out.page = page;
  if (q) out.q = q;
  return out;
}

export async function registrations(context: AppLoadContext, params: Record<string, string>): Promise<RegistrationPage> {
  return getOrUnavailable(context, "/registrations", params);
}

/** One registration of this facility by the ?id= of the URL; a missing or foreign id is the not-found screen. */
export async function registrationOf(context: AppLoadContext, request: Request): Promise<Registration> {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!id) throw new Response("Not Found", { status: 404 });
  return pageRegistration((await getOrUnavailable(context, `/registrations/${encodeURIComponent(id)}`)).data, context.api.language);
}

/**
 * Pages a facility admin opens for one registration (?id=): without an id there is nothing to show,
 * so they go to their list of registrations, still logged in.
 */
export async function registrationOrList(context: AppLoadContext, request: Request): Promise<Registration> {
  if (!new URL(request.url).searchParams.get("id")) throw redirect(FACILITY_REGISTRATIONS);
  return registrationOf(context, request);
}

/** The facility's registrations as they move through review (Status Pengajuan). */
export const FACILITY_REGISTRATIONS = "/application-status";

export const detailPath = (id: string) => `/application-status/application-status-detail?id=${id}`;

/** Where a facility's registrations sent back for documents are listed, each with its "Perbaiki berkas". */
export const FACILITY_REUPLOADS = FACILITY_REGISTRATIONS;

/** The facility's draft of ?id=; a submitted one is followed on its status detail. */
export async function facilityDraft(context: AppLoadContext, request: Request): Promise<Registration> {
  const registration = await registrationOf(context, request);
  if (registration.application.is_submitted) throw redirect(detailPath(registration.application.id));
  return registration;
}

/**
 * The draft on its upload page (…/path/{regular|exception|kind}/upload-file?id=). Without an id there
 * is no draft to show: the registration starts again. The address names the draft's own pathway, so a
 * REG draft asked for under …/exception/… moves to …/regular/….
 */
export async function facilityDraftPage(context: AppLoadContext, request: Request): Promise<Registration> {
  const url = new URL(request.url);
  if (!url.searchParams.get("id")) throw redirect(REGISTRATION_START);
  const registration = await facilityDraft(context, request);
  const own = uploadFilePath(registration.application, registration.activity_kind?.id);
  if (new URL(own, url).pathname !== url.pathname) throw redirect(own);
  return registration;
}

/** The facility's registration of ?id= while a reviewer asked for documents again; else its detail. */
export async function facilityReupload(context: AppLoadContext, request: Request): Promise<Registration> {
  const registration = await registrationOf(context, request);
  if (registration.application.status !== "REUPLOAD") throw redirect(detailPath(registration.application.id));
  return registration;
}

/** Where the facility's document posts lead (app/features/documents/documents.server.ts postDocuments). */
export async function facilityDestinations(r: Registration, request: Request): Promise<DocumentDestinations> {
  const t = await i18next.getFixedT(request, "facility");
  const draft = uploadFilePath(r.application, r.activity_kind?.id);
  return {
    draft,
    check: `${draft}&intent=${INTENT_CHECK}`,
    reupload: detailPath(r.application.id),
    reuploadCheck: `${detailPath(r.application.id)}&intent=${INTENT_CHECK}`,
    // spec §4: a first submission ends on /submission-form/success — for a facility, the registration's own.
    success: `/submission-form/success?id=${r.application.id}`,
    // spec §4: a successful reupload ends on /submission-form/success-reupload — for a facility, the registration's own.
    successReupload: `/submission-form/success-reupload?id=${r.application.id}`,
    successReuploadToast: t("toast.reuploadSent"),
  };
}
