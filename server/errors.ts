import type { NextFunction, Request, Response } from "express";
import type { pino } from "pino";
import { PRODUCT_NAME } from "#domain/menu";
import { error as words } from "#locales/id/common.json";

// How the server answers what went wrong: every 5xx's cause is logged where it happened (entry.server,
// the API, or the last handler below; its access line says it too, server/logging.ts), and nothing
// internal is shown.

/**
 * An async Express handler as Express 4 runs one: Express neither awaits it nor catches its rejection, so
 * a throw outside the handler's own try would be an unhandled rejection (the process ends). Here it goes
 * to `next`, and so to `lastResort` below: logged, answered 500 without internals.
 */
export function passRejections(handler: (req: Request, res: Response, next: NextFunction) => Promise<unknown>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    handler(req, res, next).catch(next);
  };
}

/** Whatever reaches here unanswered: logged with its cause, answered without internals. */
export function lastResort(logger: pino.Logger, reportError?: (error: unknown) => void) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A request Express cannot read (a malformed percent-encoding) is the sender's mistake: its 4xx.
    const declared = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode);
    const status = declared >= 400 && declared < 500 ? declared : error instanceof URIError ? 400 : 500;
    if (status === 500) {
      logger.error({ err: error, method: req.method, path: req.path }, "request failed");
      reportError?.(error);
    }
    if (res.headersSent) return void res.destroy();
    sendErrorScreen(res, status);
  };
}

/** spec §8's error screen (below) with a status, for an answer given before the page can run. */
export function sendErrorScreen(res: Response, status: number) {
  res.status(status).set("Cache-Control", "no-store").type("html").send(ERROR_SCREEN);
}

const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);

/**
 * spec §8's error screen for a request the portal cannot even route (a malformed address): the same
 * words and way back as the page's own error screen, as plain HTML, since the page itself cannot run.
 * In Indonesian, the interface's language (spec §9): the request's language is unknown here.
 */
const ERROR_SCREEN = `<!doctype html>
<html lang="id">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(PRODUCT_NAME)}</title></head>
<body>
<main>
<h1>${escape(words.message)}</h1>
<p><a href="/">${escape(words.button)}</a></p>
</main>
</body>
</html>
`;
