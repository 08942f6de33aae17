// Which end-to-end specs run with JavaScript off, on, or both (playwright.config.ts reads these lists).
// The portal must work without hydration, so a spec runs with JavaScript off unless it is about the
// browser's scripts. It runs a second time with JavaScript on only where the portal behaves differently
// with them: the scripts in app/ that change behaviour are few (the keep-alive, conform's validation while
// typing, the error summary's and the check's focus, the double-send guard, uploads by tus, the
// ☰ menu's Escape key, the login's client-side landing), and each has a spec below that exercises it.
// Everything else a form does with JavaScript is Remix posting the same fields by fetch, which these
// specs prove for every kind of answer (redirect, refusal, confirm panel, upload).
// tests/e2e-modes.test.ts (fast tier) checks that every spec file is named in exactly one list here, so a
// new spec is placed on purpose, and that each name is a spec that exists.

/** Run with JavaScript off and on: each with what differs. */
export const BOTH_MODES = {
  "accounts.spec.ts": "sign-up, activation and login journeys: with JavaScript the forms validate as one types and land by client-side navigation",
  "applicant.spec.ts": "the application journey: with JavaScript documents go by tus with progress, without by each document's form",
  "applicant-bad-input.spec.ts": "with JavaScript the browser pre-checks a document's size and emptiness before the server does",
  "applicant-hostile-files.spec.ts": "with JavaScript a file goes over tus, not the form post, and the check's double-send guard is a script",
  "chrome.spec.ts": "the ☰ sidebar toggle closes with Escape only with JavaScript (useEscapeCloses)",
  "confirm-and-labels.spec.ts": "with JavaScript the Yes/No panel replaces the form in place and takes focus; the decision form validates in the browser",
  "facility-registration.spec.ts": "with JavaScript the professional's documents go by tus and the date field speaks while typing",
  "form-feedback.spec.ts": "field messages while typing and the navigation indicator are scripts; the no-JavaScript summary is the server's",
  "letters.spec.ts":
    "the decision letter checked by anyone: with JavaScript the check form validates as one types and answers by fetch, and the revoke's Yes/No panel replaces the form in place",
  "live-validation.spec.ts": "messages on leaving a field with JavaScript, the server's after the post without",
  "kinerja.spec.ts":
    "the dashboard's filter form and CSV links with JavaScript go through Remix's fetch; without, plain GETs; the charts are the server's SVG either way",
  "login-and-sidebar.final.spec.ts": "the one form login per role: with JavaScript the login lands by client-side navigation",
  "phone-rough-edges.spec.ts":
    "with JavaScript a date box speaks on leaving it, an upload warns before leaving and resumes, the pending bar is announced; without, the server's answers",
  "reach.spec.ts": "bytes with the scripts and axe after hydration with JavaScript; the Nu checker and layout on the served HTML without",
  "session.spec.ts": "the keep-alive runs in the browser; the refresh route's answer is checked without",
  "working-pages.spec.ts": "with JavaScript /registration-path's error summary takes focus (a script); the rest is layout",
} as const satisfies Record<string, string>;

/** Run with JavaScript on only: about a script that has no counterpart without it. */
export const JS_ONLY = {
  "resumable-upload.spec.ts": "tus uploads exist only with JavaScript; without it each document's form posts it (applicant.spec.ts)",
} as const satisfies Record<string, string>;

/** Run with JavaScript off only: what they check is the server's answer, the same with scripts. */
export const NOJS_ONLY = {
  "user-list-tabs.spec.ts": "links in a server-rendered tab list and the guards' redirects",
  "access-log.spec.ts": "server-rendered lists and a GET search form",
  "access-matrix.spec.ts": "no browser: request contexts only",
  "accounts-bad-input.spec.ts": "each field's message is the schema's, the same in the browser (live-validation.spec.ts proves the mechanism)",
  "additional-requirements.spec.ts": "plain forms; uploads with JavaScript are applicant.spec.ts's",
  "admin-fasyankes.spec.ts": "plain forms and a check step",
  "admin.spec.ts": "plain forms",
  "applicant-spe.spec.ts": "plain forms; uploads with JavaScript are applicant.spec.ts's",
  "bad-input-forms.spec.ts": "form posts without a browser",
  "caching.spec.ts": "response headers",
  "check-before-send.spec.ts": "the check is the server's page; its scripts (focus, double-send guard) are applicant-hostile-files.spec.ts's",
  "cms.spec.ts": "plain forms whose results show on public pages",
  "data-export.spec.ts": "a download link",
  "deletion-request.spec.ts": "plain forms with a Yes/No step (confirm-and-labels.spec.ts runs the panel with JavaScript)",
  "demo-facility-verification.last.spec.ts": "a decision on a single demo account: once, at the very end",
  "document-viewer.spec.ts": "links and a named frame; the review pages have no script",
  "every-form.spec.ts": "the no-JavaScript proof of every form",
  "facility-account.spec.ts": "plain forms and mail links",
  "file-history.spec.ts": "a page of links",
  "guards.spec.ts": "the server's redirects and refusals",
  "mail-outbox.spec.ts": "a server-rendered list",
  "phone.spec.ts": "layout",
  "processing-times.spec.ts": "a server-rendered table with no script",
  "rate-limited-forms.spec.ts": "the answer to a plain form post",
  "retention.last.spec.ts": "jobs run at a chosen time: once, at the very end",
  "retention.spec.ts": "plain forms with a Yes/No step",
  "review-flow.spec.ts": "the review pages post plain forms (confirm-and-labels.spec.ts decides with JavaScript)",
  "review-lists.spec.ts": "GET forms, links and a CSV",
  "shell.spec.ts": "server answers: 404, error screen, navbar, robots, cross-origin refusal",
  "small-ones.spec.ts": "server-rendered pages",
} as const satisfies Record<string, string>;

const names = (list: Record<string, string>) => Object.keys(list).map((file) => file.replace(/[.]/g, "\\."));

/** The spec files the JavaScript-on projects run (matched against the file's path). */
export const JS_SPECS = new RegExp(`(^|/)(${[...names(BOTH_MODES), ...names(JS_ONLY)].join("|")})$`);

/** The spec files the JavaScript-off projects leave out. */
export const JS_ONLY_SPECS = new RegExp(`(^|/)(${names(JS_ONLY).join("|")})$`);
