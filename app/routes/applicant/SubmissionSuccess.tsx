import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as ui from "~/components/ui.css";

/** The end of a submission or a reupload: what happened, the registration number, where to go next. */
export function SubmissionSuccess({ kind, registrationNumber, professional = null }: { kind: "success" | "successReupload"; registrationNumber: string | null; professional?: string | null }) {
  const { t } = useTranslation("applicant");
  return (
    <section className={`${ui.card} ${ui.narrow}`} aria-labelledby="success-title">
      <h1 id="success-title">{t(`${kind}.title`)}</h1>
      <p>{t(`${kind}.lead`)}</p>
      {professional ? (
        <p>
          {t("success.professional")}: <strong>{professional}</strong>
        </p>
      ) : null}
      {registrationNumber ? (
        <p>
          {t("success.number")}: <strong>{registrationNumber}</strong>
        </p>
      ) : null}
      <p className={ui.row}>
        <Link to="/application-status" className={ui.button}>{t("success.toStatus")}</Link>
        <Link to="/">{t("success.home")}</Link>
      </p>
    </section>
  );
}
