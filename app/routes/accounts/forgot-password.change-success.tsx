import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { titled } from "~/utils/page-title";

export const handle = titled("passwordChanged");

/** /forgot-password/change-success: the new password is set; every earlier session of the account has ended. */
export default function PasswordChanged() {
  const { t } = useTranslation("accounts");
  return (
    <section className={ui.card} aria-labelledby="changed-title">
      <h1 id="changed-title">{t("recovery.changedTitle")}</h1>
      <p>{t("recovery.changedLead")}</p>
      <div className={ui.row}>
        <Link to="/login" className={ui.button}>{t("activation.loginCitizen")}</Link>
        <Link to="/wna/login" className={ui.secondaryButton}>{t("activation.loginForeign")}</Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
