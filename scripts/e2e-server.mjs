// Starts the built portal for the end-to-end tests on a fresh embedded database with demo data.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { ensureBuild } from "./build-if-needed.mjs";

const dataDir = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";
rmSync(dataDir, { recursive: true, force: true });
await ensureBuild();
const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "3210",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    // Every test logs in (by the form, or startSession posting it), all from 127.0.0.1: the per-IP login limit would trip.
    RATE_LIMIT_LOGIN_PER_IP: "100000",
    RATE_LIMIT_LOGIN_PER_ACCOUNT: "1000",
    RATE_LIMIT_SIGNUP_PER_IP: "1000",
    RATE_LIMIT_MAIL_PER_IP: "1000",
    // The demo facility account uploads for many specs at once; the cap has its own API test.
    RATE_LIMIT_UPLOADS_PER_MINUTE: "1000",
    // The demo facility downloads a registration's ZIP in each project and each run (access matrix, data-export spec).
    RATE_LIMIT_DATA_EXPORTS_PER_HOUR: "1000",
    // Every public letter check comes from 127.0.0.1 (reach, letters spec); the limits have their own API test.
    RATE_LIMIT_LETTER_VERIFICATIONS_PER_IP: "1000",
    RATE_LIMIT_LETTER_VERIFICATIONS_PER_NUMBER: "1000",
    // Reminders to the demo reviewers would land among the mails the tests read: the jobs have their own tests.
    JOBS_INTERVAL_SECONDS: "0",
    // tests/e2e/retention.last.spec.ts runs them at a chosen time instead (server/app.ts).
    TEST_JOB_TRIGGER: "true",
  },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
