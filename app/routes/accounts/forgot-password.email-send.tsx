import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { AccountNotice } from "~/routes/accounts/__AccountNotice";
import { titled } from "~/utils/page-title";

export const handle = titled("checkEmail");

/** /forgot-password/email-send: the same answer whether or not the address has an account. */
export default function RecoveryMailSent() {
  const { t } = useTranslation("accounts");
  return (
    <AccountNotice id="sent-title" title={t("recovery.sentTitle")} lines={[t("recovery.sentLead"), t("recovery.sentSpam")]}>
      <Link to="/login" className={ui.button}>
        {t("recovery.backToLoginButton")}
      </Link>
      <Link to="/forgot-password/email">{t("recovery.sendAgain")}</Link>
    </AccountNotice>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
