import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import { SESSION, type ToastSeverity } from "#domain/constants";
import { getEnv } from "./env.server";

// Tokens live in a signed, HttpOnly cookie (DESIGN §1: sessions in signed cookies, tokens in the database).
export interface AuthSessionData {
  accessToken: string;
  refreshToken?: string;
  /** spec §3 "auth expire time": now + 3 h after login and after every refresh. */
  expiresAt: number;
  refreshedAt: number;
}

export interface Toast {
  severity: ToastSeverity;
  message: string;
}

let authStorage: SessionStorage<{ auth: AuthSessionData }> | undefined;
let toastStorage: SessionStorage<Record<string, never>, { toast: Toast }> | undefined;

/** The options every cookie of the portal shares: HttpOnly, SameSite=Lax, signed, Secure in production. */
export function cookieBase() {
  const env = getEnv();
  return { httpOnly: true, sameSite: "lax" as const, secure: env.NODE_ENV === "production", secrets: [env.SESSION_SECRET], path: "/" };
}

export function getAuthStorage() {
  authStorage ??= createCookieSessionStorage<{ auth: AuthSessionData }>({
    cookie: { name: "__session", ...cookieBase(), maxAge: SESSION.EXPIRE_AFTER_REFRESH_MS / 1000 },
  });
  return authStorage;
}

/** Toasts travel across redirects as a one-time flash in their own cookie, so they show without JS. */
export function getToastStorage() {
  toastStorage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: { name: "toast", ...cookieBase() },
  });
  return toastStorage;
}

export async function toastCookie(toast: Toast): Promise<string> {
  const storage = getToastStorage();
  const session = await storage.getSession();
  session.flash("toast", toast);
  return storage.commitSession(session);
}

/** Reads and clears the pending toast. */
export async function takeToast(cookieHeader: string | null): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const storage = getToastStorage();
  const session = await storage.getSession(cookieHeader);
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await storage.commitSession(session) : null };
}
