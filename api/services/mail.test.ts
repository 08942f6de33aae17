import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { mailOutbox } from "../db/schema";
import { readOutbox, tokenFrom } from "../test/mail";
import { smtpSink } from "../test/smtp-sink";
import { anyDue, DEFAULT_RETRY, recordMail } from "./mail-outbox";
import { activationMail, createMailer, loginDelayMail, passwordResetMail, signUpAttemptMail, type Mailer, type MailerOptions } from "./mail";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
const PERSON = { email: "ana@contoh.id", name: `Ana <b>"Bo"</b> & 'Cy'` };

let outboxDir: string;
let logs: Array<Record<string, unknown>>;
let database: DatabaseHandle;
const mailers: Mailer[] = [];
beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
  await database.migrate();
});
afterAll(() => database.close());
beforeEach(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), "mail-test-"));
  logs = [];
  await database.db.delete(mailOutbox);
});
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.close()));
  await rm(outboxDir, { recursive: true, force: true });
});

function mailer(options: Partial<MailerOptions> = {}) {
  const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const m = createMailer({ db: database.db, outboxDir, publicUrl: "https://adaptasi.example.go.id/", logger, pollMs: 0, ...options });
  mailers.push(m);
  return m;
}

describe("outbox (no SMTP_URL)", () => {
  it("writes the activation mail as an .eml with a text and an HTML part, and logs its file, never its link", async () => {
    const m = mailer();
    await m.sendActivation(PERSON, TOKEN);
    await m.idle();

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-\d{6}-[0-9a-f]{8}-ana@contoh\.id\.eml$/);
    const [mail] = await readOutbox(outboxDir);
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);
    expect(mail.headers.from).toBe("Adaptasi Nakes LLN <no-reply@adaptasi.kemkes.go.id>");
    expect(mail.to).toBe("ana@contoh.id");
    expect(mail.subject).toBe("Aktivasi akun Adaptasi Nakes LLN / Activate your account");

    const link = `https://adaptasi.example.go.id/account-activation?token=${TOKEN}`;
    expect(mail.text).toContain(`Yth. ${PERSON.name},`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Portal Adaptasi Tenaga Kesehatan Lulusan Luar Negeri");
    expect(mail.text).toContain("24 jam");
    expect(mail.text).toContain("valid for 24 hours");
    expect(tokenFrom(mail, "/account-activation")).toBe(TOKEN);

    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Yth. Ana &lt;b&gt;&quot;Bo&quot;&lt;/b&gt; &amp; &#39;Cy&#39;,");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("24 jam");

    expect(logs).toContainEqual(
      expect.objectContaining({ level: 30, msg: "mail written to outbox", to: "ana@contoh.id", kind: "activation", file: expect.stringMatching(/\.eml$/) }),
    );
    // The link is a secret for the recipient: neither it nor its token is in any log line.
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });

  it("logs no token of a recovery mail either", async () => {
    const m = mailer();
    await m.sendPasswordReset(PERSON, TOKEN);
    await m.idle();
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });

  it("writes the recovery mail with its one-hour link to /forgot-password", async () => {
    const m = mailer({ publicUrl: "http://localhost:3000" });
    await m.sendPasswordReset(PERSON, TOKEN);
    await m.idle();
    const [mail] = await readOutbox(outboxDir);
    expect(mail.subject).toBe("Atur ulang kata sandi Adaptasi Nakes LLN / Reset your password");
    expect(mail.text).toContain(`http://localhost:3000/forgot-password?token=${TOKEN}`);
    expect(mail.text).toContain("1 jam");
    expect(mail.html).toContain("1 jam");
    expect(mail.text).toContain("valid for 1 hour");
  });

  it("keeps file names safe and distinct", async () => {
    const m = mailer();
    const odd = { email: "o'brien+x/../y@contoh.id", name: "O'Brien" };
    await m.sendActivation(odd, TOKEN);
    await m.sendActivation(odd, TOKEN);
    await m.idle();
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/-o_brien\+x_\.\._y@contoh\.id\.eml$/);
  });

  it("reads back in the order sent, even within one millisecond", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T08:00:00.000Z"));
    try {
      const m = mailer();
      for (let i = 0; i < 12; i++) await m.sendActivation({ ...PERSON, name: `Orang ${i}` }, TOKEN);
      await m.idle();
    } finally {
      vi.useRealTimers();
    }
    const mails = await readOutbox(outboxDir);
    expect(mails.map((mail) => /Yth\. (Orang \d+),/.exec(mail.text)?.[1])).toEqual(Array.from({ length: 12 }, (_, i) => `Orang ${i}`));
  });

  it("logs a failed write, and keeps the mail as failed after the last attempt", async () => {
    const blocker = path.join(outboxDir, "berkas");
    await writeFile(blocker, "bukan folder");
    // No wait between attempts: idle() sees the mail due again at once and tries until the last attempt.
    const m = mailer({ outboxDir: path.join(blocker, "outbox"), retry: { maxAttempts: 2, baseMs: 0 } });
    await m.sendActivation(PERSON, TOKEN);
    await m.idle();
    expect(logs).toContainEqual(expect.objectContaining({ level: 40, msg: "mail delivery failed", to: "ana@contoh.id", attempts: 1 }));
    expect(logs).toContainEqual(expect.objectContaining({ level: 50, msg: "mail delivery failed for good", to: "ana@contoh.id", attempts: 2 }));
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "failed", attempts: 2, recipient: "ana@contoh.id", kind: "activation" });
    expect(row.lastError).toBeTruthy();
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });
});

describe("the outbox table", () => {
  it("records a mail in the caller's transaction: rolled back with it, nothing is sent", async () => {
    const m = mailer();
    await expect(
      database.db.transaction(async (tx) => {
        await m.sendActivation(PERSON, TOKEN, tx);
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    await m.idle();
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
    expect(await readdir(outboxDir)).toEqual([]);
  });

  it("marks a delivered mail sent and never sends it twice, with two workers on one database", async () => {
    const [a, b] = [mailer(), mailer()];
    for (let i = 0; i < 30; i++) await a.send("test", { email: `orang${i}@contoh.id`, name: `Orang ${i}` }, activationMail(PERSON, TOKEN, "http://x"));
    await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);
    await Promise.all([a.idle(), b.idle()]);
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(30);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.sentAt !== null)).toBe(true);
    // Each mail carries its row's id as Message-ID, so a receiver can tell a repeat.
    const mails = await readOutbox(outboxDir);
    expect(new Set(mails.map((x) => x.headers["message-id"]))).toEqual(new Set(rows.map((r) => `<${r.id}@adaptasi.kemkes.go.id>`)));
  });

  it("retries after a growing wait and sends again a mail whose sender died after claiming it", async () => {
    const m = mailer();
    // Recorded without waking the worker, so the sender below is the first to look.
    await recordMail(database.db, { kind: "activation", to: PERSON, ...activationMail(PERSON, TOKEN, m.publicUrl) });
    // A sender that claims the row and dies: nothing sent, the row waits out its lease, then goes.
    const { claimDue } = await import("./mail-outbox");
    const claimed = await claimDue(database.db, 10, { baseMs: 5_000, capMs: 60_000, maxAttempts: 8, leaseMs: 60_000 });
    expect(claimed).toHaveLength(1);
    expect(await m.deliverDue()).toBe(0);
    // The lease runs out: the row is due again, as a minute later (set, not waited for).
    await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    await m.idle();
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(await readdir(outboxDir)).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two processes on one PostgreSQL", () => {
  it("claim with SKIP LOCKED: 100 mails, two workers on their own pools, each mail sent once", async () => {
    const { throwawayDatabase } = await import("../test/throwaway-database.mjs");
    const { url, drop } = await throwawayDatabase(process.env.TEST_DATABASE_URL!, "adaptasi_mail");
    const [one, two] = [await openDatabase({ databaseUrl: url }), await openDatabase({ databaseUrl: url })];
    try {
      await one.migrate();
      const [a, b] = [mailer({ db: one.db }), mailer({ db: two.db })];
      for (let i = 0; i < 100; i++) await a.send("test", { email: `orang${i}@contoh.id`, name: `Orang ${i}` }, activationMail(PERSON, TOKEN, "http://x"));
      await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);
      await Promise.all([a.idle(), b.idle()]);
      const mails = await readOutbox(outboxDir);
      expect(mails).toHaveLength(100);
      expect(new Set(mails.map((m) => m.headers["message-id"])).size).toBe(100);
      const rows = await one.db.select().from(mailOutbox);
      expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(mailers.splice(0).map((m) => m.close()));
      await one.close();
      await two.close();
      await drop();
    }
  }, 60_000);
});

describe("SMTP (SMTP_URL)", () => {
  it("delivers to a real SMTP server with both parts, and keeps the link out of the log", async () => {
    const sink = await smtpSink();
    try {
      const m = mailer({ smtpUrl: sink.url });
      await m.sendActivation(PERSON, TOKEN);
      await m.sendPasswordReset(PERSON, TOKEN);
      await m.idle();

      expect(sink.received).toHaveLength(2);
      expect(sink.received[0]).toMatchObject({ from: "no-reply@adaptasi.kemkes.go.id", to: "ana@contoh.id" });
      const mails = sink.received.map((r) => r.mail);
      const activation = mails.find((m) => m.subject.startsWith("Aktivasi akun"))!;
      const reset = mails.find((m) => m.subject.startsWith("Atur ulang kata sandi"))!;
      expect(activation.text).toContain(`/account-activation?token=${TOKEN}`);
      expect(activation.html).toContain("&lt;b&gt;");
      expect(reset.text).toContain(`/forgot-password?token=${TOKEN}`);
      expect(reset.html).toContain(`/forgot-password?token=${TOKEN}`);

      expect(await readdir(outboxDir)).toEqual([]);
      expect(logs.filter((l) => l.msg === "mail sent")).toHaveLength(2);
      expect(JSON.stringify(logs)).not.toContain(TOKEN);
    } finally {
      await sink.close();
    }
  });

  it("idle() waits for a mail a pass claimed after idle() began: it resolves once the server has it, not when nothing is due", async () => {
    // The SMTP server holds the message it has received until the test answers for it.
    let answer = () => {};
    let arrived = () => {};
    const hasArrived = new Promise<void>((resolve) => (arrived = resolve));
    let accepted = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => {
          answer = () => {
            accepted++;
            callback();
          };
          arrived();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.server.address() as AddressInfo;
      // Between idle()'s wait for running work and its look for due mail, a pass starts (the 50 ms wake after a
      // transaction, the poll), claims the mail — which leases it: no longer due — and is sending it.
      let between: (() => Promise<void>) | undefined;
      const gate = {
        state: async () => {
          const step = between;
          between = undefined;
          await step?.();
          return { mail: "sending" as const, jobs: true };
        },
      };
      const m = mailer({ smtpUrl: `smtp://127.0.0.1:${port}`, gate });
      await recordMail(database.db, { kind: "activation", to: PERSON, subject: "S", text: "T", html: "<p>H</p>" });
      between = async () => {
        m.wake();
        await hasArrived;
      };
      const idle = m.idle().then(() => accepted);
      await hasArrived;
      // idle() has looked for due mail by now (one query after it, on the same single-connection database).
      await new Promise((resolve) => setImmediate(resolve));
      await database.db.select().from(mailOutbox);
      await new Promise((resolve) => setImmediate(resolve));
      answer();
      expect(await idle, "mails the server had accepted when idle() resolved").toBe(1);
      expect((await database.db.select().from(mailOutbox))[0]).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("logs an unreachable server instead of throwing", async () => {
    const probe = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.server.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const m = mailer({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await m.sendActivation(PERSON, TOKEN);
    await m.idle();
    expect(logs).toContainEqual(expect.objectContaining({ level: 40, msg: "mail delivery failed", kind: "activation" }));
    // Kept, due again after the first backoff (5 s).
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(await anyDue(database.db)).toBe(false);
    expect(row.nextAttemptAt.getTime() - row.createdAt.getTime()).toBeGreaterThanOrEqual(DEFAULT_RETRY.baseMs);
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });
});

describe("the texts of each mail", () => {
  // Fixed inputs, so a change of wording (or of where the wording lives) shows as a snapshot diff.
  const URL = "https://adaptasi.example.go.id/";
  const AT = new Date("2026-03-04T05:06:07Z");
  const kinds = {
    activation: () => activationMail(PERSON, TOKEN, URL),
    password_reset: () => passwordResetMail(PERSON, TOKEN, URL),
    sign_up_attempt_email: () => signUpAttemptMail(PERSON, ["email"], URL),
    sign_up_attempt_all: () => signUpAttemptMail(PERSON, ["email", "nik", "foreign_id"], URL),
    login_delay: () => loginDelayMail(PERSON, { address: "203.0.113.9", at: AT }, URL),
  };
  for (const [kind, make] of Object.entries(kinds)) {
    it(`${kind}: subject, text and HTML`, () => {
      expect(make()).toMatchSnapshot();
    });
  }
});
