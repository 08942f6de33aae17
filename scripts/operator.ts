import pino from "pino";
import { startApi, type StartedApi } from "../api/index";
import { maskAddress } from "../api/services/mail";
import { EnvError, loadEnv, type Env } from "../app/utils/env.server";
import { apiOptionsFrom } from "../server/api-options";

// What the operator's commands (npm run admin:create, npm run ops:adopt) share: the settings read as the
// server reads them, the database opened as a start opens it (migrated, reference data in place), no
// worker or job left running, and nothing secret printed. With the embedded database (no DATABASE_URL)
// the portal must be stopped first: one process at a time may open DATA_DIR/pglite.

/** A line for the operator's terminal: any e-mail address in it masked. */
export function say(line: string): void {
  process.stdout.write(`${withoutAddresses(line)}\n`);
}

export function refuse(line: string): void {
  process.stderr.write(`adaptasi: ${withoutAddresses(line)}\n`);
}

const withoutAddresses = (text: string) => text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[A-Za-z]{2,}/g, (address) => maskAddress(address));

/** Runs `work` on the portal's API and database and exits with the code it returns (1 on a setting or start failure). */
export async function runWithApi(work: (api: StartedApi, env: Env) => Promise<number>): Promise<never> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    refuse(error.message);
    process.exit(1);
  }
  let api: StartedApi;
  try {
    // No mail worker timer and no scheduled jobs: the command delivers what it records itself.
    api = await startApi({ ...apiOptionsFrom(env), jobIntervalMs: 0, mailPollMs: 0, logger: pino({ level: "silent" }) });
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  let code = 1;
  try {
    code = await work(api, env);
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  } finally {
    await api.close();
  }
  process.exit(code);
}
