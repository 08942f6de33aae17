import path from "node:path";
import { fileURLToPath } from "node:url";
import * as Sentry from "@sentry/remix";
import { EnvError, loadEnv, setEnv, type Env } from "./app/utils/env.server";
import { createServer } from "./server/app";
import { buildInfo } from "./server/build-info";
import { scrubEvent } from "./server/sentry";

// The portal's entry: reads the settings, builds the server (server/app.ts) and listens.

/**
 * HTTP timeouts for slow phones: no cap on a request's total time (5 MB at 20 kB/s takes over four
 * minutes, and Node's default 300 s cap cut such uploads off), but a connection on which nothing
 * arrives for HTTP_IDLE_TIMEOUT_SEC is closed. Headers must still arrive within 60 s.
 */
export function applyTimeouts(http: import("node:http").Server, idleTimeoutSec: number) {
  http.requestTimeout = 0;
  http.headersTimeout = 60_000;
  http.setTimeout(idleTimeoutSec * 1000);
}

async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`adaptasi: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  setEnv(env);
  if (env.SENTRY_DSN) Sentry.init({ dsn: env.SENTRY_DSN, release: buildInfo().commit, tracesSampleRate: 1.0, beforeSend: scrubEvent });
  const dev = process.argv.includes("--dev");
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer(env, { dev });
  } catch (error) {
    console.error(`adaptasi: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { app, api, logger, lifecycle } = server;
  // Events still in flight when the instance stops are sent before it exits.
  if (env.SENTRY_DSN) lifecycle.onClose("sentry", () => Sentry.close(5_000).then(() => undefined));
  const http = app.listen(env.PORT, env.HOST, () => {
    const address = http.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ port, db: api?.dbKind ?? "remote" }, `Adaptasi Nakes LLN ready on http://localhost:${port}`);
  });
  applyTimeouts(http, env.HTTP_IDLE_TIMEOUT_SEC);
  // Drain (server/lifecycle.ts): no new requests, those under way finish within SHUTDOWN_GRACE_SEC,
  // then the workers and the database close. A second signal does not start another drain.
  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, "shutdown requested");
    void lifecycle.shutdown(http, env.SHUTDOWN_GRACE_SEC).then(
      (code) => process.exit(code),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
