import { roleOf, verificationPending, type AuthUser } from "./auth-user";
import { ROLE } from "./roles";

export const PRODUCT_NAME = "Adaptasi Nakes LLN";
export const PRODUCT_FULL_NAME = "Portal Adaptasi Tenaga Kesehatan Lulusan Luar Negeri";
export const COMPETENCY_EVALUATION_TITLE = "Evaluasi Kompetensi";

export interface SubRoute {
  label: string;
  path: string;
}

export interface SidebarItem {
  key: string;
  label: string;
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

// Spec §2 "Sidebar", row for row.
export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { key: "adaptation", label: "Daftar Permohonan Adaptasi", meaning: "adaptation application list", path: "/", subpath: "application", href: "/application", allowedRoles: [1, 5, 6, 7] },
  { key: "user-list", label: "Daftar Pengguna", meaning: "user list", path: "/user-list", href: "/user-list", allowedRoles: [1] },
  { key: "sla-setting", label: "Pengaturan SLA", meaning: "SLA settings", path: "/sla-setting", href: "/sla-setting", allowedRoles: [1] },
  { key: "specialization-list", label: "Pengaturan Daftar Spesialisasi", meaning: "specialization list settings", path: "/specialization-list", href: "/specialization-list", allowedRoles: [1] },
  { key: "institution-list", label: "Pengaturan Daftar Institusi", meaning: "institution list settings", path: "/institution-list", href: "/institution-list", allowedRoles: [1] },
  { key: "admin-fasyankes-list", label: "Data Admin Fasyankes", meaning: "health-facility admin data", path: "/admin-fasyankes-list", href: "/admin-fasyankes-list", allowedRoles: [2] },
  { key: "application-list", label: "Daftar Permohonan", meaning: "application list", path: "/application-list", href: "/application-list", allowedRoles: [2, 4] },
  { key: "master-position", label: "Master Jabatan", meaning: "position master data", path: "/master-position", href: "/master-position", allowedRoles: [2] },
  { key: "master-cms", label: "Master CMS", meaning: "CMS master data", path: "/master-cms", href: "/master-cms", allowedRoles: [2] },
  { key: "dashboard", label: "Beranda", meaning: "home", path: "/dashboard", href: "/dashboard", allowedRoles: [8, 400] },
  { key: "personal-data", label: "Data Personal", meaning: "personal data", path: "/personal-data", href: "/personal-data", allowedRoles: [8] },
  { key: "register", label: "Pendaftaran", meaning: "registration", path: "/registration-path", href: "/registration-path", allowedRoles: [8], activeUnder: ["/register-competency-evaluation"] },
  { key: "application-status", label: "Status Pengajuan", meaning: "submission status", path: "/application-status", href: "/application-status", allowedRoles: [8] },
];

/** Each sub-route takes 3rem of height (spec §2, §9). */
export const SUBMENU_HEIGHT_REM = 3;

export const PROFILE_MENU_ENTRY = { key: "profile", label: "PROFILE", path: "/profile", analyticsCategory: "Profil" } as const;

/** Spec §2: 'Evaluasi Kompetensi' for roles 2, 4 and 8, the product's own name for everyone else. */
export function sidebarTitle(roleId: number): string {
  return [2, 4, 8].includes(roleId) ? COMPETENCY_EVALUATION_TITLE : PRODUCT_NAME;
}

export interface VisibleSidebarItem extends SidebarItem {
  disabled: boolean;
}

/** Spec §2 sidebar plus §6 role 8 specifics and §4 user verification. */
export function visibleSidebarItems(me: Pick<AuthUser, "role" | "user" | "userVerification">): VisibleSidebarItem[] {
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

export type UserMenuEntry = { key: "profil"; label: "Profil"; href: "/personal-data" } | { key: "logout"; label: "Logout"; href: "/logout" };

/** Spec §6: a hospital-verified role 8 sees 'Profil' and 'Logout'; every other user only 'Logout'. */
export function userMenuEntries(me: Pick<AuthUser, "role" | "user">): UserMenuEntry[] {
  const logout: UserMenuEntry = { key: "logout", label: "Logout", href: "/logout" };
  if (roleOf(me) === ROLE.ADMIN_FASYANKES && me.user.is_hospital_verified) {
    return [{ key: "profil", label: "Profil", href: "/personal-data" }, logout];
  }
  return [logout];
}
