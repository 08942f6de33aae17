import type { AppLoadContext } from "@remix-run/node";
import { isDeepStrictEqual } from "node:util";
import type { InProcessCall, InProcessFetch, InProcessSession } from "#contracts/in-process";
import { apiErrorText } from "#domain/api-errors";
import { requirementText } from "#domain/document-words";
import { detailText } from "#domain/validation-details";
import { LOCALE } from "#domain/constants";
import { i18nConfig } from "~/i18n";
import common from "#locales/id/common.json";
import type { ApiAnswer, ApiCallArgs, ApiMethod, ApiPath, ApiQuery, ApiStreamOptions } from "./api-types";

// The portal's only door to data: the HTTP API of spec §7 / DESIGN §5, in-process or at API_URL.
// Every call is typed from the API's own routes (./api-types.ts, docs/decisions/030-typed-seam.md): its
// method and path must be a route's, its body and query that route's, and its answer is the route's.

export type { ApiAnswer, ApiBody, ApiCallArgs, ApiCallOptions, ApiMethod, ApiPath, ApiQuery } from "./api-types";

export type ApiFetch = (request: Request) => Promise<Response>;

export interface ApiErrorDetail {
  path: string;
  code?: string;
  params?: Record<string, string | number>;
  /** the locale key of each parameter that is a field's label */
  labels?: Record<string, string>;
  message: string;
}

export interface ApiError {
  code: string;
  message: string;
  /** one per refused field: a code with its parameters (domain/validation-details.ts), worded in the request's language */
  details?: ApiErrorDetail[];
  /** what the portal needs to word the answer itself (a quota's limit, a wait) */
  params?: Record<string, string | number>;
}

/** A refused call; a 429 says, from its Retry-After, how many seconds to wait. */
export type ApiFailure = { ok: false; status: number; error: ApiError; retryAfterSec?: number };

export type ApiResult<T> = { ok: true; status: number; body: T } | ApiFailure;

/** The portal's words of a locale key ("namespace:path"): a requirement's name by its id, else the namespaces the portal holds. */
function labelIn(lng: string): (key: string) => string | undefined {
  const resources = (lng.startsWith("en") ? i18nConfig.resources["en-US"] : i18nConfig.resources.id) as Record<string, unknown>;
  return (key) => {
    const requirement = /^documents:names\.(\d+)$/.exec(key);
    if (requirement) return requirementText(Number(requirement[1]), lng)?.name;
    const [ns, path] = key.split(":", 2);
    if (!path || !Object.hasOwn(resources, ns!)) return undefined;
    let node: unknown = resources[ns!];
    for (const part of path.split("."))
      node = node && typeof node === "object" && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };
}

/**
 * A refused field in a language: its code's words from the locale files, its label parameters said in that
 * language too; a detail without a code (an API of another version) or with a code this portal does not
 * know keeps the API's words.
 */
export function wordedDetail(detail: ApiErrorDetail, lng: string): ApiErrorDetail {
  if (!detail.code) return detail;
  const message = detailText(detail.code, detail.params, lng, detail.labels, labelIn(lng));
  return message === undefined ? detail : { ...detail, message };
}

/**
 * Document requirements in a language: each one's name and help text from locales/<lng>/documents.json by its
 * id (spec §5's fixed texts; the API answers them in Indonesian). One the list does not hold keeps the API's words.
 */
export function requirementsIn<R extends { id: number; name: string; help_text?: string }>(list: R[], lng: string = LOCALE.DEFAULT): R[] {
  return list.map((r) => {
    const words = requirementText(r.id, lng);
    return words ? { ...r, name: words.name, ...(r.help_text === undefined ? {} : { help_text: words.help_text }) } : r;
  });
}

/** A Retry-After of whole seconds (the API's form; an HTTP date is not), as the failure carries it. */
function retryAfterOf(response: Response): { retryAfterSec?: number } {
  const value = response.headers.get("retry-after")?.trim();
  return value && /^\d{1,9}$/.test(value) ? { retryAfterSec: Number(value) } : {};
}

/** What the client sends, whatever the route: the types above decide what a caller may put here. */
interface SentOptions {
  body?: unknown;
  token?: string;
  query?: Record<string, string | number | undefined>;
}

/**
 * The API as the portal calls it. `path` is the path as sent (`/applications/${id}/portfolio`), one of the
 * API's routes for that method; the options carry the token, and the route's query and JSON body (a body is
 * required when the route takes one); the answer is the route's 2xx answer. A wrong path, method, query
 * key, body or answer type fails `tsc`.
 */
export interface ApiClient {
  /** the request's language, in which the client words refusals (and loaders word fixed spec texts: requirements) */
  readonly language?: string;
  call<M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, ...options: ApiCallArgs<M, P>): Promise<ApiResult<ApiAnswer<M, P>>>;
  /** Streams a multipart body to the API untouched (uploads are never buffered by the portal). */
  upload<P extends ApiPath<"POST">>(
    path: P,
    body: ReadableStream<Uint8Array> | null,
    contentType: string,
    options?: ApiStreamOptions<"POST", P>,
  ): Promise<ApiResult<ApiAnswer<"POST", P>>>;
  /** The API's response as is (file downloads, streamed through); null when the API cannot be reached. */
  fetchRaw<M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, options?: ApiStreamOptions<M, P>): Promise<Response | null>;
  /**
   * One request of a resumable upload (tus, /api/v1/uploads[/<id>]; docs/decisions/027-resumable-uploads.md),
   * its chunk streamed through untouched; the API's answer as is, or null when the API cannot be reached.
   */
  tus(
    method: TusMethod,
    id: string | null,
    options: { token: string; headers: Record<string, string>; body: ReadableStream<Uint8Array> | null },
  ): Promise<Response | null>;
}

export type TusMethod = "POST" | "HEAD" | "PATCH" | "DELETE";

export const API_UNAVAILABLE: ApiError = {
  code: "API_UNAVAILABLE",
  // The default language's text (spec §9): this answer is made where no request is at hand.
  message: common.error.unavailable,
};

/**
 * The API (or its database) cannot answer: a 503 with the message, thrown from a loader or returned,
 * never a 500. The browser may try again soon (entry.server adds Retry-After to a page too).
 */
export function unavailableResponse(message: string = API_UNAVAILABLE.message): Response {
  return new Response(message, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" } });
}

/**
 * The status of a page that shows a refused API call on its form: the API's 404 and 413 as they are,
 * an outage as 503, every other refusal 400.
 */
export function formStatus(apiStatus: number): 400 | 404 | 413 | 503 {
  if (apiStatus >= 500) return 503;
  return apiStatus === 404 || apiStatus === 413 ? apiStatus : 400;
}

/** The access token of this request's session (the page's guard already ran, so it is there). */
export async function accessToken(context: AppLoadContext): Promise<string> {
  const auth = await context.auth();
  return auth.kind === "loaded" ? auth.session.accessToken : "";
}

/** An API call that must answer for the page to make sense: a refusal becomes the error screen, never a 500. */
export function orUnavailable<T>(r: ApiResult<T>): T {
  if (!r.ok) throw r.status >= 500 ? unavailableResponse(r.error.message) : new Response(r.error.message, { status: r.status });
  return r.body;
}

/** GET with the session's token, for a page that cannot show without the answer (see orUnavailable). */
export async function getOrUnavailable<P extends ApiPath<"GET">>(context: AppLoadContext, path: P, query?: ApiQuery<"GET", P>): Promise<ApiAnswer<"GET", P>> {
  // Typed by this function's signature; the call is made as the client makes every call (resolving the
  // route of a still-generic path here would only cost the type checker).
  const send = context.api.call as unknown as (method: "GET", path: string, options: SentOptions) => Promise<ApiResult<ApiAnswer<"GET", P>>>;
  return orUnavailable(await send("GET", path, { token: await accessToken(context), query: query as SentOptions["query"] }));
}

/**
 * Outside production every in-process answer is checked to be what its JSON would be (a Date or an
 * undefined field would read differently over HTTP) and frozen, so a page that changed an answer the API
 * remembers (its settings, its counts) fails in the tests instead of corrupting it.
 */
const CHECK_HANDOVER = process.env.NODE_ENV !== "production";

function checkedHandover(payload: unknown): unknown {
  if (!CHECK_HANDOVER) return payload;
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(payload)), payload)) {
    throw new Error("The API's in-process answer differs from its JSON (a Date, an undefined field, a class?)");
  }
  return deepFreeze(payload);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The client of one page request. `fetch` reaches the API over HTTP (API_URL) or the in-process app as a
 * Request; with `inProcess` (the API in this process) JSON calls go through the API's router, validators and
 * handlers without HTTP or JSON (api/http/in-process.ts), and the calls of this page request check the
 * session's token once.
 */
export function createApiClient(opts: {
  fetch: ApiFetch;
  baseUrl: string;
  apiKey: string;
  clientIp?: string;
  inProcess?: InProcessFetch;
  /** the page request's id: an API in another process writes it on its lines too */
  requestId?: string;
  /** the request's language: a refusal's code is worded in it from the locale files (default: Indonesian) */
  language?: string;
}): ApiClient {
  const base = `${opts.baseUrl.replace(/\/$/, "")}/api/v1`;
  const language = opts.language ?? LOCALE.DEFAULT;
  const session: InProcessSession = {};

  function urlOf(path: string, query: SentOptions["query"]): string {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== "") url.searchParams.set(k, String(v));
    return url.href;
  }

  function headersOf(options: Omit<SentOptions, "body">): Record<string, string> {
    const headers: Record<string, string> = { "x-adaptasiapikey": opts.apiKey, accept: "application/json" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (opts.clientIp) headers["x-forwarded-for"] = opts.clientIp;
    if (opts.requestId) headers["x-request-id"] = opts.requestId;
    return headers;
  }

  /**
   * The API answers a code with its parameters: the page shows the code's words from the locale files in the
   * request's language (docs/decisions/031-text-in-locale-files.md). A code this portal does not know (an
   * API of another version) keeps the API's own words.
   */
  function worded(error: ApiError): ApiError {
    const message = apiErrorText(error.code, error.params, language);
    const details = error.details?.map((d) => wordedDetail(d, language));
    return {
      ...error,
      ...(message === undefined ? {} : { message }),
      ...(details ? { details } : {}),
    };
  }

  async function read<T>(response: Response, handed?: { payload?: unknown }): Promise<ApiResult<T>> {
    const json = (handed && "payload" in handed ? checkedHandover(handed.payload) : await response.json().catch(() => null)) as { error?: ApiError } | null;
    if (response.ok && json) return { ok: true, status: response.status, body: json as T };
    if (json?.error?.code) return { ok: false, status: response.status, error: worded(json.error), ...retryAfterOf(response) };
    return { ok: false, status: response.status >= 500 ? 503 : response.status, error: API_UNAVAILABLE };
  }

  async function send<T>(request: () => Request): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await opts.fetch(request());
    } catch {
      return { ok: false, status: 503, error: API_UNAVAILABLE };
    }
    return read<T>(response);
  }

  // The typed signatures (ApiClient) are checked at each call; what runs is the same for every route.
  const client = {
    language,
    async call<T>(method: string, path: string, options: SentOptions = {}): Promise<ApiResult<T>> {
      const url = urlOf(path, options.query);
      const headers = headersOf(options);
      let body: string | undefined;
      if (options.body !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(options.body);
      }
      if (opts.inProcess) {
        const call: InProcessCall = { session };
        let response: Response;
        try {
          response = await opts.inProcess(new Request(url, { method, headers, body }), { inProcess: call });
        } catch {
          return { ok: false, status: 503, error: API_UNAVAILABLE };
        }
        return read<T>(response, call);
      }
      return send<T>(() => new Request(url, { method, headers, body }));
    },
    async upload<T>(
      path: string,
      body: ReadableStream<Uint8Array> | null,
      contentType: string,
      options: Omit<SentOptions, "body"> = {},
    ): Promise<ApiResult<T>> {
      const headers = headersOf(options);
      headers["content-type"] = contentType;
      // duplex "half": Node's fetch streams a request body only when told so.
      return send<T>(() => new Request(urlOf(path, options.query), { method: "POST", body, headers, duplex: "half" } as RequestInit));
    },
    async tus(
      method: TusMethod,
      id: string | null,
      options: { token: string; headers: Record<string, string>; body: ReadableStream<Uint8Array> | null },
    ): Promise<Response | null> {
      const headers = { ...options.headers, ...headersOf({ token: options.token }), accept: "*/*" };
      const init = options.body ? ({ method, headers, body: options.body, duplex: "half" } as RequestInit) : { method, headers };
      return opts.fetch(new Request(urlOf(id ? `/uploads/${id}` : "/uploads", undefined), init)).catch(() => null);
    },
    async fetchRaw(method: string, path: string, options: Omit<SentOptions, "body"> & { headers?: Record<string, string> } = {}): Promise<Response | null> {
      const headers = { ...options.headers, ...headersOf(options), accept: "*/*" };
      return opts.fetch(new Request(urlOf(path, options.query), { method, headers })).catch(() => null);
    },
  };
  // Through `unknown`: comparing these plain signatures with ApiClient's generic ones made the checker
  // resolve the route of a generic path against every route (seconds of the type check). The
  // methods' names and the tus signature are still checked by `satisfies`.
  return client satisfies Pick<ApiClient, "tus"> & Record<"call" | "upload" | "fetchRaw", unknown> as unknown as ApiClient;
}
