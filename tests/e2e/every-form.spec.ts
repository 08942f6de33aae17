import fs from "node:fs";
import path from "node:path";
import { test as plain, type Page, type TestInfo } from "@playwright/test";
import { ACCOUNTS, confirmYes, expectPath, field, fillDate, fillLoginForm, startSession, type AccountKey } from "./fixtures";
import { NEW_PASSWORD } from "./accounts-fixtures";
import { expect, freshApplicant, pdfFile, test, uploadDocument } from "./applicant-fixtures";
import { exportsAction, routeModules } from "../route-modules";

// "Works without JavaScript": every form of the portal is submitted once with valid data, with
// JavaScript off. FORMS has one row per form action (route module × intent): either a test below fills the
// form in as a person would and checks what the portal answers, or the row names the journey spec that
// already does so in the nojs project. The first test fails when a route gains an action or an intent
// without a row. Invalid data for every form: bad-input-forms.spec.ts; every page: reach.spec.ts.

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the no-JavaScript proof: the js project runs the journeys already");

interface FormRow {
  /** the route module under app/routes */
  route: string;
  /** the value the action tells the forms apart by (a button's or hidden input's `intent`, or `?intent=` in formAction) */
  intent?: string;
  page: string;
  /** the form: its submit button's name as the page shows it */
  form: string;
  by: string;
  /** a test of this file */
  test?: string;
  /** "<spec file> › <test title>": a spec of the nojs (or final/last) project that submits this form validly */
  coveredBy?: string;
  /** an endpoint no form posts to without JavaScript: why */
  noForm?: string;
}

const T = {
  profile: "profile: a fresh applicant changes the password and logs in with the new one",
  users: "user-list: the Super Admin creates a staff account, edits it, sends a reset mail, deactivates and reactivates it",
  specialization: "specialization-list: the Super Admin adds a specialisation, renames, deactivates, activates and deletes it",
  institution: "institution-list: the Super Admin adds an institution, renames, deactivates, activates and deletes it",
  position: "master-position: the Admin adds a position, renames, deactivates, activates and deletes it",
  faq: "master-cms: the Admin saves the FAQ addresses as they are",
  announcement: "master-cms announcements: the Admin adds one, deactivates and activates it",
  schedule: "master-cms test schedules: the Admin adds one, deactivates and activates it",
  facilityDraft: "facility upload: a verified facility uploads one document by its own form (UNGGAH), then saves the draft (SIMPAN DRAF)",
} as const;

const ACCOUNTS_SPEC = "accounts.spec.ts";
const CITIZEN_JOURNEY = `${ACCOUNTS_SPEC} › a citizen signs up, activates the account from the mail, logs in and recovers the password`;
const FOREIGN_JOURNEY = `${ACCOUNTS_SPEC} › a foreign national signs up in two steps, activates, logs in at /wna/login and recovers the password`;
const REG_JOURNEY = "applicant.spec.ts › a new citizen completes personal data, the REG pathway and every document, submits, and sees 'Dalam Proses'";
const ACHIEVEMENTS = "applicant-spe.spec.ts › an SPE applicant records achievements, fixes a missing title, marks the section done and removes one";
const PORTFOLIO = "applicant-spe.spec.ts › an SPE applicant adds a portfolio entry after fixing a bad year, and removes it";
const EXTRA_DOCUMENT = "additional-requirements.spec.ts › the document-check reviewer asks for an extra document and the SPE applicant uploads it";
const FACILITY_REGISTRATION =
  "facility-registration.spec.ts › a verified facility registers a professional on an OTH path, uploads every document, submits, and the Admin finds it";
const REVIEW_REUPLOAD = "review-flow.spec.ts › REG: document check asks for a reupload, then every body passes the file to 'Sesuai'";
const DELETION_REJECTED = "deletion-request.spec.ts › a rejected request: the Super Admin gives a reason, the applicant reads it and may ask again";
const LETTER_CHECK =
  "letters.spec.ts › an OTH file carried to its last decision: the letter is downloaded, its QR verifies online and offline, the form needs the date of birth";
const LETTER_REVOKE = "letters.spec.ts › the Super Admin revokes a letter (Yes/No): its QR then answers revoked, and a new letter is issued";
const CMS_WELCOME = "cms.spec.ts › the Admin's welcome text and announcement show on /welcome at once; bad input changes nothing";

/** The edit page's buttons of the three reference lists. */
const ENTRY_BUTTON = { update: "Simpan", deactivate: "Nonaktifkan", activate: "Aktifkan Kembali", delete: "Hapus" } as const;

const FORMS: FormRow[] = [
  // Anonymous
  { route: "accounts/login.tsx", page: "/login", form: "MASUK", by: "an activated citizen", coveredBy: CITIZEN_JOURNEY },
  { route: "accounts/wna.login.tsx", page: "/wna/login (the same action)", form: "MASUK", by: "an activated foreign national", coveredBy: FOREIGN_JOURNEY },
  { route: "accounts/sign-up.tsx", page: "/sign-up", form: "DAFTAR", by: "anonymous", coveredBy: CITIZEN_JOURNEY },
  {
    route: "accounts/sign-up.fasyankes.tsx",
    page: "/sign-up/fasyankes",
    form: "DAFTAR",
    by: "anonymous",
    coveredBy: "facility-account.spec.ts › a facility admin signs up, activates, sends the facility data, is rejected with a reason and sends again",
  },
  { route: "accounts/wna.sign-up.welcome.tsx", page: "/wna/sign-up/welcome", form: "LANJUTKAN", by: "anonymous", coveredBy: FOREIGN_JOURNEY },
  { route: "accounts/wna.sign-up.tsx", page: "/wna/sign-up", form: "DAFTAR", by: "anonymous", coveredBy: FOREIGN_JOURNEY },
  {
    route: "accounts/wna.sign-up.tsx",
    intent: "change-choices",
    page: "/wna/sign-up",
    form: "Ubah (pilihan KEK dan jalur)",
    by: "anonymous",
    coveredBy: FOREIGN_JOURNEY,
  },
  { route: "accounts/account-activation.tsx", page: "/account-activation", form: "KIRIM ULANG TAUTAN AKTIVASI", by: "anonymous", coveredBy: CITIZEN_JOURNEY },
  { route: "accounts/forgot-password.email.tsx", page: "/forgot-password/email", form: "KIRIM TAUTAN", by: "anonymous", coveredBy: CITIZEN_JOURNEY },
  {
    route: "accounts/forgot-password.tsx",
    page: "/forgot-password?token=… (link from the mail)",
    form: "SIMPAN KATA SANDI",
    by: "anonymous",
    coveredBy: CITIZEN_JOURNEY,
  },
  {
    route: "accounts/session.switch.tsx",
    intent: "confirm",
    page: "/session/switch (a query-token link of another account)",
    form: "Masuk sebagai …",
    by: "a logged-in applicant",
    coveredBy: "guards.spec.ts › accepting switches to the other account and revokes the session it replaces",
  },
  {
    route: "accounts/session.switch.tsx",
    intent: "decline",
    page: "/session/switch (a query-token link of another account)",
    form: "Tetap sebagai …",
    by: "a logged-in applicant",
    coveredBy: "guards.spec.ts › declining keeps the applicant in their own account and cancels the link's session",
  },
  {
    route: "accounts/logout.ts",
    page: "every logged-in page (navbar KELUAR, user menu Logout)",
    form: "KELUAR",
    by: "an activated citizen",
    coveredBy: CITIZEN_JOURNEY,
  },
  // Every logged-in role
  { route: "accounts/profile.tsx", page: "/profile", form: "SIMPAN KATA SANDI", by: "a fresh applicant", test: T.profile },
  {
    route: "accounts/profile.hapus-akun.tsx",
    intent: "confirm",
    page: "/profile/hapus-akun",
    form: "Yes (Hapus Akun)",
    by: "an applicant who never submitted",
    coveredBy: "retention.spec.ts › an applicant who never submitted deletes their account from /profile",
  },
  {
    route: "accounts/profile.hapus-akun.tsx",
    intent: "request",
    page: "/profile/hapus-akun",
    form: "Kirim Permintaan, then Yes",
    by: "an applicant with a submitted application",
    coveredBy: DELETION_REJECTED,
  },
  // Applicant (role 3)
  { route: "applicant/personal-data.tsx", page: "/personal-data", form: "SIMPAN", by: "applicant", coveredBy: REG_JOURNEY },
  {
    route: "applicant/personal-data.tsx",
    page: "/personal-data",
    form: "Simpan dan kirim untuk verifikasi",
    by: "facility admin (role 8)",
    coveredBy: "facility-account.spec.ts › a facility admin signs up, activates, sends the facility data, is rejected with a reason and sends again",
  },
  { route: "applicant/personal-data.upload-file.tsx", page: "/personal-data/upload-file", form: "UNGGAH", by: "applicant", coveredBy: REG_JOURNEY },
  { route: "applicant/registration-path.tsx", page: "/registration-path", form: "LANJUTKAN", by: "applicant", coveredBy: REG_JOURNEY },
  {
    route: "applicant/registration-path.confirmation.tsx",
    page: "/registration-path/confirmation",
    form: "KONFIRMASI",
    by: "applicant",
    coveredBy: REG_JOURNEY,
  },
  {
    route: "applicant/submission-form.adaptation-form.tsx",
    intent: "upload",
    page: "/submission-form/adaptation-form",
    form: "UNGGAH (one form per document)",
    by: "applicant",
    coveredBy: REG_JOURNEY,
  },
  {
    route: "applicant/submission-form.adaptation-form.tsx",
    intent: "save",
    page: "/submission-form/adaptation-form",
    form: "SIMPAN DRAF",
    by: "applicant",
    coveredBy: REG_JOURNEY,
  },
  {
    route: "applicant/submission-form.adaptation-form.tsx",
    intent: "check",
    page: "/submission-form/adaptation-form",
    form: "KIRIM PERMOHONAN",
    by: "applicant",
    coveredBy: REG_JOURNEY,
  },
  {
    route: "applicant/submission-form.adaptation-form.tsx",
    intent: "confirm",
    page: "/submission-form/adaptation-form?intent=check",
    form: "Yes (Periksa kembali)",
    by: "applicant",
    coveredBy: REG_JOURNEY,
  },
  {
    route: "applicant/submission-form.reupload-form.tsx",
    intent: "check",
    page: "/submission-form/reupload-form",
    form: "KIRIM PERBAIKAN",
    by: "applicant",
    coveredBy: REVIEW_REUPLOAD,
  },
  {
    route: "applicant/submission-form.reupload-form.tsx",
    intent: "confirm",
    page: "/submission-form/reupload-form?intent=check",
    form: "Yes (Periksa kembali)",
    by: "applicant",
    coveredBy: REVIEW_REUPLOAD,
  },
  {
    route: "applicant/submission-form.reupload-form.tsx",
    intent: "upload",
    page: "/submission-form/reupload-form",
    form: "UNGGAH (one form per flagged document)",
    by: "applicant",
    coveredBy: REVIEW_REUPLOAD,
  },
  {
    route: "applicant/performance-achievement.tsx",
    intent: "add",
    page: "/performance-achievement",
    form: "TAMBAH",
    by: "SPE applicant",
    coveredBy: ACHIEVEMENTS,
  },
  {
    route: "applicant/performance-achievement.tsx",
    intent: "done",
    page: "/performance-achievement",
    form: "SIMPAN STATUS",
    by: "SPE applicant",
    coveredBy: ACHIEVEMENTS,
  },
  {
    route: "applicant/performance-achievement.tsx",
    intent: "remove",
    page: "/performance-achievement",
    form: "Hapus <judul>",
    by: "SPE applicant",
    coveredBy: ACHIEVEMENTS,
  },
  { route: "applicant/portfolio.form.tsx", page: "/portfolio/form", form: "SIMPAN", by: "SPE applicant", coveredBy: PORTFOLIO },
  { route: "applicant/portfolio.tsx", page: "/portfolio", form: "Hapus <judul>", by: "SPE applicant", coveredBy: PORTFOLIO },
  {
    route: "applicant/portfolio.additional-requirements.tsx",
    page: "/portfolio/additional-requirements",
    form: "UNGGAH",
    by: "SPE applicant",
    coveredBy: EXTRA_DOCUMENT,
  },
  // Reviewers
  {
    route: "review/application.$id.tsx",
    page: "/application-list/:id, /application/:id",
    form: "SIMPAN KEPUTUSAN",
    by: "reviewer of the open stage",
    coveredBy: "review-flow.spec.ts › REG rejected at the document check ('Tolak'): the note is required, the form keeps what was typed",
  },
  {
    route: "review/application.$id.additional-requirements.tsx",
    page: "/application-list/:id/additional-requirements",
    form: "KIRIM PERMINTAAN",
    by: "Admin (document check)",
    coveredBy: EXTRA_DOCUMENT,
  },
  // Super Admin
  { route: "admin/user-list.new.tsx", page: "/user-list/new", form: "Buat Akun", by: "Super Admin", test: T.users },
  { route: "admin/user-list.$id.tsx", intent: "update", page: "/user-list/:id", form: "Simpan", by: "Super Admin", test: T.users },
  { route: "admin/user-list.$id.tsx", intent: "reset", page: "/user-list/:id", form: "Kirim Surel Atur Ulang Kata Sandi", by: "Super Admin", test: T.users },
  { route: "admin/user-list.$id.tsx", intent: "deactivate", page: "/user-list/:id", form: "Nonaktifkan", by: "Super Admin", test: T.users },
  { route: "admin/user-list.$id.tsx", intent: "reactivate", page: "/user-list/:id", form: "Aktifkan Kembali", by: "Super Admin", test: T.users },
  // Decision letters: the public check, the Super Admin's revocation (Yes/No) and new letter
  { route: "verifikasi/verifikasi.tsx", page: "/verifikasi", form: "PERIKSA", by: "anyone, not logged in", coveredBy: LETTER_CHECK },
  {
    route: "admin/application.$id.surat.tsx",
    intent: "revoke",
    page: "/application/…/surat",
    form: "Cabut surat, then Yes",
    by: "Super Admin",
    coveredBy: LETTER_REVOKE,
  },
  {
    route: "admin/application.$id.surat.tsx",
    intent: "reissue",
    page: "/application/…/surat",
    form: "Terbitkan surat baru",
    by: "Super Admin",
    coveredBy: LETTER_REVOKE,
  },
  {
    route: "admin/deletion-requests.tsx",
    intent: "decide",
    page: "/deletion-requests?id=…",
    form: "Simpan Keputusan, then Yes (Periksa kembali)",
    by: "Super Admin",
    coveredBy: DELETION_REJECTED,
  },
  {
    route: "admin/sla-setting.tsx",
    page: "/sla-setting",
    form: "Simpan",
    by: "Super Admin",
    coveredBy: "admin.spec.ts › an SLA change shows on /sla-setting and recomputes deadlines; bad days are refused",
  },
  // Not a valid submission without JavaScript here: a failed mail is needed, which the e2e server (mail to the outbox folder) never makes.
  {
    route: "admin/mail-outbox.tsx",
    page: "/mail-outbox",
    form: "Kirim ulang",
    by: "Super Admin",
    noForm:
      "needs a failed mail, which the e2e server never makes; the resend is proven by app/routes/admin/mail-outbox.test.tsx and api/routes/admin/mail.test.ts",
  },
  {
    route: "admin/sla-setting.tsx",
    intent: "committee",
    page: "/sla-setting#nama-komite",
    form: "Simpan nama komite",
    by: "Super Admin",
    coveredBy: "chrome.spec.ts › the Super Admin renames the committee on /sla-setting; the toast covers nothing",
  },
  { route: "admin/specialization-list.tsx", page: "/specialization-list", form: "Tambah", by: "Super Admin", test: T.specialization },
  ...(["update", "deactivate", "activate", "delete"] as const).flatMap((intent) => [
    {
      route: "admin/specialization-list.$id.tsx",
      intent,
      page: "/specialization-list/:id",
      form: ENTRY_BUTTON[intent],
      by: "Super Admin",
      test: T.specialization,
    },
    { route: "admin/institution-list.$id.tsx", intent, page: "/institution-list/:id", form: ENTRY_BUTTON[intent], by: "Super Admin", test: T.institution },
    { route: "admin/master-position.$id.tsx", intent, page: "/master-position/:id", form: ENTRY_BUTTON[intent], by: "Admin", test: T.position },
  ]),
  { route: "admin/institution-list.tsx", page: "/institution-list", form: "Tambah", by: "Super Admin", test: T.institution },
  // Admin
  { route: "admin/master-position.tsx", page: "/master-position", form: "Tambah", by: "Admin", test: T.position },
  { route: "cms/master-cms.tsx", intent: "welcome", page: "/master-cms#sambutan", form: "Simpan Teks Sambutan", by: "Admin", coveredBy: CMS_WELCOME },
  {
    route: "cms/master-cms.tsx",
    intent: "navbar",
    page: "/master-cms#navbar",
    form: "Simpan Tautan Navbar",
    by: "Admin",
    coveredBy: "cms.spec.ts › the Admin adds a navbar link: a script address is refused, a good one shows in the navbar at once",
  },
  { route: "cms/master-cms.tsx", intent: "faq", page: "/master-cms#faq", form: "Simpan Alamat FAQ", by: "Admin", test: T.faq },
  {
    route: "cms/master-cms.announcements.$id.tsx",
    intent: "save",
    page: "/master-cms/announcements/new",
    form: "Simpan Pengumuman",
    by: "Admin",
    test: T.announcement,
  },
  {
    route: "cms/master-cms.announcements.$id.tsx",
    intent: "deactivate",
    page: "/master-cms/announcements/:id",
    form: "Nonaktifkan Pengumuman",
    by: "Admin",
    test: T.announcement,
  },
  {
    route: "cms/master-cms.announcements.$id.tsx",
    intent: "activate",
    page: "/master-cms/announcements/:id",
    form: "Aktifkan Kembali",
    by: "Admin",
    test: T.announcement,
  },
  {
    route: "cms/master-cms.test-schedules.$id.tsx",
    intent: "save",
    page: "/master-cms/test-schedules/new",
    form: "Simpan Jadwal",
    by: "Admin",
    test: T.schedule,
  },
  {
    route: "cms/master-cms.test-schedules.$id.tsx",
    intent: "deactivate",
    page: "/master-cms/test-schedules/:id",
    form: "Nonaktifkan Jadwal",
    by: "Admin",
    test: T.schedule,
  },
  {
    route: "cms/master-cms.test-schedules.$id.tsx",
    intent: "activate",
    page: "/master-cms/test-schedules/:id",
    form: "Aktifkan Kembali",
    by: "Admin",
    test: T.schedule,
  },
  {
    route: "cms/master-cms.guidebook.tsx",
    page: "/master-cms/guidebook",
    form: "Unggah",
    by: "Admin",
    coveredBy: "cms.spec.ts › the guidebook: a PNG named .pdf is refused, a PDF replaces the one behind BUKU PANDUAN",
  },
  {
    route: "admin/admin-fasyankes-list.new.tsx",
    page: "/admin-fasyankes-list/new",
    form: "Buat Akun",
    by: "Admin",
    coveredBy: "admin-fasyankes.spec.ts › the Admin creates a facility admin and rejects its data; the facility sees the reason on its dashboard",
  },
  {
    route: "admin/admin-fasyankes-list.$id.tsx",
    intent: "check",
    page: "/admin-fasyankes-list/:id",
    form: "Simpan Keputusan",
    by: "Admin",
    coveredBy: "admin-fasyankes.spec.ts › the Admin creates a facility admin and rejects its data; the facility sees the reason on its dashboard",
  },
  {
    route: "admin/admin-fasyankes-list.$id.tsx",
    intent: "edit",
    page: "/admin-fasyankes-list/:id",
    form: "Ubah (Periksa kembali)",
    by: "Admin",
    coveredBy: "admin-fasyankes.spec.ts › the Admin creates a facility admin and rejects its data; the facility sees the reason on its dashboard",
  },
  {
    route: "admin/admin-fasyankes-list.$id.tsx",
    intent: "confirm",
    page: "/admin-fasyankes-list/:id",
    form: "Yes (Periksa kembali)",
    by: "Admin",
    coveredBy: "admin-fasyankes.spec.ts › the Admin creates a facility admin and rejects its data; the facility sees the reason on its dashboard",
  },
  // Verified facility admin (role 8)
  {
    route: "facility/register-competency-evaluation.registration-path.tsx",
    page: "/register-competency-evaluation/registration-path",
    form: "LANJUTKAN",
    by: "verified facility",
    coveredBy: FACILITY_REGISTRATION,
  },
  {
    route: "facility/register-competency-evaluation.path.$othersId.tsx",
    page: "/register-competency-evaluation/path/:othersId",
    form: "SIMPAN DAN LANJUTKAN",
    by: "verified facility",
    coveredBy: FACILITY_REGISTRATION,
  },
  {
    route: "facility/register-competency-evaluation.path.$othersId.upload-file.tsx",
    intent: "upload",
    page: "/register-competency-evaluation/path/:othersId/upload-file",
    form: "UNGGAH (one form per document)",
    by: "verified facility",
    test: T.facilityDraft,
  },
  {
    route: "facility/register-competency-evaluation.path.$othersId.upload-file.tsx",
    intent: "save",
    page: "/register-competency-evaluation/path/:othersId/upload-file",
    form: "SIMPAN DRAF",
    by: "verified facility",
    test: T.facilityDraft,
  },
  {
    route: "facility/register-competency-evaluation.path.$othersId.upload-file.tsx",
    intent: "check",
    page: "/register-competency-evaluation/path/:othersId/upload-file",
    form: "KIRIM PERMOHONAN",
    by: "verified facility",
    coveredBy: FACILITY_REGISTRATION,
  },
  {
    route: "facility/register-competency-evaluation.path.$othersId.upload-file.tsx",
    intent: "confirm",
    page: "/register-competency-evaluation/path/:othersId/upload-file?intent=check",
    form: "Yes (Periksa kembali)",
    by: "verified facility",
    coveredBy: FACILITY_REGISTRATION,
  },
  {
    route: "applicant/application-status.application-status-detail.tsx",
    intent: "check",
    page: "/application-status/application-status-detail?id=…",
    form: "KIRIM PERBAIKAN",
    by: "verified facility",
    coveredBy: FACILITY_REGISTRATION,
  },
  {
    route: "applicant/application-status.application-status-detail.tsx",
    intent: "confirm",
    page: "/application-status/application-status-detail?id=…&intent=check",
    form: "Yes (Periksa kembali)",
    by: "verified facility",
    coveredBy: FACILITY_REGISTRATION,
  },
  {
    route: "applicant/application-status.application-status-detail.tsx",
    intent: "upload",
    page: "/application-status/application-status-detail?id=…",
    form: "UNGGAH (one form per flagged document)",
    by: "verified facility",
    coveredBy: FACILITY_REGISTRATION,
  },
  // Endpoints only the page scripts call
  {
    route: "accounts/session.refresh.ts",
    page: "—",
    form: "—",
    by: "any logged-in user",
    noForm: "the session keeper's fetch; without JavaScript the loaders refresh the session",
  },
  {
    route: "applicant/submission-form.upload.tus.$.ts",
    page: "—",
    form: "—",
    by: "applicant",
    noForm:
      "the resumable upload (tus) of a chosen document, by script (resumable-upload.spec.ts); without JavaScript the same form posts to its page (rows above)",
  },
  {
    route: "facility/register-competency-evaluation.upload.tus.$.ts",
    page: "—",
    form: "—",
    by: "verified facility",
    noForm:
      "the resumable upload (tus) of the facility upload forms, by script (facility-registration.spec.ts, js); without JavaScript they post to their pages (rows above)",
  },
  {
    route: "layouts/not-found.tsx",
    page: "any unknown address",
    form: "—",
    by: "anyone",
    noForm: "the 404 page's action: a POST to an unknown address answers 404 (spec §8); no form posts there",
  },
];

// --- The table is complete ----------------------------------------------------------------------

const ROUTES = path.resolve("app/routes");
const APP = path.resolve("app");

/** The text of an exported declaration of `source`, up to its closing brace at the start of a line. */
function declaration(source: string, name: string): string {
  const start = source.search(new RegExp(`export (?:async )?(?:function|const) ${name}\\b`));
  if (start < 0) return "";
  const ends = [source.indexOf("\n}\n", start), source.indexOf("\nexport ", start + 1)].filter((i) => i > 0);
  return source.slice(start, ends.length ? Math.min(...ends) + 2 : undefined);
}

/**
 * The names a module imports from ~/… (app/), with the text of each one's declaration; and, one module further,
 * the string constants those modules import (a shared action's INTENT_CONFIRM of app/utils/submission-intents.ts).
 */
function importedDeclarations(source: string, further = true): string[] {
  const texts: string[] = [];
  for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"~\/([^"]+)"/g)) {
    const file = [".tsx", ".ts"].map((ext) => path.join(APP, m[2] + ext)).find((f) => fs.existsSync(f));
    if (!file) continue;
    const module = fs.readFileSync(file, "utf8");
    for (const raw of m[1].split(",")) {
      const name = raw
        .replace(/^\s*type\s+/, "")
        .split(/\s+as\s+/)[0]
        .trim();
      if (name) texts.push(declaration(module, name));
    }
    if (further) texts.push(...importedDeclarations(module, false).filter((text) => /^export const \w+ = "[\w-]+"/.test(text)));
  }
  return texts;
}

/** The intents a route's action tells apart: in its own module and in the helpers and components it imports. */
function intentsOf(source: string): string[] {
  const texts = [source, ...importedDeclarations(source)];
  // A constant of the module itself or one it imports (e.g. INTENT_CHECK of app/utils/submission-intents.ts).
  const constants = new Map(texts.flatMap((text) => [...text.matchAll(/const (\w+) = "([\w-]+)"/g)].map((m) => [m[1], m[2]] as const)));
  const resolve = (token: string) => (token.startsWith('"') ? token.slice(1, -1) : constants.get(token));
  const found = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/\bintent\s*===\s*"([\w-]+)"/g)) found.add(m[1]);
    for (const m of text.matchAll(/name="intent"\s+value="([\w-]+)"/g)) found.add(m[1]);
    for (const m of text.matchAll(/name="intent"\s+value=\{([^}]*)\}/g)) for (const s of m[1].matchAll(/"([\w-]+)"/g)) found.add(s[1]);
    for (const m of text.matchAll(/[?&]intent=([\w-]+)/g)) found.add(m[1]);
    for (const m of text.matchAll(/\.get\((\w+|"intent")\)\s*===\s*(\w+|"[\w-]+")/g)) {
      const value = resolve(m[2]);
      if (resolve(m[1]) === "intent" && value) found.add(value);
    }
  }
  // A page's own form addressed by a constant (`action={`?intent=${INTENT_UPLOAD}`}`): in the route module only, not
  // in a helper's redirect addresses.
  for (const m of source.matchAll(/[?&]intent=\$\{(\w+)\}/g)) {
    const value = resolve(m[1]);
    if (value) found.add(value);
  }
  return [...found].sort();
}

plain("FORMS has a row for every form action and intent of app/routes, and each row is proven", () => {
  const expected: string[] = [];
  for (const file of routeModules(fs.readFileSync(path.join(APP, "routes.ts"), "utf8"))) {
    const source = fs.readFileSync(path.join(ROUTES, file), "utf8");
    if (!exportsAction(source)) continue;
    const intents = intentsOf(source);
    expected.push(...(intents.length ? intents.map((i) => `${file} [${i}]`) : [`${file}`]));
  }
  const key = (r: FormRow) => (r.intent ? `${r.route} [${r.intent}]` : r.route);
  const listed = new Set(FORMS.map(key));
  expect(
    expected.filter((k) => !listed.has(k)),
    "form actions without a valid-submission row",
  ).toEqual([]);
  // A row without an intent is fine for a route whose default submit needs none (the WNA sign-up).
  const known = new Set([...expected, ...expected.map((k) => k.replace(/ \[.*\]$/, ""))]);
  expect(
    FORMS.map(key).filter((k) => !known.has(k)),
    "rows for actions or intents that no longer exist",
  ).toEqual([]);

  const problems: string[] = [];
  for (const row of FORMS) {
    const ways = [row.test, row.coveredBy, row.noForm].filter(Boolean).length;
    if (ways !== 1) problems.push(`${key(row)}: needs exactly one of test, coveredBy, noForm`);
    if (row.test && !OWN_TESTS.has(row.test)) problems.push(`${key(row)}: no test "${row.test}" in this file`);
    if (row.coveredBy) {
      const [spec, title] = row.coveredBy.split(" › ");
      const file = path.resolve("tests/e2e", spec);
      if (!fs.existsSync(file)) problems.push(`${key(row)}: no spec ${spec}`);
      else if (!fs.readFileSync(file, "utf8").includes(`test(${JSON.stringify(title)}`)) {
        problems.push(`${key(row)}: no test "${title}" in ${spec}`);
      }
    }
  }
  expect(problems).toEqual([]);
  console.log(
    `every form: ${FORMS.length} rows, ${FORMS.filter((r) => r.test).length} by this file, ${FORMS.filter((r) => r.coveredBy).length} by journey specs, ${FORMS.filter((r) => r.noForm).length} script-only endpoints`,
  );
});

// --- Valid submissions, JavaScript off ----------------------------------------------------------

const OWN_TESTS = new Set<string>();
/** A test of this file that a row can name. */
function formTest(title: string, body: Parameters<typeof test>[2]) {
  OWN_TESTS.add(title);
  test(title, body);
}

let counter = 0;
const unique = (testInfo: TestInfo) => `${Date.now().toString(36)}${testInfo.workerIndex}${(counter += 1)}`;
const toast = (page: Page, text: string | RegExp) => expect(page.getByText(text).first()).toBeVisible();

async function as(page: Page, key: AccountKey) {
  await startSession(page, ACCOUNTS[key]);
}

formTest(T.profile, async ({ page, request }, testInfo) => {
  const applicant = await freshApplicant(page, request, testInfo);
  await page.goto("/profile");
  await field(page, "Kata Sandi Saat Ini").fill(applicant.password);
  await field(page, "Kata Sandi Baru").fill(NEW_PASSWORD);
  await field(page, "Konfirmasi Kata Sandi Baru").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "SIMPAN KATA SANDI" }).click();
  await expectPath(page, "/login");
  await toast(page, "Kata sandi berhasil diubah. Silakan masuk kembali dengan kata sandi baru.");
  await fillLoginForm(page, applicant.email, NEW_PASSWORD);
  await expectPath(page, "/");
});

formTest(T.users, async ({ page }, testInfo) => {
  const email = `staf.${unique(testInfo)}@kemkes.test`;
  await as(page, "superadmin");
  await page.goto("/user-list/new");
  await field(page, "Nama Lengkap").fill("dr. Wulan Sari");
  await field(page, "Alamat Surel").fill(email);
  await field(page, "Peran").selectOption({ label: "Kolegium" });
  await field(page, "Jabatan").selectOption({ label: "Ketua Kolegium" });
  await page.getByRole("button", { name: "Buat Akun" }).click();
  await toast(page, `Akun dr. Wulan Sari dibuat. Tautan untuk membuat kata sandi telah dikirim ke ${email}.`);

  await field(page, "Nama Lengkap").fill("dr. Wulan Sari, M.Kes");
  await page.getByRole("button", { name: "Simpan", exact: true }).click();
  await toast(page, "Perubahan akun disimpan.");
  await expect(page.getByRole("heading", { name: "dr. Wulan Sari, M.Kes", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Kirim Surel Atur Ulang Kata Sandi" }).click();
  await toast(page, `Surel atur ulang kata sandi telah dikirim ke ${email}.`);

  await field(page, "Alasan").fill("Pindah tugas ke dinas kesehatan provinsi");
  await page.getByRole("button", { name: "Nonaktifkan", exact: true }).click();
  await confirmYes(page);
  await toast(page, "Akun dinonaktifkan. Semua sesinya telah diakhiri dan akun ini tidak dapat masuk lagi.");

  await field(page, "Alasan").fill("Kembali bertugas sebagai anggota kolegium");
  await page.getByRole("button", { name: "Aktifkan Kembali", exact: true }).click();
  await toast(page, "Akun diaktifkan kembali.");
});

const REFERENCE = [
  { title: T.specialization, base: "/specialization-list", noun: "Spesialisasi", who: "superadmin", country: false },
  { title: T.institution, base: "/institution-list", noun: "Institusi", who: "superadmin", country: true },
  { title: T.position, base: "/master-position", noun: "Jabatan", who: "admin", country: false },
] as const;

for (const kind of REFERENCE) {
  formTest(kind.title, async ({ page }, testInfo) => {
    const name = `${kind.noun} Uji ${unique(testInfo)}`;
    await as(page, kind.who);
    await page.goto(kind.base);
    await field(page, "Nama").fill(name);
    if (kind.country) await field(page, "Negara").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Tambah", exact: true }).click();
    await toast(page, `${kind.noun} "${name}" ditambahkan.`);

    await page.getByRole("link", { name: `Ubah ${name}` }).click();
    await field(page, "Nama").fill(`${name} B`);
    await page.getByRole("button", { name: "Simpan", exact: true }).click();
    await toast(page, "Perubahan disimpan.");
    await expect(page.getByRole("heading", { name: `${name} B`, level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Nonaktifkan", exact: true }).click();
    await toast(page, `${kind.noun} dinonaktifkan dan tidak lagi muncul sebagai pilihan.`);
    await page.getByRole("button", { name: "Aktifkan Kembali", exact: true }).click();
    await toast(page, `${kind.noun} diaktifkan kembali.`);

    await page.getByRole("button", { name: "Hapus", exact: true }).click();
    await confirmYes(page);
    await expectPath(page, kind.base);
    await toast(page, `${kind.noun} dihapus.`);
  });
}

formTest(T.faq, async ({ page }) => {
  // Saved unchanged: a valid post that leaves the navbar's FAQ links as the other specs expect them.
  await as(page, "admin");
  await page.goto("/master-cms");
  const section = page.locator("#faq");
  const before = await field(page, "Alamat FAQ Umum").inputValue();
  expect(before).not.toBe("");
  await section.getByRole("button").click();
  await expectPath(page, "/master-cms");
  await toast(page, "Tersimpan: alamat FAQ sudah dipakai.");
  await expect(field(page, "Alamat FAQ Umum")).toHaveValue(before);
});

formTest(T.announcement, async ({ page }, testInfo) => {
  const title = `Pengumuman uji ${unique(testInfo)}`;
  await as(page, "admin");
  await page.goto("/master-cms");
  await page.getByRole("link", { name: "Tambah Pengumuman" }).click();
  await expectPath(page, "/master-cms/announcements/new");
  await field(page, "Judul").fill(title);
  await field(page, "Isi Pengumuman").fill("Layanan verifikasi berkas dibuka kembali setelah pemeliharaan sistem.");
  await page.getByRole("button", { name: "Simpan Pengumuman" }).click();
  await expectPath(page, "/master-cms");
  await toast(page, `Tersimpan: pengumuman "${title}".`);

  await page.getByRole("link", { name: `Ubah pengumuman ${title}` }).click();
  await page.getByRole("button", { name: "Nonaktifkan Pengumuman" }).click();
  await toast(page, "Pengumuman dinonaktifkan dan tidak lagi tampil di /welcome.");
  await page.getByRole("link", { name: `Ubah pengumuman ${title}` }).click();
  await page.getByRole("button", { name: "Aktifkan Kembali" }).click();
  await toast(page, "Pengumuman diaktifkan kembali dan tampil di /welcome.");
  // Off again, so /welcome keeps showing what the other specs look for.
  await page.getByRole("link", { name: `Ubah pengumuman ${title}` }).click();
  await page.getByRole("button", { name: "Nonaktifkan Pengumuman" }).click();
  await toast(page, "Pengumuman dinonaktifkan dan tidak lagi tampil di /welcome.");
});

formTest(T.schedule, async ({ page }, testInfo) => {
  const title = `Jadwal uji ${unique(testInfo)}`;
  await as(page, "admin");
  await page.goto("/master-cms");
  await page.getByRole("link", { name: "Tambah Jadwal" }).click();
  await expectPath(page, "/master-cms/test-schedules/new");
  await field(page, "Judul").fill(title);
  await field(page, "Lokasi").fill("Surabaya, RSUD Dr. Soetomo");
  await field(page, "Waktu Mulai").fill("2027-10-04T08:00");
  await field(page, "Waktu Selesai").fill("2027-10-04T15:00");
  await page.getByRole("button", { name: "Simpan Jadwal" }).click();
  await expectPath(page, "/master-cms");
  await toast(page, `Tersimpan: jadwal "${title}".`);

  await page.getByRole("link", { name: `Ubah jadwal ${title}` }).click();
  await page.getByRole("button", { name: "Nonaktifkan Jadwal" }).click();
  await toast(page, "Jadwal dinonaktifkan dan tidak lagi tampil di /test-schedule.");
  await page.getByRole("link", { name: `Ubah jadwal ${title}` }).click();
  await page.getByRole("button", { name: "Aktifkan Kembali" }).click();
  await toast(page, "Jadwal diaktifkan kembali.");
});

formTest(T.facilityDraft, async ({ page }, testInfo) => {
  const id = unique(testInfo);
  await as(page, "fasyankes");
  await page.goto("/register-competency-evaluation/registration-path");
  await page.getByRole("radio", { name: /^Lainnya/ }).check();
  await page.getByRole("radio", { name: /^Pelatihan/ }).check();
  await page.getByRole("button", { name: "LANJUTKAN" }).click();
  await page.waitForURL(/\/register-competency-evaluation\/path\/\d+$/);
  await field(page, "Nama Lengkap").fill("dr. Jose Reyes");
  await field(page, "Alamat Surel").fill(`jose.${id}@rs.test`);
  await page.getByRole("radio", { name: "Paspor (WNA)" }).check();
  await field(page, "Nomor Identitas").fill(`P${id}`.toUpperCase().slice(0, 20));
  await field(page, "Kewarganegaraan").selectOption({ label: "Filipina" });
  await field(page, "Tempat Lahir").fill("Cebu");
  await fillDate(page, "Tanggal Lahir", "1986-02-14");
  await page.getByRole("radio", { name: "Laki-laki" }).check();
  await field(page, "Alamat").fill("Jl. Diponegoro No. 12, Surabaya");
  await field(page, "Nomor Telepon").fill("081298765432");
  await field(page, "Profesi").selectOption({ label: "Dokter" });
  await field(page, "Institusi Pendidikan").selectOption({ index: 1 });
  await field(page, "Negara Kelulusan").selectOption({ label: "Filipina" });
  await field(page, "Tahun Lulus").fill("2011");
  await page.getByRole("button", { name: "SIMPAN DAN LANJUTKAN" }).click();
  await page.waitForURL(/\/register-competency-evaluation\/path\/\d+\/upload-file\?id=/);

  await uploadDocument(page, 1, await pdfFile("proposal.pdf"));
  await page.waitForURL(/\/upload-file\?id=/);
  await expect(page.getByRole("link", { name: "Unduh proposal.pdf" })).toBeVisible();
  await page.getByRole("button", { name: "SIMPAN DRAF" }).click();
  await page.waitForURL(/\/upload-file\?id=/);
  await toast(page, "Draf tersimpan.");
  await expect(page.getByRole("link", { name: "Unduh proposal.pdf" })).toBeVisible();
});
