import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as ui from "~/components/ui.css";

/** The page both sign-up flows end on (/sign-up/result, /wna/sign-up/result). */
export function SignUpResult({ email, loginPath }: { email: string | null; loginPath: string }) {
  const { t } = useTranslation("accounts");
  return (
    <section className={ui.card} aria-labelledby="result-title">
      <h1 id="result-title">{t("result.title")}</h1>
      <p>
        {email ? (
          <>
            {t("result.sentTo")} <strong>{email}</strong>.
          </>
        ) : (
          t("result.sentToYours")
        )}{" "}
        {t("result.validity")}
      </p>
      <p>{t("result.openMail")}</p>
      {/* The same page whether or not the values were registered: it never tells who has an account. */}
      <p>{t("result.registered")}</p>
      <p>
        {t("result.noMail")} <Link to="/account-activation">{t("result.resend")}</Link>
      </p>
      <Link to={loginPath} className={ui.button}>
        {t("result.toLogin")}
      </Link>
    </section>
  );
}
