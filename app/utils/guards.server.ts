import { redirect, type AppLoadContext } from "@remix-run/node";
import type { AuthUser } from "#contracts/me";
import { roleOf } from "#domain/auth-user";
import { applicantGuard, dashboardGuard, landingGuard, loggedInGuard, type GuardDecision, type SessionState } from "#domain/guards";
import { logoutResponse, type AuthState } from "~/utils/auth.server";
import { tokenLogin } from "~/utils/token-login.server";
import { i18next } from "~/utils/i18n.server";
import { toastCookie } from "~/utils/session.server";

// Guards come first in every loader and action; they throw the redirect (CONVENTIONS habit 3).

function sessionState(auth: AuthState): SessionState {
  return auth.kind === "anonymous" ? { kind: "anonymous" } : { kind: "loaded", roleId: roleOf(auth.me) };
}

async function carryOut(decision: GuardDecision, request: Request, context: AppLoadContext, auth: AuthState): Promise<AuthUser | null> {
  switch (decision.type) {
    case "allow":
      return auth.kind === "loaded" ? auth.me : null;
    case "redirect": {
      if (decision.to === "/login") {
        const url = new URL(request.url);
        throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
      }
      if (!decision.refused) throw redirect(decision.to);
      const message = (await i18next.getFixedT(request))("toast.pageNotForRole");
      throw redirect(decision.to, { headers: { "Set-Cookie": await toastCookie({ severity: "error", message }) } });
    }
    case "logout":
      throw await logoutResponse(context.api, auth, decision.to, { severity: "error", message: (await i18next.getFixedT(request))("toast.roleNotAllowed") });
    case "token-login":
      throw await tokenLogin(request, context, auth);
    case "wait":
      // The server always loads the user before deciding; a wait cannot happen here.
      throw new Error("guard waited on the server");
  }
}

/** Logged-in pages: anonymous → /login; a role outside `roles` is logged out (spec §6 area rules). */
export async function requireUser(request: Request, context: AppLoadContext, opts: { roles?: readonly number[] } = {}): Promise<AuthUser> {
  const auth = await context.auth();
  const me = await carryOut(loggedInGuard(sessionState(auth), opts.roles), request, context, auth);
  return me!;
}

/** The user if logged in, without deciding anything (layouts, navbar). */
export async function getOptionalUser(context: AppLoadContext): Promise<AuthUser | null> {
  const auth = await context.auth();
  return auth.kind === "loaded" ? auth.me : null;
}

/** Landing pages: a logged-in user is sent home. */
export async function requireAnonymous(request: Request, context: AppLoadContext): Promise<void> {
  const auth = await context.auth();
  await carryOut(landingGuard(sessionState(auth)), request, context, auth);
}

/** The "/" guard of spec §2 (role 3 area). */
export async function guardApplicantArea(request: Request, context: AppLoadContext): Promise<AuthUser> {
  const url = new URL(request.url);
  const auth = await context.auth();
  return (await carryOut(applicantGuard(url.pathname, url.searchParams, sessionState(auth)), request, context, auth))!;
}

/** The "/dashboard" guard of spec §2 (role 8 area). */
export async function guardDashboard(request: Request, context: AppLoadContext): Promise<AuthUser> {
  const url = new URL(request.url);
  const auth = await context.auth();
  return (await carryOut(dashboardGuard(url.pathname, url.searchParams, sessionState(auth)), request, context, auth))!;
}
