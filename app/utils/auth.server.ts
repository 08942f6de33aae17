import { redirect } from "@remix-run/node";
import type { AuthUser } from "#contracts/me";
import { SESSION } from "#domain/constants";
import { unavailableResponse, type ApiClient } from "./api.server";
import { defaultT } from "./i18n.server";
import { getAuthStorage, toastCookie, type AuthSessionData, type Toast } from "./session.server";

export type AuthState = { kind: "anonymous" } | { kind: "loaded"; me: AuthUser; session: AuthSessionData };

interface TokenPair {
  token: string;
  refreshToken: string;
}

// One refresh per refresh token in this process: concurrent requests of one browser share the result,
// so they never present a used token and trip reuse detection (docs/decisions/004-session-refresh.md).
const inflight = new Map<string, Promise<TokenPair | null>>();
const recent = new Map<string, { pair: TokenPair; at: number }>();
const RECENT_MS = 60_000;

async function refreshOnce(api: ApiClient, refreshToken: string, now: number): Promise<TokenPair | null> {
  const cached = recent.get(refreshToken);
  if (cached && now - cached.at < RECENT_MS) return cached.pair;
  let pending = inflight.get(refreshToken);
  if (!pending) {
    pending = api
      .call("POST", "/refresh", { body: { refresh_token: refreshToken } })
      .then((r) => (r.ok ? { token: r.body.token.token, refreshToken: r.body.token.refreshToken } : null));
    inflight.set(refreshToken, pending);
    void pending.finally(() => inflight.delete(refreshToken));
  }
  const pair = await pending;
  if (pair) {
    recent.set(refreshToken, { pair, at: now });
    for (const [k, v] of recent) if (now - v.at >= RECENT_MS) recent.delete(k);
  }
  return pair;
}

export function sessionFromTokens(pair: { token: string; refreshToken?: string }, now = Date.now()): AuthSessionData {
  return { accessToken: pair.token, refreshToken: pair.refreshToken, expiresAt: now + SESSION.EXPIRE_AFTER_REFRESH_MS, refreshedAt: now };
}

export async function commitAuthSession(data: AuthSessionData): Promise<string> {
  const storage = getAuthStorage();
  const session = await storage.getSession();
  session.set("auth", data);
  return storage.commitSession(session);
}

async function destroyAuthSession(): Promise<string> {
  const storage = getAuthStorage();
  return storage.destroySession(await storage.getSession());
}

export async function fetchMe(api: ApiClient, accessToken: string) {
  return api.call("GET", "/admin/get-me", { token: accessToken });
}

/**
 * The session of this request, refreshed from this one place when 45 minutes have passed (spec §9).
 * A passed expiry or a failed refresh logs the user out (spec §4).
 */
export async function resolveAuth(
  cookieHeader: string | null,
  api: ApiClient,
  setCookie: (cookie: string) => void,
  opts: { now?: number; forceRefresh?: boolean } = {},
): Promise<AuthState> {
  const now = opts.now ?? Date.now();
  const storage = getAuthStorage();
  const data = (await storage.getSession(cookieHeader)).get("auth");
  if (!data) return { kind: "anonymous" };

  const endSession = async (): Promise<AuthState> => {
    if (data.refreshToken) await api.call("POST", "/revoke", { body: { refresh_token: data.refreshToken } });
    setCookie(await destroyAuthSession());
    setCookie(await toastCookie({ severity: "warn", message: (await defaultT())("toast.sessionExpired") }));
    return { kind: "anonymous" };
  };

  if (now >= data.expiresAt) return endSession();

  let session = data;
  const refresh = async (): Promise<boolean> => {
    if (!session.refreshToken) return false;
    const pair = await refreshOnce(api, session.refreshToken, now);
    if (!pair) return false;
    session = sessionFromTokens(pair, now);
    setCookie(await commitAuthSession(session));
    return true;
  };

  const due = now - data.refreshedAt >= SESSION.REFRESH_INTERVAL_MS || (opts.forceRefresh && now - data.refreshedAt >= 60_000);
  if (due && !(await refresh())) return endSession();

  let me = await fetchMe(api, session.accessToken);
  if (!me.ok && me.status === 401 && session === data) {
    // The access token lapsed between refreshes: one refresh, then one more try.
    if (!(await refresh())) return endSession();
    me = await fetchMe(api, session.accessToken);
  }
  if (me.ok) return { kind: "loaded", me: me.body.data, session };
  if (me.status === 401 || me.status === 403) return endSession();
  throw unavailableResponse(me.error.message); // a 503 page, never a 500 (a PostgreSQL outage)
}

/**
 * Ends the session here and at the API (its refresh-token family, or with `all` every session of the
 * account, as KELUAR does), then redirects with an optional toast.
 */
export async function logoutResponse(api: ApiClient, auth: AuthState, to: string, toast?: Toast, opts: { all?: boolean } = {}): Promise<Response> {
  if (auth.kind === "loaded" && auth.session.refreshToken) {
    await api.call("POST", "/revoke", { body: { refresh_token: auth.session.refreshToken, ...(opts.all ? { all: true } : {}) } });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyAuthSession());
  if (toast) headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(to, { headers });
}
