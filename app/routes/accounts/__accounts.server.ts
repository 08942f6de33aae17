import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType } from "zod";
import { HONEYPOT_FIELD } from "~/components/forms";
import { finishSignUp } from "~/routes/accounts/__register-wna.server";
import { PASSWORD_FIELDS } from "~/routes/accounts/__SignUpFields";
import type { ApiBody } from "~/utils/api.server";
import { requireAnonymous } from "~/utils/guards.server";
import { formErrorsFor } from "~/utils/i18n.server";
import { refusal } from "~/utils/form-reply.server";

// Shared by the account forms: the honeypot check and the reply to a refused API call.

/** A bot filled the field people never see: the form pretends to succeed and calls nothing. */
export function caughtByHoneypot(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** The API's three register endpoints, and the bodies they take. */
type SignUpEndpoint = "/register/citizen" | "/register/foreign" | "/register/facility";

/**
 * The end of every sign-up (citizen, foreign national, facility admin): the form's rules, the API's
 * register endpoint, then the one result page. A refusal keeps what was typed, passwords aside; a bot
 * caught by the honeypot sees the same result page and nothing is called.
 */
export async function submitSignUp(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  form: { schema: ZodType<ApiBody<"POST", SignUpEndpoint>>; endpoint: SignUpEndpoint; resultPath: string; headers?: HeadersInit },
) {
  if (caughtByHoneypot(formData)) return redirect(form.resultPath, { headers: { "Set-Cookie": await finishSignUp(request, null) } });
  const submission = parseWithZod(formData, { schema: form.schema, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400, headers: form.headers });
  const r = await context.api.call("POST", form.endpoint, { body: submission.value });
  if (!r.ok) return refusal(submission, r, PASSWORD_FIELDS, form.headers);
  const email = r.body.data?.email ?? (submission.value as { email: string }).email;
  return redirect(form.resultPath, { headers: { "Set-Cookie": await finishSignUp(request, email) } });
}

/** The sign-up pages' loader: only a visitor who is not logged in signs up. */
export async function anonymousOnly({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

/**
 * The action of a one-page sign-up (the citizen's, the facility admin's): the form's rules in the visitor's
 * language, then submitSignUp to that register endpoint. The foreign national's has steps: its own action.
 */
export function signUpAction(endpoint: SignUpEndpoint, schema: ZodType<ApiBody<"POST", SignUpEndpoint>>) {
  return async ({ request, context }: ActionFunctionArgs) => {
    await requireAnonymous(request, context);
    const formData = await request.formData();
    return submitSignUp(request, context, formData, { schema, endpoint, resultPath: "/sign-up/result" });
  };
}
