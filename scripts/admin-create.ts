// npm run admin:create -- --email <address> --name "<full name>" [--another]
//
// The first Super Admin of a production database, which starts with no account (DESIGN §8): an active
// role-1 account with no password, whose owner gets the set-password mail /user-list's "Tambah Pengguna"
// sends (the /forgot-password link, valid 1 hour) through SMTP_URL. Refused while an active Super Admin
// exists, unless --another. Recorded in the admin audit log. Prints no token or password, and the
// e-mail address only masked. docs/operations.md §0.
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { createConsoleSuperAdmin } from "../api/services/admin/users";
import { recordedAddress } from "../api/services/live-service";
import { latestMailTo } from "../api/services/mail-outbox";
import { refuse, runWithApi, say } from "./operator";

const USAGE = 'usage: npm run admin:create -- --email <address> --name "<full name>" [--another]';

let args: { email?: string; name?: string; another?: boolean };
try {
  ({ values: args } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, another: { type: "boolean" } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  refuse(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
if (!args.email || !args.name) {
  refuse(`--email and --name are both needed\n${USAGE}`);
  process.exit(2);
}
const { email, name } = args as { email: string; name: string };

await runWithApi(async (api, env) => {
  const result = await createConsoleSuperAdmin(api.db, api.mailer, { email, fullName: name, another: args.another, osUser: userInfo().username });
  if (!result.created) {
    if (result.reason === "INVALID") for (const p of result.problems) refuse(`--${p.field}: ${p.message}`);
    if (result.reason === "EMAIL_TAKEN") refuse(`an account with the e-mail ${email} exists already: nothing was created`);
    if (result.reason === "SUPER_ADMIN_EXISTS") {
      refuse("an active Super Admin exists already: they make staff accounts on /user-list. To make one more Super Admin here, run again with --another");
    }
    return 1;
  }
  say(`Super Admin created: ${result.email}, active, with no password; recorded in the admin audit log.`);

  const delivery = await api.mailer.delivery();
  if (delivery.mail === "held") {
    say(
      `The set-password mail is held in the outbox: this database serves ${await recordedAddress(api.db)}, and PUBLIC_URL is ${api.mailer.publicUrl} (a copy?).` +
        " It goes once an operator runs npm run ops:adopt (docs/operations.md), or to the one mailbox MAIL_REDIRECT_TO when set.",
    );
    return 0;
  }
  await api.mailer.deliverDue();
  const mail = await latestMailTo(api.db, result.email);
  const to = delivery.mail === "redirected" ? `the one mailbox MAIL_REDIRECT_TO (${env.MAIL_REDIRECT_TO}), not to ${result.email}` : result.email;
  if (mail?.status === "sent") {
    say(`The set-password mail went to ${to} ${env.SMTP_URL ? "through SMTP_URL" : `as a file in ${api.outboxDir} (no SMTP_URL)`}.`);
    say(
      `Its link opens ${api.mailer.publicUrl}/forgot-password and works for 1 hour; after that, ask for a new one at ${api.mailer.publicUrl}/forgot-password/email.`,
    );
  } else {
    say(
      `The set-password mail could not be sent yet (${mail?.lastError ?? "not tried"}). It stays in the outbox: the running portal sends it when the mail server answers.`,
    );
    say(`If its 1-hour link has expired by then, ask for a new one at ${api.mailer.publicUrl}/forgot-password/email.`);
  }
  return 0;
});
