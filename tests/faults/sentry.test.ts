import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throwawayDatabase } from "../../api/test/throwaway-database.mjs";
import { apiClient, apiLogin, ensureBuild, freePort, portalLogin, ROOT, startServer, stopServer, strongSecrets, tempDir, type Running } from "./server";
import { sentryIngest, type SentryIngest } from "./sentry-ingest";

// Sentry proven, not assumed: with SENTRY_DSN pointing at an ingest this test runs on
// loopback, a server error (the API's 500) arrives there as an event, with the exception.
// The browser's errors and the session replay: tests/faults/sentry-browser.test.ts.

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

let ingest: SentryIngest;
let server: Running | undefined;
let drop: (() => Promise<void>) | undefined;
const dirs: string[] = [];

beforeAll(async () => {
  await ensureBuild();
  ingest = await sentryIngest();
}, 240_000);

afterAll(async () => {
  await stopServer(server, "SIGKILL");
  await drop?.().catch(() => {});
  await ingest?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("Sentry", () => {
  it("receives the API's 500 as an event, with its exception; a page the fault breaks adds no second event", async () => {
    const dsn = ingest.dsn;
    const db = await throwawayDatabase(PG_SERVER, "adaptasi_sentry");
    drop = db.drop;
    const dataDir = tempDir("sentry");
    dirs.push(dataDir);
    server = await startServer({
      NODE_ENV: "test",
      PORT: String(await freePort()),
      DATABASE_URL: db.url,
      SEED_DEMO: "true",
      DATA_DIR: dataDir,
      SENTRY_DSN: dsn,
      ...strongSecrets(),
    });
    const token = await apiLogin(server, "pemohon@adaptasi.test");
    const api = apiClient(server);
    const me = (await (await api("/admin/get-me", { token })).json()) as { data: { id: string } };
    const userId = me.data.id;
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api("/applications/current", { token })).status).toBe(200);
    const cookie = await portalLogin(server, "pemohon@adaptasi.test");

    // A fault no code expects: the table the applicant's list reads is gone (not an outage, which is a 503).
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query("alter table applications rename to applications_gone");
    await client.end();
    // A call that carries the API key (another instance's portal) passes its page request's id on.
    const broken = await api("/applications/current?token=rahasia-di-url", { token, headers: { "x-request-id": "portal-request-0001" } });
    expect(broken.status).toBe(500);
    const requestId = broken.headers.get("x-request-id");
    expect(requestId).toBe("portal-request-0001");

    const received = () => ingest.events();
    await ingest.nextEvent(() => true);
    const events = received();
    expect(events.length, `envelopes received: ${ingest.envelopes.map((e) => e.items.map((it) => it.type).join("+")).join(", ")}`).toBeGreaterThanOrEqual(1);
    const event = events[0] as {
      exception?: { values?: Array<{ type?: string; value?: string }> };
      request?: { url?: string };
      platform?: string;
      tags?: Record<string, string>;
    };
    expect(event.platform).toBe("node");
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    expect((event as { release?: string }).release, "the release is the build's commit").toBe(head);
    expect(event.tags?.request_id, "the event carries the request's id, as its log lines do").toBe(requestId);
    expect(event.exception?.values?.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(event.exception)).toMatch(/relation \\"applications\\" does not exist/);
    expect(JSON.stringify(event)).not.toContain(userId); // a failed query's parameters stay out (they can be e-mails or hashes)
    expect(JSON.stringify(event.exception)).toMatch(/params: \[removed\]/);
    const sent = JSON.stringify(ingest.envelopes);
    expect(sent).not.toContain(token); // no access token
    expect(sent).not.toContain(server.env.API_KEY); // no API key
    expect(sent).not.toContain("rahasia-di-url"); // no query-token link

    // A fault is reported where it happens: the applicant's page whose API calls meet the broken table answers
    // 503 and Sentry gets the API's events for them, none for the page's 503.
    const page = await fetch(`${server.base}/application-status`, { headers: { cookie } });
    await page.text();
    expect(page.status).toBe(503);
    const pageRequest = page.headers.get("x-request-id");
    expect(pageRequest).toBeTruthy();
    await stopServer(server); // SIGTERM: the instance sends what Sentry still holds before it exits
    const forPage = received().filter((e) => (e as { tags?: Record<string, string> }).tags?.request_id === pageRequest) as Array<{
      exception?: { values?: Array<{ value?: string }> };
    }>;
    // The page makes more than one API call (the file, its letters): each call the broken table fails is one
    // event of the API's; the page's own 503 adds none.
    expect(forPage.length, JSON.stringify(forPage.map((e) => e.exception?.values?.map((v) => v.value)))).toBeGreaterThanOrEqual(1);
    for (const e of forPage) expect(JSON.stringify(e.exception)).toMatch(/relation \\"applications\\" does not exist/);
    console.log(
      `faults/sentry: ${ingest.envelopes.length} envelopes (${[...new Set(ingest.envelopes.flatMap((e) => e.items.map((it) => it.type)))].join(", ")}), ` +
        `${events.length} error event(s): ${JSON.stringify(event.exception?.values?.map((v) => `${v.type}: ${v.value}`))} at ${event.request?.url ?? "?"}`,
    );
  }, 120_000);
});
