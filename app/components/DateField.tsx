import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateInput, parseDateInput } from "#domain/dates";
import * as d from "./DateField.css";

// The calendar is loaded when first opened: the page's own JavaScript stays within its budget (decision 012).
const Calendar = lazy(() => import("./Calendar").then((m) => ({ default: m.Calendar })));
import * as ui from "./ui.css";

/**
 * A date field (spec §9: dates as mm/dd/yy, weeks starting on Sunday). Without JavaScript it is a text
 * field with the format hint, read by the server (mm/dd/yy or ISO); with JavaScript a button beside it
 * opens a small calendar that writes the chosen day into the same field. A default value in ISO is
 * shown as mm/dd/yy.
 */
export function DateField({ meta, label, hint, autoComplete }: { meta: FieldMetadata<any>; label: string; hint?: ReactNode; autoComplete?: string }) {
  const { t } = useTranslation();
  const id = meta.id;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const props = getInputProps(meta, { type: "text", ariaAttributes: false });
  const invalid = Boolean(meta.errors?.length);
  const inputRef = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setHydrated(true), []);
  const calendarId = `${id}-calendar`;
  const describedBy = [hintId, invalid ? errorId : null].filter(Boolean).join(" ");

  /** Writes the day into the field as typed text, so conform (and its live checks) see an edit. */
  const choose = (iso: string) => {
    const input = inputRef.current;
    if (!input) return;
    input.value = formatDateInput(iso);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    setOpen(false);
    input.focus();
  };

  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>{label}</label>
      <p id={hintId} className={ui.hint}>{hint ?? t("form.dateHint")}</p>
      {invalid ? <p id={errorId} className={ui.fieldError}>{meta.errors![0]}</p> : null}
      <div className={d.row}>
        <input
          {...props}
          key={props.key}
          ref={inputRef}
          id={id}
          className={`${ui.input} ${d.input}`}
          placeholder={t("form.datePlaceholder")}
          autoComplete={autoComplete}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          defaultValue={formatDateInput(props.defaultValue as string | undefined)}
        />
        {hydrated ? (
          <button type="button" className={d.toggle} aria-expanded={open} aria-controls={calendarId} onClick={() => setOpen((o) => !o)}>
            {t("form.calendar")}
          </button>
        ) : null}
      </div>
      {hydrated && open ? (
        <Suspense fallback={null}>
          <Calendar id={calendarId} selected={parseDateInput(inputRef.current?.value ?? "")} onChoose={choose} onClose={() => (setOpen(false), inputRef.current?.focus())} />
        </Suspense>
      ) : null}
    </div>
  );
}
