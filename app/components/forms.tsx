import { getCollectionProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as f from "./forms.css";
import * as ui from "./ui.css";

/**
 * An error summary at the top of a form, each message linked to its field (GOV.UK pattern).
 * Form-level errors (e.g. wrong password) come first, without a link.
 *
 * It speaks for the last submit only (spec §5: while the user types, each field speaks for itself): it
 * appears when the server refuses a post and keeps that answer's messages until the next one, so it never
 * grows or shrinks above the field being typed in. Without JavaScript it takes the focus (`autofocus`),
 * so the page opens on what to fix; with JavaScript conform moves the focus to the first invalid field.
 */
export function ErrorSummary({ form, fields }: { form: FormMetadata<any>; fields: Array<{ meta: FieldMetadata<any>; label: string }> }) {
  const { t } = useTranslation();
  // The server's answer to a post sets the status; the browser's checks while typing leave it unset.
  const answered = form.status === "error";
  // Each line: its text, and the field's anchor (form-level messages have none).
  const now: Array<[text: string, href?: string]> | null = answered
    ? [
        ...(form.errors ?? []).map((text): [string] => [text]),
        ...fields
          .filter((f) => f.meta.errors?.length)
          .map(({ meta, label }): [string, string] => {
            const msg = meta.errors![0];
            return [msg.startsWith(label) ? msg : `${label}: ${msg}`, `#${meta.id}`];
          }),
      ]
    : null;
  // The browser's checks leave the last answer standing; an accepted post (status "success") clears it.
  const kept = useRef(now);
  if (now || form.status) kept.current = now;
  const lines = kept.current;
  if (!lines?.length) return null;
  return (
    <div className={ui.errorSummary} role="alert" aria-labelledby={`${form.id}-summary-title`} tabIndex={-1} autoFocus={answered || undefined}>
      <h2 id={`${form.id}-summary-title`}>{t("form.errorSummary", { count: lines.length })}</h2>
      <ul>
        {lines.map(([text, href]) => (
          <li key={text}>{href ? <a href={href}>{text}</a> : text}</li>
        ))}
      </ul>
    </div>
  );
}

interface FieldProps {
  meta: FieldMetadata<any>;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "number" | "date" | "datetime-local";
  hint?: ReactNode;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
}

/** A labelled input with its error and hint wired through aria-describedby and aria-invalid. */
export function Field({ meta, label, type = "text", hint, autoComplete, inputMode }: FieldProps) {
  const { aria } = described(meta, hint);
  const props = getInputProps(meta, { type, ariaAttributes: false });
  // Conform names the input after the field; its id follows the summary's links.
  return (
    <Labelled meta={meta} label={label} hint={hint}>
      <input
        {...props}
        key={props.key}
        id={meta.id}
        className={ui.input}
        autoComplete={autoComplete}
        inputMode={inputMode}
        {...aria}
        defaultValue={type === "password" ? undefined : props.defaultValue}
      />
    </Labelled>
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

/** The ids and ARIA wiring shared by the fields in this file: hint first, then the error. */
function described(meta: FieldMetadata<any>, hint: ReactNode) {
  const invalid = Boolean(meta.errors?.length);
  const errorId = `${meta.id}-error`;
  const hintId = `${meta.id}-hint`;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { invalid, errorId, hintId, describedBy, aria: { "aria-invalid": invalid || undefined, "aria-describedby": describedBy } };
}

/** A field's hint, then its first error: the two paragraphs `described` points to. */
function HintAndError({ meta, hint }: { meta: FieldMetadata<any>; hint: ReactNode }) {
  const { invalid, errorId, hintId } = described(meta, hint);
  return (
    <>
      {hint ? (
        <p id={hintId} className={ui.hint}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className={ui.fieldError}>
          {meta.errors![0]}
        </p>
      ) : null}
    </>
  );
}

/** The frame of a one-control field: its label, then the hint and the error that `described` points to. */
function Labelled({ meta, label, hint, children }: { meta: FieldMetadata<any>; label: string; hint: ReactNode; children: ReactNode }) {
  return (
    <div className={ui.field}>
      <label htmlFor={meta.id} className={ui.label}>
        {label}
      </label>
      <HintAndError meta={meta} hint={hint} />
      {children}
    </div>
  );
}

/** A labelled textarea (reasons, notes) with its hint and error, wired as Field's are. */
export function TextareaField({ meta, label, hint }: { meta: FieldMetadata<any>; label: string; hint?: ReactNode }) {
  const { aria } = described(meta, hint);
  const props = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <Labelled meta={meta} label={label} hint={hint}>
      <textarea {...props} key={props.key} id={meta.id} className={ui.textarea} {...aria} />
    </Labelled>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled <select> whose first, empty option asks the user to choose — in one wording everywhere ("— Pilih —"). */
export function SelectField({
  meta,
  label,
  options,
  hint,
  autoComplete,
}: {
  meta: FieldMetadata<any>;
  label: string;
  options: readonly SelectOption[];
  hint?: ReactNode;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const { aria } = described(meta, hint);
  const props = getSelectProps(meta, { ariaAttributes: false });
  return (
    <Labelled meta={meta} label={label} hint={hint}>
      <select {...props} key={props.key} id={meta.id} className={ui.input} autoComplete={autoComplete} {...aria}>
        <option value="">{t("form.choose")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** One checkbox whose label is the statement it confirms (e.g. consent); checked it sends "on". */
export function CheckboxField({ meta, label, hint }: { meta: FieldMetadata<any>; label: ReactNode; hint?: ReactNode }) {
  const { invalid, errorId, hintId, aria } = described(meta, hint);
  const props = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
  return (
    <div className={`${ui.field} ${invalid ? f.invalidGroup : ""}`}>
      {invalid ? (
        <p id={errorId} className={ui.fieldError}>
          {meta.errors![0]}
        </p>
      ) : null}
      <div className={f.choice}>
        <input {...props} key={props.key} id={meta.id} className={f.choiceInput} {...aria} />
        <label htmlFor={meta.id} className={f.choiceLabel}>
          {label}
        </label>
        {hint ? (
          <p id={hintId} className={f.choiceHint}>
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export interface RadioOption {
  value: string;
  label: string;
  description?: string;
  /** More about the option under it (e.g. a <details> list), outside its label. */
  details?: ReactNode;
}

/** A fieldset of radios with its question as the legend; each option may carry a one-line description. */
export function RadioGroup({ meta, legend, options, hint }: { meta: FieldMetadata<any>; legend: string; options: readonly RadioOption[]; hint?: ReactNode }) {
  const { invalid, describedBy } = described(meta, hint);
  const radios = getCollectionProps(meta, { type: "radio", options: options.map((o) => o.value), ariaAttributes: false });
  // The summary links to the group's id; the radios take "<id>-<value>".
  return (
    <fieldset id={meta.id} tabIndex={-1} className={`${f.fieldset} ${invalid ? f.invalidGroup : ""}`} aria-describedby={describedBy}>
      <legend className={f.legend}>{legend}</legend>
      <HintAndError meta={meta} hint={hint} />
      {radios.map((props, i) => {
        const option = options[i];
        const descriptionId = option.description ? `${props.id}-description` : undefined;
        return (
          <div key={props.key} className={f.choice}>
            <input {...props} key={props.key} className={f.choiceInput} aria-invalid={invalid || undefined} aria-describedby={descriptionId} />
            <label htmlFor={props.id} className={f.choiceLabel}>
              {option.label}
            </label>
            {option.description ? (
              <p id={descriptionId} className={f.choiceHint}>
                {option.description}
              </p>
            ) : null}
            {option.details ? <div className={f.choiceHint}>{option.details}</div> : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The name of the honeypot field; a filled one marks the post as a bot's. */
export const HONEYPOT_FIELD = "website";

/** A field people never see or reach (off-screen, aria-hidden, out of the tab order); bots fill it in. */
export function Honeypot() {
  const { t } = useTranslation("accounts");
  return (
    <div className={f.honeypot} aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>{t("honeypot")}</label>
      <input type="text" id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
