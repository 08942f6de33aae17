import { eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import { PRODUCT_FULL_NAME, PRODUCT_NAME } from "#domain/menu";
import { ROLE } from "#domain/roles";
import { statusLabel } from "#domain/status-label-words";
import type { Decision } from "#domain/workflow";
import { stageName } from "#domain/workflow-words";
import type { Database } from "../db/client";
import { applicantProfiles, applications, documentRequirements, users } from "../db/schema";
import idMail from "#locales/id/mail.json";
import { escapeHtml, fill, type MailContent, type Mailer, type Recipient } from "./mail";
import { TIME_ZONE } from "#domain/time-zone";

// Mail about an application (DESIGN §4 "Review bodies", docs/decisions/018-review-api-rules.md): its submission,
// every decision, and a reupload request, to the applicant — or to the facility admin (role 8) who
// registered them. Each is recorded in the transaction of the change (`db` is that transaction), so a
// change is never without its mail: a mail that cannot be recorded undoes the change.

/**
 * These mails are written in Indonesian only, the interface's language (spec §9); their texts live in
 * locales/id/mail.json, translated in locales/en/mail.json so both locales keep the same keys.
 */
const T = idMail;
const APP = T.application;
const FACILITY = T.facilityVerification;
const PRODUCT = { product: PRODUCT_NAME };
/** The pathways' names (domain/ holds none the API can import; the SLA labels keep theirs private). */
const JALUR_NAMES: Record<string, string> = APP.jalur;
const STATUS_PAGE = "/application-status";
const REUPLOAD_PAGE = "/submission-form/reupload-form";

export interface Body {
  subject: string;
  paragraphs: string[];
  /** label: value lines shown as a small table */
  facts: [string, string][];
  /** a list under the facts (reupload: document — reason) */
  items?: { title: string; text: string }[];
  note?: string | null;
  action: string;
  link: string;
}

/** The fixed frame of every notification around its body; exported so tests build a mail without a database. */
export function compose(to: Recipient, b: Body): MailContent {
  const greeting = fill(T.greeting, { name: to.name });
  const team = fill(T.team, PRODUCT);
  const reason = (text: string) => fill(T.reason, { reason: text });
  const signature = `${T.signOff}\n${team}\n${PRODUCT_FULL_NAME}\n\n${T.automatic}`;
  const text = [
    greeting,
    ...b.paragraphs,
    b.facts.map(([k, v]) => `${k}: ${v}`).join("\n"),
    ...(b.items?.length ? [b.items.map((i, n) => `${n + 1}. ${i.title}\n   ${reason(i.text)}`).join("\n")] : []),
    ...(b.note ? [`${T.reviewerNote}\n${b.note}`] : []),
    `${b.action}:\n${b.link}`,
    signature,
  ].join("\n\n");

  const e = escapeHtml;
  const muted = "font-size:13px;color:#52606d";
  const html = `<!doctype html>
<html lang="id">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(b.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:bold;color:#0b6e4f">${e(PRODUCT_NAME)}<br><span style="font-weight:normal;${muted}">${e(PRODUCT_FULL_NAME)}</span></p>
<p>${e(greeting)}</p>
${b.paragraphs.map((p) => `<p>${e(p)}</p>`).join("\n")}
<table style="border-collapse:collapse;margin:16px 0">${b.facts.map(([k, v]) => `<tr><td style="padding:4px 16px 4px 0;${muted}">${e(k)}</td><td style="padding:4px 0"><strong>${e(v)}</strong></td></tr>`).join("")}</table>
${b.items?.length ? `<ol>${b.items.map((i) => `<li><strong>${e(i.title)}</strong><br>${e(reason(i.text))}</li>`).join("")}</ol>` : ""}
${b.note ? `<p style="white-space:pre-line;border-left:4px solid #e4e7eb;padding-left:12px"><strong>${e(T.reviewerNote)}</strong><br>${e(b.note)}</p>` : ""}
<p><a href="${e(b.link)}" style="display:inline-block;padding:12px 20px;background:#0b6e4f;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${e(b.action)}</a></p>
<p style="${muted}">${e(T.linkFallback)}<br><a href="${e(b.link)}" style="color:#0b6e4f;word-break:break-all">${e(b.link)}</a></p>
<p style="${muted}">${e(T.signOff)}<br>${e(team)}<br>${e(T.automatic)}</p>
</div>
</body>
</html>
`;
  return { subject: b.subject, text, html, link: b.link };
}

export interface NotifyOptions {
  mailer?: Mailer;
  /** default: the mailer's */
  publicUrl?: string;
  logger?: Logger;
}

/** What a mail about an application says of it and to whom: plain data, so the mails build without a database. */
export interface Addressed {
  to: Recipient;
  /** the applicant's name, when the mail goes to the facility that registered them */
  onBehalfOf: string | null;
  registrationNumber: string;
  jalurId: string;
  /** the stage the application is in (null before its first stage opens) */
  stageId: number | null;
}

/** The application and who hears about it: the facility admin who registered it, else the applicant. */
export async function addressee(db: Database, applicationId: string): Promise<Addressed | null> {
  const [app] = await db.select().from(applications).where(eq(applications.id, applicationId));
  if (!app) return null;
  const people = await db
    .select({ id: users.id, email: users.email, roleId: users.roleId, accountName: users.fullName, profileName: applicantProfiles.fullName })
    .from(users)
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
    .where(inArray(users.id, [app.applicantUserId, app.submittedByUserId]));
  const applicant = people.find((p) => p.id === app.applicantUserId);
  const submitter = people.find((p) => p.id === app.submittedByUserId);
  const applicantName = app.applicantName || applicant?.profileName || applicant?.accountName || "";
  const about = { registrationNumber: app.registrationNumber, jalurId: app.jalurId, stageId: app.stageId };
  if (submitter && submitter.roleId === ROLE.ADMIN_FASYANKES) {
    return { to: { email: submitter.email, name: submitter.accountName }, onBehalfOf: applicantName, ...about };
  }
  if (!applicant) return null;
  return { to: { email: applicant.email, name: applicantName }, onBehalfOf: null, ...about };
}

const portalUrl = (opts: NotifyOptions) => opts.publicUrl ?? opts.mailer!.publicUrl;
const link = (publicUrl: string, page: string) => `${publicUrl.replace(/\/+$/, "")}${page}`;

function facts(a: Addressed, extra: [string, string][]): [string, string][] {
  return [
    [APP.facts.registrationNumber, a.registrationNumber],
    ...(a.onBehalfOf !== null ? ([[APP.facts.applicantName, a.onBehalfOf]] as [string, string][]) : []),
    [APP.facts.jalur, JALUR_NAMES[a.jalurId] ?? a.jalurId],
    ...extra,
  ];
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const whose = (a: Addressed) => (a.onBehalfOf !== null ? fill(APP.onBehalfOf, { name: a.onBehalfOf }) : APP.yours);

/**
 * Runs `build` and records its mail in `db`, the transaction of the change. Nothing is caught: inside a
 * transaction a failed statement spoils what follows, so a failure must undo the change, not be logged.
 */
async function notify(db: Database, opts: NotifyOptions, kind: string, applicationId: string, build: (a: Addressed) => Promise<MailContent> | MailContent) {
  if (!opts.mailer) return;
  const a = await addressee(db, applicationId);
  if (!a) return;
  await opts.mailer.send(kind, a.to, await build(a), db);
}

/** The mail that confirms a submission. */
export function submittedMail(a: Addressed, publicUrl: string): MailContent {
  const stage = a.stageId !== null ? (stageName(a.stageId) ?? "") : "";
  return compose(a.to, {
    subject: fill(APP.submitted.subject, { ...PRODUCT, registrationNumber: a.registrationNumber }),
    paragraphs: [fill(APP.submitted.lead, { ...PRODUCT, whose: capitalised(whose(a)), stage }), APP.submitted.followUp],
    facts: facts(a, [
      [APP.facts.stage, stage],
      [APP.facts.status, statusLabel({ status: "IN-PROGRESS", is_submitted: true, tahap: a.stageId !== null ? { id: a.stageId } : null }).label ?? ""],
    ]),
    action: APP.viewStatus,
    link: link(publicUrl, STATUS_PAGE),
  });
}

export function notifySubmitted(db: Database, applicationId: string, opts: NotifyOptions) {
  return notify(db, opts, "submitted", applicationId, (a) => submittedMail(a, portalUrl(opts)));
}

export interface DecisionNotice {
  stageId: number;
  decision: Decision;
  note: string | null;
  /** REUPLOAD: the documents sent back */
  documents: { requirement_id: number; reason: string }[];
  /** the stage the pass opened, if any */
  opens: number | null;
}

/** The mail of a decision; `documentNames` names a REUPLOAD's documents by requirement id. */
export function decisionMail(a: Addressed, d: DecisionNotice, documentNames: ReadonlyMap<number, string>, publicUrl: string): MailContent {
  const stage = stageName(d.stageId) ?? String(d.stageId);
  const label = statusLabel({ status: d.decision, is_submitted: true, tahap: { id: d.stageId } }).label ?? "";
  if (d.decision === "REUPLOAD") {
    return compose(a.to, {
      subject: fill(APP.reupload.subject, { ...PRODUCT, registrationNumber: a.registrationNumber }),
      paragraphs: [fill(APP.reupload.lead, { stage, whose: whose(a) })],
      facts: facts(a, [
        [APP.facts.stage, stage],
        [APP.facts.status, label],
      ]),
      items: d.documents.map((x) => ({
        title: documentNames.get(x.requirement_id) ?? fill(APP.reupload.document, { id: String(x.requirement_id) }),
        text: x.reason,
      })),
      note: d.note,
      action: APP.reupload.action,
      link: link(publicUrl, REUPLOAD_PAGE),
    });
  }
  const next = d.opens !== null ? stageName(d.opens) : null;
  const outcome = d.decision === "FAILED" ? APP.decision.failed : next ? fill(APP.decision.next, { next }) : APP.decision.finished;
  return compose(a.to, {
    subject: fill(APP.decision.subject, { ...PRODUCT, stage, label, registrationNumber: a.registrationNumber }),
    paragraphs: [fill(APP.decision.lead, { stage, whose: whose(a), label, outcome })],
    facts: facts(a, [[APP.facts.stage, stage], [APP.facts.decision, label], ...(next ? ([[APP.facts.nextStage, next]] as [string, string][]) : [])]),
    note: d.note,
    action: APP.viewStatus,
    link: link(publicUrl, STATUS_PAGE),
  });
}

export function notifyDecision(db: Database, applicationId: string, d: DecisionNotice, opts: NotifyOptions) {
  return notify(db, opts, d.decision === "REUPLOAD" ? "reupload_request" : "decision", applicationId, async (a) => {
    const ids = d.decision === "REUPLOAD" ? d.documents.map((x) => x.requirement_id) : [];
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: documentRequirements.id, name: documentRequirements.name })
              .from(documentRequirements)
              .where(inArray(documentRequirements.id, ids))
          ).map((r) => [r.id, r.name]),
    );
    return decisionMail(a, d, names, portalUrl(opts));
  });
}

// --- Facility verification (/admin-fasyankes-list) --------------------------------------------

export interface FacilityVerificationNotice {
  to: Recipient;
  facilityName: string;
  approved: boolean;
  reason: string | null;
}

/** The mail of the Admin's decision on a facility's data. */
export function facilityVerificationMail(n: FacilityVerificationNotice, publicUrl: string): MailContent {
  const facility = { ...PRODUCT, facility: n.facilityName };
  const k = n.approved ? FACILITY.verified : FACILITY.rejected;
  return compose(n.to, {
    subject: fill(k.subject, facility),
    paragraphs: n.approved ? [fill(k.lead, facility), k.next] : [fill(k.lead, facility), fill(T.reason, { reason: n.reason ?? "" }), k.next],
    facts: [
      [FACILITY.facts.facility, n.facilityName],
      [FACILITY.facts.status, k.status],
    ],
    // An approval's reason is the Admin's note; a refusal's is already in the text above.
    note: n.approved ? n.reason : null,
    action: k.action,
    link: link(publicUrl, n.approved ? "/registration-path" : "/personal-data"),
  });
}

/** The Admin's decision on a facility's data, mailed to its admin: recorded in `tx`, the decision's transaction. */
export async function notifyFacilityVerification(tx: Database, n: FacilityVerificationNotice, opts: NotifyOptions) {
  if (!opts.mailer) return;
  await opts.mailer.send(n.approved ? "facility_verified" : "facility_rejected", n.to, facilityVerificationMail(n, portalUrl(opts)), tx);
}

// --- Reminders (api/services/scheduled-jobs.ts) -------------------------------------------------

const REMIND = T.reminders;
const WIB_DATE = { timeZone: TIME_ZONE, dateStyle: "long" } as const;
export const dateWib = (d: Date) => d.toLocaleDateString("id-ID", WIB_DATE);

/** A "Perbaikan Berkas" that has waited since `since`: to the applicant, or the facility that registered them. */
export function reuploadReminderMail(a: Addressed, since: Date, publicUrl: string): MailContent {
  const stage = a.stageId !== null ? (stageName(a.stageId) ?? "") : "";
  return compose(a.to, {
    subject: fill(REMIND.reupload.subject, { ...PRODUCT, registrationNumber: a.registrationNumber }),
    paragraphs: [fill(REMIND.reupload.lead, { whose: whose(a), date: dateWib(since) })],
    facts: facts(a, [
      [APP.facts.stage, stage],
      [REMIND.reupload.waitingSince, dateWib(since)],
    ]),
    action: APP.reupload.action,
    link: link(publicUrl, REUPLOAD_PAGE),
  });
}

/** A file in a reviewer's list mail. */
export interface ReviewerFile {
  registrationNumber: string;
  applicantName: string | null;
  stageId: number;
  deadlineAt: Date;
}

/** To a reviewer: the files at their stages whose deadline is near ("soon") or past ("overdue"); `total` may exceed the files listed. */
export function reviewerListMail(
  to: Recipient,
  kind: "slaSoon" | "overdue",
  files: ReviewerFile[],
  total: number,
  page: string,
  publicUrl: string,
): MailContent {
  const k = REMIND[kind];
  const more = total - files.length;
  return compose(to, {
    subject: fill(k.subject, { ...PRODUCT, count: String(total) }),
    paragraphs: [k.lead, ...(more > 0 && kind === "overdue" ? [fill(REMIND.overdue.more, { count: String(more) })] : [])],
    facts: files.map((f) => [
      `${f.registrationNumber}${f.applicantName ? ` — ${f.applicantName}` : ""}`,
      fill(REMIND.deadline, { stage: stageName(f.stageId) ?? String(f.stageId), date: dateWib(f.deadlineAt) }),
    ]),
    action: REMIND.openList,
    link: link(publicUrl, page),
  });
}

const KEEP = T.retention;

/** 30 days before a never-submitted draft is deleted (api/services/data-rights/retention.ts): to its owner, or the facility that registered it. */
export function draftRetentionMail(a: Addressed, since: Date, deleteOn: Date, publicUrl: string): MailContent {
  const date = dateWib(deleteOn);
  return compose(a.to, {
    subject: fill(KEEP.subject, { ...PRODUCT, date }),
    paragraphs: [fill(KEEP.draftLead, { whose: capitalised(whose(a)), since: dateWib(since), date }), KEEP.draftKeep],
    facts: facts(a, [[KEEP.deletionDate, date]]),
    action: KEEP.draftAction,
    link: link(publicUrl, a.onBehalfOf !== null ? "/application-status" : "/submission-form"),
  });
}

/** 30 days before an account that never started an application is deleted. */
export function accountRetentionMail(to: Recipient, since: Date, deleteOn: Date, publicUrl: string): MailContent {
  const date = dateWib(deleteOn);
  return compose(to, {
    subject: fill(KEEP.subject, { ...PRODUCT, date }),
    paragraphs: [fill(KEEP.accountLead, { since: dateWib(since), date }), KEEP.accountKeep],
    facts: [[KEEP.deletionDate, date]],
    action: KEEP.accountAction,
    link: link(publicUrl, "/login"),
  });
}

// --- Deletion requests (/deletion-requests, docs/decisions/029-retention-and-deletion.md) --------

const DELETION = T.deletionRequest;

export interface DeletionDecisionNotice {
  to: Recipient;
  approved: boolean;
  reason: string;
  requestedAt: Date;
  decidedAt: Date;
}

/** The Super Admin's decision on a deletion request, with its reason; an approval's goes before the account is emptied. */
export function deletionDecisionMail(n: DeletionDecisionNotice, publicUrl: string): MailContent {
  const k = n.approved ? DELETION.approved : DELETION.rejected;
  return compose(n.to, {
    subject: fill(k.subject, PRODUCT),
    paragraphs: [fill(k.lead, PRODUCT), fill(T.reason, { reason: n.reason }), k.next],
    facts: [
      [DELETION.facts.requested, dateWib(n.requestedAt)],
      [DELETION.facts.decision, k.status],
      [DELETION.facts.decidedAt, dateWib(n.decidedAt)],
    ],
    action: k.action,
    link: link(publicUrl, n.approved ? "/welcome" : "/profile/hapus-akun"),
  });
}
