import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { ApiError } from "~/utils/api.server";

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

/**
 * The HTTP answer carrying that reply: the API's own status (a 404, 409 or 429 says what happened),
 * except that a failure of ours is a 503 the person may retry, never a 500.
 */
export function refusal(submission: Submission<unknown>, result: { status: number; error: ApiError }, hideFields: string[] = [], headers?: HeadersInit) {
  return data(refusalReply(submission, result.error, hideFields), { status: result.status >= 500 ? 503 : result.status, headers });
}
