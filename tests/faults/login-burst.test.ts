import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, ensureBuild, PRODUCTION_MAIL, startServer, stopServer, strongSecrets, tempDir, type Running } from "./server";

// 200 concurrent login posts right after a start answered 81 × 500 with no log line. A form's
// answer is rendered outside the page queue, among all the others, and entry.server cut any render
// still running after 6 s short. A valid login is a redirect and renders nothing; a refused one renders
// the form again. On a machine this test shares, a render seldom takes 6 s by itself, so the process is
// stalled (SIGSTOP, as an overloaded machine or a long GC pause would) a few times during the burst:
// every render under way then outlives a fixed wall-clock cut.

const PORT = "3377";
const BURST = 200;
const STALL_MS = 6_500;
const ACCOUNTS = [
  "pemohon@adaptasi.test",
  "pemohon.wna@adaptasi.test",
  "superadmin@adaptasi.test",
  "admin@adaptasi.test",
  "subkomite@adaptasi.test",
  "pembekalan@adaptasi.test",
  "kolegium@adaptasi.test",
  "kki@adaptasi.test",
  "fasyankes@adaptasi.test",
  "fasyankes.baru@adaptasi.test",
];

let server: Running | undefined;
let dataDir: string;

beforeAll(async () => {
  await ensureBuild();
  dataDir = tempDir("login-burst");
}, 240_000);

afterAll(async () => {
  await stopServer(server, "SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Freezes the server `ms` long (its clock runs on): timers that fall due meanwhile fire on waking. */
async function stall(running: Running, ms: number) {
  running.child.kill("SIGSTOP");
  await new Promise((r) => setTimeout(r, ms));
  running.child.kill("SIGCONT");
}

describe("a burst of logins right after a start", () => {
  it(`answers ${BURST} concurrent login posts without a 5xx, even when the process stalls`, async () => {
    // The limits would refuse a burst from one address: this test is about rendering, not limits.
    const env = { PORT, DATA_DIR: dataDir, ...strongSecrets(), RATE_LIMIT_LOGIN_PER_IP: "100000", RATE_LIMIT_LOGIN_PER_ACCOUNT: "100000", LOG_LEVEL: "error" };
    const seeding = await startServer({ ...env, NODE_ENV: "test" }); // the demo accounts, as `npm start` does
    await stopServer(seeding);
    server = await startServer({ ...env, NODE_ENV: "production", ...PRODUCTION_MAIL });
    const base = server.base;

    // Every other post is a valid login (302); the others leave the password out (400, the form again).
    let pending = BURST;
    const burst = Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        fetch(`${base}/login`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
          body: new URLSearchParams({ email: ACCOUNTS[i % ACCOUNTS.length], password: i % 2 === 0 ? DEMO_PASSWORD : "", redirectTo: "" }),
        })
          .then(
            async (res) => ({ i, status: res.status, body: await res.text() }),
            (error: unknown) => ({ i, status: 0, body: String(error) }),
          )
          .finally(() => (pending -= 1)),
      ),
    );
    for (let stalls = 0; stalls < 3 && pending > 0; stalls++) {
      await new Promise((r) => setTimeout(r, 300));
      await stall(server, STALL_MS);
    }
    const answers = await burst;
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
    console.info(`login burst: ${JSON.stringify(counts)}`);
    const failed = answers.filter((a) => a.status >= 500 || a.status === 0);
    expect(failed.length, `${JSON.stringify(counts)}; ${failed[0]?.body.slice(0, 300) ?? ""}\n${server.stderr().slice(0, 2000)}`).toBe(0);
    expect(
      answers.filter((a) => a.status !== (a.i % 2 === 0 ? 302 : 400)),
      JSON.stringify(counts),
    ).toEqual([]);
  }, 240_000);
});
