import { type RouteConfig, index, layout, route } from "@remix-run/route-config";

// The route tree, beside spec §2. Pathless layouts carry the four layouts of the spec:
// landing (navbar, no footer; logged-in users leave), plain (centred logo + footer),
// and the logged-in layout (sidebar + top bar; role 3 gets the navbar version, it has no sidebar items).
export default [
  // Public and authentication routes (landing layout)
  layout("routes/_landing.tsx", [
    route("welcome", "routes/_landing.welcome.tsx"),
    route("login", "routes/_landing.login.tsx"),
    route("wna/login", "routes/_landing.wna.login.tsx"),
    route("sign-up", "routes/_landing.sign-up.tsx"),
    // A health-facility admin (role 8) signs up with the facility's data
    route("sign-up/fasyankes", "routes/_landing.sign-up.fasyankes.tsx"),
    route("wna/sign-up/welcome", "routes/_landing.wna.sign-up.welcome.tsx"),
    route("wna/sign-up", "routes/_landing.wna.sign-up.tsx"),
  ]),
  // Plain layout: the error screen, sign-up results, activation and password recovery
  layout("routes/_plain.tsx", [
    route("error", "routes/_plain.error.tsx"),
    route("sign-up/result", "routes/_plain.sign-up.result.tsx"),
    route("wna/sign-up/result", "routes/_plain.wna.sign-up.result.tsx"),
    route("account-activation", "routes/_plain.account-activation.tsx"),
    route("account-activation/success-resend", "routes/_plain.account-activation.success-resend.tsx"),
    route("forgot-password", "routes/_plain.forgot-password.tsx"),
    route("forgot-password/email", "routes/_plain.forgot-password.email.tsx"),
    route("forgot-password/email-send", "routes/_plain.forgot-password.email-send.tsx"),
    route("forgot-password/change-success", "routes/_plain.forgot-password.change-success.tsx"),
    // A query-token link of another account while logged in: asked before switching
    route("session/switch", "routes/_plain.session.switch.tsx"),
  ]),
  // Logged-in routes
  layout("routes/_app.tsx", [
    index("routes/_app._index.tsx"),
    route("dashboard", "routes/_app.dashboard.tsx"),
    route("profile", "routes/_app.profile.tsx"),
    route("evaluation-requirements", "routes/_app.evaluation-requirements.tsx"),
    route("test-schedule", "routes/_app.test-schedule.tsx"),
    route("application", "routes/_app.application.tsx"),
    route("application-list", "routes/_app.application-list.tsx"),
    // The review workflow: one detail page with its decision form under both lists
    route("application/:id", "routes/_app.application.$id.tsx", { id: "application-detail" }),
    route("application-list/:id", "routes/_app.application.$id.tsx", { id: "application-list-detail" }),
    // A reviewer asks an SPE applicant for an extra document (/portfolio/additional-requirements)
    route("application/:id/additional-requirements", "routes/_app.application.$id.additional-requirements.tsx", { id: "application-additional" }),
    route("application-list/:id/additional-requirements", "routes/_app.application.$id.additional-requirements.tsx", { id: "application-list-additional" }),
    // The applicant's journey
    route("personal-data", "routes/_app.personal-data._index.tsx"),
    route("personal-data/upload-file", "routes/_app.personal-data.upload-file.tsx"),
    route("registration-path", "routes/_app.registration-path.tsx"),
    route("registration-path/confirmation", "routes/_app.registration-path.confirmation.tsx"),
    route("submission-form", "routes/_app.submission-form._index.tsx"),
    route("submission-form/adaptation-form", "routes/_app.submission-form.adaptation-form.tsx"),
    route("submission-form/reupload-form", "routes/_app.submission-form.reupload-form.tsx"),
    route("submission-form/success", "routes/_app.submission-form.success.tsx"),
    route("submission-form/success-reupload", "routes/_app.submission-form.success-reupload.tsx"),
    route("application-status", "routes/_app.application-status._index.tsx"),
    route("application-status/application-status-detail", "routes/_app.application-status.application-status-detail.tsx"),
    // A verified facility admin (role 8) registers professionals ("Pendaftaran"); regular and exception are
    // static segments and win over :othersId (an activity kind id of the OTH pathway)
    route("register-competency-evaluation", "routes/_app.register-competency-evaluation._index.tsx"),
    route("register-competency-evaluation/registration-path", "routes/_app.register-competency-evaluation.registration-path.tsx"),
    route("register-competency-evaluation/path/regular", "routes/_app.register-competency-evaluation.path.$othersId.tsx", { id: "register-path-regular" }),
    route("register-competency-evaluation/path/exception", "routes/_app.register-competency-evaluation.path.$othersId.tsx", { id: "register-path-exception" }),
    route("register-competency-evaluation/path/:othersId?", "routes/_app.register-competency-evaluation.path.$othersId.tsx", { id: "register-path-others" }),
    route("register-competency-evaluation/path/regular/upload-file", "routes/_app.register-competency-evaluation.path.$othersId.upload-file.tsx", { id: "register-upload-regular" }),
    route("register-competency-evaluation/path/exception/upload-file", "routes/_app.register-competency-evaluation.path.$othersId.upload-file.tsx", { id: "register-upload-exception" }),
    route("register-competency-evaluation/path/:othersId?/upload-file", "routes/_app.register-competency-evaluation.path.$othersId.upload-file.tsx", { id: "register-upload-others" }),
    route("performance-achievement", "routes/_app.performance-achievement.tsx"),
    route("portfolio", "routes/_app.portfolio._index.tsx"),
    route("portfolio/form", "routes/_app.portfolio.form.tsx"),
    route("portfolio/additional-requirements", "routes/_app.portfolio.additional-requirements.tsx"),
    // Administration: the Super Admin's users, SLA and lists; the Admin's Master Jabatan
    route("user-list", "routes/_app.user-list.tsx"),
    route("user-list/new", "routes/_app.user-list.new.tsx"),
    route("user-list/:id", "routes/_app.user-list.$id.tsx"),
    route("sla-setting", "routes/_app.sla-setting.tsx"),
    route("specialization-list", "routes/_app.specialization-list.tsx"),
    route("specialization-list/:id", "routes/_app.specialization-list.$id.tsx"),
    route("institution-list", "routes/_app.institution-list.tsx"),
    route("institution-list/:id", "routes/_app.institution-list.$id.tsx"),
    route("master-position", "routes/_app.master-position.tsx"),
    route("master-position/:id", "routes/_app.master-position.$id.tsx"),
    // The Admin's CMS: what /welcome, /test-schedule and the navbar show
    route("master-cms", "routes/_app.master-cms.tsx"),
    route("master-cms/announcements/:id", "routes/_app.master-cms.announcements.$id.tsx"),
    route("master-cms/test-schedules/:id", "routes/_app.master-cms.test-schedules.$id.tsx"),
    route("master-cms/guidebook", "routes/_app.master-cms.guidebook.tsx"),
    // The Admin's facility admins and their verification
    route("admin-fasyankes-list", "routes/_app.admin-fasyankes-list.tsx"),
    route("admin-fasyankes-list/new", "routes/_app.admin-fasyankes-list.new.tsx"),
    route("admin-fasyankes-list/:id", "routes/_app.admin-fasyankes-list.$id.tsx"),
  ]),
  // Resource routes
  route("logout", "routes/logout.ts"),
  route("session/refresh", "routes/session.refresh.ts"),
  route("files/:id", "routes/files.$id.ts"),
  route("submission-form/upload", "routes/submission-form.upload.ts"),
  route("register-competency-evaluation/upload", "routes/register-competency-evaluation.upload.ts"),
  // CSV export of the review lists
  route("application/export", "routes/application.export.ts", { id: "application-export" }),
  route("application-list/export", "routes/application.export.ts", { id: "application-list-export" }),
  // Unknown routes: 404 'This page could not be found'
  route("*", "routes/$.tsx"),
] satisfies RouteConfig;
