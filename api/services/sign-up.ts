import { and, eq, or } from "drizzle-orm";
import { ROLE } from "#domain/roles";
import type { Database } from "../db/client";
import { violatedUniqueConstraint } from "../db/errors";
import { users } from "../db/schema";
import { rateLimited } from "../lib/errors";
import type { ApiDeps } from "./deps";
import { issueAccountToken } from "./account-tokens";
import { signUpAttemptMail, type TakenValue } from "./mail";
import { hashPassword } from "./passwords";

// Opening an account from a sign-up form: an applicant's (/sign-up) or a facility admin's (/fasyankes/sign-up).

// The unique constraints of `users` that a sign-up can run into: each means the value has an owner.
const TAKEN = new Set(["users_email_unique", "users_nik_unique", "users_foreign_id_nationality_unique"]);

export type NewAccount = Omit<typeof users.$inferInsert, "id" | "passwordHash" | "roleId"> & { password: string };

/**
 * Creates a not yet activated account (an applicant unless `options.roleId` says otherwise) with its
 * first activation link and records its mail in the same transaction; `options.alongside` writes the account's other rows in the
 * same transaction. The unique indexes decide duplicates, so two identical sign-ups at once create
 * exactly one account. An e-mail, NIK or passport that is already registered gets the same answer as a
 * new account, and its owner a mail instead: the answer never tells who is registered.
 */
export async function signUp(
  deps: ApiDeps,
  clientIp: string,
  { password, ...values }: NewAccount,
  options: { roleId?: number; alongside?: (tx: Database, userId: string) => Promise<unknown> } = {},
): Promise<string> {
  const { db, config, accountRateLimiter, mailer } = deps;
  const perIp = await accountRateLimiter.hit(`sign-up:ip:${clientIp}`);
  if (perIp.count > config.rateLimits.signUpPerIp) throw rateLimited(perIp.retryAfterSec);

  const passwordHash = await hashPassword(password);
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ ...values, passwordHash, roleId: options.roleId ?? ROLE.APPLICANT })
        .returning({ id: users.id });
      await options.alongside?.(tx, user.id);
      // The mail is recorded with the account: both exist, or neither.
      await mailer.sendActivation({ email: values.email, name: values.fullName }, await issueAccountToken(tx, user.id, "activation"), tx);
    });
  } catch (err) {
    if (!TAKEN.has(violatedUniqueConstraint(err) ?? "")) throw err;
    mailer.inBackground("sign_up_attempt", () => tellOwners(deps, values));
    return values.email;
  }
  return values.email;
}

/**
 * Mails the owner of each active account that holds a value of the refused sign-up, naming which kind
 * of value; at most `mailPerEmail` such mails per account per window, so nobody can flood a mailbox.
 */
async function tellOwners(deps: ApiDeps, values: Omit<NewAccount, "password">) {
  const { db, config, accountRateLimiter, mailer } = deps;
  const sameForeignId =
    values.foreignId && values.nationality ? and(eq(users.foreignId, values.foreignId), eq(users.nationality, values.nationality)) : undefined;
  const owners = await db
    .select()
    .from(users)
    .where(or(eq(users.email, values.email), values.nik ? eq(users.nik, values.nik) : undefined, sameForeignId));
  for (const owner of owners) {
    if (!owner.isActive) continue;
    if ((await accountRateLimiter.hit(`sign-up-notice:${owner.id}`)).count > config.rateLimits.mailPerEmail) continue;
    const matched: TakenValue[] = [];
    if (owner.email === values.email) matched.push("email");
    if (values.nik && owner.nik === values.nik) matched.push("nik");
    if (sameForeignId && owner.foreignId === values.foreignId && owner.nationality === values.nationality) matched.push("foreign_id");
    const to = { email: owner.email, name: owner.fullName };
    await mailer.send("sign_up_attempt", to, signUpAttemptMail(to, matched, mailer.publicUrl));
  }
}

/** The person every sign-up form names, as a sign-up takes it: who they are and how to reach them. */
export function signUpPerson(body: { email: string; password: string; full_name: string; phone: string }) {
  return { email: body.email, password: body.password, fullName: body.full_name, phone: body.phone };
}
