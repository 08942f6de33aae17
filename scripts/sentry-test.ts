// npm run ops:sentry-test
//
// Sends one test event to the SENTRY_DSN in the environment, as the running portal would (the same release:
// the build's commit), and says whether Sentry accepted it: to check a new DSN, a firewall or a proxy before
// a real error depends on it. It reads only SENTRY_DSN (and the build's commit); it opens no database and
// sends no mail. Exits 0 when Sentry accepted the event, 1 when it did not (one line on stderr), 2 on wrong
// arguments. docs/operations.md "Error reporting (Sentry)".
import { hostname } from "node:os";
import { parseArgs } from "node:util";
import * as Sentry from "@sentry/remix";
import { buildInfo } from "../server/build-info";
import { refuse, say } from "./operator";

try {
  parseArgs({ options: {}, strict: true, allowPositionals: false });
} catch (error) {
  refuse(`${error instanceof Error ? error.message : String(error)}\nusage: npm run ops:sentry-test (it takes SENTRY_DSN from the environment)`);
  process.exit(2);
}

const dsn = process.env.SENTRY_DSN?.trim();
if (!dsn) {
  refuse("SENTRY_DSN is not set: nothing to test. Put the DSN from Sentry's project settings (Client Keys) in the service's environment");
  process.exit(1);
}

/** What Sentry answered to each envelope: a status code, or the reason none came. */
const answers: string[] = [];
const release = buildInfo().commit;
try {
  Sentry.init({
    dsn,
    release,
    // Only this event: no session, no trace, nothing the SDK would add by itself.
    defaultIntegrations: false,
    tracesSampleRate: 0,
    transport: (options: Parameters<typeof Sentry.makeNodeTransport>[0]) => {
      const transport = Sentry.makeNodeTransport(options);
      return {
        ...transport,
        send: (envelope: Parameters<typeof transport.send>[0]) =>
          transport.send(envelope).then(
            (response) => {
              answers.push(String(response.statusCode ?? "no status"));
              return response;
            },
            (error: unknown) => {
              answers.push(error instanceof Error ? error.message : String(error));
              throw error;
            },
          ),
      };
    },
  });
} catch (error) {
  refuse(`SENTRY_DSN is not a DSN Sentry's SDK takes (${error instanceof Error ? error.message : String(error)})`);
  process.exit(1);
}

const eventId = Sentry.captureMessage(`Adaptasi Nakes LLN: a test event from npm run ops:sentry-test on ${hostname()}`, {
  level: "info",
  tags: { test_event: "true" },
});
await Sentry.close(15_000);
const accepted = answers.some((a) => /^2\d\d$/.test(a));
if (!accepted) {
  refuse(`Sentry did not accept the test event (${answers.join(", ") || "no answer within 15 s"}): check SENTRY_DSN and that this host may reach its address`);
  process.exit(1);
}
say(`Test event ${eventId} sent to Sentry and accepted (release ${release}): look for "a test event from npm run ops:sentry-test" in the project's Issues.`);
process.exit(0);
