import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import { cookieBase } from "~/utils/session.server";

// The sign-up cookie: the registerWna draft of spec §3 across the foreign-national steps, and the
// address just signed up, flashed once to the result page (it is shown, never trusted).

/** spec §3 "Foreign-national registration draft": each field can be set on its own. */
export interface RegisterWnaDraft {
  isKek: boolean;
  jalurId: string;
  foreignId: string;
}

export const EMPTY_DRAFT: RegisterWnaDraft = { isKek: false, jalurId: "", foreignId: "" };

// Whatever is typed is kept, but never so much that the cookie outgrows the browser's 4 KB.
const MAX_KEPT_LENGTH = 64;

let storage: SessionStorage<{ draft: RegisterWnaDraft }, { signedUpEmail: string }> | undefined;

function getStorage() {
  // No maxAge: the draft lives as long as the browser session (spec §3 "held during a session").
  storage ??= createCookieSessionStorage<{ draft: RegisterWnaDraft }, { signedUpEmail: string }>({
    cookie: { name: "sign_up", ...cookieBase() },
  });
  return storage;
}

function sessionOf(request: Request) {
  return getStorage().getSession(request.headers.get("Cookie"));
}

/** The draft, or null when the first step (/wna/sign-up/welcome) has not been answered. */
export async function readRegisterWnaDraft(request: Request): Promise<RegisterWnaDraft | null> {
  const draft = (await sessionOf(request)).get("draft");
  return draft?.jalurId ? { ...EMPTY_DRAFT, ...draft } : null;
}

/** Sets some fields of the draft; returns the Set-Cookie. */
export async function saveRegisterWnaDraft(request: Request, patch: Partial<RegisterWnaDraft>): Promise<string> {
  const session = await sessionOf(request);
  const draft = { ...EMPTY_DRAFT, ...session.get("draft"), ...patch };
  draft.foreignId = draft.foreignId.slice(0, MAX_KEPT_LENGTH);
  session.set("draft", draft);
  return getStorage().commitSession(session);
}

/** After a sign-up: the draft is cleared and the address is flashed to the result page. */
export async function finishSignUp(request: Request, email: string | null): Promise<string> {
  const session = await sessionOf(request);
  session.unset("draft");
  if (email) session.flash("signedUpEmail", email);
  return getStorage().commitSession(session);
}

/** Reads and clears the flashed address. */
export async function takeSignedUpEmail(request: Request): Promise<{ email: string | null; setCookie: string | null }> {
  const session = await sessionOf(request);
  const email = session.get("signedUpEmail") ?? null;
  return { email, setCookie: email ? await getStorage().commitSession(session) : null };
}
