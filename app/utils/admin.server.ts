import type { AuditEntry, Entry, PageMeta, SlaStage, Staff, StaffDetail } from "#contracts/admin";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { ENTRY_STATUSES } from "#domain/forms/admin";
import type { ApiAnswer, ApiCallArgs, ApiMethod, ApiPath, ApiQuery, ApiResult } from "~/utils/api.server";
import { accessToken, getOrUnavailable } from "~/utils/api.server";
import { toastCookie } from "~/utils/session.server";

// The admin's and the CMS's pages talk to /api/v1/admin through these; the routes stay thin.

export type { AuditEntry, PageMeta };

// The shapes are the API's contract (contracts/admin.ts), not copies of it.
export type { Entry, SlaStage, Staff, StaffDetail };

/** An authenticated call to the API as the signed-in admin: typed as `context.api.call`, the token added. */
export async function adminApi<M extends ApiMethod, P extends ApiPath<M>>(
  context: AppLoadContext,
  method: M,
  path: P,
  ...options: ApiCallArgs<M, P>
): Promise<ApiResult<ApiAnswer<M, P>>> {
  // Typed by this function's signature; the call is made as the client makes every call (resolving the
  // route of a still-generic path here would only cost the type checker), with the session's token.
  type Sent = { token?: string; body?: unknown; query?: Record<string, string | number | undefined> };
  const send = context.api.call as unknown as (method: string, path: string, options: Sent) => Promise<ApiResult<ApiAnswer<M, P>>>;
  const [sent] = options as unknown as [Sent?];
  return send(method, path, { ...sent, token: await accessToken(context) });
}

/** A GET that must answer for the page to make sense; a 404 is the not-found screen. */
export async function adminLoad<P extends ApiPath<"GET">>(context: AppLoadContext, path: P, query?: ApiQuery<"GET", P>): Promise<ApiAnswer<"GET", P>> {
  // As in adminApi: typed by the signature, called through the untyped view (a generic path passed on
  // to another generic call made tsc give up).
  const load = getOrUnavailable as unknown as (context: AppLoadContext, path: string, query?: unknown) => Promise<ApiAnswer<"GET", P>>;
  return load(context, path, query);
}

/** List filters from the URL, each dropped when it is not one the API accepts (never a 400 page). */
export function listParams(url: URL, extra: Record<string, readonly string[]> = {}) {
  const page = url.searchParams.get("page") ?? "";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const status = url.searchParams.get("status") ?? "";
  const out: Record<string, string> = {};
  if (/^\d{1,6}$/.test(page) && Number(page) > 1) out.page = page;
  if (q) out.q = q;
  if ((ENTRY_STATUSES as readonly string[]).includes(status)) out.status = status;
  for (const [key, allowed] of Object.entries(extra)) {
    const value = url.searchParams.get(key) ?? "";
    if (allowed.includes(value)) out[key] = value;
  }
  return out;
}

/** Post/redirect/get with a toast, so a reload never repeats the action. */
export async function redirectWithToast(to: string, message: string, severity: "success" | "error" = "success") {
  return redirect(to, { headers: { "Set-Cookie": await toastCookie({ severity, message }) } });
}
