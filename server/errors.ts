import type { NextFunction, Request, Response } from "express";
import type { pino } from "pino";

// How the server answers what went wrong: every 5xx is logged (its cause is logged where it
// happened: entry.server, the API, or the last handler below), and nothing internal is shown.

/** Logs every answer of 500 or more when it has gone out. */
export function logServerErrors(logger: pino.Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.once("finish", () => {
      if (res.statusCode >= 500) logger.warn({ method: req.method, path: req.path, status: res.statusCode }, "answered with a server error");
    });
    next();
  };
}

/** Whatever reaches here unanswered: logged with its cause, answered without internals. */
export function lastResort(logger: pino.Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A request Express cannot read (a malformed percent-encoding) is the sender's mistake: its 4xx.
    const declared = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode);
    const status = declared >= 400 && declared < 500 ? declared : error instanceof URIError ? 400 : 500;
    if (status === 500) logger.error({ err: error, method: req.method, path: req.path }, "request failed");
    if (res.headersSent) return void res.destroy();
    res.status(status).type("text/plain; charset=utf-8").send("Terjadi kesalahan, silahkan kembali ke awal.");
  };
}
