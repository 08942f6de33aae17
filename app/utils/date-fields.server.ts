import { datePartNames, readDateParts } from "#domain/date-parts";
import type { FormTexts } from "#domain/validation";

/**
 * A form's date fields as its schema reads them. Each DateField posts three boxes (`<name>.month`,
 * `.day`, `.year`); a good date replaces them with the one ISO yyyy-mm-dd the schema and the API take
 * (the API's contract is unchanged), empty boxes with an empty field (the schema's required message).
 * A wrong entry keeps its boxes, so the form shows them again as typed, and gets a message for each wrong
 * box naming the expected order and format, returned for `submission.reply({ fieldErrors })`. A form that posts the
 * field whole (an older page, a script) is left alone. Edits `formData` in place.
 */
export function readDateFields(formData: FormData, fields: readonly string[], texts: FormTexts): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    const names = datePartNames(field);
    const posted = Object.values(names).some((n) => formData.has(n));
    if (!posted) continue;
    const text = (n: string) => {
      const v = formData.get(n);
      return typeof v === "string" ? v : "";
    };
    const read = readDateParts({ month: text(names.month), day: text(names.day), year: text(names.year) });
    if ("iso" in read || read.problems[0].problem.rule === "required") {
      for (const n of Object.values(names)) formData.delete(n);
      formData.set(field, "iso" in read ? read.iso : "");
      continue;
    }
    // Split from a whole date typed into the month box: shown again in the three boxes.
    formData.set(names.month, read.parts.month);
    formData.set(names.day, read.parts.day);
    formData.set(names.year, read.parts.year);
    formData.delete(field);
    // Every box's mistake, in the boxes' order: the field shows them all.
    errors[field] = read.problems.map(({ problem }) => texts.message(problem.rule, "params" in problem ? problem.params : undefined));
  }
  return Object.keys(errors).length ? errors : undefined;
}
