// Roles of spec §6. The numbers are the API's role_id values.
export const ROLE = {
  SUPER_ADMIN: 1,
  ADMIN: 2,
  APPLICANT: 3,
  SUBKOMITE_EVALUASI: 4,
  SUBKOMITE_PEMBEKALAN: 5,
  KOLEGIUM: 6,
  KKI: 7,
  ADMIN_FASYANKES: 8,
  /** Allowed on the dashboard; its meaning is not shown in the spec. */
  DASHBOARD_EXTRA: 400,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];

// Who may open an area, named once: guards, the sidebar, the API and the tests import these lists.
/** The applicant's own pages (spec §2 "/" guard), and opening an application. */
export const APPLICANT_ROLES = [ROLE.APPLICANT] as const;
/** The health-facility admin's pages (spec §2 "/dashboard" area): the facility's account and its registrations. */
export const FACILITY_ROLES = [ROLE.ADMIN_FASYANKES] as const;
/** "Daftar Permohonan Adaptasi" (/application…): spec §2 sidebar, DESIGN §3. */
export const ADAPTATION_LIST_ROLES = [ROLE.SUPER_ADMIN, ROLE.SUBKOMITE_PEMBEKALAN, ROLE.KOLEGIUM, ROLE.KKI] as const;
/** "Daftar Permohonan" (/application-list…): spec §2 sidebar, DESIGN §3. */
export const APPLICATION_LIST_ROLES = [ROLE.ADMIN, ROLE.SUBKOMITE_EVALUASI] as const;

/**
 * The committee whose name follows role 1's label (spec §6: "the label is followed by the committee's
 * name"). The Super Admin sets it on /sla-setting (setting `committee_name`, public config
 * `committeeName`); this is its default.
 */
export const DEFAULT_COMMITTEE_NAME = "Komite Adaptasi";
/** The committee name's length limit on /sla-setting. */
export const COMMITTEE_NAME_MAX = 100;

/** The roles spec §6's table names; their words are the locale files' `workflow.role.<id>` (./role-words.ts for the API, `t()` on a page). */
export const ROLES_WITH_NAMES: readonly number[] = [
  ROLE.SUPER_ADMIN,
  ROLE.ADMIN,
  ROLE.APPLICANT,
  ROLE.SUBKOMITE_EVALUASI,
  ROLE.SUBKOMITE_PEMBEKALAN,
  ROLE.KOLEGIUM,
  ROLE.KKI,
  ROLE.ADMIN_FASYANKES,
];

/**
 * A role's name from its words (`word`: the locale files' `workflow.role.<id>` in some language), role 1's
 * followed by the committee's name (spec §6); undefined for an unknown role.
 */
export function roleNameFrom(word: (roleId: number) => string, roleId: number, committeeName: string = DEFAULT_COMMITTEE_NAME): string | undefined {
  if (!ROLES_WITH_NAMES.includes(roleId)) return undefined;
  const name = word(roleId);
  return roleId === ROLE.SUPER_ADMIN ? `${name} ${committeeName}`.trim() : name;
}

/**
 * Spec §6 "Role label in the user info" (decision 003): the role's name on the facility side, else the
 * organiser's label (`workflow.organizer`): whether this user's label is the organiser's.
 */
export function labelledAsOrganizer(user: { role_id: number; is_fasyankes: boolean }): boolean {
  return !user.is_fasyankes || !ROLES_WITH_NAMES.includes(user.role_id);
}

/** Roles that review applications (spec §1 review bodies plus the two admins). */
export const STAFF_ROLES: readonly number[] = [ROLE.SUPER_ADMIN, ROLE.ADMIN, ROLE.SUBKOMITE_EVALUASI, ROLE.SUBKOMITE_PEMBEKALAN, ROLE.KOLEGIUM, ROLE.KKI];

/** The ?role= values of the staff list (GET /admin/users): the staff roles as the query strings they arrive as. */
export const STAFF_ROLE_FILTERS = STAFF_ROLES.map(String) as [string, ...string[]];

// The role lists the API's gate takes (api/middleware/allow.ts): who may call an endpoint at all.

/** Both admins: the Super Admin and the Admin. */
export const ADMIN_ROLES: readonly number[] = [ROLE.SUPER_ADMIN, ROLE.ADMIN];
/** The Super Admin alone: staff accounts, the SLA, specializations and institutions. */
export const SUPER_ADMIN_ONLY: readonly number[] = [ROLE.SUPER_ADMIN];
/** The Admin alone: facility verification, the CMS, test schedules and positions. */
export const ADMIN_ONLY: readonly number[] = [ROLE.ADMIN];
/** Whose data others read: the applicant (their own) and the facility admin (the professionals it registered), on /profile/akses-data. */
export const DATA_SUBJECT_ROLES: readonly number[] = [ROLE.APPLICANT, ROLE.ADMIN_FASYANKES];
