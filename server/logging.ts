import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { stdSerializers } from "pino";

// The process's log (DESIGN §8): pino JSON lines an operator can keep. Every request gets an id (its
// proxy's X-Request-Id when the proxy is trusted, or a new one), written on every line logged while it
// runs, on its access line, on its Sentry event, and passed to the API. No line carries a query string,
// a token, a cookie, a password, an e-mail address or a failed query's parameters: the access line is
// built from named facts only, errors lose their parameters, and every line's e-mail addresses are
// masked on the way out, whoever wrote them.

interface RequestContext {
  id: string;
}

const requestContext = new AsyncLocalStorage<RequestContext>();

/** The id of the request this code runs for, if any (a background job has none). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.id;
}

/** A request id we take from outside: short, and only characters a proxy's ids use. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

// An address: something@domain.tld. Kept: the first character and the domain ("p***@adaptasi.test").
const EMAIL = /([A-Za-z0-9_%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
// A failed query's parameters, as Drizzle writes them into its message ("…\nparams: a@b.id,$argon2…"), up
// to the end of that line of the JSON string (errors are cleaned whole before, in safeError; this is the net).
const QUERY_PARAMS = /(params: ?)(?:[^"\\]|\\(?!n))*/g;

/** One log line, made safe: e-mail addresses masked, query parameters removed. */
export function scrubLine(line: string): string {
  return line.replace(QUERY_PARAMS, "$1[removed]").replace(EMAIL, "$1***@$2");
}

/** Fields of an error (and of its causes) that hold the values a query was given. */
const VALUE_FIELDS = ["params", "parameters", "detail", "where", "internalQuery"];

function safeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const out = stdSerializers.errWithCause(err) as unknown as Record<string, unknown>;
  const strip = (o: Record<string, unknown>, depth: number) => {
    for (const field of VALUE_FIELDS) delete o[field];
    if (typeof o.message === "string") {
      const safe = o.message.replace(/\nparams: [\s\S]*$/, "\nparams: [removed]");
      if (typeof o.stack === "string") o.stack = o.stack.replace(o.message, safe);
      o.message = safe;
    }
    if (depth < 5 && o.cause && typeof o.cause === "object") strip(o.cause as Record<string, unknown>, depth + 1);
  };
  strip(out, 0);
  return out;
}

/** The process's logger: JSON lines on stdout, each with the request id while a request runs, scrubbed. */
export function createLogger(level: string, write: (line: string) => void = (line) => void process.stdout.write(line)): pino.Logger {
  return pino(
    {
      level,
      serializers: { err: safeError, error: safeError },
      mixin: () => {
        const id = currentRequestId();
        return id ? { reqId: id } : {};
      },
    },
    { write: (line: string) => write(scrubLine(line)) },
  );
}

export interface AccessLogOptions {
  logger: pino.Logger;
  /** TRUST_PROXY: with a proxy in front, its X-Request-Id is taken */
  trustProxy: number;
  /** the API key: a call of another instance's portal (API_URL) carries its request's id too */
  apiKey: string;
  /** the request's route pattern, as /metrics labels it (never the path with its ids or query) */
  routeOf: (req: Request) => string;
}

/**
 * One access line per request (method, route pattern, status, duration, bytes, request id), and the
 * request's id for everything it does. pino-http writes the line when the answer is sent or the client goes.
 */
export function accessLog(opts: AccessLogOptions) {
  const bytesAtStart = new WeakMap<Request, number>();
  const http = pinoHttp<IncomingMessage, ServerResponse, never>({
    logger: opts.logger,
    quietResLogger: true,
    genReqId: (req, res) => {
      const given = req.headers["x-request-id"];
      const trusted = opts.trustProxy > 0 || req.headers["x-adaptasiapikey"] === opts.apiKey;
      const id = trusted && typeof given === "string" && ACCEPTABLE_ID.test(given) ? given : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // Nothing of the request goes on a line but what the access line names (req.log is never used).
    serializers: { req: (req: { method?: string }) => ({ method: req.method }) },
    wrapSerializers: false,
    // A client's mistake (4xx) or a client that left is no fault; a 5xx's cause is logged where it happened.
    customLogLevel: (_req, res): pino.LevelWithSilent => (res.statusCode >= 500 ? "warn" : "info"),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
    customSuccessObject: (req, res, val: { responseTime?: number }) => fields(req as Request, res as Response, val.responseTime),
    customErrorObject: (req, res, _err, val: { responseTime?: number }) => fields(req as Request, res as Response, val.responseTime),
  });
  function fields(req: Request, res: Response, ms: number | undefined) {
    const aborted = !res.writableFinished;
    return {
      reqId: req.id as string,
      method: req.method,
      route: opts.routeOf(req),
      status: aborted ? "aborted" : res.statusCode,
      ms,
      bytes: (req.socket?.bytesWritten ?? 0) - (bytesAtStart.get(req) ?? 0),
    };
  }
  return (req: Request, res: Response, next: NextFunction) => {
    bytesAtStart.set(req, req.socket?.bytesWritten ?? 0);
    http(req, res, () => requestContext.run({ id: req.id as string }, next));
  };
}
