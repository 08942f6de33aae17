import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { AuthUser } from "#contracts/me";
import { roleOf } from "#domain/auth-user";
import { homePathFor, mayReturnTo } from "#domain/guards";
import { accountSchemas } from "#domain/forms/accounts";
import { commitAuthSession, fetchMe, sessionFromTokens } from "~/utils/auth.server";
import { explainRefusal } from "~/utils/form-reply.server";
import { formErrorsFor } from "~/utils/i18n.server";

/** A refused login: the form's reply (field or form errors), its HTTP status and headers (a 429's Retry-After). */
class LoginRefused extends Error {
  constructor(
    readonly reply: SubmissionResult<string[]>,
    readonly status: number,
    readonly headers?: Headers,
  ) {
    super("login refused");
  }
}

interface LoggedIn {
  token: string;
  refreshToken: string;
  me: AuthUser;
  redirectTo?: string;
}

// remix-auth's form strategy, verifying against POST /api/v1/login (spec §7).
function authenticatorFor(context: AppLoadContext) {
  const authenticator = new Authenticator<LoggedIn>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const submission = parseWithZod(form, { schema: accountSchemas().login, formatError: await formErrorsFor(request) });
      if (submission.status !== "success") throw new LoginRefused(submission.reply({ hideFields: ["password"] }), 400);
      const { email, password, redirectTo } = submission.value;
      const login = await context.api.call("POST", "/login", { body: { email, password } });
      if (!login.ok) {
        const status = login.status === 429 ? 429 : login.status >= 500 ? 503 : 400;
        const { error, headers } = await explainRefusal(login);
        throw new LoginRefused(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), status, headers);
      }
      const me = await fetchMe(context.api, login.body.token.token);
      if (!me.ok) throw new LoginRefused(submission.reply({ formErrors: [me.error.message], hideFields: ["password"] }), 503);
      return { ...login.body.token, me: me.body.data, redirectTo };
    }),
    "form",
  );
  return authenticator;
}

/** Longer than any page address of the portal: refused rather than echoed into a Location header. */
const MAX_REDIRECT_LENGTH = 2048;

/**
 * Whitespace (a browser drops tab, CR and LF inside a URL, so "/\t/host" becomes "//host"), control and
 * invisible format characters, and backslashes (read as "/" by browsers) are never part of a return path.
 */
const UNSAFE_CHARACTERS = /[\s\\\p{Cc}\p{Cf}]/u;

/**
 * Where the login sends the user: a path on this origin that the role may open, resolved the
 * way the browser will resolve it (so "/.//host" is refused as "//host"); anything else is the role's home.
 */
export function safeRedirect(to: string | undefined, roleId: number, origin: string): string {
  const home = homePathFor(roleId);
  if (!to || to.length > MAX_REDIRECT_LENGTH || !to.startsWith("/") || UNSAFE_CHARACTERS.test(to)) return home;
  let url: URL;
  try {
    url = new URL(to, origin);
  } catch {
    return home;
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== new URL(origin).origin || path.startsWith("//")) return home;
  return mayReturnTo(roleId, path) ? path : home;
}

/** The action behind /login and /wna/login. */
export async function loginAction(request: Request, context: AppLoadContext) {
  try {
    const result = await authenticatorFor(context).authenticate("form", request);
    const to = safeRedirect(result.redirectTo, roleOf(result.me), new URL(request.url).origin);
    return redirect(to, { headers: { "Set-Cookie": await commitAuthSession(sessionFromTokens(result)) } });
  } catch (error) {
    if (error instanceof LoginRefused) return data(error.reply, { status: error.status, headers: error.headers });
    throw error;
  }
}
