import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { PRODUCT_FULL_NAME, PRODUCT_NAME } from "#domain/menu";
import type { Database } from "../db/client";
import * as metrics from "../lib/metrics";
import { ALWAYS_SENDING, type DeliveryGate, type DeliveryState } from "./live-service";
import { anyDue, claimDue, DEFAULT_RETRY, markAttemptFailed, markSent, outboxCounts, recordMail, type OutboxRow, type RetryPolicy } from "./mail-outbox";
import enMail from "#locales/en/mail.json";
import idMail from "#locales/id/mail.json";
import { TIME_ZONE } from "#domain/time-zone";

// Outgoing mail (DESIGN §1): recorded in the database with the change that causes it, then delivered
// by SMTP when SMTP_URL is set, otherwise as one .eml file per message under the outbox folder, where
// a developer reads it. A mail's link (activation, reset) is a secret for its
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
  /**
   * Records the activation mail (link valid 24 h) in the outbox; `tx` is the transaction of the change
   * that causes it (the account, the token), so the mail exists exactly when the change does.
   */
  sendActivation(to: Recipient, token: string, tx?: Database): Promise<void>;
  /** Records the password-recovery mail (link valid 1 h); see `sendActivation`. */
  sendPasswordReset(to: Recipient, token: string, tx?: Database): Promise<void>;
  /** Records a message composed elsewhere (review notifications, api/services/notifications.ts). */
  send(kind: string, to: Recipient, mail: MailContent, tx?: Database): Promise<void>;
  /**
   * Runs `work` (find the account, issue its link, record its mail) in the background, so the request
   * answers in the same time whether or not there is an account to mail. Never throws; `idle()` waits for it.
   */
  inBackground(kind: string, work: () => Promise<void>): void;
  /** The portal's address the links in the mails point to. */
  readonly publicUrl: string;
  /** Whether mail leaves this instance now: sending, held (a copy of the database) or redirected (MAIL_REDIRECT_TO). */
  delivery(): Promise<DeliveryState>;
  /** Runs the worker now (after a mail is recorded, or a failed one is sent again). */
  wake(): void;
  /** One pass of the worker: claims due mails and tries each once; resolves to how many it tried. */
  deliverDue(): Promise<number>;
  /**
   * Resolves once background work is done, no recorded mail is due and no pass of this process is sending
   * one (tests: the mail is then in the outbox folder or at the SMTP server; one waiting out a backoff is not waited for).
   */
  idle(): Promise<void>;
  /** Stops the worker after its current pass; what is not sent stays recorded for the next start. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** where mails are recorded and the worker finds them */
  db: Database;
  smtpUrl?: string;
  outboxDir: string;
  /** the portal's address, without a trailing slash needed */
  publicUrl: string;
  from?: string;
  logger: Logger;
  /** retries and backoff (MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_SECONDS, MAIL_LEASE_SECONDS) */
  retry?: Partial<RetryPolicy>;
  /** how often the worker looks for due mail; default 2 s; 0 = never on its own (tests call deliverDue) */
  pollMs?: number;
  /** whether mail may leave (a copy of the database holds it) and where to (MAIL_REDIRECT_TO); default: always, to its recipient */
  gate?: DeliveryGate;
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

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
  const [p, q] = [
    { ...common, ...params(PRIMARY) },
    { ...common, ...params(SECOND) },
  ];
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
  const h = escapeAll({
    ...w,
    greeting,
    link,
    product: PRODUCT_NAME,
    fullName: PRODUCT_FULL_NAME,
    linkFallback: m.linkFallback,
    signOff: m.signOff,
    team,
    automatic: m.automatic,
  });
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

const pageLink = (publicUrl: string, page: string, token: string) => `${publicUrl.replace(/\/+$/, "")}${page}?token=${encodeURIComponent(token)}`;

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

const WIB = { timeZone: TIME_ZONE, dateStyle: "long", timeStyle: "short" } as const;

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

/** An address as a log line or a redirected mail may show it: `an***@contoh.id`. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return "***";
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
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
 * Every mail is first a row of the outbox (api/services/mail-outbox.ts), written with the change that
 * causes it; the worker here delivers due rows in the background, so a slow or broken mail server
 * neither fails nor slows a request, and answering before the send keeps resend/forgot from revealing
 * by their timing whether an account exists. A failed send is retried with a growing wait; after the
 * last attempt the mail is kept as failed, for the Super Admin to send again (/mail-outbox).
 */
export function createMailer(options: MailerOptions): Mailer {
  const { logger, publicUrl, db } = options;
  const gate = options.gate ?? ALWAYS_SENDING;
  const redirectTo = gate.redirectTo;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const messageDomain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "adaptasi.kemkes.go.id";
  const smtp = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      })
    : undefined;
  const outbox = smtp ? undefined : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const background = new Set<Promise<void>>();
  let closed = false;

  async function deliver(row: OutboxRow): Promise<void> {
    // Named when sent, before anything is awaited, so the outbox reads in the order the mails were sent.
    const address = redirectTo ?? row.recipient;
    const fileName = smtp ? "" : outboxFileName(address);
    const message = {
      from,
      to: { name: row.recipientName, address },
      subject: row.subject,
      text: row.text,
      html: row.html,
      // One id per recorded mail: a receiver can tell a repeat (a sender killed between send and mark) apart.
      messageId: `<${row.id}@${messageDomain}>`,
      // A redirected mail says whose it was, masked: enough to tell mails apart in the one mailbox.
      headers: { "Auto-Submitted": "auto-generated", ...(redirectTo ? { "X-Original-To": maskAddress(row.recipient) } : {}) },
    };
    if (smtp) {
      const info = await smtp.sendMail(message);
      logger.info({ kind: row.kind, to: row.recipient, id: row.id, messageId: info.messageId }, "mail sent");
      return;
    }
    const info = await outbox!.sendMail(message);
    await mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, fileName);
    await writeFile(file, info.message as Buffer, { flag: "wx" });
    logger.info({ kind: row.kind, to: row.recipient, id: row.id, file }, "mail written to outbox");
  }

  async function pass(): Promise<number> {
    // A copy of the database keeps its mail in the outbox (api/services/live-service.ts).
    if ((await gate.state()).mail === "held") return 0;
    let tried = 0;
    for (;;) {
      const rows = await claimDue(db, 20, policy);
      for (const row of rows) {
        try {
          await deliver(row);
          await markSent(db, row.id);
          metrics.mailSent.inc();
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const gaveUp = await markAttemptFailed(db, row, message.slice(0, 500), policy);
          metrics.mailFailures.inc({ kind: gaveUp ? "permanent" : "retry" });
          logger[gaveUp ? "error" : "warn"](
            { err, kind: row.kind, to: row.recipient, id: row.id, attempts: row.attempts },
            gaveUp ? "mail delivery failed for good" : "mail delivery failed",
          );
        }
      }
      tried += rows.length;
      if (rows.length < 20 || closed) {
        return tried;
      }
    }
  }

  // One pass at a time in this process; a wake during a pass runs another right after it.
  let running: Promise<number> | null = null;
  let again = false;
  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running.then(() => (running ? running : deliverDue()));
    }
    running = pass()
      .catch((err) => {
        logger.error({ err }, "mail worker pass failed");
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          void deliverDue();
        }
      });
    return running;
  }
  const wake = () => {
    if (!closed) void deliverDue();
  };

  // What /metrics says of the queue, counted at each scrape: mails recorded and not yet delivered, held ones too.
  const forgetQueue = metrics.reportMailQueue(async () => (await outboxCounts(db)).pending);

  const pollMs = options.pollMs ?? 2_000;
  const timer = pollMs > 0 ? setInterval(wake, pollMs) : undefined;
  timer?.unref();

  async function record(kind: string, to: Recipient, mail: MailContent, tx?: Database) {
    await recordMail(tx ?? db, { kind, to, subject: mail.subject, text: mail.text, html: mail.html });
    // Inside a transaction the row is seen once it commits: look right away and again a moment later.
    if (tx) setTimeout(wake, 50).unref();
    else setImmediate(wake);
  }

  function track(work: () => Promise<void>, onError: (err: unknown) => void) {
    const task = work()
      .catch(onError)
      .finally(() => background.delete(task));
    background.add(task);
  }

  async function settle() {
    while (background.size > 0) await Promise.all(background);
    while (running) await running;
  }

  return {
    sendActivation: (to, token, tx) => record("activation", to, activationMail(to, token, publicUrl), tx),
    sendPasswordReset: (to, token, tx) => record("password_reset", to, passwordResetMail(to, token, publicUrl), tx),
    send: record,
    // setImmediate: the work starts once the answer has gone, not interleaved with its last steps.
    inBackground: (kind, work) =>
      track(
        () => new Promise<void>((resolve) => setImmediate(resolve)).then(work),
        (err) => logger.error({ err, kind }, "background mail work failed"),
      ),
    publicUrl: publicUrl.replace(/\/+$/, ""),
    delivery: () => gate.state(),
    wake,
    deliverDue,
    async idle() {
      for (;;) {
        await settle();
        if ((await gate.state()).mail === "held") return;
        if (await anyDue(db)) {
          await deliverDue();
          continue;
        }
        // Nothing due may mean a pass began after settle() and has claimed the mail (a claim leases the row,
        // so it is no longer due) and is still sending it: the 50 ms wake after a transaction, the poll.
        // Its send is waited for; only a pass that has ended has written its file or had its answer.
        if (running === null && background.size === 0) return;
      }
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      forgetQueue();
      await settle();
      smtp?.close();
    },
  };
}
