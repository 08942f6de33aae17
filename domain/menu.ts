import { roleOf, verificationPending, type UserFacts } from "./auth-user";
import { ADAPTATION_LIST_ROLES, APPLICATION_LIST_ROLES, FACILITY_ROLES, ROLE } from "./roles";

export const PRODUCT_NAME = "Adaptasi Nakes LLN";
export const PRODUCT_FULL_NAME = "Portal Adaptasi Tenaga Kesehatan Lulusan Luar Negeri";
export const COMPETENCY_EVALUATION_TITLE = "Evaluasi Kompetensi";

export interface SubRoute {
  /** its words: `sidebar.<key>` in the locale files */
  key: string;
  path: string;
}

export interface SidebarItem {
  /** Also names its words: `sidebar.<key>` in locales/<lng>/common.json (spec §2's labels in Indonesian). */
  key: string;
  /** Spec meaning, for readers of the code. */
  meaning: string;
  path: string;
  /** Where the link goes; differs from path for the adaptation list (path "/", subpath "application"). */
  href: string;
  subpath?: string;
  subRoutes?: SubRoute[];
  allowedRoles: readonly number[];
  /** Further URL trees the item stands for (the registration flow continues under another path). */
  activeUnder?: readonly string[];
}

/**
 * The Super Admin's pages about people and their data beyond spec §2's rows (UU PDP): who read an
 * applicant's data (docs/decisions/026-access-log.md), what the retention job deletes and when, and the
 * requests to delete an account. The sidebar keeps the spec's five items; these are tabs on top of
 * "Daftar Pengguna" (the user list, the first tab), the one of the five that is about people and their
 * accounts. Their words: `userTabs.<key>` in locales/<lng>/common.json.
 */
export const USER_LIST_TABS = [
  { key: "user-list", path: "/user-list" },
  { key: "access-log", path: "/access-log" },
  { key: "retention", path: "/retention" },
  { key: "deletion-requests", path: "/deletion-requests" },
] as const satisfies ReadonlyArray<{ key: string; path: string }>;

// Spec §2 "Sidebar", row for row.
export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { key: "adaptation", meaning: "adaptation application list", path: "/", subpath: "application", href: "/application", allowedRoles: ADAPTATION_LIST_ROLES },
  {
    key: "user-list",
    meaning: "user list",
    path: "/user-list",
    href: "/user-list",
    allowedRoles: [ROLE.SUPER_ADMIN],
    // The pages reached by its tabs (USER_LIST_TABS) keep it highlighted.
    activeUnder: USER_LIST_TABS.slice(1).map((tab) => tab.path),
  },
  { key: "sla-setting", meaning: "SLA settings", path: "/sla-setting", href: "/sla-setting", allowedRoles: [ROLE.SUPER_ADMIN] },
  {
    key: "specialization-list",
    meaning: "specialization list settings",
    path: "/specialization-list",
    href: "/specialization-list",
    allowedRoles: [ROLE.SUPER_ADMIN],
  },
  { key: "institution-list", meaning: "institution list settings", path: "/institution-list", href: "/institution-list", allowedRoles: [ROLE.SUPER_ADMIN] },
  {
    key: "admin-fasyankes-list",
    meaning: "health-facility admin data",
    path: "/admin-fasyankes-list",
    href: "/admin-fasyankes-list",
    allowedRoles: [ROLE.ADMIN],
  },
  { key: "application-list", meaning: "application list", path: "/application-list", href: "/application-list", allowedRoles: APPLICATION_LIST_ROLES },
  { key: "master-position", meaning: "position master data", path: "/master-position", href: "/master-position", allowedRoles: [ROLE.ADMIN] },
  { key: "master-cms", meaning: "CMS master data", path: "/master-cms", href: "/master-cms", allowedRoles: [ROLE.ADMIN] },
  { key: "dashboard", meaning: "home", path: "/dashboard", href: "/dashboard", allowedRoles: [ROLE.ADMIN_FASYANKES, ROLE.DASHBOARD_EXTRA] },
  { key: "personal-data", meaning: "personal data", path: "/personal-data", href: "/personal-data", allowedRoles: FACILITY_ROLES },
  {
    key: "register",
    meaning: "registration",
    path: "/registration-path",
    href: "/registration-path",
    allowedRoles: FACILITY_ROLES,
    activeUnder: ["/register-competency-evaluation"],
  },
  { key: "application-status", meaning: "submission status", path: "/application-status", href: "/application-status", allowedRoles: FACILITY_ROLES },
];

/** Each sub-route takes 3rem of height (spec §2, §9). */
export const SUBMENU_HEIGHT_REM = 3;

/**
 * Spec §2 "Navbar": the links every logged-in user has, in order (the guidebook opens its PDF in a new
 * tab; its address is the portal's, app/utils/guidebook.ts). The Admin's extra links (/master-cms) and
 * 'FAQ', always shown, follow them. The navbar, the top bar and the sidebar's phone menu all render
 * this one list (app/components/Navbar.tsx PortalLinks).
 */
export const LOGGED_IN_LINKS = [
  { key: "testSchedule", path: "/test-schedule" },
  { key: "requirements", path: "/evaluation-requirements" },
  { key: "guidebook", path: "guidebook", newTab: true },
] as const satisfies ReadonlyArray<{ key: string; path: string; newTab?: boolean }>;

/** Its words: `topbar.profile` in the locale files. */
/** Its words: `topbar.profile` in the locale files. */
export const PROFILE_MENU_ENTRY = { key: "profile", path: "/profile", analyticsCategory: "Profil" } as const;

/** Spec §2: 'Evaluasi Kompetensi' for roles 2, 4 and 8, the product's own name for everyone else. */
export function sidebarTitle(roleId: number): string {
  return ([ROLE.ADMIN, ROLE.SUBKOMITE_EVALUASI, ROLE.ADMIN_FASYANKES] as number[]).includes(roleId) ? COMPETENCY_EVALUATION_TITLE : PRODUCT_NAME;
}

export interface VisibleSidebarItem extends SidebarItem {
  disabled: boolean;
}

/** Spec §2 sidebar plus §6 role 8 specifics and §4 user verification. */
export function visibleSidebarItems(me: Pick<UserFacts, "role" | "user" | "userVerification">): VisibleSidebarItem[] {
  const role = roleOf(me);
  const isFacility = role === ROLE.ADMIN_FASYANKES;
  const verified = me.user.is_hospital_verified;
  return SIDEBAR_ITEMS.filter((item) => item.allowedRoles.includes(role))
    .filter((item) => {
      if (!isFacility) return true;
      if (verified && item.key === "personal-data") return false;
      if (!verified && (item.key === "register" || item.key === "application-status")) return false;
      return true;
    })
    .map((item) => ({ ...item, disabled: item.key === "personal-data" && verificationPending(me) }));
}

/** The item highlighted for a pathname: the longest matching href (the "/" item via its subpath). */
export function activeSidebarKey(items: readonly SidebarItem[], pathname: string): string | undefined {
  let best: SidebarItem | undefined;
  let bestLength = 0;
  for (const item of items) {
    for (const base of [item.href, ...(item.activeUnder ?? [])]) {
      if ((pathname === base || pathname.startsWith(`${base}/`)) && base.length > bestLength) {
        best = item;
        bestLength = base.length;
      }
    }
  }
  return best?.key;
}

/** Their words: `topbar.<key>` in the locale files. */
export type UserMenuEntry = { key: "profil"; href: "/personal-data" } | { key: "logout"; href: "/logout" };

/** Spec §6: a hospital-verified role 8 sees 'Profil' and 'Logout'; every other user only 'Logout'. */
export function userMenuEntries(me: Pick<UserFacts, "role" | "user">): UserMenuEntry[] {
  const logout: UserMenuEntry = { key: "logout", href: "/logout" };
  if (roleOf(me) === ROLE.ADMIN_FASYANKES && me.user.is_hospital_verified) {
    return [{ key: "profil", href: "/personal-data" }, logout];
  }
  return [logout];
}
