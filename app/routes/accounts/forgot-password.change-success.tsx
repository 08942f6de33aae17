import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { AccountNotice, LoginButtons } from "~/routes/accounts/__AccountNotice";
import { titled } from "~/utils/page-title";

export const handle = titled("passwordChanged");

/** /forgot-password/change-success: the new password is set; every earlier session of the account has ended. */
export default function PasswordChanged() {
  const { t } = useTranslation("accounts");
  return (
    <AccountNotice id="changed-title" title={t("recovery.changedTitle")} lines={[t("recovery.changedLead")]}>
      <LoginButtons />
    </AccountNotice>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
