import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as ui from "~/components/ui.css";

/**
 * The short pages an account step ends on (a mail sent, a password changed): a heading, a few
 * sentences and where to go next. They say the same whether or not an account exists.
 */
export function AccountNotice({ id, title, lines, children }: { id: string; title: string; lines: string[]; children: ReactNode }) {
  return (
    <section className={ui.card} aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className={ui.row}>{children}</div>
    </section>
  );
}

/** The two ways back in: citizens and foreign nationals log in on different pages (spec §2). */
export function LoginButtons() {
  const { t } = useTranslation("accounts");
  return (
    <>
      <Link to="/login" className={ui.button}>
        {t("activation.loginCitizen")}
      </Link>
      <Link to="/wna/login" className={ui.secondaryButton}>
        {t("activation.loginForeign")}
      </Link>
    </>
  );
}
