import { SIDEBAR_ITEMS } from "./menu";
import { ROLE } from "./roles";

// Spec §2 "Navigation guards" and §6 "Area rules" as pure decisions; the portal's loaders carry them out.

export type SessionState = { kind: "anonymous" } | { kind: "loading" } | { kind: "loaded"; roleId: number };

export type GuardDecision =
  | { type: "allow" }
  /** The URL carries tokens: the loader validates them, stores them and redirects to the clean URL. */
  | { type: "token-login" }
  /** `refused`: a logged-in user sent home from a page their role may not open, told why (a toast). */
  | { type: "redirect"; to: string; refused?: true }
  /** Log the user out, then send them to `to`. */
  | { type: "logout"; to: "/welcome" }
  /** Logged in, user record not loaded yet: no decision (spec §2). */
  | { type: "wait" };

type Query = Pick<URLSearchParams, "has">;

/** Dashboard guard (/dashboard). Role 400 is allowed too: spec §6 opens the dashboard to it. */
export function dashboardGuard(pathname: string, query: Query, session: SessionState): GuardDecision {
  if (query.has("access_token") && pathname === "/dashboard") return { type: "token-login" };
  if (session.kind === "anonymous") return { type: "redirect", to: "/welcome" };
  if (session.kind === "loading") return { type: "wait" };
  if (session.roleId === ROLE.APPLICANT) return { type: "redirect", to: "/" };
  if (session.roleId === ROLE.ADMIN_FASYANKES || session.roleId === ROLE.DASHBOARD_EXTRA) return { type: "allow" };
  return { type: "logout", to: "/welcome" };
}

/** Applicant guard (/). */
export function applicantGuard(pathname: string, query: Query, session: SessionState): GuardDecision {
  if (query.has("token") && query.has("refresh_token") && pathname === "/") return { type: "token-login" };
  if (session.kind === "anonymous") return { type: "redirect", to: "/welcome" };
  if (session.kind === "loading") return { type: "wait" };
  if (session.roleId === ROLE.APPLICANT) return { type: "allow" };
  if (session.roleId === ROLE.ADMIN_FASYANKES) return { type: "redirect", to: "/dashboard" };
  return { type: "logout", to: "/welcome" };
}

/**
 * Logged-in pages (spec §2 layouts, §6 area rules): anonymous users go to /login; a role outside the
 * page's roles is refused. An applicant (role 3) or a facility admin (role 8) on another role's page is
 * sent to their own area with the session intact, as the two area guards do (role 8 on "/" goes to
 * /dashboard, role 3 on /dashboard to "/"): a wrong link must not log them out, and a toast says why they
 * landed there, as staff's logout does. Staff are logged out (§6).
 */
export function loggedInGuard(session: SessionState, allowedRoles?: readonly number[]): GuardDecision {
  if (session.kind === "anonymous") return { type: "redirect", to: "/login" };
  if (session.kind === "loading") return { type: "wait" };
  if (!allowedRoles || allowedRoles.includes(session.roleId)) return { type: "allow" };
  if (session.roleId === ROLE.APPLICANT || session.roleId === ROLE.ADMIN_FASYANKES) return { type: "redirect", to: homePathFor(session.roleId), refused: true };
  return { type: "logout", to: "/welcome" };
}

/**
 * Landing pages send logged-in users to "/" (spec §2). Staff roles would be logged out by the "/" guard,
 * so they go to their own home instead (docs/decisions/003-landing-redirect.md).
 */
export function landingGuard(session: SessionState): GuardDecision {
  if (session.kind === "anonymous") return { type: "allow" };
  if (session.kind === "loading") return { type: "wait" };
  return { type: "redirect", to: homePathFor(session.roleId) };
}

/** Where each role's work starts. */
export function homePathFor(roleId: number): string {
  switch (roleId) {
    case ROLE.APPLICANT:
      return "/";
    case ROLE.ADMIN_FASYANKES:
    case ROLE.DASHBOARD_EXTRA:
      return "/dashboard";
    case ROLE.ADMIN:
    case ROLE.SUBKOMITE_EVALUASI:
      return "/application-list";
    case ROLE.SUPER_ADMIN:
    case ROLE.SUBKOMITE_PEMBEKALAN:
    case ROLE.KOLEGIUM:
    case ROLE.KKI:
      return "/application";
    default:
      return "/welcome";
  }
}

/**
 * Whether a login may send this role back to `path` (the login form's redirectTo): never into an
 * area whose guard would log the user straight out again, nor to another role's sidebar page.
 */
export function mayReturnTo(roleId: number, path: string): boolean {
  const pathname = path.split(/[?#]/)[0];
  const session: SessionState = { kind: "loaded", roleId };
  const none = new URLSearchParams();
  if (pathname === "/") return applicantGuard("/", none, session).type === "allow";
  if (pathname === "/dashboard") return dashboardGuard("/dashboard", none, session).type === "allow";
  const owner = SIDEBAR_ITEMS.find((item) => item.href !== "/" && (pathname === item.href || pathname.startsWith(`${item.href}/`)));
  return !owner || owner.allowedRoles.includes(roleId);
}
