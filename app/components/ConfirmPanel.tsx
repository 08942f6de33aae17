import { useEffect, useRef } from "react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as a from "./admin.css";
import * as ui from "./ui.css";

// The second step of a final or destructive action (spec §9 "Confirm labels: Yes/No"; the server side
// is app/utils/confirm.server.ts). Plain HTML: Yes posts the same fields again with confirm=yes, No is
// a link back to the page, so both work without JavaScript and nothing changes until Yes.

export const CONFIRM_FIELD = "confirm";
export const CONFIRM_YES = "yes";

/** The posted fields, in order, as name/value pairs (a name may repeat). */
export type ConfirmFields = ReadonlyArray<readonly [string, string]>;

export function ConfirmPanel({ question, fields, back }: { question: string; fields: ConfirmFields; back: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript the panel replaces the form in place: move the reader to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={ui.card} aria-labelledby="confirm-title" role="alertdialog" aria-describedby="confirm-question">
      <h2 id="confirm-title" ref={heading} tabIndex={-1}>
        {t("confirm.title")}
      </h2>
      <p id="confirm-question">
        <strong>{question}</strong>
      </p>
      <p className={ui.muted}>{t("confirm.lead")}</p>
      <Form method="post" className={ui.row}>
        {fields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name={CONFIRM_FIELD} value={CONFIRM_YES} className={a.dangerButton}>
          {t("confirm.yes")}
        </button>
        <Link to={back} className={ui.secondaryButton}>
          {t("confirm.no")}
        </Link>
      </Form>
    </section>
  );
}
