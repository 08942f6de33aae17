import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

// A Sentry ingest on loopback, shared by the fault tests that prove what reaches Sentry and what does not.
// It keeps every envelope the SDKs post (server and browser) and lets a test wait for the event it expects.

export interface EnvelopeItem {
  type: string;
  header: { type: string; length?: number } & Record<string, unknown>;
  /** The payload's bytes: a replay recording is binary and may hold newlines. */
  raw: Buffer;
  /** The payload as JSON, when it is JSON (events, sessions, client reports). */
  payload: Record<string, unknown> | undefined;
}

export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

/**
 * An envelope: a header line, then per item a header line and its payload. A payload with a `length`
 * in its header is exactly that many bytes; without one it runs to the end of the line.
 */
export function parseEnvelope(body: Buffer): Envelope {
  let at = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, at);
    const out = body.subarray(at, end === -1 ? body.length : end);
    at = end === -1 ? body.length : end + 1;
    return out;
  };
  const header = JSON.parse(line().toString("utf8")) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (at < body.length) {
    const head = line();
    if (head.length === 0) continue;
    const itemHeader = JSON.parse(head.toString("utf8")) as EnvelopeItem["header"];
    let raw: Buffer;
    if (typeof itemHeader.length === "number") {
      raw = body.subarray(at, at + itemHeader.length);
      at += itemHeader.length;
      if (body[at] === 0x0a) at++;
    } else raw = line();
    let payload: Record<string, unknown> | undefined;
    try {
      payload = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
    } catch {
      payload = undefined;
    }
    items.push({ type: itemHeader.type, header: itemHeader, raw, payload });
  }
  return { header, items };
}

export interface SentryIngest {
  /** The DSN that sends to this ingest (project 1). */
  dsn: string;
  port: number;
  envelopes: Envelope[];
  /** Every request, preflights included (the browser posts cross-origin). */
  requests: Array<{ method?: string; url?: string; origin?: string }>;
  /** The error events received so far (not sessions, client reports or replays: those say nothing went wrong). */
  events(): Array<Record<string, unknown>>;
  /** Resolves with the first error event, from index `from` on, that `match` accepts; rejects after `timeoutMs`. */
  nextEvent(match: (event: Record<string, unknown>) => boolean, from?: number, timeoutMs?: number): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Starts the ingest on loopback (port 0: any free one). It answers CORS as sentry.io does. */
export async function sentryIngest(port = 0): Promise<SentryIngest> {
  const envelopes: Envelope[] = [];
  const requests: SentryIngest["requests"] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const cors = {
      "access-control-allow-origin": req.headers.origin ?? "*",
      "access-control-allow-headers": "*",
      "access-control-allow-methods": "POST, OPTIONS",
    };
    requests.push({ method: req.method, url: req.url, origin: req.headers.origin });
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      if (req.method === "POST" && /\/api\/\d+\/(envelope|store)\//.test(req.url ?? "")) {
        try {
          envelopes.push(parseEnvelope(body));
        } catch {
          // not an envelope: kept out, the test sees it in `requests`
        }
        for (const wake of [...waiters]) wake();
      }
      res.writeHead(200, { "content-type": "application/json", ...cors }).end("{}");
    });
  });
  server.listen(port, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const bound = (server.address() as AddressInfo).port;
  const events = () => envelopes.flatMap((e) => e.items.filter((it) => it.type === "event").map((it) => it.payload ?? {}));
  return {
    dsn: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${bound}/1`,
    port: bound,
    envelopes,
    requests,
    events,
    nextEvent(match, from = 0, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events().slice(from).find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(look);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no such Sentry event within ${timeoutMs} ms; ${events().length} events in all`));
        }, timeoutMs);
        waiters.add(look);
        look();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
