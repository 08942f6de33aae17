// How the portal calls the API when both run in one process: the API's side is
// api/http/in-process.ts, the portal's app/utils/api.server.ts. Types only.

/** What the calls of one page request share. */
export interface InProcessSession {
  /** the bearer token's user (the API's user row), as the first authenticated call of this page request found it */
  verified?: { token: string; user: unknown };
}

/** One in-process call: its page request's session, and the handler's answer once it is made. */
export interface InProcessCall {
  session: InProcessSession;
  /** what the handler passed to c.json, untouched (set when it answers) */
  payload?: unknown;
}

/** The API's entry for in-process calls: its router with the call beside the request. */
export type InProcessFetch = (request: Request, env: { inProcess: InProcessCall }) => Promise<Response>;
