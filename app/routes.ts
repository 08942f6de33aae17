import { type RouteConfig, index, layout, route } from "@remix-run/route-config";

// The route tree, beside spec §2. Pathless layouts carry the four layouts of the spec:
// landing (navbar, no footer; logged-in users leave), plain (centred logo + footer),
// and the logged-in layout (sidebar + top bar; role 3 gets the navbar version, it has no sidebar items).
export default [
  // Public and authentication routes (landing layout)
  layout("routes/layouts/landing.tsx", [
    route("welcome", "routes/accounts/welcome.tsx"),
    route("login", "routes/accounts/login.tsx"),
    route("wna/login", "routes/accounts/wna.login.tsx"),
    route("sign-up", "routes/accounts/sign-up.tsx"),
    // A health-facility admin (role 8) signs up with the facility's data
    route("sign-up/fasyankes", "routes/accounts/sign-up.fasyankes.tsx"),
    route("wna/sign-up/welcome", "routes/accounts/wna.sign-up.welcome.tsx"),
    route("wna/sign-up", "routes/accounts/wna.sign-up.tsx"),
    // Open to everyone, logged in too (no guard): the processing times of each pathway's stages
    route("waktu-proses", "routes/resources/waktu-proses.tsx"),
    // Open to everyone: a decision letter checked by its QR's token, or by its number and the holder's date of birth
    route("verifikasi", "routes/verifikasi/verifikasi.tsx"),
    route("verifikasi/:token", "routes/verifikasi/verifikasi.$token.tsx"),
  ]),
  // The letters' public keys (JWK Set), for a check without the network
  route(".well-known/adaptasi-keys.json", "routes/verifikasi/adaptasi-keys.json.ts"),
  // Plain layout: the error screen, sign-up results, activation and password recovery
  layout("routes/layouts/plain.tsx", [
    route("error", "routes/layouts/error.tsx"),
    route("sign-up/result", "routes/accounts/sign-up.result.tsx"),
    route("wna/sign-up/result", "routes/accounts/wna.sign-up.result.tsx"),
    route("account-activation", "routes/accounts/account-activation.tsx"),
    route("account-activation/success-resend", "routes/accounts/account-activation.success-resend.tsx"),
    route("forgot-password", "routes/accounts/forgot-password.tsx"),
    route("forgot-password/email", "routes/accounts/forgot-password.email.tsx"),
    route("forgot-password/email-send", "routes/accounts/forgot-password.email-send.tsx"),
    route("forgot-password/change-success", "routes/accounts/forgot-password.change-success.tsx"),
    // A query-token link of another account while logged in: asked before switching
    route("session/switch", "routes/accounts/session.switch.tsx"),
  ]),
  // Logged-in routes
  layout("routes/layouts/app.tsx", [
    index("routes/applicant/home.tsx"),
    route("dashboard", "routes/facility/dashboard.tsx"),
    route("profile", "routes/accounts/profile.tsx"),
    // Who other than the applicant read their data (a facility's: of the professionals it registered)
    route("profile/akses-data", "routes/accounts/profile.akses-data.tsx"),
    // Download my data: one ZIP (the applicant's own; a facility's for a professional it registered, ?id=)
    route("profile/unduh-data", "routes/accounts/profile.unduh-data.tsx"),
    // An applicant who never submitted deletes their own account (Yes/No)
    route("profile/hapus-akun", "routes/accounts/profile.hapus-akun.tsx"),
    route("evaluation-requirements", "routes/resources/evaluation-requirements.tsx"),
    route("test-schedule", "routes/resources/test-schedule.tsx"),
    route("application", "routes/review/application-list.tsx", { id: "application-adaptation-list" }),
    route("application-list", "routes/review/application-list.tsx", { id: "application-list" }),
    // The review workflow: one detail page with its decision form under both lists
    route("application/:id", "routes/review/application.$id.tsx", { id: "application-detail" }),
    route("application-list/:id", "routes/review/application.$id.tsx", { id: "application-list-detail" }),
    // A reviewer asks an SPE applicant for an extra document (/portfolio/additional-requirements)
    route("application/:id/additional-requirements", "routes/review/application.$id.additional-requirements.tsx", { id: "application-additional" }),
    // The Super Admin revokes a file's decision letter (Yes/No) and issues a new one
    route("application/:id/surat", "routes/admin/application.$id.surat.tsx"),
    route("application-list/:id/additional-requirements", "routes/review/application.$id.additional-requirements.tsx", { id: "application-list-additional" }),
    // One document of the application in the document viewer, a page per document (docId: its requirement id)
    route("application/:id/documents/:docId", "routes/review/application.$id.documents.$docId.tsx", { id: "application-document" }),
    route("application-list/:id/documents/:docId", "routes/review/application.$id.documents.$docId.tsx", { id: "application-list-document" }),
    // The applicant's journey
    route("personal-data", "routes/applicant/personal-data.tsx"),
    route("personal-data/upload-file", "routes/applicant/personal-data.upload-file.tsx"),
    route("registration-path", "routes/applicant/registration-path.tsx"),
    route("registration-path/confirmation", "routes/applicant/registration-path.confirmation.tsx"),
    route("submission-form", "routes/applicant/submission-form.tsx"),
    route("submission-form/adaptation-form", "routes/applicant/submission-form.adaptation-form.tsx"),
    route("submission-form/reupload-form", "routes/applicant/submission-form.reupload-form.tsx"),
    route("submission-form/success", "routes/applicant/submission-form.success.tsx"),
    route("submission-form/success-reupload", "routes/applicant/submission-form.success-reupload.tsx"),
    route("application-status", "routes/applicant/application-status.tsx"),
    route("application-status/application-status-detail", "routes/applicant/application-status.application-status-detail.tsx"),
    // Every version of every document sent, and why each was replaced (the facility's: ?id= of its registration)
    route("application-status/file-history", "routes/applicant/application-status.file-history.tsx"),
    // A decision letter's PDF (?nomor=): the holder's, or the registering facility's
    route("application-status/surat", "routes/applicant/application-status.surat.ts"),
    // A verified facility admin (role 8) registers professionals ("Pendaftaran"); regular and exception are
    // static segments and win over :othersId (an activity kind id of the OTH pathway)
    route("register-competency-evaluation", "routes/facility/register-competency-evaluation.tsx"),
    route("register-competency-evaluation/registration-path", "routes/facility/register-competency-evaluation.registration-path.tsx"),
    route("register-competency-evaluation/path/regular", "routes/facility/register-competency-evaluation.path.$othersId.tsx", { id: "register-path-regular" }),
    route("register-competency-evaluation/path/exception", "routes/facility/register-competency-evaluation.path.$othersId.tsx", {
      id: "register-path-exception",
    }),
    route("register-competency-evaluation/path/:othersId?", "routes/facility/register-competency-evaluation.path.$othersId.tsx", {
      id: "register-path-others",
    }),
    route("register-competency-evaluation/path/regular/upload-file", "routes/facility/register-competency-evaluation.path.$othersId.upload-file.tsx", {
      id: "register-upload-regular",
    }),
    route("register-competency-evaluation/path/exception/upload-file", "routes/facility/register-competency-evaluation.path.$othersId.upload-file.tsx", {
      id: "register-upload-exception",
    }),
    route("register-competency-evaluation/path/:othersId?/upload-file", "routes/facility/register-competency-evaluation.path.$othersId.upload-file.tsx", {
      id: "register-upload-others",
    }),
    route("performance-achievement", "routes/applicant/performance-achievement.tsx"),
    route("portfolio", "routes/applicant/portfolio.tsx"),
    route("portfolio/form", "routes/applicant/portfolio.form.tsx"),
    route("portfolio/additional-requirements", "routes/applicant/portfolio.additional-requirements.tsx"),
    // Administration: the Super Admin's users, SLA and lists; the Admin's Master Jabatan
    route("user-list", "routes/admin/user-list.tsx"),
    route("user-list/new", "routes/admin/user-list.new.tsx"),
    route("user-list/:id", "routes/admin/user-list.$id.tsx"),
    route("sla-setting", "routes/admin/sla-setting.tsx"),
    route("mail-outbox", "routes/admin/mail-outbox.tsx"),
    route("access-log", "routes/admin/access-log.tsx"),
    // What the retention job will delete, and when
    route("retention", "routes/admin/retention.tsx"),
    // Requests to delete an account with a submitted application: the Super Admin decides
    route("deletion-requests", "routes/admin/deletion-requests.tsx"),
    // The queue at a glance for both admins, linked from the top of their application lists
    route("kinerja", "routes/admin/kinerja.tsx"),
    route("specialization-list", "routes/admin/specialization-list.tsx"),
    route("specialization-list/:id", "routes/admin/specialization-list.$id.tsx"),
    route("institution-list", "routes/admin/institution-list.tsx"),
    route("institution-list/:id", "routes/admin/institution-list.$id.tsx"),
    route("master-position", "routes/admin/master-position.tsx"),
    route("master-position/:id", "routes/admin/master-position.$id.tsx"),
    // The Admin's CMS: what /welcome, /test-schedule and the navbar show
    route("master-cms", "routes/cms/master-cms.tsx"),
    route("master-cms/announcements/:id", "routes/cms/master-cms.announcements.$id.tsx"),
    route("master-cms/test-schedules/:id", "routes/cms/master-cms.test-schedules.$id.tsx"),
    route("master-cms/guidebook", "routes/cms/master-cms.guidebook.tsx"),
    // The Admin's facility admins and their verification
    route("admin-fasyankes-list", "routes/admin/admin-fasyankes-list.tsx"),
    route("admin-fasyankes-list/new", "routes/admin/admin-fasyankes-list.new.tsx"),
    route("admin-fasyankes-list/:id", "routes/admin/admin-fasyankes-list.$id.tsx"),
  ]),
  // Resource routes
  route("logout", "routes/accounts/logout.ts"),
  route("session/refresh", "routes/accounts/session.refresh.ts"),
  route("files/:id", "routes/resources/files.$id.ts"),
  route("profile/unduh-data/zip", "routes/accounts/profile.unduh-data.zip.ts"),
  // Resumable uploads (tus) of the same forms, streamed on to the API's /uploads
  route("submission-form/upload/tus/*", "routes/applicant/submission-form.upload.tus.$.ts"),
  route("register-competency-evaluation/upload/tus/*", "routes/facility/register-competency-evaluation.upload.tus.$.ts"),
  // CSV export of the review lists
  route("application/export", "routes/review/application.export.ts", { id: "application-export" }),
  route("application-list/export", "routes/review/application.export.ts", { id: "application-list-export" }),
  // CSV of each chart of /kinerja
  route("kinerja/antrean.csv", "routes/admin/kinerja.csv.ts", { id: "kinerja-antrean-csv" }),
  route("kinerja/mingguan.csv", "routes/admin/kinerja.csv.ts", { id: "kinerja-mingguan-csv" }),
  route("kinerja/lama-tahap.csv", "routes/admin/kinerja.csv.ts", { id: "kinerja-lama-tahap-csv" }),
  route("kinerja/sla-badan.csv", "routes/admin/kinerja.csv.ts", { id: "kinerja-sla-badan-csv" }),
  // Unknown routes: 404 'This page could not be found'
  route("*", "routes/layouts/not-found.tsx"),
] satisfies RouteConfig;
