import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { AccountNotice, LoginButtons } from "~/routes/accounts/__AccountNotice";
import { titled } from "~/utils/page-title";

export const handle = titled("activationLinkSent");

/** /account-activation/success-resend: the same answer whether or not the address has an account waiting. */
export default function ActivationResent() {
  const { t } = useTranslation("accounts");
  return (
    <AccountNotice id="resent-title" title={t("activation.resentTitle")} lines={[t("activation.resentLead"), t("activation.resentSpam")]}>
      <LoginButtons />
    </AccountNotice>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
