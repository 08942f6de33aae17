import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { HONEYPOT_FIELD } from "~/components/forms";
import type { ApiError } from "../../utils/api.server";

// Shared by the account forms: the honeypot check and the reply to a refused API call.

/** A bot filled the field people never see: the form pretends to succeed and calls nothing. */
export function caughtByHoneypot(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The form's reply to a refused API call, keeping what was typed (passwords aside): a broken rule on
 * its field; anything else (429, a bad token, an outage) above the form. A sign-up with a registered
 * e-mail, NIK or passport is not refused: the API answers it as a new one.
 */
export function replyWithApiError(submission: Submission<unknown>, result: { status: number; error: ApiError }, hideFields: string[], headers?: HeadersInit) {
  const { error } = result;
  const fieldErrors: Record<string, string[]> = {};
  if (error.code === "VALIDATION_ERROR") {
    for (const detail of error.details ?? []) {
      const name = detail.path.split(".").pop() ?? "";
      if (name in submission.payload) (fieldErrors[name] ??= []).push(detail.message);
    }
  }
  const onFields = Object.keys(fieldErrors).length > 0;
  const reply = submission.reply({ hideFields, fieldErrors: onFields ? fieldErrors : undefined, formErrors: onFields ? undefined : [error.message] });
  return data(reply, { status: result.status >= 500 ? 503 : result.status, headers });
}
