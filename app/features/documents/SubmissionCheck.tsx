import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CONFIRM_FIELD, CONFIRM_YES } from "~/components/ConfirmPanel";
import * as d from "~/components/details.css";
import * as ui from "~/components/ui.css";
import { formatSize } from "~/components/StatusBadge";
import type { CheckedDocument } from "~/features/documents/check.server";

// "Periksa kembali" (GOV.UK "check your answers", DESIGN §9) before a draft is sent, for the applicant's
// own draft and a facility's registration: each section as it is stored, with an "Ubah" link to where it
// is changed; then the spec's Yes/No (§9). Yes is a small plain form, No a link back: both work without JavaScript.

export interface CheckSection {
  id: string;
  title: string;
  /** Where the section is changed; none when it cannot be changed any more. */
  editHref: string | null;
  rows: Array<{ label: string; value: ReactNode }>;
  note?: string;
}

export interface MissingItem {
  text: string;
  href: string;
}

/** A stored document as the check shows it: the file's name (a download), size and version. */
export function CheckedFile({ doc }: { doc: CheckedDocument }) {
  const { t } = useTranslation("applicant");
  return (
    <a href={`/files/${doc.file_id}`} aria-label={t("documents.download", { name: doc.original_name })}>
      {t("check.file", { name: doc.original_name, size: formatSize(doc.size), version: doc.version })}
    </a>
  );
}

/** Every requirement in order: its stored file, or "Belum diunggah". */
export function useDocumentRows(documents: CheckedDocument[], missing: Array<{ order_num: number; name: string }>) {
  const { t } = useTranslation("applicant");
  const rows = [
    ...documents.map((doc) => ({ order: doc.order_num, label: `${doc.order_num}. ${doc.name}`, value: (<CheckedFile doc={doc} />) as ReactNode })),
    ...missing.map((m) => ({ order: m.order_num, label: `${m.order_num}. ${m.name}`, value: (<strong>{t("check.notUploaded")}</strong>) as ReactNode })),
  ];
  return rows.sort((x, y) => x.order - y.order).map(({ label, value }) => ({ label, value }));
}

/** The texts of a check that are not the first submission's (a reupload's). */
export interface CheckTexts {
  lead: string;
  missingTitle: string;
  missingLead: string;
  question: string;
  back: string;
}

export function SubmissionCheck({
  sections,
  missing,
  texts,
  confirmAction,
  backHref,
}: {
  sections: CheckSection[];
  missing: MissingItem[];
  texts?: CheckTexts;
  /** The Yes form's action (…?intent=confirm&key=…); it carries confirm=yes. */
  confirmAction: string;
  backHref: string;
}) {
  const { t } = useTranslation(["applicant", "common"]);
  const say: CheckTexts = texts ?? {
    lead: t("check.lead"),
    missingTitle: t("check.missingTitle"),
    missingLead: t("check.missingLead"),
    question: t("check.question"),
    back: t("check.back"),
  };
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript a double click on Yes posts once (without it, the server answers a second Yes with the success page).
  const sent = useRef(false);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") sent.current = false;
  }, [navigation.state]);
  // With JavaScript the check replaces the form in place: move the reader to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t("check.title")}
      </h1>
      <p>{say.lead}</p>
      {missing.length > 0 ? (
        <div className={ui.errorSummary} role="alert" aria-labelledby="check-missing-title">
          <h2 id="check-missing-title" className={ui.flush}>
            {say.missingTitle}
          </h2>
          <p>{say.missingLead}</p>
          <ul>
            {missing.map((m) => (
              <li key={m.href + m.text}>
                <Link to={m.href}>{m.text}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {sections.map((s) => (
        <section key={s.id} className={ui.card} aria-labelledby={`check-${s.id}`}>
          <div className={ui.row}>
            <h2 id={`check-${s.id}`} className={ui.flush}>
              {s.title}
            </h2>
            {s.editHref ? (
              <Link to={s.editHref} aria-label={t("check.editLabel", { section: s.title.toLowerCase() })}>
                {t("check.edit")}
              </Link>
            ) : null}
          </div>
          {s.note ? <p className={ui.muted}>{s.note}</p> : null}
          <dl className={d.facts}>
            {s.rows.map((r) => (
              <Row key={r.label} label={r.label} value={r.value} />
            ))}
          </dl>
        </section>
      ))}
      {missing.length === 0 ? (
        <section className={ui.card} aria-labelledby="check-send-title">
          <h2 id="check-send-title">{t("common:confirm.title")}</h2>
          <p id="check-question">
            <strong>{say.question}</strong>
          </p>
          <Form method="post" action={confirmAction} className={ui.row} onSubmit={(event) => (sent.current ? event.preventDefault() : (sent.current = true))}>
            <button type="submit" name={CONFIRM_FIELD} value={CONFIRM_YES} className={ui.button} aria-describedby="check-question">
              {t("common:confirm.yes")}
            </button>
            <Link to={backHref} className={ui.secondaryButton}>
              {t("common:confirm.no")}
            </Link>
          </Form>
        </section>
      ) : (
        <p>
          <Link to={backHref}>{say.back}</Link>
        </p>
      )}
    </>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value === null || value === undefined || value === "" ? "—" : value}</dd>
    </>
  );
}
