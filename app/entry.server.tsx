import { createHash } from "node:crypto";
import { StringDecoder } from "node:string_decoder";
import { Transform, Writable, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import * as Sentry from "@sentry/remix";
import type { i18n as I18n } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nConfig, INLINE_TEXTS_GLOBAL } from "./i18n";
import { i18next, languageInstance } from "./utils/i18n.server";
import { NonceProvider } from "./utils/nonce-provider";
import { hydrates, islandScript } from "./utils/hydration";
import { wholePageResponse } from "./utils/whole-page";
import { patchOn } from "#domain/framework-patches";
import common from "#locales/id/common.json";

const ABORT_DELAY = 5_000;
const CLOSING_TAGS = "</body></html>";

/**
 * How long a render may run before it is cut short. A page (GET/HEAD) waits its turn in the page queue
 * before its loaders run, so 6 s is plenty once it renders. A form's answer (POST…) is never queued: under
 * a burst it renders among hundreds, and the 6 s cut turned 81 of 200 logins into a 500. It
 * gets a generous bound instead, against a render that never ends.
 */
export function renderDeadline(method: string): number {
  return method === "GET" || method === "HEAD" ? ABORT_DELAY + 1_000 : ACTION_RENDER_DEADLINE;
}

const ACTION_RENDER_DEADLINE = 60_000;

/** Starts the render's deadline; `abort` runs when it passes. Returns the cancel for a finished render. */
export function startRenderDeadline(method: string, abort: () => void): () => void {
  const timer = setTimeout(abort, renderDeadline(method));
  return () => clearTimeout(timer);
}

/**
 * A render cut short before anything was sent: the server is too busy, not broken — a 503 with the
 * "try again in a moment" screen (and Retry-After), never a 500.
 */
// The default language's text (spec §9: every request's language), read where the render is cut short.
export const RENDER_CUT_SHORT = common.error.busy;

/**
 * React 18 writes `</body></html>` with the shell and streams later data scripts after it, which
 * browsers tolerate but is invalid HTML ("stray start tag script"). Hold the closing tags back until
 * the stream ends, so every script sits inside <body>.
 */
export class HoldClosingTags extends Transform {
  private readonly decoder = new StringDecoder("utf8");
  private held = false;

  /** `tail` is written just before the closing tags, once everything has rendered. */
  constructor(private readonly tail: () => string = () => "") {
    super();
  }

  override _transform(chunk: Buffer | string, _enc: BufferEncoding, done: TransformCallback) {
    let text = typeof chunk === "string" ? chunk : this.decoder.write(chunk);
    // React 18.3.1's stream writer sends its whole 2048-byte buffer when a multi-byte character does not
    // fit at its end, unfilled NUL bytes included (react-dom-server writeStringChunk). A page never holds
    // a raw NUL (free text refuses control characters), so they are dropped: the Nu checker found one
    // before a "·" that fell on such a boundary.
    if (text.includes("\u0000")) text = text.replaceAll("\u0000", "");
    const at = text.lastIndexOf(CLOSING_TAGS);
    if (at !== -1) {
      text = text.slice(0, at) + text.slice(at + CLOSING_TAGS.length);
      this.held = true;
    }
    if (text) this.push(text);
    done();
  }

  override _flush(done: TransformCallback) {
    const rest = this.decoder.end();
    done(null, rest + this.tail() + (this.held ? CLOSING_TAGS : ""));
  }
}

/**
 * A page gathered whole, as React writes it, for one write of known length: a page without hydration
 * (utils/hydration.ts) has no scripts or data to stream after its shell, so nothing is gained by sending its
 * 2 KB pieces as they come, and each piece costs its trip through the web stream and the socket.
 */
export class WholePage extends Writable {
  private readonly chunks: Buffer[] = [];

  /** `tail` is written just before the closing tags (the page's island). */
  constructor(private readonly tail = "") {
    super();
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (error?: Error | null) => void) {
    this.chunks.push(chunk);
    done();
  }

  /**
   * The page's bytes, as HoldClosingTags would send them: without the NUL bytes React 18.3.1 leaves in a piece,
   * and with the tail and `</body></html>` at the very end (RemixServer's empty Suspense for its data follows them).
   */
  bytes(): Buffer<ArrayBuffer> {
    let all = Buffer.concat(this.chunks);
    let at = all.indexOf(0);
    if (at !== -1) {
      const out = Buffer.allocUnsafe(all.length);
      let from = 0;
      let length = 0;
      for (; at !== -1; at = all.indexOf(0, from)) {
        length += all.copy(out, length, from, at);
        from = at + 1;
      }
      length += all.copy(out, length, from);
      all = out.subarray(0, length) as Buffer<ArrayBuffer>;
    }
    return tailBeforeClosingTags(all, this.tail);
  }
}

/** A page's bytes with `tail` and `</body></html>` at the very end (RemixServer's empty Suspense follows React's closing tags). */
function tailBeforeClosingTags(all: Buffer<ArrayBuffer>, tail: string): Buffer<ArrayBuffer> {
  const tags = all.lastIndexOf(CLOSING_BYTES);
  if (tags === -1) return tail ? Buffer.concat([all, Buffer.from(tail)]) : all;
  if (!tail && tags + CLOSING_BYTES.length === all.length) return all;
  return Buffer.concat([all.subarray(0, tags), all.subarray(tags + CLOSING_BYTES.length), Buffer.from(tail), CLOSING_BYTES]);
}

const CLOSING_BYTES = Buffer.from(CLOSING_TAGS);
const DOCTYPE = "<!DOCTYPE html>";

/**
 * A page without hydration as one string (`whole-page-string`, docs/decisions/037-pages-rendered-to-a-string.md):
 * React's text with the doctype and with `tail` just before the closing tags, the bytes WholePage gives for the same render. The
 * string renderer writes no 2 KB pieces, so none ends with NUL bytes; one is dropped all the same, as WholePage does.
 */
export function wholePageText(html: string, tail: string): Buffer<ArrayBuffer> {
  let text = html.includes("\u0000") ? html.replaceAll("\u0000", "") : html;
  // The stream writes the doctype before an <html> root; the string renderer does not.
  if (text.startsWith("<html")) text = DOCTYPE + text;
  return tailBeforeClosingTags(Buffer.from(text), tail);
}

export const streamTimeout = ABORT_DELAY;

const USED = Symbol("namespaces looked up");
type Tracked = I18n & { [USED]?: Set<string> };

/**
 * This request's view of its language's instance: the shared translator and texts, with its own record of
 * the namespaces the render used (trackNamespaces) and declared (react-i18next's reportNamespaces).
 */
export async function requestI18n(lng: string): Promise<I18n> {
  const view = Object.create(await languageInstance(lng)) as I18n;
  const declared = new Set<string>();
  (view as I18n & { reportNamespaces: unknown }).reportNamespaces = {
    addUsedNamespaces: (namespaces: string[]) => namespaces.forEach((ns) => declared.add(ns)),
    getUsedNamespaces: () => [...declared],
  };
  return view;
}

const NAMESPACES = new Set<string>(i18nConfig.ns);

/**
 * A text looked up without values (no interpolation, count, context or default) is the same every time
 * for a (language, namespace, key): remembered, so a page's hundreds of `t()` calls skip i18next's key
 * parsing, lookup and interpolation pass after the first page. Bounded: a key is a string of the code.
 */
const translated = new Map<string, unknown>();
const TRANSLATED_MAX = 20_000;
const PLAIN_OPTIONS = new Set(["lng", "lngs", "ns"]);
function plainOptions(options: unknown): boolean {
  if (options === undefined) return true;
  if (!options || typeof options !== "object") return false;
  // getFixedT always sets lng, lngs, ns and keyPrefix (the prefix already joined to the key), some undefined.
  const o = options as Record<string, unknown>;
  for (const k in o) if (o[k] !== undefined && !PLAIN_OPTIONS.has(k)) return false;
  return !Array.isArray(o.lngs);
}

/**
 * A text looked up with values that are all plain (strings, numbers, booleans: "Terlambat {{days}} hari",
 * a label's sentence with its stage names) is as much the same every time for the same values: remembered
 * under its values too, so a list's rows skip i18next's interpolation after the first page. The key of those
 * values, or null when one is not plain (an object, an array, a function: not remembered).
 */
function valuesKey(options: Record<string, unknown>): string | null {
  let key = "";
  for (const k in options) {
    const v = options[k];
    if (v === undefined) continue;
    const type = typeof v;
    if (v !== null && type !== "string" && type !== "number" && type !== "boolean") return null;
    key += `\u0002${k}\u0003${type}\u0003${String(v)}`;
  }
  return key;
}

/** Remembers a text; a full memory starts again (the values of lists' counts and pages are many). */
function remember(known: string, text: unknown) {
  if (typeof text !== "string") return;
  if (translated.size >= TRANSLATED_MAX) translated.clear();
  translated.set(known, text);
}

/**
 * Records which namespaces the render looked texts up in (a `t("applicant:…")` under another namespace's
 * hook too), so the page carries exactly those to the browser. Every `t` of a `useTranslation` (i18next's
 * getFixedT) ends in the instance's own `t`, so this instance gets a `t` that notes the namespace first.
 * A key that tries several namespaces notes each of them.
 */
export function trackNamespaces(instance: I18n, _lng?: string): Set<string> {
  const tracked = instance as Tracked;
  if (tracked[USED]) return tracked[USED];
  const used = new Set<string>(["common"]);
  tracked[USED] = used;
  const defaultNS = String(instance.options.defaultNS ?? "common");
  const translate = instance.t;
  // FRAMEWORK_PATCHES_OFF=remembered-texts: every text goes through i18next (the namespaces are still noted).
  const remembering = patchOn("remembered-texts");
  const note = (key: unknown, ns: unknown) => {
    for (const k of Array.isArray(key) ? key : [key]) {
      const colon = typeof k === "string" ? k.indexOf(":") : -1;
      const prefix = colon > 0 ? (k as string).slice(0, colon) : "";
      if (NAMESPACES.has(prefix)) used.add(prefix);
      else if (Array.isArray(ns)) ns.forEach((n) => used.add(String(n)));
      else used.add(typeof ns === "string" ? ns : defaultNS);
    }
  };
  const nsOf = (o: unknown) => (o && typeof o === "object" ? (o as { ns?: unknown }).ns : undefined);
  tracked.t = function (this: I18n, key: unknown, options?: unknown, ...rest: unknown[]) {
    // t(key, options) or t(key, defaultValue, options)
    note(key, typeof options === "string" ? nsOf(rest[0]) : nsOf(options));
    const plain = remembering && typeof key === "string" && rest.length === 0 && plainOptions(options);
    const known = plain ? `${(options as { lng?: string } | undefined)?.lng ?? this.language}\u0001${String(nsOf(options) ?? "")}\u0001${key}` : "";
    if (plain && translated.has(known)) return translated.get(known);
    const text = (translate as unknown as (...args: unknown[]) => unknown).call(this, key, options, ...rest);
    if (plain) remember(known, text);
    return text;
  } as unknown as I18n["t"];
  // i18next's getFixedT copies and completes the options of every call (2 µs, a page makes hundreds): a
  // `t(key)` without options goes straight to the remembered text instead; any other call as before.
  const fixedOf = instance.getFixedT;
  tracked.getFixedT = function (this: I18n, lng: unknown, ns?: unknown, keyPrefix?: unknown) {
    const full = (fixedOf as unknown as (...args: unknown[]) => (...a: unknown[]) => unknown).call(this, lng, ns, keyPrefix);
    if (keyPrefix || (lng !== null && lng !== undefined && typeof lng !== "string")) return full;
    const language = (lng as string | null | undefined) ?? this.language;
    const namespace = Array.isArray(ns) ? ns[0] : ns;
    // i18next binds its methods to the instance they were made on: `full` ends in the shared instance's
    // `t`, not this view's, so the namespaces are noted here.
    const fixed = (key: unknown, ...rest: unknown[]) => {
      // t(key, { plain values }) (no ns of its own, no other language) is remembered under its values.
      const valued =
        rest.length === 1 && rest[0] !== null && typeof rest[0] === "object" && !Array.isArray(rest[0]) ? (rest[0] as Record<string, unknown>) : null;
      const values = valued && valued.ns === undefined && valued.lng === undefined && valued.lngs === undefined ? valuesKey(valued) : null;
      if ((rest.length > 0 && values === null) || typeof key !== "string" || !remembering) {
        const options = typeof rest[0] === "string" ? rest[1] : rest[0];
        note(key, nsOf(options) ?? namespace ?? defaultNS);
        return full(key, ...rest);
      }
      note(key, namespace ?? defaultNS);
      const known = `${language}\u0001${String(namespace ?? "")}\u0001${key}${values ?? ""}`;
      const hit = translated.get(known);
      if (hit !== undefined) return hit;
      const text = full(key, ...rest);
      remember(known, text);
      return text;
    };
    return Object.assign(fixed, {
      lng: (full as { lng?: unknown }).lng,
      lngs: (full as { lngs?: unknown }).lngs,
      ns: (full as { ns?: unknown }).ns,
      keyPrefix,
    });
  } as unknown as I18n["getFixedT"];
  return used;
}

/**
 * What the browser needs to hydrate without waiting: the namespaces looked up, and every namespace a
 * `useTranslation` of the page declared (react-i18next reports them), even if this render used none
 * of its keys — a component suspending on a missing namespace during hydration fails the hydration.
 */
export function pageNamespaces(instance: I18n, looked: Set<string>): Set<string> {
  const declared = (instance as I18n & { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [];
  return new Set([...looked, ...declared]);
}

/**
 * The texts are the same for every request of a process: the serialised texts of each (language,
 * namespaces) are made once (~16 KB re-serialised per page before). A handful of keys at most.
 */
const inlineJson = new Map<string, string>();

/**
 * The texts of the namespaces the page used, as one inline script at the end of <body> (module scripts
 * run after the document is parsed, so entry.client finds them). `<` is escaped so no text can end the script.
 */
export function inlineTexts(instance: I18n, lng: string, namespaces: Iterable<string>, nonce: string): string {
  const sorted = [...namespaces].sort();
  const key = `${lng}|${sorted.join(",")}`;
  let json = inlineJson.get(key);
  if (json === undefined) {
    const texts: Record<string, unknown> = {};
    for (const ns of sorted) {
      const bundle = instance.getResourceBundle(lng, ns);
      if (bundle) texts[ns] = bundle;
    }
    json = JSON.stringify(texts)
      .replace(/</g, "\\u003c")
      .replace(/\u2028/g, "\\u2028")
      .replace(/\u2029/g, "\\u2029");
    inlineJson.set(key, json);
  }
  return `<script${nonce ? ` nonce="${nonce}"` : ""}>window.${INLINE_TEXTS_GLOBAL}=${json}</script>`;
}

/**
 * Every 5xx a render answers is logged once with its cause; the user never sees a stack trace. Sentry
 * gets the page's own faults (an exception), never a 5xx answer a loader chose to give (a thrown
 * Response: the API's outage or 500 as a 503): the API reported that fault where it happened, and a
 * second event for it would count one error twice (tests/faults/sentry.test.ts).
 */
function logServerError(request: Request, context: AppLoadContext, error: unknown) {
  if (!(error instanceof Response) && !isRouteErrorResponse(error)) Sentry.captureException(error, { tags: { request_id: context.requestId } });
  const cause =
    error instanceof Response
      ? `${error.status} ${error.statusText}`.trim()
      : isRouteErrorResponse(error)
        ? ((error as { error?: unknown }).error ?? error.data)
        : error;
  context.log.error({ err: cause, method: request.method, path: new URL(request.url).pathname }, "page answered 5xx");
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // The browser left: nobody gets an answer, nothing to log.
  if (request.signal.aborted) return;
  // A 4xx (a refusal, a missing object, a GET to an action-only route) is an answer, not a fault.
  const status = error instanceof Response || isRouteErrorResponse(error) ? error.status : 500;
  if (status < 500) return;
  logServerError(request, context, error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = await i18next.getLocale(request);
  const instance = await requestI18n(lng);
  const usedNamespaces = trackNamespaces(instance, lng);
  const nonce = loadContext.cspNonce;
  // Logged-in pages carry personal data: never stored by the browser or a proxy.
  const loggedInLayout = remixContext.staticHandlerContext.matches.some((m) => m.route.id === "routes/layouts/app");
  const hydrating = hydrates(remixContext.staticHandlerContext.matches.map((m) => ({ handle: remixContext.routeModules[m.route.id]?.handle })));
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", loggedInLayout ? "private, no-store" : "no-cache");
  // 503: the API or its database cannot answer (api.server unavailableResponse); the browser may try again soon.
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", "30");
  // 429: a form the API throttled says how long to wait (form-reply.server explainRefusal) in its action's
  // headers, which Remix carries to the page only for cookies: the wait goes on the page from here.
  if (responseStatusCode === 429 && !responseHeaders.has("Retry-After")) {
    const wait = Object.values(remixContext.staticHandlerContext.actionHeaders ?? {}).find((h) => h.has("Retry-After"));
    if (wait) responseHeaders.set("Retry-After", wait.get("Retry-After")!);
  }
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode ? "onAllReady" : "onShellReady";

  // Public pages are small: rendered whole, they get an ETag over their text without the per-request
  // nonce, and a revalidation that finds the same page answers 304. A 304 carries no CSP, so
  // the browser keeps the cached page's policy together with the nonce the cached page holds.
  const revalidatable = !loggedInLayout && request.method === "GET" && responseStatusCode === 200;
  const app = (
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={instance}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>
  );
  // A page without hydration (utils/hydration.ts) has its island: the keep-alive for a logged-in user, Escape
  // for the menus.
  const island = () => {
    const loggedIn = Boolean((remixContext.staticHandlerContext.loaderData.root as { me?: unknown } | undefined)?.me);
    return `<script${nonce ? ` nonce="${nonce}"` : ""}>${islandScript(loggedIn)}</script>`;
  };
  // A logged-in page without hydration goes out whole, once everything has rendered. Its loaders have all
  // answered and nothing in it waits (no Suspense of its own, no scripts to read the data stream), so
  // React's synchronous render to a string gives the same HTML as its stream, without the stream's 2 KB
  // pieces, their encoding and their trip through a Writable (docs/decisions/037-pages-rendered-to-a-string.md).
  // A render that throws rejects, as onShellError does: Remix renders the error screen.
  const whole = !hydrating && !revalidatable;
  if (whole && patchOn("whole-page-string")) {
    const html = wholePageText(renderToString(app), island());
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("Content-Length", String(html.length));
    return wholePageResponse(html, { headers: responseHeaders, status: responseStatusCode });
  }

  return new Promise<Response>((resolve, reject) => {
    /** The shell is complete (React will not call onShellError any more). */
    let shellDone = false;
    /** The page has gone out (its status with it). */
    let sent = false;
    let cutShort = false;
    // Errors inside a Suspense boundary before the page goes out make it a 500: logged when it goes out.
    const earlyErrors: unknown[] = [];
    let abortRender = () => {};
    const cancelDeadline = startRenderDeadline(request.method, () => {
      cutShort = true;
      loadContext.log.error({ method: request.method, path: new URL(request.url).pathname, deadlineMs: renderDeadline(request.method) }, "render cut short");
      abortRender();
    });
    const ready = revalidatable || whole ? "onAllReady" : readyEvent;
    const send = () => {
      sent = true;
      for (const error of earlyErrors) logServerError(request, loadContext, error);
      if (whole) {
        const page = new WholePage(island());
        page.on("error", reject);
        page.on("finish", () => {
          const html = page.bytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Length", String(html.length));
          resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        });
        pipe(page);
        return;
      }
      // A page without hydration (utils/hydration.ts) has no scripts to read texts: none are sent, its island instead.
      const body = new HoldClosingTags(hydrating ? () => inlineTexts(instance, lng, pageNamespaces(instance, usedNamespaces), nonce) : island);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      if (!revalidatable) {
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
        return;
      }
      const chunks: Buffer[] = [];
      body.on("data", (c: Buffer | string) => chunks.push(Buffer.from(c)));
      body.on("error", reject);
      body.on("end", () => {
        const html = Buffer.concat(chunks);
        const etag = pageEtag(html, nonce);
        responseHeaders.set("ETag", etag);
        if (ifNoneMatch(request.headers.get("If-None-Match"), etag)) {
          loadContext.omitHeader?.("Content-Security-Policy");
          responseHeaders.delete("Content-Type");
          resolve(new Response(null, { status: 304, headers: responseHeaders }));
          return;
        }
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
      });
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onShellReady() {
        shellDone = true;
        if (ready === "onShellReady") send();
      },
      onAllReady() {
        cancelDeadline();
        if (ready === "onAllReady") send();
      },
      onShellError(error: unknown) {
        cancelDeadline();
        // Remix logs the rejection (handleError) and renders the error screen with its status:
        // 503 "try again in a moment" for a render cut short, 500 for a fault.
        reject(cutShort ? new Response(RENDER_CUT_SHORT, { status: 503, statusText: "render cut short" }) : error);
      },
      onError(error: unknown) {
        if (cutShort && !shellDone) return; // the shell error that follows answers 503
        // The browser left mid-page: the server stops writing it (server/remix-handler.ts), and React
        // says its destination closed early. Nobody gets an answer, nothing to log.
        if (request.signal.aborted) return;
        responseStatusCode = cutShort ? 503 : 500;
        if (sent) logServerError(request, loadContext, error);
        else earlyErrors.push(error);
      },
    });
    abortRender = abort;
  });
}

/** A weak validator of the page as the user sees it: the same text whatever nonce this response carries. */
export function pageEtag(html: Buffer | string, nonce: string): string {
  const bytes = typeof html === "string" ? Buffer.from(html) : html;
  const hash = createHash("sha256");
  // The bytes between the nonce's occurrences, hashed as they are: no decoding of the page to a string.
  let from = 0;
  if (nonce) {
    const needle = Buffer.from(nonce);
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, from)) {
      hash.update(bytes.subarray(from, at));
      from = at + needle.length;
    }
  }
  hash.update(bytes.subarray(from));
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
}
