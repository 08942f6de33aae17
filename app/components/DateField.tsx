import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { datePartsOf, type DateParts } from "#domain/date-parts";
import * as d from "./DateField.css";
import * as f from "./forms.css";
import * as ui from "./ui.css";

const PARTS = ["month", "day", "year"] as const;

/**
 * A date field (spec §9: month, day, year): three labelled boxes in that order, the year of four digits,
 * grouped under the field's name. They post `<name>.month`, `<name>.day` and `<name>.year`; the server
 * makes them the one ISO date its schema takes (app/utils/date-fields.server.ts). A whole date typed or
 * pasted into the month box (08/17/1990, 17/08/1990, 1990-08-17) is read as that date, by the live
 * checks and the server (domain/dates.ts readDateParts). A default value in ISO fills the three boxes.
 */
export function DateField({ meta, label, hint, autoComplete }: { meta: FieldMetadata<any>; label: string; hint?: ReactNode; autoComplete?: "bday" }) {
  const { t } = useTranslation();
  const id = meta.id;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The server's message is the field's; while typing, the browser puts it on the year, the box left last.
  const year = (meta as unknown as FieldMetadata<DateParts>).getFieldset().year;
  const error = meta.errors?.[0] ?? year.errors?.[0];
  const invalid = Boolean(error);
  const initial = datePartsOf(meta.initialValue);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={`${f.fieldset} ${invalid ? f.invalidGroup : ""}`}
      aria-describedby={[hintId, invalid ? errorId : null].filter(Boolean).join(" ")}
    >
      <legend className={f.legend}>{label}</legend>
      <p id={hintId} className={ui.hint}>
        {hint ?? t("form.dateHint")}
      </p>
      {invalid ? (
        <p id={errorId} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
      <div className={d.row} key={meta.key}>
        {PARTS.map((part) => (
          <div key={part} className={part === "year" ? d.yearBox : d.box}>
            <label htmlFor={`${id}-${part}`}>{t(`form.date.${part}`)}</label>
            <input
              id={`${id}-${part}`}
              name={`${meta.name}.${part}`}
              className={ui.input}
              inputMode="numeric"
              // The month box takes a whole date pasted into it: its length allows one.
              maxLength={{ month: 10, day: 2, year: 4 }[part]}
              autoComplete={autoComplete ? `${autoComplete}-${part}` : "off"}
              required={meta.required}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              defaultValue={initial[part]}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
