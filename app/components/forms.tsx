import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as ui from "./ui.css";

/**
 * An error summary at the top of a form, each message linked to its field (issue 7, GOV.UK pattern).
 * Form-level errors (e.g. wrong password) come first, without a link.
 */
export function ErrorSummary({ form, fields }: { form: FormMetadata<any>; fields: Array<{ meta: FieldMetadata<any>; label: string }> }) {
  const { t } = useTranslation();
  const formErrors = form.errors ?? [];
  const fieldErrors = fields.filter((f) => f.meta.errors?.length);
  const count = formErrors.length + fieldErrors.length;
  if (count === 0) return null;
  return (
    <div className={ui.errorSummary} role="alert" aria-labelledby={`${form.id}-summary-title`} tabIndex={-1}>
      <h2 id={`${form.id}-summary-title`}>{t("form.errorSummary", { count })}</h2>
      <ul>
        {formErrors.map((e) => <li key={e}>{e}</li>)}
        {fieldErrors.map(({ meta, label }) => {
          const msg = meta.errors![0];
          return (
            <li key={meta.name}>
              <a href={`#${meta.id}`}>{msg.startsWith(label) ? msg : `${label}: ${msg}`}</a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface FieldProps {
  meta: FieldMetadata<any>;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "number" | "date";
  hint?: ReactNode;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
}

/** A labelled input with its error and hint wired through aria-describedby and aria-invalid. */
export function Field({ meta, label, type = "text", hint, autoComplete, inputMode }: FieldProps) {
  const id = meta.id;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const props = getInputProps(meta, { type, ariaAttributes: false });
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ") || undefined;
  // Conform names the input after the field; its id follows the summary's links.
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>{label}</label>
      {hint ? <p id={hintId} className={ui.hint}>{hint}</p> : null}
      {invalid ? <p id={errorId} className={ui.fieldError}>{meta.errors![0]}</p> : null}
      <input
        {...props}
        key={props.key}
        id={id}
        className={ui.input}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        defaultValue={type === "password" ? undefined : props.defaultValue}
      />
    </div>
  );
}

/** A submit button that shows a pending state with JavaScript; without it, it is a plain button. */
export function SubmitButton({ children, name, value }: { children: ReactNode; name?: string; value?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button type="submit" className={ui.button} name={name} value={value} disabled={busy} aria-busy={busy || undefined}>
      {busy ? t("form.sending") : children}
    </button>
  );
}
