import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { titled } from "~/utils/page-title";

export const handle = titled("activationLinkSent");

/** /account-activation/success-resend: the same answer whether or not the address has an account waiting. */
export default function ActivationResent() {
  const { t } = useTranslation("accounts");
  return (
    <section className={ui.card} aria-labelledby="resent-title">
      <h1 id="resent-title">{t("activation.resentTitle")}</h1>
      <p>{t("activation.resentLead")}</p>
      <p>{t("activation.resentSpam")}</p>
      <div className={ui.row}>
        <Link to="/login" className={ui.button}>{t("activation.loginCitizen")}</Link>
        <Link to="/wna/login" className={ui.secondaryButton}>{t("activation.loginForeign")}</Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
