import type { Application, ApplicationDocument } from "#contracts/applications";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { DocumentRequirement } from "#contracts/document-requirements";
import type { JalurId } from "#domain/documents";
import type { DocumentForm } from "#domain/documents";
import type { DocumentErrors } from "~/features/documents/DocumentField";
import { LOCALE } from "#domain/constants";
import { accessToken, formStatus, orUnavailable, requirementsIn, wordedDetail, type ApiError, type ApiErrorDetail, type ApiResult } from "~/utils/api.server";
import { toastCookie } from "~/utils/session.server";
import { i18next } from "~/utils/i18n.server";
import { CONFIRM_FIELD, CONFIRM_YES } from "~/components/ConfirmPanel";
import { INTENT_CHECK, INTENT_CONFIRM, INTENT_UPLOAD } from "~/utils/submission-intents";

// A document's way to the API from the portal's pages (the applicant's, the facility's, the reupload's):
// the requirements, one document's post, the check page's send, and the answer a page gives to either.

// The application's shape is the API's contract (contracts/applications.ts), not a copy of it.
export type { Application, ApplicationDocument };
/** The application as a page gets it (its documents named in the request's language). */
export type CurrentApplication = Application;

/** The result of a documents or reupload post: what was saved, and each refused file's reason. */
export interface UploadOutcome {
  saved: number[];
  /** each refusal a code with its parameters (as a VALIDATION_ERROR detail), and the API's Indonesian words */
  errors: Array<{ requirement_id: number; message: string } & Omit<ApiErrorDetail, "path" | "message">>;
  /** Answered by the reupload post only. */
  application?: Application;
}

/** The active requirements of a pathway (or of all), in order_num order. */
export async function requirements(context: AppLoadContext, jalur?: JalurId): Promise<DocumentRequirement[]> {
  const body = orUnavailable(await context.api.call("GET", "/document-requirements", { query: { jalur } }));
  return requirementsIn(
    body.data.filter((r) => r.is_active).sort((a, b) => a.order_num - b.order_num),
    context.api.language,
  );
}

/** The documents field name the API expects for a requirement. */
export function documentField(requirementId: number): string {
  return `doc_${requirementId}`;
}

/** Errors of an upload, keyed by requirement id, as the document fields show them, in the request's language. */
export function uploadErrors(outcome: UploadOutcome, lng: string = LOCALE.DEFAULT): Record<string, string> {
  return Object.fromEntries(outcome.errors.map((e) => [String(e.requirement_id), wordedDetail({ ...e, path: `doc_${e.requirement_id}` }, lng).message]));
}

/**
 * Streams the browser's multipart body to `path` untouched: the portal never holds a file in memory.
 * The API answers per document what it saved and what it refused.
 */
export async function forwardUpload(
  request: Request,
  context: AppLoadContext,
  path: `/applications/${string}/documents` | `/applications/${string}/reupload`,
): Promise<ApiResult<{ data: UploadOutcome }>> {
  const token = await accessToken(context);
  return context.api.upload(path, request.body, request.headers.get("content-type") ?? "", { token });
}

/** The API's `details` of `doc_<id>` paths, keyed by requirement id. */
export function detailErrors(details: Array<{ path: string; message: string }> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details ?? []) {
    const id = /^doc_(\d+)$/.exec(d.path)?.[1];
    if (id) out[id] ??= d.message;
  }
  return out;
}

/** What a document post is: the page's request, and the application, form and destinations it is for. */
type DocumentPostOf = [request: Request, context: AppLoadContext, application: CurrentApplication, form: DocumentForm, to: DocumentDestinations];

export type DocumentPost =
  { ok: true; redirectTo: string; toast?: string } | { ok: false; status: number; errors: DocumentErrors; headers?: Record<string, string> };

/** Where a document post leads: the applicant's pages, or a facility's (app/features/registrations/registrations.server.ts). */
export interface DocumentDestinations {
  draft: string;
  /** the draft's "Periksa kembali" (the draft page with ?intent=check): what KIRIM PERMOHONAN shows before the send */
  check: string;
  reupload: string;
  /** the reupload's "Periksa kembali" (its form's page with intent=check): what KIRIM PERBAIKAN shows before it goes back */
  reuploadCheck: string;
  success: string;
  successReupload: string;
  /** toasts on the success pages (the applicant's success pages say it themselves) */
  successToast?: string;
  successReuploadToast?: string;
}

const APPLICANT_DESTINATIONS: DocumentDestinations = {
  draft: "/submission-form/adaptation-form",
  check: "/submission-form/adaptation-form?intent=check",
  reupload: "/submission-form/reupload-form",
  reuploadCheck: "/submission-form/reupload-form?intent=check",
  success: "/submission-form/success",
  successReupload: "/submission-form/success-reupload",
};

const refused = (status: number, errors: DocumentErrors): DocumentPost => ({ ok: false, status: formStatus(status), errors });

type T = Awaited<ReturnType<typeof i18next.getFixedT>>;

/**
 * The API's refusal of a whole upload, for the top of the form: a storage quota and the cap on uploads
 * per minute in the page's words, naming the limit or the wait; anything else as the API says it.
 * Past the cap the page answers 429 with Retry-After too.
 */
export function uploadRefused(status: number, error: ApiError, t: T): DocumentPost {
  const documents = detailErrors(error.details);
  const p = error.params ?? {};
  if (error.code === "UPLOAD_QUOTA_EXCEEDED") {
    return refused(status, { documents, form: [t(p.scope === "account" ? "errors.quotaAccount" : "errors.quotaApplication", { limit: p.limit_mb })] });
  }
  if (status === 429 && p.retry_after_sec !== undefined) {
    const seconds = String(p.retry_after_sec);
    return { ok: false, status: 429, errors: { documents, form: [t("errors.uploadsRateLimited", { seconds })] }, headers: { "Retry-After": seconds } };
  }
  return refused(status, { documents, form: [error.message] });
}

/**
 * A post of the adaptation form (save, or KIRIM PERMOHONAN) or of the reupload form, streamed to the API.
 * The body is never read here, so the intent comes from the URL. KIRIM PERMOHONAN (intent=check) saves
 * the chosen files as a draft save does, then shows the draft back: nothing is sent from the form itself.
 */
export async function postDocuments(
  request: Request,
  context: AppLoadContext,
  application: CurrentApplication,
  form: DocumentForm,
  to: DocumentDestinations = APPLICANT_DESTINATIONS,
): Promise<DocumentPost> {
  const result = await postDocumentsOnce(request, context, application, form, to);
  // A document's own form names its document (`doc=<id>`): a refusal of the whole post is shown there.
  const doc = Number(new URL(request.url).searchParams.get("doc"));
  if (!result.ok && Number.isSafeInteger(doc) && doc > 0) result.errors.doc = doc;
  return result;
}

async function postDocumentsOnce(...[request, context, application, form, to]: DocumentPostOf): Promise<DocumentPost> {
  const url = new URL(request.url);
  const intent = url.searchParams.get("intent");
  const t = await i18next.getFixedT(request, "applicant");
  // Save and submit come from their own form without files (each document is stored by its own form):
  // nothing to stream. A multipart post (a document's form, or an older page's one form) goes to the API.
  const multipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  let outcome: UploadOutcome = { saved: [], errors: [] };
  if (multipart) {
    const upload = await forwardUpload(request, context, `/applications/${application.id}/${form === "reupload" ? "reupload" : "documents"}`);
    if (!upload.ok) return uploadRefused(upload.status, upload.error, t);
    outcome = upload.body.data;
  }
  if (outcome.errors.length > 0) return refused(400, { documents: uploadErrors(outcome, await i18next.getLocale(request)), form: [] });
  if (form === "reupload") {
    // A reupload's KIRIM PERBAIKAN before any flagged document was uploaded again changed nothing: the person's mistake.
    const now = outcome.application ?? application;
    if (intent !== INTENT_UPLOAD && outcome.saved.length === 0 && !now.reupload.some((r) => r.fixed)) {
      return refused(400, reuploadEmptyErrors(now.reupload, await requirements(context, application.jalur_id), t));
    }
  }
  if (intent === INTENT_UPLOAD) {
    // One document's own form: it stored that document, or nothing was chosen.
    if (outcome.saved.length === 0) return refused(400, { documents: {}, form: [t("documents.nothingChosen")] });
    const byId = new Map((await requirements(context, application.jalur_id)).map((r) => [r.id, `${r.order_num}. ${r.name}`]));
    const names = outcome.saved.map((id) => byId.get(id) ?? String(id)).join(", ");
    return { ok: true, redirectTo: form === "reupload" ? to.reupload : to.draft, toast: t("toast.documentSaved", { names }) };
  }
  if (form === "reupload") {
    // Stored, not sent: the check shows what goes back to the reviewers, and only its Yes sends it (sendChecked).
    return { ok: true, redirectTo: to.reuploadCheck, toast: outcome.saved.length > 0 ? t("toast.reuploadSaved", { saved: outcome.saved.length }) : undefined };
  }
  const toast = outcome.saved.length > 0 ? t("toast.draftSavedWithUploads", { saved: outcome.saved.length }) : undefined;
  if (intent === INTENT_CHECK) return { ok: true, redirectTo: to.check, toast };
  return { ok: true, redirectTo: to.draft, toast: toast ?? t("toast.draftSaved") };
}

/**
 * KIRIM PERBAIKAN before any flagged document was uploaded again: each flagged document not yet uploaded again
 * is its own line, so the summary counts the documents still to do (not the one general message).
 */
export function reuploadEmptyErrors(
  flagged: ReadonlyArray<{ requirement_id: number; fixed: boolean }>,
  all: ReadonlyArray<Pick<DocumentRequirement, "id" | "order_num" | "name">>,
  t: (key: string, params?: Record<string, unknown>) => string,
): DocumentErrors {
  const byId = new Map(all.map((r) => [r.id, `${r.order_num}. ${r.name}`]));
  const open = flagged.filter((r) => !r.fixed && byId.has(r.requirement_id));
  return {
    documents: Object.fromEntries(open.map((r) => [r.requirement_id, t("reuploadCheck.missingDocument", { name: byId.get(r.requirement_id) })])),
    form: [t("errors.reuploadEmpty")],
  };
}

/** A key as the draft's check page renders it (a UUID); anything else is not ours. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{1,100}$/;

/**
 * The check page's Yes (?intent=confirm, a small form with confirm=yes): the only post that submits a draft
 * (with the page's ?key=, so a re-post submits once) or sends a reupload back to the reviewers. It is checked
 * again here and by the API; without confirm=yes or a key of ours, or when the API finds something missing,
 * it goes back to the check page, which says what is missing — nothing is sent.
 */
async function sendChecked(...[request, context, application, form, to]: DocumentPostOf): Promise<DocumentPost> {
  const check = form === "reupload" ? to.reuploadCheck : to.check;
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const body = await request.formData().catch(() => null);
  if (body?.get(CONFIRM_FIELD) !== CONFIRM_YES || (form === "adaptation" && !IDEMPOTENCY_KEY.test(key))) return { ok: true, redirectTo: check };
  const token = await accessToken(context);
  const r =
    form === "reupload"
      ? await context.api.call("POST", `/applications/${application.id}/reupload/submit`, { token })
      : await context.api.call("POST", `/applications/${application.id}/submit`, { token, body: { idempotency_key: key } });
  if (r.ok)
    return form === "reupload"
      ? { ok: true, redirectTo: to.successReupload, toast: to.successReuploadToast }
      : { ok: true, redirectTo: to.success, toast: to.successToast };
  if (r.status === 400) return { ok: true, redirectTo: check };
  return refused(r.status, { documents: detailErrors(r.error.details), form: [r.error.message] });
}

/**
 * A document page's action — the applicant's and the facility's, first upload and reupload: the check page's
 * Yes (?intent=confirm) sends what was checked (sendChecked); every other post stores the chosen documents
 * (postDocuments), and KIRIM leads on to the check. The answer is a redirect with its toast, or the form with its errors.
 */
export async function documentAction(
  request: Request,
  context: AppLoadContext,
  application: CurrentApplication,
  form: DocumentForm,
  to = APPLICANT_DESTINATIONS,
) {
  const confirm = new URL(request.url).searchParams.get("intent") === INTENT_CONFIRM;
  return documentPostResponse(
    confirm ? await sendChecked(request, context, application, form, to) : await postDocuments(request, context, application, form, to),
  );
}

/**
 * A page's post of one file (the applicant's photo, the guidebook), streamed to `path` of the API unread, which
 * checks its type by content and its size: null once it is stored, else the page's answer with the refusal.
 */
export async function postOneFile(request: Request, context: AppLoadContext, path: "/me/profile/photo" | "/admin/cms/guidebook") {
  const token = await accessToken(context);
  const r = await context.api.upload(path, request.body, request.headers.get("content-type") ?? "", { token });
  return r.ok ? null : data({ error: r.error.details?.[0]?.message ?? r.error.message }, { status: formStatus(r.status) });
}

/** The page's answer to a document post: a redirect (with its toast) or the form again with its errors. */
export async function documentPostResponse(result: DocumentPost) {
  if (!result.ok) return data({ errors: result.errors }, { status: result.status, headers: result.headers });
  const headers = result.toast ? { "Set-Cookie": await toastCookie({ severity: "success", message: result.toast }) } : undefined;
  return redirect(result.redirectTo, { headers });
}
