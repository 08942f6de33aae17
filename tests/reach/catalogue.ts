// Every page of every role (issue 7), with the demo data of DESIGN §7: who looks at it and where.
// The page-weight, accessibility and HTML checks walk this one list; a new page belongs here.

export interface PageSpec {
  /** the URL to open; with `follow`, the list page whose first matching link is opened instead */
  path: string;
  /** opens the first link on `path` whose href matches (detail pages with ids) */
  follow?: RegExp;
}

export interface Visitor {
  /** a demo account (password Adaptasi#2026), or null for a visitor who is not logged in */
  email: string | null;
  /** a short name for reports */
  who: string;
  pages: PageSpec[];
}

const p = (path: string, follow?: RegExp): PageSpec => ({ path, follow });
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

export const CATALOGUE: readonly Visitor[] = [
  {
    email: null,
    who: "tamu",
    pages: [
      p("/welcome"),
      p("/login"),
      p("/sign-up"),
      p("/sign-up/fasyankes"),
      p("/wna/login"),
      p("/wna/sign-up/welcome"),
      p("/wna/sign-up"),
      p("/forgot-password"),
      p("/forgot-password/email-send"),
      p("/forgot-password/change-success"),
      p("/account-activation"),
      p("/account-activation/success-resend"),
      p("/sign-up/result"),
      p("/error"),
    ],
  },
  {
    // role 3 without an application: the start of the journey
    email: "pemohon@adaptasi.test",
    who: "pemohon",
    pages: [
      p("/"),
      p("/personal-data"),
      p("/personal-data/upload-file"),
      p("/registration-path"),
      p("/evaluation-requirements"),
      p("/test-schedule"),
      p("/profile"),
      p("/application-status"),
    ],
  },
  {
    // role 3, REG draft (rule 12): the upload form
    email: "pemohon.demo01@adaptasi.test",
    who: "pemohon draf",
    pages: [p("/"), p("/registration-path/confirmation"), p("/submission-form"), p("/submission-form/adaptation-form"), p("/application-status")],
  },
  {
    // role 3, SPE asked to reupload (rule 3): reupload form and the SPE extras
    email: "pemohon.demo03@adaptasi.test",
    who: "pemohon SPE perbaikan",
    pages: [
      p("/"),
      p("/submission-form/reupload-form"),
      p("/application-status"),
      p("/application-status/application-status-detail"),
      p("/portfolio"),
      p("/portfolio/form"),
      p("/portfolio/additional-requirements"),
      p("/performance-achievement"),
    ],
  },
  {
    email: "superadmin@adaptasi.test",
    who: "super admin",
    pages: [
      p("/application"),
      p("/application", new RegExp(`^/application/${UUID}$`)),
      p("/user-list"),
      p("/user-list/new"),
      p("/user-list", new RegExp(`^/user-list/${UUID}$`)),
      p("/sla-setting"),
      p("/specialization-list"),
      p("/specialization-list", /^\/specialization-list\/\d+$/),
      p("/institution-list"),
      p("/institution-list", /^\/institution-list\/\d+$/),
      p("/profile"),
    ],
  },
  {
    email: "admin@adaptasi.test",
    who: "admin",
    pages: [
      p("/application-list"),
      p("/application-list", new RegExp(`^/application-list/${UUID}$`)),
      p("/admin-fasyankes-list"),
      p("/admin-fasyankes-list/new"),
      p("/admin-fasyankes-list", new RegExp(`^/admin-fasyankes-list/${UUID}$`)),
      p("/master-position"),
      p("/master-position", /^\/master-position\/\d+$/),
      p("/master-cms"),
    ],
  },
  { email: "subkomite@adaptasi.test", who: "sub-komite", pages: [p("/application-list"), p("/application-list", new RegExp(`^/application-list/${UUID}$`))] },
  { email: "pembekalan@adaptasi.test", who: "pembekalan", pages: [p("/application")] },
  { email: "kolegium@adaptasi.test", who: "kolegium", pages: [p("/application"), p("/application", new RegExp(`^/application/${UUID}$`))] },
  { email: "kki@adaptasi.test", who: "kki", pages: [p("/application")] },
  {
    email: "fasyankes@adaptasi.test",
    who: "fasyankes",
    pages: [
      p("/dashboard"),
      p("/personal-data"),
      p("/registration-path"),
      p("/register-competency-evaluation"),
      p("/register-competency-evaluation/registration-path"),
      p("/register-competency-evaluation/path/regular"),
      p("/register-competency-evaluation/path/exception"),
      p("/register-competency-evaluation/path/1"),
      p("/application-status"),
      p("/application-status", /^\/application-status\/application-status-detail\?id=/),
    ],
  },
  { email: "fasyankes.baru@adaptasi.test", who: "fasyankes baru", pages: [p("/dashboard"), p("/personal-data")] },
];
