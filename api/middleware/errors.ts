import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Logger } from "pino";
import { databaseUnreachable } from "../db/errors";
import { ApiError, errorBody, MESSAGES } from "../lib/errors";
import type { AppEnv } from "../http/env";

/** An unknown path or method: the JSON error shape, 404 NOT_FOUND. */
export const notFound: NotFoundHandler<AppEnv> = (c) => c.json(errorBody("NOT_FOUND", MESSAGES.NOT_FOUND), 404);

/** Every error as the JSON error shape: ours as thrown, Hono's 4xx as bad input, the rest logged. */
export function handleErrors(logger: Logger, reportError?: (error: unknown) => void): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof ApiError) {
      // A 5xx of ours (e.g. an access-log row that could not be written) keeps its cause for the operators.
      if (err.status >= 500) logger.error({ err: err.cause ?? err, code: err.code, method: c.req.method, path: c.req.path }, "API error");
      return c.json(errorBody(err.code, err.message, err.details, err.params), err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      // Hono's own 4xx: unparsable JSON (400) or a body that is not JSON (415).
      if (err.status === 400 || err.status === 415) return c.json(errorBody("MALFORMED_BODY", MESSAGES.MALFORMED_BODY), 400);
      if (err.status === 413) return c.json(errorBody("PAYLOAD_TOO_LARGE", MESSAGES.PAYLOAD_TOO_LARGE), 413);
      if (err.status < 500) return c.json(errorBody("VALIDATION_ERROR", err.message), err.status);
    }
    if (databaseUnreachable(err)) {
      logger.error({ err, method: c.req.method, path: c.req.path }, "database unreachable");
      return c.json(errorBody("DATABASE_UNAVAILABLE", MESSAGES.DATABASE_UNAVAILABLE), 503, { "Retry-After": "30" });
    }
    logger.error({ err, method: c.req.method, path: c.req.path }, "unhandled API error");
    try {
      reportError?.(err);
    } catch (reportFailure) {
      logger.warn({ err: reportFailure }, "the error could not be reported");
    }
    return c.json(errorBody("INTERNAL_ERROR", MESSAGES.INTERNAL_ERROR), 500);
  };
}
