import { eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import { PRODUCT_FULL_NAME, PRODUCT_NAME } from "#domain/menu";
import { ROLE } from "#domain/roles";
import { statusLabel } from "#domain/status-label";
import { stageName, type Decision } from "#domain/workflow";
import type { Database } from "../db/client";
import { applicantProfiles, applications, documentRequirements, users } from "../db/schema";
import { escapeHtml, type MailContent, type Mailer, type Recipient } from "./mail";

// Mail about an application (DESIGN §4 "Review bodies", docs/decisions/018-review-api-rules.md): its submission,
// every decision, and a reupload request. Sent after the change is committed, to the applicant — or to
// the facility admin (role 8) who registered them. A failure is logged and never undoes the change.

const JALUR_NAMES: Record<string, string> = { REG: "Reguler", SPE: "Spesialis", OTH: "Lainnya" };
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
  const signature = `Salam,\nTim ${PRODUCT_NAME}\n${PRODUCT_FULL_NAME}\n\nSurel ini dikirim otomatis; mohon tidak membalas.`;
  const text = [
    `Yth. ${to.name},`,
    ...b.paragraphs,
    b.facts.map(([k, v]) => `${k}: ${v}`).join("\n"),
    ...(b.items?.length ? [b.items.map((i, n) => `${n + 1}. ${i.title}\n   Alasan: ${i.text}`).join("\n")] : []),
    ...(b.note ? [`Catatan peninjau:\n${b.note}`] : []),
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
<p>Yth. ${e(to.name)},</p>
${b.paragraphs.map((p) => `<p>${e(p)}</p>`).join("\n")}
<table style="border-collapse:collapse;margin:16px 0">${b.facts.map(([k, v]) => `<tr><td style="padding:4px 16px 4px 0;${muted}">${e(k)}</td><td style="padding:4px 0"><strong>${e(v)}</strong></td></tr>`).join("")}</table>
${b.items?.length ? `<ol>${b.items.map((i) => `<li><strong>${e(i.title)}</strong><br>Alasan: ${e(i.text)}</li>`).join("")}</ol>` : ""}
${b.note ? `<p style="white-space:pre-line;border-left:4px solid #e4e7eb;padding-left:12px"><strong>Catatan peninjau:</strong><br>${e(b.note)}</p>` : ""}
<p><a href="${e(b.link)}" style="display:inline-block;padding:12px 20px;background:#0b6e4f;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${e(b.action)}</a></p>
<p style="${muted}">Jika tombol tidak berfungsi, salin alamat ini ke peramban Anda:<br><a href="${e(b.link)}" style="color:#0b6e4f;word-break:break-all">${e(b.link)}</a></p>
<p style="${muted}">Salam,<br>Tim ${e(PRODUCT_NAME)}<br>Surel ini dikirim otomatis; mohon tidak membalas.</p>
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
async function addressee(db: Database, applicationId: string): Promise<Addressed | null> {
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
    ["Nomor Registrasi", a.registrationNumber],
    ...(a.onBehalfOf !== null ? ([["Nama Pemohon", a.onBehalfOf]] as [string, string][]) : []),
    ["Jalur", JALUR_NAMES[a.jalurId] ?? a.jalurId],
    ...extra,
  ];
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const whose = (a: Addressed) => (a.onBehalfOf !== null ? `permohonan atas nama ${a.onBehalfOf}` : "permohonan Anda");

/** Runs `build` and queues its mail; anything that goes wrong is logged, never thrown. */
async function notify(db: Database, opts: NotifyOptions, kind: string, applicationId: string, build: (a: Addressed) => Promise<MailContent> | MailContent) {
  if (!opts.mailer) return;
  try {
    const a = await addressee(db, applicationId);
    if (!a) return;
    opts.mailer.send(kind, a.to, await build(a));
  } catch (err) {
    opts.logger?.error({ err, kind, applicationId }, "review notification failed");
  }
}

/** The mail that confirms a submission. */
export function submittedMail(a: Addressed, publicUrl: string): MailContent {
  const stage = a.stageId !== null ? (stageName(a.stageId) ?? "") : "";
  return compose(a.to, {
    subject: `Permohonan diterima — ${a.registrationNumber} | ${PRODUCT_NAME}`,
    paragraphs: [
      `Terima kasih. ${capitalised(whose(a))} di ${PRODUCT_NAME} telah kami terima dan kini masuk tahap ${stage}.`,
      "Kami akan mengirim surel setiap kali ada keputusan atau bila ada dokumen yang perlu diperbaiki. Anda juga dapat memantau statusnya kapan saja.",
    ],
    facts: facts(a, [
      ["Tahap", stage],
      ["Status", "Dalam Proses"],
    ]),
    action: "Lihat status permohonan",
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
      subject: `Perbaikan berkas diperlukan — ${a.registrationNumber} | ${PRODUCT_NAME}`,
      paragraphs: [
        `Peninjau tahap ${stage} meminta perbaikan pada ${whose(a)}. Unggah ulang dokumen berikut; setelah semuanya diperbaiki, permohonan kembali diproses pada tahap yang sama.`,
      ],
      facts: facts(a, [
        ["Tahap", stage],
        ["Status", label],
      ]),
      items: d.documents.map((x) => ({ title: documentNames.get(x.requirement_id) ?? `Dokumen ${x.requirement_id}`, text: x.reason })),
      note: d.note,
      action: "Unggah ulang dokumen",
      link: link(publicUrl, REUPLOAD_PAGE),
    });
  }
  const next = d.opens !== null ? stageName(d.opens) : null;
  const outcome =
    d.decision === "FAILED"
      ? `Permohonan tidak dapat dilanjutkan dan telah ditutup.`
      : next
        ? `Permohonan dilanjutkan ke tahap ${next}.`
        : `Seluruh tahap telah selesai.`;
  return compose(a.to, {
    subject: `Keputusan ${stage}: ${label} — ${a.registrationNumber} | ${PRODUCT_NAME}`,
    paragraphs: [`Tahap ${stage} atas ${whose(a)} telah diputuskan: ${label}. ${outcome}`],
    facts: facts(a, [
      ["Tahap", stage],
      ["Keputusan", label],
      ...(next ? ([["Tahap berikutnya", next]] as [string, string][]) : []),
    ]),
    note: d.note,
    action: "Lihat status permohonan",
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
  return n.approved
    ? compose(n.to, {
        subject: `Data Fasyankes terverifikasi — ${n.facilityName} | ${PRODUCT_NAME}`,
        paragraphs: [
          `Data ${n.facilityName} di ${PRODUCT_NAME} telah diverifikasi oleh Admin.`,
          "Anda kini dapat mendaftarkan tenaga kesehatan lulusan luar negeri melalui menu Pendaftaran dan memantau pengajuannya pada menu Status Pengajuan.",
        ],
        facts: [
          ["Fasyankes", n.facilityName],
          ["Status", "Terverifikasi"],
        ],
        note: n.reason,
        action: "Daftarkan tenaga kesehatan",
        link: link(publicUrl, "/registration-path"),
      })
    : compose(n.to, {
        subject: `Data Fasyankes perlu diperbaiki — ${n.facilityName} | ${PRODUCT_NAME}`,
        paragraphs: [
          `Data ${n.facilityName} di ${PRODUCT_NAME} belum dapat diverifikasi oleh Admin.`,
          `Alasan: ${n.reason ?? ""}`,
          "Perbaiki data pada menu Data Personal, lalu kirim kembali untuk diverifikasi.",
        ],
        facts: [
          ["Fasyankes", n.facilityName],
          ["Status", "Ditolak"],
        ],
        action: "Perbaiki Data Personal",
        link: link(publicUrl, "/personal-data"),
      });
}

/** The Admin's decision on a facility's data, mailed to its admin; logged, never thrown, like the others. */
export function notifyFacilityVerification(n: FacilityVerificationNotice, opts: NotifyOptions) {
  if (!opts.mailer) return;
  try {
    const mail = facilityVerificationMail(n, portalUrl(opts));
    opts.mailer.send(n.approved ? "facility_verified" : "facility_rejected", n.to, mail);
  } catch (err) {
    opts.logger?.error({ err, to: n.to.email }, "facility verification notification failed");
  }
}
