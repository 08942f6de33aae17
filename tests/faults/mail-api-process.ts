import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import pino from "pino";
import { startApi } from "../../api/index";

// The API alone in a process of its own, on the embedded database in DATA_DIR, for the mail fault test
// (tests/faults/mail-outbox.test.ts): the worker, the outbox table and SMTP are the real ones; the
// portal's pages are not needed, so no build is. Prints "ready" on stdout once it listens.

const env = process.env;
const api = await startApi({
  dataDir: env.DATA_DIR!,
  apiKey: env.API_KEY!,
  jwtSecret: env.JWT_SECRET!,
  seedDemo: true,
  smtpUrl: env.SMTP_URL,
  publicUrl: "https://adaptasi.example.go.id",
  mailRetry: { baseMs: Number(env.MAIL_RETRY_BASE_SECONDS ?? 5) * 1000, leaseMs: Number(env.MAIL_LEASE_SECONDS ?? 120) * 1000 },
  mailPollMs: 500,
  rateLimits: {
    loginPerIp: 10_000,
    loginPerAccount: 10_000,
    windowSec: 900,
    signUpPerIp: 10_000,
    mailPerEmail: 10_000,
    mailPerIp: 10_000,
    accountWindowSec: 3600,
  },
  logger: pino({ level: env.LOG_LEVEL ?? "silent" }),
});
const listener = getRequestListener((req, bindings) => api.fetch(req, bindings));
// Hono's listener answers its own errors; node's server has no use for the promise it returns.
const server = createServer((req, res) => void listener(req, res));
server.listen(Number(env.PORT), "127.0.0.1", () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => void api.close().then(() => process.exit(0))));
