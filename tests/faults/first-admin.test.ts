import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ANNOUNCEMENT } from "../../api/seed/facilities";
import { DEMO_TEST_SCHEDULES } from "../../api/seed";
import { tokenFrom } from "../../api/test/mail";
import { smtpSink, type SmtpSink } from "../../api/test/smtp-sink";
import { throwawayDatabase } from "../../api/test/throwaway-database.mjs";
import { ensureBuild, leftovers, operatorCommand, portalLogin, startServer, stopServer, strongSecrets, type Running, postForm } from "./server";

// docs/operations.md §0 followed to the letter on a fresh PostgreSQL database and a mail server: a
// production start, `npm run admin:create`, the mail read from the SMTP server, its link followed, a
// password set through the form, a login through the form, and an empty production portal: no
// application, no test schedule, no announcement.

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = "3422";
const EMAIL = "ketua.komite@kemkes.go.id";
const PASSWORD = "Sandi#Ketua2026";

const left = leftovers();
let server: Running | undefined;

beforeAll(() => ensureBuild(), 240_000);
afterAll(async () => {
  await stopServer(server, "SIGKILL");
  await left.undo();
});

const form = postForm;

describe("the first Super Admin, from docs/operations.md alone", () => {
  it("gets the set-password mail, sets a password, logs in and sees an empty production portal", async () => {
    const database = left.keep(await throwawayDatabase(PG_SERVER, "adaptasi_first_admin"));
    const sink: SmtpSink = left.keep(await smtpSink());
    const base = `http://127.0.0.1:${PORT}`;
    server = await startServer({
      NODE_ENV: "production",
      PORT,
      DATA_DIR: left.dir("first-admin"),
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      PUBLIC_URL: base,
      // the ministry's own sender (SPF/DKIM): every mail goes from it
      MAIL_FROM: '"Portal Adaptasi Kemenkes" <adaptasi@kemkes.go.id>',
      ...strongSecrets(),
    });

    // 0 users: nobody can log in, and no page offers a way in for staff.
    expect((await fetch(`${base}/readyz`).then((r) => r.json())) as unknown).toEqual({ status: "ready", mail: "sending" });

    const created = await operatorCommand(server.env, "admin:create", ["--email", EMAIL, "--name", "dr. Ketua Komite"]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Super Admin created: ke***@kemkes.go.id");
    expect(created.stdout).not.toContain(EMAIL);

    // The mail, as the SMTP server received it (the command or the running portal sent it, once).
    const started = Date.now();
    while (sink.received.length === 0 && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 100));
    expect(sink.received.map((r) => r.to)).toEqual([EMAIL]);
    expect(sink.received[0].from, "the envelope sender is MAIL_FROM's").toBe("adaptasi@kemkes.go.id");
    const mail = sink.received[0].mail;
    const token = tokenFrom(mail, "/forgot-password");
    expect(created.stdout).not.toContain(token);
    const link = new RegExp(`${base}/forgot-password\\?token=[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();

    // The link opens the new-password form; the form (no JavaScript) sets the password.
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(EMAIL);
    const saved = await form(base, `/forgot-password?token=${token}`, { token, password: PASSWORD, password_confirmation: PASSWORD });
    expect(saved.status, await saved.clone().text()).toBe(302);
    expect(saved.headers.get("location")).toBe("/forgot-password/change-success");

    // Log in through the form and land on the Super Admin's list, empty.
    const cookie = await portalLogin(server, EMAIL, PASSWORD);
    const list = await fetch(`${base}/application?tab=all`, { headers: { cookie } });
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toContain("Daftar Permohonan Adaptasi");
    expect(listHtml).toContain("Tidak ada permohonan yang sesuai.");

    // Public pages: no invented schedule, no announcement.
    const schedule = await (await fetch(`${base}/test-schedule`)).text();
    expect(schedule).toContain("Belum ada jadwal uji kompetensi yang diumumkan.");
    for (const s of DEMO_TEST_SCHEDULES) expect(schedule).not.toContain(s.title);
    const welcome = await (await fetch(`${base}/welcome`)).text();
    expect(welcome).not.toContain(DEMO_ANNOUNCEMENT.title);
    expect(welcome).not.toMatch(/<article[^>]*aria-labelledby="pengumuman-/);
    expect(welcome).toContain("Belum ada pengumuman.");

    // A second run refuses: the first Super Admin makes the other accounts on /user-list.
    const again = await operatorCommand(server.env, "admin:create", ["--email", "lain@kemkes.go.id", "--name", "Admin Lain"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^adaptasi: an active Super Admin exists already/);
    const users = await fetch(`${base}/user-list`, { headers: { cookie } });
    expect(users.status).toBe(200);
    expect(await users.text()).toContain("dr. Ketua Komite");
  }, 180_000);
});
