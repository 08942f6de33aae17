import { createCookie, redirect, type AppLoadContext, type Cookie } from "@remix-run/node";
import type { AuthUser } from "#contracts/me";
import { roleOf } from "#domain/auth-user";
import { homePathFor } from "#domain/guards";
import { commitAuthSession, fetchMe, sessionFromTokens, type AuthState } from "./auth.server";
import { i18next } from "./i18n.server";
import { cookieBase, toastCookie } from "./session.server";

// Login through URL query parameters (spec §2, §7): access_token on /dashboard, token + refresh_token on "/".
// A visitor who is not logged in is logged in at once, as the spec says. A logged-in visitor is never
// switched to another account silently (a page elsewhere could send the victim to
// "/?token=<attacker's>&refresh_token=…" and have them work in the attacker's account): the tokens wait
// in a short-lived cookie while /session/switch asks. See docs/decisions/015-query-token-login.md.

export const SWITCH_PATH = "/session/switch";
const TOKEN_PARAMS = ["access_token", "token", "refresh_token"] as const;

interface PendingLogin {
  token: string;
  refreshToken?: string;
  /** the page the link pointed to, without its tokens */
  to: string;
}

let pendingStore: Cookie | undefined;

/**
 * A link's tokens while the user decides: signed and HttpOnly like the session, sent only under
 * /session (the page, and /session/switch.data when JavaScript posts the answer), for 10 minutes.
 * The tokens never appear in a page, a link or a URL again.
 */
function pendingCookie(): Cookie {
  pendingStore ??= createCookie("__session_switch", { ...cookieBase(), path: "/session", maxAge: 600 });
  return pendingStore;
}

function isPending(value: unknown): value is PendingLogin {
  const v = value as PendingLogin | null;
  return (
    !!v && typeof v.token === "string" && v.token !== "" && typeof v.to === "string" && (v.refreshToken === undefined || typeof v.refreshToken === "string")
  );
}

/**
 * The answer to a URL that carries tokens: never stored by a browser or a proxy, and no Referer from
 * it. server/security.ts sets every response's Referrer-Policy; this one replaces it rather than adding a second.
 */
function tokenUrlHeaders(context: AppLoadContext): Headers {
  context.omitHeader?.("Referrer-Policy");
  return new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
}

const homeOf = (auth: AuthState) => (auth.kind === "loaded" ? homePathFor(roleOf(auth.me)) : "/welcome");

async function invalidLink(request: Request, auth: AuthState, headers: Headers): Promise<Response> {
  const t = await i18next.getFixedT(request, "accounts");
  headers.append("Set-Cookie", await toastCookie({ severity: "error", message: t("sessionSwitch.invalidLink") }));
  return redirect(homeOf(auth), { headers });
}

/**
 * The guards' "token-login" decision: the token is checked with get-me; the user then continues on the
 * same page without the tokens in the URL, or is asked first when another account is logged in.
 */
export async function tokenLogin(request: Request, context: AppLoadContext, auth: AuthState): Promise<Response> {
  const url = new URL(request.url);
  const token = url.searchParams.get("access_token") ?? url.searchParams.get("token") ?? "";
  const refreshToken = url.searchParams.get("refresh_token") || undefined;
  for (const p of TOKEN_PARAMS) url.searchParams.delete(p);
  const to = url.pathname + (url.searchParams.size ? `?${url.searchParams}` : "");
  const headers = tokenUrlHeaders(context);

  const me = token ? await fetchMe(context.api, token) : null;
  if (!me?.ok) return invalidLink(request, auth, headers);

  if (auth.kind === "anonymous") {
    headers.append("Set-Cookie", await commitAuthSession(sessionFromTokens({ token, refreshToken })));
    return redirect(to, { headers });
  }
  if (auth.me.id === me.body.data.id) {
    // The same account: nothing to ask, the session goes on (refreshed on its schedule). The link's tokens
    // take over only from a session that cannot refresh itself.
    if (!auth.session.refreshToken && refreshToken) headers.append("Set-Cookie", await commitAuthSession(sessionFromTokens({ token, refreshToken })));
    return redirect(to, { headers });
  }
  headers.append("Set-Cookie", await pendingCookie().serialize({ token, refreshToken, to } satisfies PendingLogin));
  return redirect(SWITCH_PATH, { headers });
}

/** What /session/switch has to decide, from the waiting tokens and the session of this request. */
export type PendingSwitch =
  /** nothing waits, or the question answered itself: this response ends it */
  | { kind: "done"; response: Response }
  | { kind: "ask"; current: AuthUser; next: AuthUser; pending: PendingLogin; session: Extract<AuthState, { kind: "loaded" }> };

async function clearPending(headers: Headers) {
  headers.append("Set-Cookie", await pendingCookie().serialize("", { maxAge: 0 }));
}

export async function pendingSwitch(request: Request, context: AppLoadContext): Promise<PendingSwitch> {
  const auth = await context.auth();
  const value = await pendingCookie().parse(request.headers.get("Cookie"));
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!isPending(value)) return { kind: "done", response: redirect(homeOf(auth), { headers }) };
  const me = await fetchMe(context.api, value.token);
  if (!me.ok) {
    await clearPending(headers);
    return { kind: "done", response: await invalidLink(request, auth, headers) };
  }
  // Logged out meanwhile, or already in that account (another tab): no question left.
  if (auth.kind === "anonymous" || auth.me.id === me.body.data.id) {
    await clearPending(headers);
    if (auth.kind === "anonymous") headers.append("Set-Cookie", await commitAuthSession(sessionFromTokens(value)));
    return { kind: "done", response: redirect(value.to, { headers }) };
  }
  return { kind: "ask", current: auth.me, next: me.body.data, pending: value, session: auth };
}

/**
 * The user's answer. Confirmed: the session it replaces is revoked at the API (its refresh-token family;
 * its access tokens stop working at once), then the link's tokens are the session. Declined: the link's
 * tokens are revoked instead, and the user stays who they were.
 */
export async function answerSwitch(
  request: Request,
  context: AppLoadContext,
  ask: Extract<PendingSwitch, { kind: "ask" }>,
  confirmed: boolean,
): Promise<Response> {
  const t = await i18next.getFixedT(request, "accounts");
  const headers = new Headers({ "Cache-Control": "no-store" });
  await clearPending(headers);
  const { pending, session } = ask;
  if (!confirmed) {
    if (pending.refreshToken) await context.api.call("POST", "/revoke", { body: { refresh_token: pending.refreshToken } });
    headers.append("Set-Cookie", await toastCookie({ severity: "info", message: t("sessionSwitch.declined", { name: ask.current.name }) }));
    return redirect(homePathFor(roleOf(ask.current)), { headers });
  }
  if (session.session.refreshToken) await context.api.call("POST", "/revoke", { body: { refresh_token: session.session.refreshToken } });
  headers.append("Set-Cookie", await commitAuthSession(sessionFromTokens(pending)));
  headers.append("Set-Cookie", await toastCookie({ severity: "success", message: t("sessionSwitch.switched", { name: ask.next.name }) }));
  return redirect(pending.to, { headers });
}
