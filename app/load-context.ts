import type { Logger } from "pino";
import type { ApiClient } from "./utils/api.server";
import type { AuthState } from "./utils/auth.server";

// What server.ts hands every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    api: ApiClient;
    /** The session of this request, resolved (and refreshed if due) once, on first use. */
    auth: (opts?: { forceRefresh?: boolean }) => Promise<AuthState>;
    /** Adds a Set-Cookie to the response of this request. */
    appendSetCookie: (cookie: string) => void;
    clientIp: string;
    /** This request's id (X-Request-Id), on its log lines and its Sentry event. */
    requestId: string;
    /** The process's log; its lines carry the request's id and no personal data (server/logging.ts). */
    log: Pick<Logger, "error" | "warn" | "info">;
    /** The build's commit (server/build-info.ts): the browser's Sentry events carry it as their release. */
    release?: string;
    /** Removes a header the server set before the page ran (a 304 keeps the cached page's CSP). */
    omitHeader?: (name: string) => void;
  }
}

export {};
