import { ADAPTATION_LIST_ROLES, ADMIN_ROLES, APPLICATION_LIST_ROLES, DATA_SUBJECT_ROLES, ROLE, STAFF_ROLES } from "#domain/roles";

// The access matrix: every portal route and every API endpoint × every principal → the outcome.
// One row per route or endpoint, written as the rule that decides it (spec §2 guards and layouts, §6 area
// rules, DESIGN §3–§4) plus the exceptions of that row; `portalMatrix()` and `apiMatrix()` expand the rows
// into the full table, which tests/e2e/access-matrix.spec.ts walks cell by cell against the running
// portal and API. A new route in app/routes.ts or a new endpoint in /api/v1/openapi.json without a row
// here fails the tests (tests/oracle/access.test.ts, the e2e spec).

/** Who asks. Role 8 is split by verification; the "other" principals only matter on object rows. */
export const PRINCIPALS = [
  "anonymous",
  "role1",
  "role2",
  "role3",
  "role4",
  "role5",
  "role6",
  "role7",
  "role8",
  "role8u",
  "otherApplicant",
  "otherFacility",
] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** Principals of every row; otherApplicant and otherFacility are added on object rows only. */
export const BASE_PRINCIPALS: readonly Principal[] = PRINCIPALS.filter((p) => p !== "otherApplicant" && p !== "otherFacility");

/** The role id of each principal (null: not logged in). */
export const PRINCIPAL_ROLE: Readonly<Record<Principal, number | null>> = {
  anonymous: null,
  role1: ROLE.SUPER_ADMIN,
  role2: ROLE.ADMIN,
  role3: ROLE.APPLICANT,
  role4: ROLE.SUBKOMITE_EVALUASI,
  role5: ROLE.SUBKOMITE_PEMBEKALAN,
  role6: ROLE.KOLEGIUM,
  role7: ROLE.KKI,
  role8: ROLE.ADMIN_FASYANKES,
  role8u: ROLE.ADMIN_FASYANKES,
  otherApplicant: ROLE.APPLICANT,
  otherFacility: ROLE.ADMIN_FASYANKES,
};

// ── Portal ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * What a portal request answers (no redirect followed):
 * - `allow`: 200 (the page, or the resource);
 * - `login`: 302 to /login?redirectTo=<the page> (logged-in pages, anonymous visitor);
 * - `welcome`: 302 to /welcome — an anonymous visitor of "/" or "/dashboard", or a staff user whose role
 *   may not open the page: logged out (session cookie cleared, refresh token revoked) with a toast (spec §6);
 * - `home`: 302 to the principal's home (domain/guards homePathFor): landing pages for logged-in users,
 *   role 8 on "/", role 3 on "/dashboard", and role 3 or 8 on any page of another role (session intact);
 * - `notFound`: 404 — someone else's object, or an object the role cannot see (ids reveal nothing);
 * - `forbidden`: 403;
 * - `invalid`: 400 — an action refused the (empty) form before it looked the object up, so nothing is
 *   revealed and nothing changes;
 * - `redirect:/x`: 302 to /x — the page itself sends an allowed user on because of the state of their
 *   data (e.g. a submitted application has no adaptation form any more). Not a denial.
 */
export type PortalOutcome = "allow" | "login" | "welcome" | "home" | "notFound" | "forbidden" | "invalid" | `redirect:${string}`;

/** The object a route's `:id` names; the e2e spec finds a concrete id of each at run time. */
export type PortalObject =
  /** role3's submitted REG application, at stage 1 (document check by roles 2 and 4) */
  | "application"
  /** a document of that application */
  | "applicantFile"
  /** a document of an application role8 (the verified demo facility) registered */
  | "facilityFile"
  /** an activity kind of the OTH pathway ({othersId}) */
  | "activityKind"
  /** that application of role8, as its registration (?id= of the facility's status detail) */
  | "registration"
  | "user"
  | "specialization"
  | "institution"
  | "position"
  | "announcement"
  | "testSchedule"
  | "facilityAdmin";

export type PortalRule =
  /** anyone, logged in or not */
  | { kind: "public" }
  /** landing layout: anonymous only, logged-in users go home (spec §2) */
  | { kind: "landing" }
  /** the "/" guard of spec §2 */
  | { kind: "applicantArea" }
  /** the "/dashboard" guard of spec §2 */
  | { kind: "dashboard" }
  /** logged-in layout: anonymous → login; `roles` (all logged-in users when absent) allowed, others logged out */
  | { kind: "loggedIn"; roles?: readonly number[] };

export interface PortalRow {
  /** The route as in app/routes.ts, with a leading "/". */
  route: string;
  /** GET by default; POST for action-only resource routes (sent with an empty form body). */
  method?: "GET" | "POST";
  /** What `:id` (or `:othersId`) names. Rows of owned objects also carry otherApplicant and otherFacility. */
  object?: PortalObject;
  /** A query string sent with the route; `:id` in it is the object's id. */
  search?: string;
  /**
   * The route module has an action too: every denied cell of the row is also walked as an empty POST,
   * which the action's own guard must refuse the same way (guards first in every loader and action).
   */
  action?: true;
  /** POST cells that differ from the page's refusal, each with its reason. */
  actionExcept?: Partial<Record<Principal, PortalOutcome>>;
  rule: PortalRule;
  /** Cells that differ from the rule, each with its reason in a comment. */
  except?: Partial<Record<Principal, PortalOutcome>>;
}

const APPLICANT = [ROLE.APPLICANT] as const;
const SUPER_ADMIN = [ROLE.SUPER_ADMIN] as const;
const ADMIN = [ROLE.ADMIN] as const;

const FACILITY = [ROLE.ADMIN_FASYANKES] as const;
/** An unverified facility admin is sent back to its dashboard with a toast (spec §6 role 8 specifics), not logged out. */
const UNVERIFIED_HOME: Partial<Record<Principal, PortalOutcome>> = { role8u: "home" };
/** An upload page without a draft named (?id=) starts the registration again (choosing the pathway). */
const NO_DRAFT: Partial<Record<Principal, PortalOutcome>> = { ...UNVERIFIED_HOME, role8: "redirect:/register-competency-evaluation/registration-path" };

const pub: PortalRule = { kind: "public" };
const landing: PortalRule = { kind: "landing" };
const loggedIn = (roles?: readonly number[]): PortalRule => ({ kind: "loggedIn", roles });

/**
 * The application under test is at stage 1 (document check): roles 1 and 7 see every submitted
 * application, 2 and 4 decide stage 1; 5 (stage 4) and 6 (stage 2) do not see it yet
 * (domain/workflow staffMaySee, docs/decisions/018-review-api-rules.md "Visibility").
 */
const STAGE1_HIDDEN: Partial<Record<Principal, PortalOutcome>> = { role5: "notFound", role6: "notFound" };
/** The review actions validate the form first: an empty one is refused before the application is looked up. */
const STAGE1_HIDDEN_POST: Partial<Record<Principal, PortalOutcome>> = { role5: "invalid", role6: "invalid" };

export const PORTAL_ROWS: readonly PortalRow[] = [
  // Landing layout (spec §2): anonymous only; a logged-in user is sent home
  { route: "/welcome", rule: landing },
  { route: "/login", action: true, rule: landing },
  { route: "/wna/login", action: true, rule: landing },
  { route: "/sign-up", action: true, rule: landing },
  { route: "/sign-up/fasyankes", action: true, rule: landing },
  { route: "/wna/sign-up/welcome", action: true, rule: landing },
  // The form needs the draft of /wna/sign-up/welcome first
  { route: "/wna/sign-up", action: true, rule: landing, except: { anonymous: "redirect:/wna/sign-up/welcome" } },
  // Plain layout: open to everyone
  { route: "/error", rule: pub },
  { route: "/sign-up/result", rule: pub },
  { route: "/wna/sign-up/result", rule: pub },
  { route: "/account-activation", action: true, rule: pub },
  { route: "/account-activation/success-resend", rule: pub },
  { route: "/forgot-password", action: true, rule: pub },
  { route: "/forgot-password/email", action: true, rule: pub },
  { route: "/forgot-password/email-send", rule: pub },
  { route: "/forgot-password/change-success", rule: pub },
  // Processing times: the landing layout's navbar, but open to everyone (the applicant's home links to it)
  { route: "/waktu-proses", rule: pub },
  // A decision letter checked by anyone (no login): the form, the QR's page (an application's id is no token:
  // "unknown", to everyone alike), and the public keys
  { route: "/verifikasi", action: true, rule: pub },
  { route: "/verifikasi/:token", object: "application", rule: pub },
  { route: "/.well-known/adaptasi-keys.json", rule: pub },
  // The two guarded areas (spec §2 "Navigation guards", §6 "Area rules")
  { route: "/", rule: { kind: "applicantArea" } },
  { route: "/dashboard", rule: { kind: "dashboard" } },
  // Every logged-in user
  { route: "/profile", action: true, rule: loggedIn() },
  // Who read my data: the applicant's own log, a facility's of the professionals it registered (no id: no one else's)
  { route: "/profile/akses-data", rule: loggedIn(DATA_SUBJECT_ROLES) },
  // Download my data (docs/decisions/028-data-export.md): the page and its ZIP. The applicant's own data, whatever
  // the id; a verified facility's for one of its registrations (?id=), not found without one or for another's.
  { route: "/profile/unduh-data", rule: loggedIn(DATA_SUBJECT_ROLES), except: { ...UNVERIFIED_HOME, role8: "notFound" } },
  {
    route: "/profile/unduh-data",
    search: "?id=:id",
    object: "registration",
    rule: loggedIn(DATA_SUBJECT_ROLES),
    except: { ...UNVERIFIED_HOME, otherFacility: "notFound" },
  },
  { route: "/profile/unduh-data/zip", rule: loggedIn(DATA_SUBJECT_ROLES), except: { ...UNVERIFIED_HOME, role8: "notFound" } },
  {
    route: "/profile/unduh-data/zip",
    search: "?id=:id",
    object: "registration",
    rule: loggedIn(DATA_SUBJECT_ROLES),
    except: { ...UNVERIFIED_HOME, otherFacility: "notFound" },
  },
  // An applicant deletes their own account (no id: no one else's); the refusals' posts change nothing
  { route: "/profile/hapus-akun", action: true, rule: loggedIn([ROLE.APPLICANT]) },
  { route: "/evaluation-requirements", rule: loggedIn() },
  { route: "/test-schedule", rule: loggedIn() },
  // Review
  { route: "/application", rule: loggedIn(ADAPTATION_LIST_ROLES) },
  { route: "/application-list", rule: loggedIn(APPLICATION_LIST_ROLES) },
  {
    route: "/application/:id",
    action: true,
    object: "application",
    rule: loggedIn(ADAPTATION_LIST_ROLES),
    except: STAGE1_HIDDEN,
    actionExcept: STAGE1_HIDDEN_POST,
  },
  { route: "/application-list/:id", action: true, object: "application", rule: loggedIn(APPLICATION_LIST_ROLES) },
  {
    route: "/application/:id/additional-requirements",
    action: true,
    object: "application",
    rule: loggedIn(ADAPTATION_LIST_ROLES),
    except: STAGE1_HIDDEN,
    actionExcept: STAGE1_HIDDEN_POST,
  },
  { route: "/application-list/:id/additional-requirements", action: true, object: "application", rule: loggedIn(APPLICATION_LIST_ROLES) },
  // The Super Admin's view of a file's decision letters (revoke with Yes/No, issue a new one)
  { route: "/application/:id/surat", action: true, object: "application", rule: loggedIn(SUPER_ADMIN) },
  // The document viewer's page per document (:docId is a requirement id of the application; the e2e walk opens 1)
  { route: "/application/:id/documents/:docId", object: "application", rule: loggedIn(ADAPTATION_LIST_ROLES), except: STAGE1_HIDDEN },
  { route: "/application-list/:id/documents/:docId", object: "application", rule: loggedIn(APPLICATION_LIST_ROLES) },
  { route: "/application/export", rule: loggedIn(ADAPTATION_LIST_ROLES) },
  { route: "/application-list/export", rule: loggedIn(APPLICATION_LIST_ROLES) },
  // The applicant's journey; role 8's own /personal-data
  { route: "/personal-data", action: true, rule: loggedIn([ROLE.APPLICANT, ROLE.ADMIN_FASYANKES]) },
  { route: "/personal-data/upload-file", action: true, rule: loggedIn(APPLICANT) },
  // The pathway form posts for role 3 only (role 8 chooses on /register-competency-evaluation/registration-path):
  // its action sends a facility admin home, an unverified one too, still logged in
  { route: "/registration-path", action: true, rule: loggedIn([ROLE.APPLICANT, ROLE.ADMIN_FASYANKES]), except: UNVERIFIED_HOME },
  // role3's application is submitted (stage 1): no pathway to confirm, nothing to fill in or re-upload
  { route: "/registration-path/confirmation", action: true, rule: loggedIn(APPLICANT), except: { role3: "redirect:/registration-path" } },
  { route: "/submission-form", rule: loggedIn(APPLICANT), except: { role3: "redirect:/application-status" } },
  { route: "/submission-form/adaptation-form", action: true, rule: loggedIn(APPLICANT), except: { role3: "redirect:/application-status" } },
  // A facility admin's reuploads are per registration: the page sends them to Status Pengajuan, still logged in.
  {
    route: "/submission-form/reupload-form",
    action: true,
    rule: loggedIn([...APPLICANT, ...FACILITY]),
    except: { role3: "redirect:/application-status", role8: "redirect:/application-status", ...UNVERIFIED_HOME },
  },
  // A first submission ends here (spec §4), a successful reupload on success-reupload: the applicant's, or a
  // facility's registration (?id=); a facility admin without an id goes to their list, still logged in.
  { route: "/submission-form/success", rule: loggedIn([...APPLICANT, ...FACILITY]), except: { ...UNVERIFIED_HOME, role8: "redirect:/application-status" } },
  {
    route: "/submission-form/success-reupload",
    rule: loggedIn([...APPLICANT, ...FACILITY]),
    except: { ...UNVERIFIED_HOME, role8: "redirect:/application-status" },
  },
  {
    route: "/submission-form/success-reupload",
    search: "?id=:id",
    object: "registration",
    rule: loggedIn([...APPLICANT, ...FACILITY]),
    // An applicant's page names their own application, whatever the id
    except: { ...UNVERIFIED_HOME, otherFacility: "notFound" },
  },
  // Resumable uploads (tus): only requests saying Tus-Resumable are forwarded; a page's GET or a form's post finds nothing
  { route: "/submission-form/upload/tus/*", action: true, rule: loggedIn(APPLICANT), except: { role3: "notFound" } },
  { route: "/application-status", rule: loggedIn([ROLE.APPLICANT, ROLE.ADMIN_FASYANKES]), except: UNVERIFIED_HOME },
  // A facility admin reads one registration (?id=); without one they go to their list, still logged in
  {
    route: "/application-status/application-status-detail",
    action: true,
    rule: loggedIn([ROLE.APPLICANT, ROLE.ADMIN_FASYANKES]),
    except: { ...UNVERIFIED_HOME, role8: "redirect:/application-status" },
  },
  {
    route: "/application-status/application-status-detail",
    action: true,
    search: "?id=:id",
    object: "registration",
    rule: loggedIn([ROLE.APPLICANT, ROLE.ADMIN_FASYANKES]),
    // An applicant always reads their own application, whatever the id; one without any goes back to the list
    except: { ...UNVERIFIED_HOME, otherApplicant: "redirect:/application-status", otherFacility: "notFound" },
  },
  // The file history, beside the detail: the applicant's own; a facility's registration by ?id= (404 without one)
  { route: "/application-status/file-history", rule: loggedIn([ROLE.APPLICANT, ROLE.ADMIN_FASYANKES]), except: { ...UNVERIFIED_HOME, role8: "notFound" } },
  {
    route: "/application-status/file-history",
    search: "?id=:id",
    object: "registration",
    rule: loggedIn([ROLE.APPLICANT, ROLE.ADMIN_FASYANKES]),
    except: { ...UNVERIFIED_HOME, otherApplicant: "redirect:/application-status", otherFacility: "notFound" },
  },
  // A decision letter's PDF (?nomor=): the holder's or the registering facility's; without a number, not found
  {
    route: "/application-status/surat",
    rule: loggedIn([ROLE.APPLICANT, ROLE.ADMIN_FASYANKES]),
    except: { ...UNVERIFIED_HOME, role3: "notFound", role8: "notFound" },
  },
  // "Pendaftaran" (DESIGN §4): a verified facility admin registers professionals
  { route: "/register-competency-evaluation", rule: loggedIn(FACILITY), except: UNVERIFIED_HOME },
  { route: "/register-competency-evaluation/registration-path", action: true, rule: loggedIn(FACILITY), except: UNVERIFIED_HOME },
  { route: "/register-competency-evaluation/path/regular", action: true, rule: loggedIn(FACILITY), except: UNVERIFIED_HOME },
  { route: "/register-competency-evaluation/path/exception", action: true, rule: loggedIn(FACILITY), except: UNVERIFIED_HOME },
  { route: "/register-competency-evaluation/path/:othersId?", action: true, object: "activityKind", rule: loggedIn(FACILITY), except: UNVERIFIED_HOME },
  // The upload pages and their post work on a draft named by ?id=; without one there is none (404)
  { route: "/register-competency-evaluation/path/regular/upload-file", action: true, rule: loggedIn(FACILITY), except: NO_DRAFT },
  { route: "/register-competency-evaluation/path/exception/upload-file", action: true, rule: loggedIn(FACILITY), except: NO_DRAFT },
  { route: "/register-competency-evaluation/path/:othersId?/upload-file", action: true, object: "activityKind", rule: loggedIn(FACILITY), except: NO_DRAFT },
  { route: "/register-competency-evaluation/upload/tus/*", action: true, rule: loggedIn(FACILITY), except: { ...UNVERIFIED_HOME, role8: "notFound" } },
  { route: "/performance-achievement", action: true, rule: loggedIn(APPLICANT) },
  { route: "/portfolio", action: true, rule: loggedIn(APPLICANT) },
  // The portfolio form is for SPE; role3's application is REG
  { route: "/portfolio/form", action: true, rule: loggedIn(APPLICANT), except: { role3: "redirect:/portfolio" } },
  { route: "/portfolio/additional-requirements", action: true, rule: loggedIn(APPLICANT) },
  // Administration
  { route: "/user-list", rule: loggedIn(SUPER_ADMIN) },
  { route: "/user-list/new", action: true, rule: loggedIn(SUPER_ADMIN) },
  { route: "/user-list/:id", action: true, object: "user", rule: loggedIn(SUPER_ADMIN) },
  { route: "/sla-setting", action: true, rule: loggedIn(SUPER_ADMIN) },
  { route: "/mail-outbox", action: true, rule: loggedIn(SUPER_ADMIN) },
  { route: "/access-log", rule: loggedIn(SUPER_ADMIN) },
  { route: "/retention", rule: loggedIn(SUPER_ADMIN) },
  { route: "/deletion-requests", action: true, rule: loggedIn(SUPER_ADMIN) },
  // The queue at a glance and the CSV of each of its charts: both admins
  { route: "/kinerja", rule: loggedIn(ADMIN_ROLES) },
  { route: "/kinerja/antrean.csv", rule: loggedIn(ADMIN_ROLES) },
  { route: "/kinerja/mingguan.csv", rule: loggedIn(ADMIN_ROLES) },
  { route: "/kinerja/lama-tahap.csv", rule: loggedIn(ADMIN_ROLES) },
  { route: "/kinerja/sla-badan.csv", rule: loggedIn(ADMIN_ROLES) },
  { route: "/specialization-list", action: true, rule: loggedIn(SUPER_ADMIN) },
  { route: "/specialization-list/:id", action: true, object: "specialization", rule: loggedIn(SUPER_ADMIN) },
  { route: "/institution-list", action: true, rule: loggedIn(SUPER_ADMIN) },
  { route: "/institution-list/:id", action: true, object: "institution", rule: loggedIn(SUPER_ADMIN) },
  { route: "/master-position", action: true, rule: loggedIn(ADMIN) },
  { route: "/master-position/:id", action: true, object: "position", rule: loggedIn(ADMIN) },
  { route: "/master-cms", action: true, rule: loggedIn(ADMIN) },
  { route: "/master-cms/announcements/:id", action: true, object: "announcement", rule: loggedIn(ADMIN) },
  { route: "/master-cms/test-schedules/:id", action: true, object: "testSchedule", rule: loggedIn(ADMIN) },
  { route: "/master-cms/guidebook", action: true, rule: loggedIn(ADMIN) },
  { route: "/admin-fasyankes-list", rule: loggedIn(ADMIN) },
  { route: "/admin-fasyankes-list/new", action: true, rule: loggedIn(ADMIN) },
  { route: "/admin-fasyankes-list/:id", action: true, object: "facilityAdmin", rule: loggedIn(ADMIN) },
  // Resource routes. GET on the action-only ones just goes to "/".
  { route: "/logout", action: true, rule: pub, except: Object.fromEntries(BASE_PRINCIPALS.map((p) => [p, "redirect:/"])) },
  { route: "/session/refresh", action: true, rule: pub, except: Object.fromEntries(BASE_PRINCIPALS.map((p) => [p, "redirect:/"])) },
  // Asks before a query-token link switches accounts; with no link waiting, everyone goes home.
  { route: "/session/switch", action: true, rule: landing, except: { anonymous: "welcome" } },
  // Downloads (DESIGN §6): the applicant, the facility that registered the application, and the reviewers who
  // may see that application; anyone else gets 404 (the API's refusal reads as "not found").
  {
    route: "/files/:id",
    object: "applicantFile",
    rule: loggedIn(),
    except: { role5: "notFound", role6: "notFound", role8: "notFound", role8u: "notFound", otherApplicant: "notFound", otherFacility: "notFound" },
  },
  {
    route: "/files/:id",
    object: "facilityFile",
    rule: loggedIn(),
    // The demo facility's application is an OTH one at stage 21 (document check by 2 and 4)
    except: { role3: "notFound", role5: "notFound", role6: "notFound", role8u: "notFound", otherApplicant: "notFound", otherFacility: "notFound" },
  },
  // Unknown routes: 404 for everyone
  { route: "/*", action: true, rule: pub, except: Object.fromEntries(BASE_PRINCIPALS.map((p) => [p, "notFound"])) },
];

/** Where each role's work starts (domain/guards homePathFor, repeated to keep this module dependency-light). */
function homeOf(roleId: number): string {
  if (roleId === ROLE.APPLICANT) return "/";
  if (roleId === ROLE.ADMIN_FASYANKES) return "/dashboard";
  if (roleId === ROLE.ADMIN || roleId === ROLE.SUBKOMITE_EVALUASI) return "/application-list";
  return "/application";
}

/** Outcomes that refuse: a POST to the row's action must be refused the same way. */
const REFUSALS: readonly PortalOutcome[] = ["login", "welcome", "home", "notFound", "forbidden"];

/**
 * The denied cells of every row with an action, as empty POSTs. Allowed cells are not posted: an action
 * that lets the user through would act on the post.
 */
export function actionMatrix(rows: readonly PortalRow[] = PORTAL_ROWS): PortalCell[] {
  return rows
    .filter((r) => r.action && (r.method ?? "GET") === "GET")
    .flatMap((row) =>
      portalMatrix([row])
        .filter((c) => REFUSALS.includes(c.expected))
        .map((c) => ({ ...c, method: "POST" as const, expected: row.actionExcept?.[c.principal] ?? c.expected })),
    );
}

/** The outcome of one portal cell by the row's rule (before its exceptions). */
export function ruleOutcome(rule: PortalRule, principal: Principal): PortalOutcome {
  const role = PRINCIPAL_ROLE[principal];
  switch (rule.kind) {
    case "public":
      return "allow";
    case "landing":
      return role === null ? "allow" : "home";
    case "applicantArea":
      if (role === null) return "welcome";
      if (role === ROLE.APPLICANT) return "allow";
      if (role === ROLE.ADMIN_FASYANKES) return "home";
      return "welcome";
    case "dashboard":
      if (role === null) return "welcome";
      if (role === ROLE.ADMIN_FASYANKES) return "allow";
      if (role === ROLE.APPLICANT) return "home";
      return "welcome";
    case "loggedIn":
      if (role === null) return "login";
      if (!rule.roles || rule.roles.includes(role)) return "allow";
      // an applicant or a facility admin goes to their own area, session intact; staff are logged out
      return role === ROLE.APPLICANT || role === ROLE.ADMIN_FASYANKES ? "home" : "welcome";
  }
}

/** Objects that belong to an applicant or a facility: their rows also ask another applicant and another facility. */
export const OWNED_OBJECTS: readonly string[] = ["application", "applicantFile", "facilityFile", "registration"];

/** The principals of a row: every one on rows of owned objects, the base ones elsewhere. */
export function principalsOf(row: { object?: string }): readonly Principal[] {
  return row.object && OWNED_OBJECTS.includes(row.object) ? PRINCIPALS : BASE_PRINCIPALS;
}

export interface PortalCell {
  route: string;
  method: "GET" | "POST";
  object?: PortalObject;
  search?: string;
  principal: Principal;
  expected: PortalOutcome;
}

/** The full portal table, cell by cell. */
export function portalMatrix(rows: readonly PortalRow[] = PORTAL_ROWS): PortalCell[] {
  return rows.flatMap((row) =>
    principalsOf(row).map((principal) => ({
      route: row.route,
      method: row.method ?? "GET",
      object: row.object,
      search: row.search,
      principal,
      expected: row.except?.[principal] ?? ruleOutcome(row.rule, principal),
    })),
  );
}

/** The Location a redirect outcome names for `principal` at `url` (null for non-redirects). */
export function expectedLocation(outcome: PortalOutcome, principal: Principal, url: string): string | null {
  if (outcome === "login") return `/login?redirectTo=${encodeURIComponent(url)}`;
  if (outcome === "welcome") return "/welcome";
  if (outcome === "home") return homeOf(PRINCIPAL_ROLE[principal] ?? 0);
  if (outcome.startsWith("redirect:")) return outcome.slice("redirect:".length);
  return null;
}

// ── API ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * What an API call answers (always with the API key):
 * - `allow`: the guards let it through — any status but 401, 403 and 404 (and never a 5xx). Writes are
 *   sent with an empty JSON body, so an allowed write stops at validation (400) and changes nothing;
 * - `unauthorized`: 401 (no or a dead token);
 * - `forbidden`: 403 (a role the endpoint is not for);
 * - `notFound`: 404 (someone else's object, or one the role may not see).
 */
export type ApiOutcome = "allow" | "unauthorized" | "forbidden" | "notFound";

/** What a path parameter names; the e2e spec finds a concrete value of each at run time. */
export type ApiObject =
  | "application"
  | "applicantFile"
  | "user"
  | "specialization"
  | "institution"
  | "position"
  | "announcement"
  | "testSchedule"
  | "facilityAdmin"
  /** an application role8 registered (GET /registrations/{id}) */
  | "registration"
  /** an id that names nothing: used where an allowed call without a body would change data */
  | "none";

export type ApiRule =
  /** no token needed */
  | { kind: "public" }
  /** any logged-in user */
  | { kind: "user" }
  /** logged-in users of these roles; others 403 */
  | { kind: "roles"; roles: readonly number[] };

export interface ApiRow {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The path as openapi.json writes it, without /api/v1 */
  path: string;
  /** What `{id}` names; object rows also carry otherApplicant and otherFacility. */
  object?: ApiObject;
  /**
   * The body of a write (default: an empty JSON object, refused by validation). A valid body where the
   * body is validated before the owner is checked, and the object's state refuses the write anyway.
   */
  body?: unknown;
  rule: ApiRule;
  except?: Partial<Record<Principal, ApiOutcome>>;
}

const open: ApiRule = { kind: "public" };
const user: ApiRule = { kind: "user" };
const only = (...roles: number[]): ApiRule => ({ kind: "roles", roles });
const STAFF = STAFF_ROLES;

/**
 * Calls on the applicant's own application: the owner passes; anyone else logged in gets 404, whatever the
 * role (ids reveal nothing).
 */
const ownApplication: ApiRule = { kind: "roles", roles: [ROLE.APPLICANT] };
const applicantObject = (): Partial<Record<Principal, ApiOutcome>> =>
  Object.fromEntries(PRINCIPALS.filter((p) => p !== "anonymous" && p !== "role3").map((p) => [p, "notFound"]));
/** Review calls on the stage-1 application: 404 for the reviewers who cannot see it yet. */
/** An endpoint that does not exist for staff: 404 rather than 403. */
const STAFF_NOT_FOUND: Partial<Record<Principal, ApiOutcome>> = {
  role1: "notFound",
  role2: "notFound",
  role4: "notFound",
  role5: "notFound",
  role6: "notFound",
  role7: "notFound",
};
const REVIEW_HIDDEN: Partial<Record<Principal, ApiOutcome>> = { role5: "notFound", role6: "notFound" };
/**
 * Review writes validate the body before they look the application up, so an empty body is refused with
 * 400 for every staff role, whatever the id (nothing is revealed, nothing changes).
 */
const REVIEW_WRITE: Partial<Record<Principal, ApiOutcome>> = { role5: "allow", role6: "allow" };
/** Calls on an id that names nothing: the allowed roles get 404, everyone else is stopped before. */
const nothingThere = (roles: readonly number[]): Partial<Record<Principal, ApiOutcome>> =>
  Object.fromEntries(PRINCIPALS.filter((p) => roles.includes(PRINCIPAL_ROLE[p] ?? 0)).map((p) => [p, "notFound"]));

const adminRef = (base: string, roles: readonly number[], object: ApiObject): ApiRow[] => [
  { method: "GET", path: base, rule: only(...roles) },
  { method: "POST", path: base, rule: only(...roles) },
  { method: "GET", path: `${base}/{id}`, object, rule: only(...roles) },
  { method: "PUT", path: `${base}/{id}`, object, rule: only(...roles) },
  { method: "POST", path: `${base}/{id}/deactivate`, object: "none", rule: only(...roles), except: nothingThere(roles) },
  { method: "POST", path: `${base}/{id}/activate`, object: "none", rule: only(...roles), except: nothingThere(roles) },
];

export const API_ROWS: readonly ApiRow[] = [
  // Sessions (spec §7)
  { method: "POST", path: "/login", rule: open },
  { method: "POST", path: "/refresh", rule: open },
  { method: "POST", path: "/revoke", rule: open },
  { method: "GET", path: "/admin/get-me", rule: user },
  { method: "POST", path: "/me/password", rule: user },
  // The access log: the caller's own (an applicant's, a facility's registered professionals'); other roles: no such endpoint
  { method: "GET", path: "/me/access-log", rule: only(...DATA_SUBJECT_ROLES), except: STAFF_NOT_FOUND },
  { method: "GET", path: "/admin/access-log", rule: only(ROLE.SUPER_ADMIN) },
  // Download my data: the applicant's own ZIP (404 to everyone else); a facility's for a professional it registered
  { method: "GET", path: "/me/data-export", rule: only(ROLE.APPLICANT), except: { ...STAFF_NOT_FOUND, role8: "notFound", role8u: "notFound" } },
  {
    method: "GET",
    path: "/registrations/{id}/data-export",
    object: "registration",
    rule: only(ROLE.ADMIN_FASYANKES),
    except: { ...STAFF_NOT_FOUND, role3: "notFound", role8u: "notFound", otherApplicant: "notFound", otherFacility: "notFound" },
  },
  // Its size before it starts (the link says it): the same door as the download
  { method: "GET", path: "/me/data-export/size", rule: only(ROLE.APPLICANT), except: { ...STAFF_NOT_FOUND, role8: "notFound", role8u: "notFound" } },
  {
    method: "GET",
    path: "/registrations/{id}/data-export/size",
    object: "registration",
    rule: only(ROLE.ADMIN_FASYANKES),
    except: { ...STAFF_NOT_FOUND, role3: "notFound", role8u: "notFound", otherApplicant: "notFound", otherFacility: "notFound" },
  },
  // Retention: the Super Admin's planned deletions; an applicant deletes their own account (the matrix's
  // applicant has a submitted application: 409, nothing deleted); for every other role no such endpoint
  { method: "GET", path: "/admin/retention", rule: only(ROLE.SUPER_ADMIN) },
  // The queue at a glance (/kinerja): counts over every file, for both admins
  { method: "GET", path: "/admin/performance", rule: only(ROLE.SUPER_ADMIN, ROLE.ADMIN) },
  { method: "DELETE", path: "/me/account", rule: only(ROLE.APPLICANT), except: applicantObject() },
  // A deletion request (an applicant with a submitted application asks, the Super Admin decides). The
  // matrix sends a note that is no text, so the applicant's call is refused with 400 and asks nothing.
  { method: "GET", path: "/me/deletion-request", rule: only(ROLE.APPLICANT), except: applicantObject() },
  { method: "POST", path: "/me/deletion-request", body: { note: 42 }, rule: only(ROLE.APPLICANT), except: applicantObject() },
  { method: "GET", path: "/admin/deletion-requests", rule: only(ROLE.SUPER_ADMIN) },
  // The body is read first: an empty one is refused with 400, on an id that names nothing, to be safe
  { method: "POST", path: "/admin/deletion-requests/{id}/decision", object: "none", rule: only(ROLE.SUPER_ADMIN) },
  // Decision letters: the holder's (a facility's: of those it registered) list and PDF (the PDF asks for a number:
  // 400 past the gate), the public verification and keys, the Super Admin's revocation and new letter
  { method: "GET", path: "/me/letters", rule: only(...DATA_SUBJECT_ROLES), except: STAFF_NOT_FOUND },
  { method: "GET", path: "/me/letters/pdf", rule: only(...DATA_SUBJECT_ROLES), except: STAFF_NOT_FOUND },
  { method: "GET", path: "/public/letter-keys", rule: open },
  { method: "POST", path: "/public/letters/verify-token", rule: open },
  { method: "POST", path: "/public/letters/verify", rule: open },
  { method: "GET", path: "/admin/applications/{id}/letters", object: "none", rule: only(ROLE.SUPER_ADMIN), except: nothingThere([ROLE.SUPER_ADMIN]) },
  { method: "POST", path: "/admin/applications/{id}/letters", object: "none", rule: only(ROLE.SUPER_ADMIN), except: nothingThere([ROLE.SUPER_ADMIN]) },
  { method: "POST", path: "/admin/letters/revoke", rule: only(ROLE.SUPER_ADMIN) },
  // Accounts
  { method: "POST", path: "/register/citizen", rule: open },
  { method: "POST", path: "/register/foreign", rule: open },
  { method: "POST", path: "/account/activate", rule: open },
  { method: "POST", path: "/account/activation/resend", rule: open },
  { method: "POST", path: "/password/forgot", rule: open },
  { method: "GET", path: "/password/reset", rule: open },
  { method: "POST", path: "/password/reset", rule: open },
  // The facility admin's own account
  { method: "POST", path: "/register/facility", rule: open },
  { method: "GET", path: "/me/facility", rule: only(ROLE.ADMIN_FASYANKES) },
  { method: "PUT", path: "/me/facility", rule: only(ROLE.ADMIN_FASYANKES) },
  { method: "GET", path: "/me/facility/position-options", rule: only(ROLE.ADMIN_FASYANKES) },
  { method: "GET", path: "/me/facility/dashboard", rule: only(ROLE.ADMIN_FASYANKES) },
  // Public reference data
  { method: "GET", path: "/config/public", rule: open },
  { method: "GET", path: "/countries", rule: open },
  { method: "GET", path: "/document-requirements", rule: open },
  { method: "GET", path: "/test-schedules", rule: open },
  { method: "GET", path: "/institutions", rule: open },
  { method: "GET", path: "/specializations", rule: open },
  { method: "GET", path: "/achievement-types", rule: open },
  { method: "GET", path: "/cms/welcome", rule: open },
  // Aggregates only (/waktu-proses)
  { method: "GET", path: "/public/processing-times", rule: open },
  // Public; the demo data has no guidebook uploaded, so everyone gets 404
  { method: "GET", path: "/cms/guidebook", rule: open, except: Object.fromEntries(BASE_PRINCIPALS.map((p) => [p, "notFound"])) },
  // The applicant's own profile and application
  { method: "GET", path: "/me/profile", rule: user },
  { method: "PUT", path: "/me/profile", rule: user },
  { method: "POST", path: "/me/profile/photo", rule: user },
  { method: "GET", path: "/applications/current", rule: user },
  { method: "GET", path: "/applications/current/summary", rule: user },
  // Applicants only (facility admins register through /registrations); a valid body, since the role is checked
  // after validation: role3 already has an open application (409), so nothing is created
  { method: "POST", path: "/applications", body: { jalur_id: "REG" }, rule: only(ROLE.APPLICANT) },
  { method: "GET", path: "/applications/{id}", object: "application", rule: ownApplication, except: applicantObject() },
  { method: "PUT", path: "/applications/{id}/jalur", object: "application", body: { jalur_id: "REG" }, rule: ownApplication, except: applicantObject() },
  { method: "POST", path: "/applications/{id}/documents", object: "application", rule: ownApplication, except: applicantObject() },
  { method: "DELETE", path: "/applications/{id}/documents/{requirementId}", object: "application", rule: ownApplication, except: applicantObject() },
  { method: "POST", path: "/applications/{id}/submit", object: "application", rule: ownApplication, except: applicantObject() },
  { method: "POST", path: "/applications/{id}/reupload", object: "application", rule: ownApplication, except: applicantObject() },
  { method: "POST", path: "/applications/{id}/reupload/submit", object: "application", rule: ownApplication, except: applicantObject() },
  // Every version of every document: the owner only (the registering facility too, proven in file-history.test.ts)
  { method: "GET", path: "/applications/{id}/file-history", object: "application", rule: ownApplication, except: applicantObject() },
  { method: "GET", path: "/applications/{id}/portfolio", object: "application", rule: ownApplication, except: applicantObject() },
  { method: "PUT", path: "/applications/{id}/portfolio", object: "application", body: { entries: [] }, rule: ownApplication, except: applicantObject() },
  { method: "GET", path: "/applications/{id}/achievements", object: "application", rule: ownApplication, except: applicantObject() },
  {
    method: "PUT",
    path: "/applications/{id}/achievements",
    object: "application",
    body: { items: [], done: false },
    rule: ownApplication,
    except: applicantObject(),
  },
  // The additional documents of an application: its applicant, and the reviewers who may see it
  {
    method: "GET",
    path: "/applications/{id}/additional-requirements",
    object: "application",
    rule: user,
    except: { role5: "notFound", role6: "notFound", role8: "notFound", role8u: "notFound", otherApplicant: "notFound", otherFacility: "notFound" },
  },
  // No request exists on role3's fresh application ({requestId} names nothing), so even the owner gets 404
  {
    method: "POST",
    path: "/applications/{id}/additional-requirements/{requestId}/file",
    object: "application",
    rule: ownApplication,
    except: { ...applicantObject(), role3: "notFound" },
  },
  // Downloads: owner, registering facility, reviewers who may see the application; 404 for anyone else
  {
    method: "GET",
    path: "/files/{id}",
    object: "applicantFile",
    rule: user,
    except: { role5: "notFound", role6: "notFound", role8: "notFound", role8u: "notFound", otherApplicant: "notFound", otherFacility: "notFound" },
  },
  // A verified facility admin's registrations (DESIGN §4, docs/decisions/010-facility-registrations.md)
  { method: "GET", path: "/activity-kinds", rule: user },
  { method: "GET", path: "/registrations", rule: only(ROLE.ADMIN_FASYANKES), except: { role8u: "forbidden" } },
  { method: "POST", path: "/registrations", rule: only(ROLE.ADMIN_FASYANKES), except: { role8u: "forbidden" } },
  {
    method: "GET",
    path: "/registrations/{id}",
    object: "registration",
    rule: only(ROLE.ADMIN_FASYANKES),
    except: { role8u: "forbidden", otherFacility: "notFound" },
  },
  // Review
  { method: "GET", path: "/review/applications", rule: only(...STAFF) },
  { method: "GET", path: "/review/applications.csv", rule: only(...STAFF) },
  { method: "GET", path: "/review/applications/{id}", object: "application", rule: only(...STAFF), except: REVIEW_HIDDEN },
  { method: "POST", path: "/review/applications/{id}/decisions", object: "application", rule: only(...STAFF), except: REVIEW_WRITE },
  // Only staff may ask; to anyone else this endpoint reads "not found" (checked before the body is read)
  {
    method: "POST",
    path: "/review/applications/{id}/additional-requirements",
    object: "application",
    rule: only(...STAFF),
    except: {
      ...REVIEW_WRITE,
      ...Object.fromEntries(PRINCIPALS.filter((p) => p !== "anonymous" && !STAFF.includes(PRINCIPAL_ROLE[p] ?? 0)).map((p) => [p, "notFound"])),
    },
  },
  // Administration
  { method: "GET", path: "/admin/users", rule: only(ROLE.SUPER_ADMIN) },
  { method: "POST", path: "/admin/users", rule: only(ROLE.SUPER_ADMIN) },
  { method: "GET", path: "/admin/users/{id}", object: "user", rule: only(ROLE.SUPER_ADMIN) },
  { method: "PUT", path: "/admin/users/{id}", object: "user", rule: only(ROLE.SUPER_ADMIN) },
  // These two read a body first: an empty one is refused with 400 (on an id that names nothing, to be safe)
  { method: "POST", path: "/admin/users/{id}/deactivate", object: "none", rule: only(ROLE.SUPER_ADMIN) },
  { method: "POST", path: "/admin/users/{id}/reactivate", object: "none", rule: only(ROLE.SUPER_ADMIN) },
  { method: "POST", path: "/admin/users/{id}/password-reset", object: "none", rule: only(ROLE.SUPER_ADMIN), except: nothingThere([ROLE.SUPER_ADMIN]) },
  { method: "GET", path: "/admin/sla", rule: only(ROLE.SUPER_ADMIN) },
  { method: "PUT", path: "/admin/sla", rule: only(ROLE.SUPER_ADMIN) },
  { method: "PUT", path: "/admin/committee-name", rule: only(ROLE.SUPER_ADMIN) },
  { method: "GET", path: "/admin/mail-outbox/failed", rule: only(ROLE.SUPER_ADMIN) },
  { method: "GET", path: "/admin/mail-outbox/delivery", rule: only(ROLE.SUPER_ADMIN) },
  { method: "POST", path: "/admin/mail-outbox/{id}/resend", object: "none", rule: only(ROLE.SUPER_ADMIN), except: nothingThere([ROLE.SUPER_ADMIN]) },
  { method: "GET", path: "/admin/position-options", rule: only(ROLE.SUPER_ADMIN, ROLE.ADMIN) },
  ...adminRef("/admin/specializations", [ROLE.SUPER_ADMIN], "specialization"),
  { method: "DELETE", path: "/admin/specializations/{id}", object: "none", rule: only(ROLE.SUPER_ADMIN), except: nothingThere([ROLE.SUPER_ADMIN]) },
  ...adminRef("/admin/institutions", [ROLE.SUPER_ADMIN], "institution"),
  { method: "DELETE", path: "/admin/institutions/{id}", object: "none", rule: only(ROLE.SUPER_ADMIN), except: nothingThere([ROLE.SUPER_ADMIN]) },
  ...adminRef("/admin/positions", [ROLE.ADMIN], "position"),
  { method: "DELETE", path: "/admin/positions/{id}", object: "none", rule: only(ROLE.ADMIN), except: nothingThere([ROLE.ADMIN]) },
  // CMS
  { method: "GET", path: "/admin/cms", rule: only(ROLE.ADMIN) },
  { method: "PUT", path: "/admin/cms/welcome", rule: only(ROLE.ADMIN) },
  { method: "PUT", path: "/admin/cms/navbar-links", rule: only(ROLE.ADMIN) },
  { method: "PUT", path: "/admin/cms/faq", rule: only(ROLE.ADMIN) },
  { method: "POST", path: "/admin/cms/guidebook", rule: only(ROLE.ADMIN) },
  { method: "POST", path: "/admin/cms/announcements", rule: only(ROLE.ADMIN) },
  { method: "GET", path: "/admin/cms/announcements/{id}", object: "announcement", rule: only(ROLE.ADMIN) },
  { method: "PUT", path: "/admin/cms/announcements/{id}", object: "announcement", rule: only(ROLE.ADMIN) },
  { method: "POST", path: "/admin/cms/announcements/{id}/deactivate", object: "none", rule: only(ROLE.ADMIN), except: nothingThere([ROLE.ADMIN]) },
  { method: "POST", path: "/admin/cms/announcements/{id}/activate", object: "none", rule: only(ROLE.ADMIN), except: nothingThere([ROLE.ADMIN]) },
  { method: "POST", path: "/admin/test-schedules", rule: only(ROLE.ADMIN) },
  { method: "GET", path: "/admin/test-schedules/{id}", object: "testSchedule", rule: only(ROLE.ADMIN) },
  { method: "PUT", path: "/admin/test-schedules/{id}", object: "testSchedule", rule: only(ROLE.ADMIN) },
  { method: "POST", path: "/admin/test-schedules/{id}/deactivate", object: "none", rule: only(ROLE.ADMIN), except: nothingThere([ROLE.ADMIN]) },
  { method: "POST", path: "/admin/test-schedules/{id}/activate", object: "none", rule: only(ROLE.ADMIN), except: nothingThere([ROLE.ADMIN]) },
  // Facility admins and their verification
  { method: "GET", path: "/admin/facilities", rule: only(ROLE.ADMIN) },
  { method: "POST", path: "/admin/facilities", rule: only(ROLE.ADMIN) },
  { method: "GET", path: "/admin/facilities/{id}", object: "facilityAdmin", rule: only(ROLE.ADMIN) },
  { method: "POST", path: "/admin/facilities/{id}/verify", object: "facilityAdmin", rule: only(ROLE.ADMIN) },
];

export function apiRuleOutcome(rule: ApiRule, principal: Principal): ApiOutcome {
  const role = PRINCIPAL_ROLE[principal];
  if (rule.kind === "public") return "allow";
  if (role === null) return "unauthorized";
  if (rule.kind === "user") return "allow";
  return rule.roles.includes(role) ? "allow" : "forbidden";
}

export interface ApiCell {
  method: ApiRow["method"];
  path: string;
  object?: ApiObject;
  body?: unknown;
  principal: Principal;
  expected: ApiOutcome;
}

/** The full API table, cell by cell. */
export function apiMatrix(rows: readonly ApiRow[] = API_ROWS): ApiCell[] {
  return rows.flatMap((row) =>
    principalsOf(row).map((principal) => ({
      method: row.method,
      path: row.path,
      object: row.object,
      body: row.body,
      principal,
      expected: row.except?.[principal] ?? apiRuleOutcome(row.rule, principal),
    })),
  );
}

/** "METHOD /path" of every API row, to compare with the OpenAPI document. */
export function apiRoster(rows: readonly ApiRow[] = API_ROWS): string[] {
  return rows.map((r) => `${r.method} ${r.path}`).sort();
}
