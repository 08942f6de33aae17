import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { PRODUCT_FULL_NAME, PRODUCT_NAME } from "#domain/menu";
import enMail from "#locales/en/mail.json";
import idMail from "#locales/id/mail.json";

// Outgoing mail (DESIGN §1): SMTP when SMTP_URL is set, otherwise one .eml file per message under
// the outbox folder, where a developer reads it. A mail's link (activation, reset) is a secret for its
// recipient: it is never logged, in any environment; the log names the file.

export const DEFAULT_MAIL_FROM = `"${PRODUCT_NAME}" <no-reply@adaptasi.kemkes.go.id>`;

export interface Recipient {
  email: string;
  name: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** the one link the reader is meant to follow */
  link: string;
}

export interface Mailer {
  /** Queues the activation mail (link valid 24 h). Never throws; see `createMailer`. */
  sendActivation(to: Recipient, token: string): void;
  /** Queues the password-recovery mail (link valid 1 h). Never throws. */
  sendPasswordReset(to: Recipient, token: string): void;
  /** Queues a message composed elsewhere (review notifications, api/services/notifications.ts). Never throws. */
  send(kind: string, to: Recipient, mail: MailContent): void;
  /**
   * Runs `work` (find the account, issue its link, queue its mail) in the background, so the request
   * answers in the same time whether or not there is an account to mail. Never throws; `idle()` waits for it.
   */
  inBackground(kind: string, work: () => Promise<void>): void;
  /** The portal's address the links in the mails point to. */
  readonly publicUrl: string;
  /** Resolves once every message queued so far has been delivered or has failed (tests, shutdown). */
  idle(): Promise<void>;
  /** Waits for queued messages, then closes the SMTP connection. */
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  /** the portal's address, without a trailing slash needed */
  publicUrl: string;
  from?: string;
  logger: Logger;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[ch]!));

const escapeAll = <T extends Record<string, string>>(texts: T) =>
  Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, escapeHtml(value)])) as T;

/** The mails' texts in each language the portal speaks (locales/<lng>/mail.json). */
const MAIL_TEXTS = { id: idMail, en: enMail };
type MailTexts = typeof idMail;
type Kind = "activation" | "passwordReset" | "signUpAttempt" | "loginDelay";
type Params = Record<string, string>;

/** `{{name}}` → its value, in one pass, so a value (a person's name) is never read as a placeholder. */
export const fill = (template: string, params: Params) => template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => params[key] ?? whole);

/**
 * A mail is written in Indonesian, the interface's language (spec §9), with a short English summary
 * below it for a reader who does not read Indonesian; so its subject carries both (the second one short).
 */
const PRIMARY = "id";
const SECOND = "en";
/** How each language writes a date and time. */
const DATE_LOCALE = { id: "id-ID", en: "en-GB" } as const;

function compose(to: Recipient, link: string, kind: Kind, params: (lng: typeof PRIMARY | typeof SECOND) => Params = () => ({})): MailContent {
  const [m, o] = [MAIL_TEXTS[PRIMARY], MAIL_TEXTS[SECOND]];
  const common = { product: PRODUCT_NAME, fullName: PRODUCT_FULL_NAME };
  const [p, q] = [{ ...common, ...params(PRIMARY) }, { ...common, ...params(SECOND) }];
  const k = m[kind];
  const w = {
    subject: `${fill(k.subject, p)} / ${o[kind].subjectShort}`,
    lead: fill(k.lead, p),
    action: fill(k.action, p),
    validity: fill(k.validity, p),
    ignore: fill(k.ignore, p),
    summary: fill(o[kind].summary, q),
  };
  const greeting = fill(m.greeting, { name: to.name });
  const team = fill(m.team, common);
  const signature = `${m.signOff}\n${team}\n${PRODUCT_FULL_NAME}\n\n${m.automatic}`;
  const paragraphs = [greeting, w.lead, `${w.action}:\n${link}`, w.validity, w.ignore, `---\n${w.summary}`, signature];
  const text = paragraphs.join("\n\n");

  // Every piece of text goes into the HTML escaped, the recipient's own name above all.
  const h = escapeAll({ ...w, greeting, link, product: PRODUCT_NAME, fullName: PRODUCT_FULL_NAME, linkFallback: m.linkFallback, signOff: m.signOff, team, automatic: m.automatic });
  const muted = "font-size:13px;color:#52606d";
  const html = `<!doctype html>
<html lang="${PRIMARY}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${h.subject}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:bold;color:#0b6e4f">${h.product}<br><span style="font-weight:normal;${muted}">${h.fullName}</span></p>
<p>${h.greeting}</p>
<p>${h.lead}</p>
<p><a href="${h.link}" style="display:inline-block;padding:12px 20px;background:#0b6e4f;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${h.action}</a></p>
<p style="${muted}">${h.linkFallback}<br><a href="${h.link}" style="color:#0b6e4f;word-break:break-all">${h.link}</a></p>
<p>${h.validity}</p>
<p>${h.ignore}</p>
<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0">
<p lang="${SECOND}" style="${muted}">${h.summary}</p>
<p style="${muted}">${h.signOff}<br>${h.team}<br>${h.automatic}</p>
</div>
</body>
</html>
`;
  return { subject: w.subject, text, html, link };
}

const pageLink = (publicUrl: string, page: string, token: string) =>
  `${publicUrl.replace(/\/+$/, "")}${page}?token=${encodeURIComponent(token)}`;

export function activationMail(to: Recipient, token: string, publicUrl: string): MailContent {
  return compose(to, pageLink(publicUrl, "/account-activation", token), "activation");
}

export function passwordResetMail(to: Recipient, token: string, publicUrl: string): MailContent {
  return compose(to, pageLink(publicUrl, "/forgot-password", token), "passwordReset");
}

/** A value a refused sign-up shared with an existing account. */
export type TakenValue = keyof MailTexts["signUpAttempt"]["taken"];

/**
 * To the owner of an account whose e-mail, NIK or passport someone just tried to sign up with; the
 * person signing up saw the usual "check your e-mail" page. No link here acts on the account.
 */
export function signUpAttemptMail(to: Recipient, matched: TakenValue[], publicUrl: string): MailContent {
  return compose(to, `${publicUrl.replace(/\/+$/, "")}/login`, "signUpAttempt", (lng) => {
    const t = MAIL_TEXTS[lng];
    return { what: matched.map((v) => t.signUpAttempt.taken[v]).join(` ${t.and} `) };
  });
}

const WIB = { timeZone: "Asia/Jakarta", dateStyle: "long", timeStyle: "short" } as const;

/**
 * To the owner, once when failed logins from one address start to be delayed (api/services/login-throttle.ts).
 * It names the address and the time, and never a password or a link that acts on the account.
 */
export function loginDelayMail(to: Recipient, attempt: { address: string; at: Date }, publicUrl: string): MailContent {
  return compose(to, `${publicUrl.replace(/\/+$/, "")}/forgot-password/email`, "loginDelay", (lng) => ({
    address: attempt.address,
    time: fill(MAIL_TEXTS[lng].loginDelay.time, { time: attempt.at.toLocaleString(DATE_LOCALE[lng], WIB) }),
  }));
}

let written = 0;

/**
 * `<ISO time>-<sequence>-<random>-<recipient>.eml`, safe on every file system and sorted by time; the
 * sequence keeps this process's order when two mails fall in the same millisecond (two decisions in a
 * row), which the random part alone did not.
 */
function outboxFileName(to: string): string {
  const time = new Date().toISOString().replace(/[:.]/g, "-");
  const sequence = String(written++ % 1_000_000).padStart(6, "0");
  const who = to
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, "_")
    .slice(0, 80);
  return `${time}-${sequence}-${randomBytes(4).toString("hex")}-${who}.eml`;
}

/**
 * Delivery runs in the background and a failure is logged, never thrown: by the time a mail is sent
 * the account or token is already saved, so the sign-up (or request) has succeeded and the user can
 * ask for the link again; a slow or broken mail server must neither fail nor slow the request; and
 * answering before the send keeps resend/forgot from revealing by their timing whether an account exists.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { logger, publicUrl } = options;
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const smtp = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      })
    : undefined;
  const outbox = smtp ? undefined : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const pending = new Set<Promise<void>>();

  async function deliver(kind: string, to: Recipient, mail: MailContent): Promise<void> {
    // Named when sent, before anything is awaited, so the outbox reads in the order the mails were sent.
    const fileName = smtp ? "" : outboxFileName(to.email);
    const message = {
      from,
      to: { name: to.name, address: to.email },
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { "Auto-Submitted": "auto-generated" },
    };
    if (smtp) {
      const info = await smtp.sendMail(message);
      logger.info({ kind, to: to.email, messageId: info.messageId }, "mail sent");
      return;
    }
    const info = await outbox!.sendMail(message);
    await mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, fileName);
    await writeFile(file, info.message as Buffer, { flag: "wx" });
    logger.info({ kind, to: to.email, file }, "mail written to outbox");
  }

  function track(work: () => Promise<void>, onError: (err: unknown) => void) {
    const task = work()
      .catch(onError)
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  function queue(kind: string, to: Recipient, mail: MailContent) {
    track(
      () => deliver(kind, to, mail),
      (err) => logger.error({ err, kind, to: to.email }, "mail delivery failed"),
    );
  }

  async function idle() {
    while (pending.size > 0) await Promise.all(pending);
  }

  return {
    sendActivation: (to, token) => queue("activation", to, activationMail(to, token, publicUrl)),
    sendPasswordReset: (to, token) => queue("password_reset", to, passwordResetMail(to, token, publicUrl)),
    send: queue,
    // setImmediate: the work starts once the answer has gone, not interleaved with its last steps.
    inBackground: (kind, work) =>
      track(
        () => new Promise<void>((resolve) => setImmediate(resolve)).then(work),
        (err) => logger.error({ err, kind }, "background mail work failed"),
      ),
    publicUrl: publicUrl.replace(/\/+$/, ""),
    idle,
    async close() {
      await idle();
      smtp?.close();
    },
  };
}
