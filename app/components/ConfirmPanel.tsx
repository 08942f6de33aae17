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
/** The panel's id: a link or a test can point at it. */
export const CONFIRM_PANEL_ID = "confirm";

/** The posted fields, in order, as name/value pairs (a name may repeat). */
export type ConfirmFields = ReadonlyArray<readonly [string, string]>;

export function ConfirmPanel({ question, fields, back }: { question: string; fields: ConfirmFields; back: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The reader lands on the question, wherever the page put it: without JavaScript the browser focuses
  // (and so scrolls to) the autofocus heading of the fresh page; with it, the panel replaces the form
  // in place and React does not autofocus a heading, so the effect moves the focus there.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section id={CONFIRM_PANEL_ID} className={ui.card} aria-labelledby="confirm-title" role="alertdialog" aria-describedby="confirm-question">
      <h2 id="confirm-title" ref={heading} tabIndex={-1} autoFocus>
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
