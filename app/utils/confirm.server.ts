import { CONFIRM_FIELD, CONFIRM_YES, type ConfirmFields } from "~/components/ConfirmPanel";

// Spec §9 "Confirm labels: Yes/No": a final or destructive action (a "Tidak Lulus" decision,
// deactivating a user, deleting a master entry) is asked twice. The first POST changes nothing: it
// answers 200 with the fields it carried, which the page shows again in a ConfirmPanel; only the
// POST that carries confirm=yes performs the action. It works the same with JavaScript off.

/**
 * The fields to ask about again when `form` has not been confirmed yet, or null when it carries
 * confirm=yes and the action may go ahead. Files are not carried (no confirmed action takes one).
 */
export function awaitingConfirmation(form: FormData): ConfirmFields | null {
  if (form.get(CONFIRM_FIELD) === CONFIRM_YES) return null;
  const fields: Array<[string, string]> = [];
  for (const [name, value] of form.entries()) {
    if (name !== CONFIRM_FIELD && typeof value === "string") fields.push([name, value]);
  }
  return fields;
}
