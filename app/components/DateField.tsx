import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { datePartsOf, type DateBox, type DateParts } from "#domain/date-parts";
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
  // The server's messages are the field's (one per wrong box); while typing, the browser puts each box's on
  // that box, shown once the box was typed in, and the rest (a day the month lacks) on the year, left last.
  const boxes = (meta as unknown as FieldMetadata<DateParts>).getFieldset();
  return (
    <DateBoxes
      id={meta.id}
      name={meta.name}
      label={label}
      hint={hint}
      autoComplete={autoComplete}
      required={meta.required}
      initial={meta.initialValue}
      errors={meta.errors ?? []}
      boxErrors={{ month: boxes.month.errors ?? [], day: boxes.day.errors ?? [], year: boxes.year.errors ?? [] }}
      resetKey={meta.key}
    />
  );
}

/**
 * The three boxes of a date under its legend, with their hint and messages, outside any conform form: a
 * search's period (GET, /access-log) reads them as the forms' dates are read (readDateParts).
 */
export function DateBoxes({
  id,
  name,
  label,
  hint,
  autoComplete,
  required,
  initial: initialValue,
  errors: fieldErrors = [],
  boxErrors = {},
  resetKey,
}: {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
  autoComplete?: "bday";
  required?: boolean;
  /** an ISO date, or the boxes as posted */
  initial?: unknown;
  /** the field's messages: every box is marked wrong */
  errors?: readonly string[];
  /** each box's own messages: that box is marked wrong */
  boxErrors?: Partial<Record<DateBox, readonly string[]>>;
  resetKey?: string | number;
}) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const errors = [...new Set([...fieldErrors, ...PARTS.flatMap((part) => boxErrors[part] ?? [])])];
  const invalid = errors.length > 0;
  const initial = datePartsOf(initialValue);
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
          {errors.map((text) => (
            <span key={text} className={d.errorLine}>
              {text}
            </span>
          ))}
        </p>
      ) : null}
      <div className={d.row} key={resetKey}>
        {PARTS.map((part) => (
          <div key={part} className={part === "year" ? d.yearBox : d.box}>
            <label htmlFor={`${id}-${part}`}>{t(`form.date.${part}`)}</label>
            <input
              id={`${id}-${part}`}
              name={`${name}.${part}`}
              className={ui.input}
              inputMode="numeric"
              // The month box takes a whole date pasted into it: its length allows one.
              maxLength={{ month: 10, day: 2, year: 4 }[part]}
              autoComplete={autoComplete ? `${autoComplete}-${part}` : "off"}
              required={required}
              // A box is wrong when the whole date was refused, or when its own check failed.
              aria-invalid={Boolean(fieldErrors.length || boxErrors[part]?.length) || undefined}
              aria-describedby={invalid ? errorId : undefined}
              defaultValue={initial[part]}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
