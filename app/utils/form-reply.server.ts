import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { ApiError, ApiFailure } from "~/utils/api.server";
import { defaultT } from "~/utils/i18n.server";

/**
 * A form's reply to a refused API call, keeping what was typed (the hidden fields aside, as
 * passwords): each detail that names a posted field stands beside it; anything else — a rule on a
 * field the form does not post, a rate limit, a bad link, an outage — stands above the form, so no
 * message is ever lost on a field nobody sees.
 */
export function refusalReply(submission: Submission<unknown>, error: ApiError, hideFields: string[] = []): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const detail of error.details ?? []) {
    const name = [detail.path, detail.path.split(".").pop() ?? ""].find((n) => n in submission.payload);
    if (name) (fieldErrors[name] ??= []).push(detail.message);
  }
  const onFields = Object.keys(fieldErrors).length > 0;
  return submission.reply({ hideFields, fieldErrors: onFields ? fieldErrors : undefined, formErrors: onFields ? undefined : [error.message] });
}

/** "Terlalu banyak percobaan. Coba lagi dalam 30 detik." — seconds under a minute, else whole minutes, rounded up. */
export function tooManyAttempts(t: TFunction, seconds: number): string {
  const wait = seconds < 60 ? t("common:rateLimit.seconds", { count: seconds }) : t("common:rateLimit.minutes", { count: Math.ceil(seconds / 60) });
  return t("common:rateLimit.tryAgainIn", { wait });
}

/**
 * A refused API call as a page answers it. A 429 (login, sign-up, recovery and activation mails) says in
 * words how long to wait and passes the API's Retry-After on, so a person, a browser and a script all know
 * when to come back; anything else keeps the API's words. Every form that calls the API goes through here.
 */
export async function explainRefusal(result: ApiFailure): Promise<{ error: ApiError; headers: Headers }> {
  const headers = new Headers();
  if (result.status !== 429 || result.retryAfterSec === undefined) return { error: result.error, headers };
  headers.set("Retry-After", String(result.retryAfterSec));
  // The page's language is the default one (spec §9), as defaultT says.
  return { error: { ...result.error, message: tooManyAttempts(await defaultT(), result.retryAfterSec) }, headers };
}

/**
 * The HTTP answer carrying that reply: the API's own status (a 404, 409 or 429 says what happened),
 * except that a failure of ours is a 503 the person may retry, never a 500.
 */
export async function refusal(submission: Submission<unknown>, result: ApiFailure, hideFields: string[] = [], headers?: HeadersInit) {
  const { error, headers: explained } = await explainRefusal(result);
  const all = new Headers(headers);
  explained.forEach((value, name) => all.set(name, value));
  return data(refusalReply(submission, error, hideFields), { status: result.status >= 500 ? 503 : result.status, headers: all });
}

/**
 * The fields a form's schema accepted, as the browser sent them: for an API that parses the same schema
 * and so must get what was typed, not the parsed values. `Body` is the API route's body type
 * (`ApiBody<"PUT", "/me/profile">`, docs/decisions/030-typed-seam.md): the raw fields are that body's
 * input, which the form's parsed types (numbers where the browser sent text) cannot show.
 */
export function sentFields<Body>(submission: { value: object; payload: Record<string, unknown> }): Body {
  return Object.fromEntries(Object.keys(submission.value).map((k) => [k, submission.payload[k]])) as Body;
}
