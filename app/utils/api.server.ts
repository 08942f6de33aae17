import type { AppLoadContext } from "@remix-run/node";
import common from "#locales/id/common.json";

// The portal's only door to data: the HTTP API of spec §7 / DESIGN §5, in-process or at API_URL.

export type ApiFetch = (request: Request) => Promise<Response>;

export interface ApiError {
  code: string;
  message: string;
  details?: Array<{ path: string; message: string }>;
}

export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: ApiError };

export interface ApiCallOptions {
  body?: unknown;
  token?: string;
  query?: Record<string, string | number | undefined>;
}

export interface ApiClient {
  call<T>(method: string, path: string, options?: ApiCallOptions): Promise<ApiResult<T>>;
  /** Streams a multipart body to the API untouched (uploads are never buffered by the portal). */
  upload<T>(path: string, body: ReadableStream<Uint8Array> | null, contentType: string, options?: Omit<ApiCallOptions, "body">): Promise<ApiResult<T>>;
  /** The API's response as is (file downloads, streamed through); null when the API cannot be reached. */
  fetchRaw(method: string, path: string, options?: Omit<ApiCallOptions, "body">): Promise<Response | null>;
}

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
export async function getOrUnavailable<T>(context: AppLoadContext, path: string, query?: ApiCallOptions["query"]): Promise<T> {
  return orUnavailable(await context.api.call<T>("GET", path, { token: await accessToken(context), query }));
}

export function createApiClient(opts: { fetch: ApiFetch; baseUrl: string; apiKey: string; clientIp?: string }): ApiClient {
  function prepare(path: string, options: Omit<ApiCallOptions, "body">) {
    const url = new URL(`${opts.baseUrl.replace(/\/$/, "")}/api/v1${path}`);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== "") url.searchParams.set(k, String(v));
    const headers = new Headers({ "x-adaptasiapikey": opts.apiKey, accept: "application/json" });
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    if (opts.clientIp) headers.set("x-forwarded-for", opts.clientIp);
    return { url, headers };
  }

  async function send<T>(request: () => Request): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await opts.fetch(request());
    } catch {
      return { ok: false, status: 503, error: API_UNAVAILABLE };
    }
    const json = (await response.json().catch(() => null)) as { error?: ApiError } | null;
    if (response.ok && json) return { ok: true, status: response.status, body: json as T };
    if (json?.error?.code) return { ok: false, status: response.status, error: json.error };
    return { ok: false, status: response.status >= 500 ? 503 : response.status, error: API_UNAVAILABLE };
  }

  return {
    async call<T>(method: string, path: string, options: ApiCallOptions = {}): Promise<ApiResult<T>> {
      const { url, headers } = prepare(path, options);
      let body: string | undefined;
      if (options.body !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(options.body);
      }
      return send<T>(() => new Request(url, { method, headers, body }));
    },
    async upload<T>(path: string, body: ReadableStream<Uint8Array> | null, contentType: string, options: Omit<ApiCallOptions, "body"> = {}): Promise<ApiResult<T>> {
      const { url, headers } = prepare(path, options);
      headers.set("content-type", contentType);
      // duplex "half": Node's fetch streams a request body only when told so.
      return send<T>(() => new Request(url, { method: "POST", body, headers, duplex: "half" } as RequestInit));
    },
    async fetchRaw(method: string, path: string, options: Omit<ApiCallOptions, "body"> = {}): Promise<Response | null> {
      const { url, headers } = prepare(path, options);
      headers.set("accept", "*/*");
      return opts.fetch(new Request(url, { method, headers })).catch(() => null);
    },
  };
}
