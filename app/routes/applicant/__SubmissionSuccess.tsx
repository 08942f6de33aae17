import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as d from "~/components/details.css";
import * as ui from "~/components/ui.css";
import * as s from "./__SubmissionSuccess.css";

/** The end of a submission or a reupload: a confirmation panel with the registration number and what happens next. */
export function SubmissionSuccess({
  kind,
  registrationNumber,
  professional = null,
}: {
  kind: "success" | "successReupload";
  registrationNumber: string | null;
  professional?: string | null;
}) {
  const { t } = useTranslation("applicant");
  // A facility's is a registration of a health professional (whom it names), not the reader's own application.
  const texts = professional ? (kind === "success" ? "facilitySuccess" : "facilitySuccessReupload") : kind;
  const next = t(`${texts}.next`, { returnObjects: true }) as string[];
  return (
    <section className={`${ui.card} ${ui.narrow} ${s.panel}`} aria-labelledby="success-title">
      <p className={s.tick} aria-hidden="true">
        ✓
      </p>
      <h1 id="success-title">{t(`${texts}.title`)}</h1>
      <p>{t(`${texts}.lead`)}</p>
      {professional ? (
        <p>
          {t("success.professional")}: <strong>{professional}</strong>
        </p>
      ) : null}
      {registrationNumber ? (
        <p className={s.number}>
          <span>{t("success.number")}</span>
          <strong className={d.number}>{registrationNumber}</strong>
        </p>
      ) : null}
      <h2 className={s.nextTitle}>{t("success.nextTitle")}</h2>
      <ol className={s.next}>
        {next.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className={ui.row}>
        <Link to="/application-status" className={ui.button}>
          {t(professional ? `${texts}.toStatus` : "success.toStatus")}
        </Link>
        <Link to="/">{t("success.home")}</Link>
      </p>
    </section>
  );
}
