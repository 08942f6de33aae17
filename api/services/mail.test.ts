import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseMail, readOutbox, tokenFrom } from "../test/mail";
import { activationMail, createMailer, loginDelayMail, passwordResetMail, signUpAttemptMail, type MailerOptions } from "./mail";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
const PERSON = { email: "ana@contoh.id", name: `Ana <b>"Bo"</b> & 'Cy'` };

let outboxDir: string;
let logs: Array<Record<string, unknown>>;
beforeEach(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), "mail-test-"));
  logs = [];
});
afterEach(() => rm(outboxDir, { recursive: true, force: true }));

function mailer(options: Partial<MailerOptions> = {}) {
  const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  return createMailer({ outboxDir, publicUrl: "https://adaptasi.example.go.id/", logger, ...options });
}

describe("outbox (no SMTP_URL)", () => {
  it("writes the activation mail as an .eml with a text and an HTML part, and logs its file, never its link", async () => {
    const m = mailer();
    m.sendActivation(PERSON, TOKEN);
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
    m.sendPasswordReset(PERSON, TOKEN);
    await m.idle();
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });

  it("writes the recovery mail with its one-hour link to /forgot-password", async () => {
    const m = mailer({ publicUrl: "http://localhost:3000" });
    m.sendPasswordReset(PERSON, TOKEN);
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
    m.sendActivation(odd, TOKEN);
    m.sendActivation(odd, TOKEN);
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
      for (let i = 0; i < 12; i++) m.sendActivation({ ...PERSON, name: `Orang ${i}` }, TOKEN);
      await m.idle();
    } finally {
      vi.useRealTimers();
    }
    const mails = await readOutbox(outboxDir);
    expect(mails.map((mail) => /Yth\. (Orang \d+),/.exec(mail.text)?.[1])).toEqual(Array.from({ length: 12 }, (_, i) => `Orang ${i}`));
  });

  it("logs a failed write instead of throwing", async () => {
    const blocker = path.join(outboxDir, "berkas");
    await writeFile(blocker, "bukan folder");
    const m = mailer({ outboxDir: path.join(blocker, "outbox") });
    expect(() => m.sendActivation(PERSON, TOKEN)).not.toThrow();
    await m.idle();
    expect(logs).toContainEqual(expect.objectContaining({ level: 50, msg: "mail delivery failed", to: "ana@contoh.id" }));
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });
});

describe("SMTP (SMTP_URL)", () => {
  it("delivers to a real SMTP server with both parts, and keeps the link out of the log", async () => {
    const received: Array<{ raw: string; from: string; to: string[] }> = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            raw: Buffer.concat(chunks).toString("utf8"),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const m = mailer({ smtpUrl: `smtp://127.0.0.1:${port}` });
      m.sendActivation(PERSON, TOKEN);
      m.sendPasswordReset(PERSON, TOKEN);
      await m.close();

      expect(received).toHaveLength(2);
      expect(received[0]).toMatchObject({ from: "no-reply@adaptasi.kemkes.go.id", to: ["ana@contoh.id"] });
      const mails = received.map((r) => parseMail(r.raw));
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
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("logs an unreachable server instead of throwing", async () => {
    const probe = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.server.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const m = mailer({ smtpUrl: `smtp://127.0.0.1:${port}` });
    m.sendActivation(PERSON, TOKEN);
    await m.close();
    expect(logs).toContainEqual(expect.objectContaining({ level: 50, msg: "mail delivery failed", kind: "activation" }));
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
