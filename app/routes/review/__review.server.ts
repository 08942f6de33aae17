import type { DocumentVersion, ReviewAuditEntry, ReviewDetail as ApiReviewDetail, ReviewListCursors, ReviewListMeta, ReviewRow, Sla } from "#contracts/review";
import type { AppLoadContext } from "@remix-run/node";
import type { AuthUser } from "#contracts/me";
import { roleOf } from "#domain/auth-user";
import type { DecisionBody } from "#domain/forms/review";
import { endsFile, type Decision } from "#domain/workflow";
import { namedInLanguage, withDocumentsIn } from "~/utils/requirement-words.server";
import { unavailableResponse, type ApiError, accessToken, orUnavailable } from "~/utils/api.server";
import { defaultT } from "~/utils/i18n.server";
import type { ConfirmFields } from "~/components/ConfirmPanel";
import { awaitingConfirmation } from "~/utils/confirm.server";
import { parseListQuery, REVIEW_AREAS, type ListQuery, type ReviewArea } from "~/routes/review/__review-query";

// The review workflow: the API's shapes (docs/decisions/018-review-api-rules.md) and the calls the list,
// detail and export routes make with the reviewer's access token.

// The shapes are the API's contract (contracts/review.ts), not copies of it: roles and stages by id, which
// the pages word in the request's language.
export type { DocumentVersion, ReviewListCursors, ReviewListMeta, ReviewRow, Sla };
export type AuditEntry = ReviewAuditEntry;

/** The detail as a page gets it: its documents named in the request's language. */
export function pageDetail(detail: ApiReviewDetail, lng: string | undefined) {
  return {
    ...detail,
    documents: namedInLanguage(detail.documents, lng),
    application: withDocumentsIn(detail.application, lng),
  };
}
export type ReviewDetail = ReturnType<typeof pageDetail>;

/** The list this URL belongs to: /application-list/… for roles 2 and 4, /application/… for 1, 5, 6, 7. */
export function reviewArea(request: Request): ReviewArea {
  const first = new URL(request.url).pathname.split("/")[1];
  return first === "application-list" ? REVIEW_AREAS.list : REVIEW_AREAS.adaptation;
}

export type ListResult = { rows: ReviewRow[]; meta: ReviewListMeta; cursors?: ReviewListCursors; error: string | null; cursorRefused?: boolean };

const EMPTY_META: ReviewListMeta = { page: 1, page_size: 25, total: 0, pages: 0, counts: { action: 0, all: 0 } };

/**
 * One page of the list. A query the API still refuses (400) shows its message beside the filters with
 * an empty table; only an unreachable API is an error page. A page link's cursor the API refuses (edited,
 * or made by another version) is dropped and the page read from its number.
 */
export async function listApplications(context: AppLoadContext, query: ListQuery): Promise<ListResult> {
  const token = await accessToken(context);
  const r = await context.api.call("GET", "/review/applications", { token, query: { ...query } });
  if (r.ok) return { rows: r.body.data, meta: r.body.meta, cursors: r.body.cursors, error: null };
  if (r.status === 400 && query.cursor && r.error.details?.length && r.error.details.every((d) => d.path === "cursor")) {
    return { ...(await listApplications(context, { ...query, cursor: undefined })), cursorRefused: true };
  }
  if (r.status === 400) return { rows: [], meta: { ...EMPTY_META, page: query.page ?? 1 }, error: messageOf(r.error) };
  return orUnavailable(r);
}

function messageOf(error: ApiError): string {
  const details = error.details?.map((d) => d.message).filter(Boolean) ?? [];
  return details.length ? `${error.message} ${details.join("; ")}` : error.message;
}

/** The detail as the reviewer's role sees it; an application the role may not see is a 404 page. */
export async function reviewDetail(context: AppLoadContext, id: string): Promise<ReviewDetail> {
  const token = await accessToken(context);
  const r = await context.api.call("GET", `/review/applications/${encodeURIComponent(id)}`, { token });
  if (!r.ok && (r.status === 404 || r.status === 400)) throw new Response((await defaultT("review"))("errors.notFound"), { status: 404 });
  return pageDetail(orUnavailable(r).data, context.api.language);
}

export type DecisionResult = { ok: true; detail: ReviewDetail } | { ok: false; status: number; error: ApiError };

export async function postDecision(context: AppLoadContext, id: string, body: DecisionBody): Promise<DecisionResult> {
  const token = await accessToken(context);
  const r = await context.api.call("POST", `/review/applications/${encodeURIComponent(id)}/decisions`, { token, body });
  if (r.ok) return { ok: true, detail: pageDetail(r.body.data, context.api.language) };
  if (r.status === 404) throw new Response((await defaultT("review"))("errors.notFound"), { status: 404 });
  return { ok: false, status: r.status, error: r.error };
}

/** What a list page shows: the query as read from its URL (bad values dropped) and that page of the API's list. */
export async function loadReviewList(request: Request, context: AppLoadContext, me: AuthUser, area: ReviewArea) {
  const role = roleOf(me);
  const { query, dropped } = parseListQuery(new URL(request.url).searchParams, role);
  const { cursorRefused, ...list } = await listApplications(context, query);
  return { area, role, query, dropped: cursorRefused ? [...dropped, "cursor"] : dropped, ...list };
}

const CSV_HEADERS = ["content-type", "content-disposition"];

/** The API's CSV streamed through untouched (never buffered); a refusal says so in plain text. */
export async function exportCsv(context: AppLoadContext, query: ListQuery): Promise<Response> {
  const token = await accessToken(context);
  const { page: _page, cursor: _cursor, ...rest } = query;
  const r = await context.api.fetchRaw("GET", "/review/applications.csv", { token, query: rest });
  if (!r || r.status >= 500) return unavailableResponse();
  if (!r.ok) {
    const body = (await r.json().catch(() => null)) as { error?: ApiError } | null;
    const message = body?.error ? messageOf(body.error) : (await defaultT("review"))("errors.downloadFailed");
    return new Response(message, { status: r.status === 403 ? 403 : 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const headers = new Headers({ "cache-control": "private, no-store" });
  for (const h of CSV_HEADERS) {
    const v = r.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(r.body, { status: 200, headers });
}

/**
 * A decision that closes the file for good (any "Tidak Lulus", a "Lulus" at the pathway's last stage) is
 * asked twice (spec §9 "Confirm labels: Yes/No"): the fields to ask about again, or null when the
 * decision may be sent (one that leaves the file open, or confirmed).
 */
export function decisionAwaitingConfirmation(form: FormData, decision: { stage_id: number; decision: Decision }): ConfirmFields | null {
  return endsFile(decision.stage_id, decision.decision) ? awaitingConfirmation(form) : null;
}
