import type { Server } from "node:http";
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";

// Stopping without losing work. On SIGTERM or SIGINT (server.ts):
// 1. the listener closes (new connections are refused) and a request that still arrives on an open
//    keep-alive connection is answered 503 with `Connection: close` and `Retry-After`;
// 2. requests and uploads under way finish, for at most SHUTDOWN_GRACE_SEC; each answer closes its
//    connection; when the grace ends, what is still open is cut;
// 3. the close hooks run in reverse order of registration (the mail worker, the jobs, then the API and
//    its database, which registered first), each for at most CLOSE_HOOK_TIMEOUT_MS;
// 4. the process exits 0 (1 when a hook failed or hung).

export const CLOSE_HOOK_TIMEOUT_MS = 15_000;

export interface CloseHook {
  name: string;
  close: () => Promise<void> | void;
}

export interface Lifecycle {
  /** true from the signal on */
  readonly draining: boolean;
  /** Registers something to close after the last request (a worker, a pool); closed in reverse order. */
  onClose(name: string, close: CloseHook["close"]): void;
  /** First in the middleware chain (after closeUnreadBodies): counts requests, refuses new ones while draining. */
  middleware: RequestHandler;
  /** Drains `http` and runs the close hooks; resolves with the exit code. */
  shutdown(http: Server, graceSec: number): Promise<number>;
}

export function createLifecycle(logger: Logger): Lifecycle {
  let draining = false;
  let stopping: Promise<number> | undefined;
  const hooks: CloseHook[] = [];
  const inFlight = new Set<Response>();
  let afterEachAnswer: () => void = () => {};

  const middleware: RequestHandler = (req, res, next) => {
    if (draining) {
      res.set({ Connection: "close", "Retry-After": "5", "Cache-Control": "no-store" });
      res.status(503).type("text/plain").send("503 Layanan sedang dimulai ulang. Coba lagi sebentar lagi.\n");
      return;
    }
    inFlight.add(res);
    const done = () => {
      if (!inFlight.delete(res)) return;
      afterEachAnswer();
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };

  async function runHooks(): Promise<number> {
    let code = 0;
    for (const hook of [...hooks].reverse()) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(hook.close),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`did not close within ${CLOSE_HOOK_TIMEOUT_MS} ms`)), CLOSE_HOOK_TIMEOUT_MS);
            timer.unref();
          }),
        ]);
      } catch (err) {
        code = 1;
        logger.error({ err, hook: hook.name }, "shutdown: could not close");
      } finally {
        clearTimeout(timer);
      }
    }
    return code;
  }

  function shutdown(http: Server, graceSec: number): Promise<number> {
    stopping ??= (async () => {
      draining = true;
      logger.info({ inFlight: inFlight.size, graceSec }, "shutdown: refusing new requests, letting those under way finish");
      // Answers still to be written close their connection; idle keep-alive connections go now.
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      afterEachAnswer = () => setImmediate(() => http.closeIdleConnections());
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"cut">((resolve) => {
        graceTimer = setTimeout(() => resolve("cut"), graceSec * 1000);
      });
      const outcome = await Promise.race([closed.then(() => "drained" as const), graceOver]);
      clearTimeout(graceTimer);
      if (outcome === "cut") {
        logger.warn({ cut: inFlight.size }, "shutdown: grace period over, cutting the requests still under way");
        http.closeAllConnections();
        await closed;
      } else {
        logger.info("shutdown: every request finished");
      }
      return runHooks();
    })();
    return stopping;
  }

  return {
    get draining() {
      return draining;
    },
    onClose(name, close) {
      hooks.push({ name, close });
    },
    middleware,
    shutdown,
  };
}
