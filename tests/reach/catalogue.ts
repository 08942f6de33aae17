// Every page of every role, with the demo data of DESIGN §7: who looks at it and where.
// The page-weight, accessibility and HTML checks walk this one list; a new page belongs here.

export interface PageSpec {
  /** the URL to open; with `follow`, the list page whose first matching link is opened instead */
  path: string;
  /** opens the first link on `path` whose href matches (detail pages with ids) */
  follow?: RegExp;
  /** then opens the first link on that page whose href matches (a page two links deep, e.g. a document of a detail) */
  then?: RegExp;
  /**
   * A form (CSS selector) to send once with its fields emptied, so the page is checked in its
   * validation-error state too (axe with JavaScript, the Nu checker without). Only forms that refuse
   * empty input, so nothing is changed.
   */
  invalid?: string;
}

export interface Visitor {
  /** a demo account (password Adaptasi#2026), or null for a visitor who is not logged in */
  email: string | null;
  /** a short name for reports */
  who: string;
  pages: PageSpec[];
}

const p = (path: string, follow?: RegExp): PageSpec => ({ path, follow });
const withErrors = (path: string, invalid: string, follow?: RegExp): PageSpec => ({ path, follow, invalid });
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/**
 * The file a reviewer's pages are weighed on: the demo file built to be the heaviest (api/seed/applications.ts) —
 * the longest timeline (a decision at every stage of its path, notes included) and every document — which every
 * staff role sees, since it reached every stage. Found by its applicant's name, so what other tests leave in the
 * lists (newest first) is never what is weighed; tests/reach/catalogue.test.ts checks it is still the heaviest.
 */
export const HEAVIEST_DEMO_FILE = "dr. Nadia Rahmawati";
const heaviestIn = (base: string) => `${base}?tab=all&q=${encodeURIComponent(HEAVIEST_DEMO_FILE)}`;
/** A review list's detail page of the heaviest demo file. */
const heaviestFile = (base: string): PageSpec => ({ path: heaviestIn(base), follow: new RegExp(`^${base}/${UUID}$`) });
/** The document viewer's page of the first document of the heaviest demo file (`base` is its list). */
const documentOf = (base: string): PageSpec => ({
  path: heaviestIn(base),
  follow: new RegExp(`^${base}/${UUID}$`),
  then: new RegExp(`^${base}/${UUID}/documents/\\d+\\?version=\\d+$`),
});

export const CATALOGUE: readonly Visitor[] = [
  {
    email: null,
    who: "tamu",
    pages: [
      p("/welcome"),
      p("/waktu-proses"),
      withErrors("/verifikasi", "#letter-verify"),
      // a token nobody signed: the page's "unknown" answer
      p("/verifikasi/bukan.token.sah"),
      withErrors("/login", "#login"),
      withErrors("/sign-up", "#sign-up"),
      withErrors("/sign-up/fasyankes", "#facility-sign-up"),
      p("/wna/login"),
      withErrors("/wna/sign-up/welcome", "#wna-welcome"),
      p("/wna/sign-up"),
      p("/wna/sign-up/result"),
      p("/forgot-password"),
      withErrors("/forgot-password/email", "#forgot-password"),
      p("/forgot-password/email-send"),
      p("/forgot-password/change-success"),
      withErrors("/account-activation", "#resend-activation"),
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
      p("/waktu-proses"),
      p("/personal-data"),
      p("/personal-data/upload-file"),
      withErrors("/registration-path", "#registration-path"),
      p("/evaluation-requirements"),
      p("/test-schedule"),
      withErrors("/profile", "#change-password"),
      p("/profile/hapus-akun"),
      p("/application-status"),
    ],
  },
  {
    // role 3, REG draft (rule 12): the upload form
    email: "pemohon.demo01@adaptasi.test",
    who: "pemohon draf",
    pages: [
      p("/"),
      p("/registration-path/confirmation"),
      p("/submission-form"),
      p("/submission-form/adaptation-form"),
      p("/submission-form/adaptation-form?intent=check"),
      p("/application-status"),
    ],
  },
  {
    // role 3, SPE asked to reupload (rule 3): reupload form and the SPE extras
    email: "pemohon.demo03@adaptasi.test",
    who: "pemohon SPE perbaikan",
    pages: [
      p("/"),
      p("/submission-form/reupload-form"),
      // "Periksa kembali" of the reupload (what goes back, before it is sent), as KIRIM PERBAIKAN leads to it
      p("/submission-form/reupload-form?intent=check"),
      p("/application-status"),
      p("/application-status/application-status-detail"),
      p("/application-status/file-history"),
      p("/profile/unduh-data"),
      p("/portfolio"),
      withErrors("/portfolio/form", "#portfolio"),
      p("/portfolio/additional-requirements"),
      withErrors("/performance-achievement", "#achievement"),
    ],
  },
  {
    // role 3 whose file ended (the heaviest demo file, failed at its last stage): the decision letter listed
    email: "pemohon.demo13@adaptasi.test",
    who: "pemohon berkas selesai",
    pages: [p("/application-status"), p("/application-status/file-history")],
  },
  {
    email: "superadmin@adaptasi.test",
    who: "super admin",
    pages: [
      p("/application"),
      heaviestFile("/application"),
      documentOf("/application"),
      p("/user-list"),
      withErrors("/user-list/new", "#new-user"),
      p("/user-list", new RegExp(`^/user-list/${UUID}$`)),
      withErrors("/sla-setting", "#sla"),
      // the heaviest demo file ended (failed at its last stage): its decision letter, with the revoke form
      { path: heaviestIn("/application"), follow: new RegExp(`^/application/${UUID}$`), then: new RegExp(`^/application/${UUID}/surat$`) },
      p("/mail-outbox"),
      p("/retention"),
      p("/deletion-requests"),
      p("/kinerja"),
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
      heaviestFile("/application-list"),
      documentOf("/application-list"),
      p("/admin-fasyankes-list"),
      withErrors("/admin-fasyankes-list/new", "#new-facility-admin"),
      p("/admin-fasyankes-list", new RegExp(`^/admin-fasyankes-list/${UUID}$`)),
      p("/master-position"),
      p("/master-position", /^\/master-position\/\d+$/),
      p("/master-cms"),
      withErrors("/master-cms/announcements/new", "#announcement"),
      withErrors("/master-cms/test-schedules/new", "#test-schedule"),
      p("/master-cms/guidebook"),
      p("/kinerja?jalur=REG"),
    ],
  },
  { email: "subkomite@adaptasi.test", who: "sub-komite", pages: [p("/application-list"), heaviestFile("/application-list")] },
  { email: "pembekalan@adaptasi.test", who: "pembekalan", pages: [p("/application")] },
  {
    email: "kolegium@adaptasi.test",
    who: "kolegium",
    pages: [
      p("/application"),
      heaviestFile("/application"),
      // A file waiting for this role's decision (the first of its list): the decision form in its error state.
      withErrors("/application", 'form[id^="decision-"]', new RegExp(`^/application/${UUID}$`)),
    ],
  },
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
      withErrors("/register-competency-evaluation/path/1", "#professional"),
      p("/application-status"),
      p("/application-status", /^\/application-status\/application-status-detail\?id=/),
      // Download a registered professional's data: the page the detail links to
      { path: "/application-status", follow: /^\/application-status\/application-status-detail\?id=/, then: /^\/profile\/unduh-data\?id=/ },
    ],
  },
  { email: "fasyankes.baru@adaptasi.test", who: "fasyankes baru", pages: [p("/dashboard"), p("/personal-data")] },
];
