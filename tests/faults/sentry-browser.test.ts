import { rmSync } from "node:fs";
import { gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import { chromium, type Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONITORING } from "#domain/constants";
import { ensureBuild, startServer, stopServer, strongSecrets, tempDir, type Running } from "./server";
import { sentryIngest, type SentryIngest } from "./sentry-ingest";

// Sentry proven, not assumed, the browser half: with SENTRY_DSN pointing at an ingest
// this test runs on loopback, the portal's page (its CSP, its bundle, app/utils/monitoring.ts) sends
// a browser error as an event and a session replay whose recording has the typed inputs only masked.
// The server half is tests/faults/sentry.test.ts.

const PORTAL_PORT = "3495";
const INGEST_PORT = 3496;
const EMAIL = "rahasia.sekali@contoh.id";
const PASSWORD = "SandiRahasia#99";
const MESSAGE = "uji-sentry-peramban";

/** A replay_recording item: `{"segment_id":n}\n` then the rrweb events, as JSON or zlib/deflate/gzip compressed. */
function decodeRecording(raw: Buffer): { segmentId: number; events: Array<{ type: number; data?: Record<string, unknown> }>; text: string; encoding: string } {
  const nl = raw.indexOf(0x0a);
  const { segment_id: segmentId } = JSON.parse(raw.subarray(0, nl).toString("utf8")) as { segment_id: number };
  const body = raw.subarray(nl + 1);
  const attempts: Array<[string, (b: Buffer) => Buffer]> = [
    ["json", (b) => b],
    ["zlib", inflateSync],
    ["gzip", gunzipSync],
    ["deflate", inflateRawSync],
  ];
  for (const [encoding, attempt] of attempts) {
    try {
      const text = attempt(body).toString("utf8");
      return { segmentId, events: JSON.parse(text) as Array<{ type: number; data?: Record<string, unknown> }>, text, encoding };
    } catch {
      // not this encoding
    }
  }
  throw new Error(`replay segment ${segmentId}: neither JSON nor zlib/gzip/deflate (${body.subarray(0, 8).toString("hex")}…)`);
}

let ingest: SentryIngest;
let server: Running | undefined;
let browser: Browser | undefined;
const dirs: string[] = [];

beforeAll(async () => {
  await ensureBuild();
  ingest = await sentryIngest(INGEST_PORT);
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await stopServer(server, "SIGKILL");
  await ingest?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const items = () => ingest.envelopes.flatMap((e) => e.items.map((item) => ({ envelope: e, item })));
async function waitFor(what: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!what() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

describe("Sentry in the browser", () => {
  it("samples everything and masks every input (spec §1)", () => {
    expect(MONITORING.TRACES_SAMPLE_RATE).toBe(1.0);
    expect(MONITORING.REPLAYS_SESSION_SAMPLE_RATE).toBe(1.0);
    expect(MONITORING.REPLAYS_ON_ERROR_SAMPLE_RATE).toBe(1.0);
    expect(MONITORING.MASK_ALL_INPUTS).toBe(true);
  });

  it("receives a browser error as an event and a session replay with the typed inputs masked", async () => {
    const { port } = ingest;
    const dsn = `http://publickey@127.0.0.1:${port}/1`;
    const dataDir = tempDir("sentry-browser");
    dirs.push(dataDir);
    server = await startServer({
      NODE_ENV: "test",
      PORT: PORTAL_PORT,
      DATA_DIR: dataDir,
      SENTRY_DSN: dsn,
      RATE_LIMIT_LOGIN_PER_IP: "1000",
      ...strongSecrets(),
    });

    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    const page = await browser.newPage({ javaScriptEnabled: true });
    const blocked: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to connect/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto(`${server.base}/login`);
    // The SDK is loaded lazily (monitoring.ts): wait until it is up before typing, so the replay sees it.
    await page.waitForFunction(() => Boolean((window as unknown as { __sentry?: unknown }).__sentry), undefined, { timeout: 15_000 });

    // What the running page's SDK was configured with, not only the constants.
    const config = await page.evaluate(() => {
      type Client = { getOptions(): Record<string, unknown>; getIntegrationByName(n: string): { _recordingOptions?: { maskAllInputs?: boolean } } | undefined };
      const client = (window as unknown as { __sentry: { getClient(): Client } }).__sentry.getClient();
      const o = client.getOptions();
      return {
        traces: o.tracesSampleRate,
        session: o.replaysSessionSampleRate,
        onError: o.replaysOnErrorSampleRate,
        maskAllInputs: client.getIntegrationByName("Replay")?._recordingOptions?.maskAllInputs,
      };
    });
    expect(config).toEqual({ traces: 1, session: 1, onError: 1, maskAllInputs: true });

    await page.locator('input[name="email"]').pressSequentially(EMAIL, { delay: 5 });
    await page.locator('input[name="password"]').pressSequentially(PASSWORD, { delay: 5 });
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, MESSAGE);

    const errorEvents = () => items().filter(({ item }) => item.type === "event" && JSON.stringify(item.payload?.exception ?? {}).includes(MESSAGE));
    const recordings = () => items().filter(({ item }) => item.type === "replay_recording");
    await waitFor(() => errorEvents().length > 0, 15_000);
    // A session replay flushes ~5 s after activity; closing the page (pagehide) flushes what is left.
    await waitFor(() => recordings().length > 0, 8_000);
    await page.close({ runBeforeUnload: true });
    const typingRecorded = () =>
      recordings().some(({ item }) => {
        try {
          return decodeRecording(item.raw).text.includes('"source":5');
        } catch {
          return false;
        }
      });
    await waitFor(typingRecorded, 10_000);

    const seen = `envelopes: ${ingest.envelopes.map((e) => e.items.map((i) => i.type).join("+")).join(", ")}; requests: ${ingest.requests.length}; CSP: ${blocked.slice(0, 2).join(" | ")}`;
    // The page's Content-Security-Policy lets the browser reach the DSN's origin (connect-src).
    expect(blocked.length, seen).toBe(0);

    // (a) the browser error, from the browser SDK
    expect(errorEvents().length, seen).toBeGreaterThanOrEqual(1);
    const { envelope: errorEnvelope, item: errorItem } = errorEvents()[0];
    const event = errorItem.payload as { platform?: string; sdk?: { name?: string }; exception?: { values?: Array<{ type?: string; value?: string }> } };
    expect(event.platform).toBe("javascript");
    expect(event.sdk?.name).toMatch(/javascript|remix|react/);
    expect(event.exception?.values?.some((v) => v.value === MESSAGE)).toBe(true);
    // The trace this error belongs to was sampled at 1.0 (dynamic sampling context, when sent).
    const trace = errorEnvelope.header.trace as { sample_rate?: string; sampled?: string } | undefined;
    if (trace?.sample_rate !== undefined) expect(Number(trace.sample_rate)).toBe(1);

    // (b) a session replay (sampled for the session, not only buffered for an error)
    const replayEvents = items()
      .filter(({ item }) => item.type === "replay_event")
      .map(({ item }) => item.payload as { replay_type?: string; error_ids?: string[] });
    expect(replayEvents.length, seen).toBeGreaterThanOrEqual(1);
    expect(replayEvents[0].replay_type).toBe("session");
    const segments = recordings().map(({ item }) => decodeRecording(item.raw));
    expect(segments.length, seen).toBeGreaterThanOrEqual(1);
    expect(segments.map((s) => s.segmentId)).toContain(0);

    // Every input masked: the recording saw the typing (rrweb incremental snapshots, source 5 = Input),
    // but neither what was typed nor a piece of it is anywhere in it.
    const all = segments.map((s) => s.text).join("\n");
    const inputs = segments.flatMap((s) => s.events).filter((e) => e.type === 3 && e.data?.source === 5) as Array<{ data: { text?: string } }>;
    expect(inputs.length, seen).toBeGreaterThan(0);
    for (const input of inputs) expect(input.data.text ?? "").toMatch(/^\**$/);
    expect(inputs.some((i) => (i.data.text ?? "").length > 0)).toBe(true);
    for (const secret of [EMAIL, PASSWORD, "rahasia.sekali", "contoh.id", "SandiRahasia"]) {
      expect(all).not.toContain(secret);
      expect(JSON.stringify(ingest.envelopes.map((e) => ({ h: e.header, i: e.items.map((i) => i.payload ?? null) })))).not.toContain(secret);
    }

    console.log(
      `faults/sentry-browser: ${ingest.envelopes.length} envelopes (${[...new Set(items().map(({ item }) => item.type))].join(", ")}), ` +
        `${errorEvents().length} browser error event(s) from ${event.sdk?.name}, ${replayEvents.length} replay event(s) (${replayEvents[0].replay_type}), ` +
        `${segments.length} recording segment(s) [${segments.map((s) => `${s.segmentId}:${s.encoding}`).join(",")}] with ${segments.reduce((n, s) => n + s.events.length, 0)} rrweb events, ` +
        `${inputs.length} input events all masked (${[...new Set(inputs.map((i) => i.data.text))].slice(0, 3).join(" ")}), trace sample_rate ${trace?.sample_rate ?? "-"}`,
    );
  }, 90_000);
});
