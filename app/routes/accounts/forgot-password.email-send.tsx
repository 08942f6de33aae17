import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { titled } from "~/utils/page-title";

export const handle = titled("checkEmail");

/** /forgot-password/email-send: the same answer whether or not the address has an account. */
export default function RecoveryMailSent() {
  const { t } = useTranslation("accounts");
  return (
    <section className={ui.card} aria-labelledby="sent-title">
      <h1 id="sent-title">{t("recovery.sentTitle")}</h1>
      <p>{t("recovery.sentLead")}</p>
      <p>{t("recovery.sentSpam")}</p>
      <div className={ui.row}>
        <Link to="/login" className={ui.button}>{t("recovery.backToLoginButton")}</Link>
        <Link to="/forgot-password/email">{t("recovery.sendAgain")}</Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
