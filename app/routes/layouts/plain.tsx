import { Link, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { Footer } from "~/components/Footer";
import * as s from "~/components/layout.css";
import { useFaqHref, useRootData } from "~/root";

/** Plain layout (spec §2): centred logo, content and footer. */
export default function PlainLayout() {
  const { t } = useTranslation();
  const data = useRootData();
  const faqHref = useFaqHref(data?.config);
  return (
    <>
      <header className={s.plainHeader}>
        <Link to="/" className={s.plainLogo} aria-label={t("a11y.homeLink")}>
          <span className={s.logoMark} aria-hidden="true">
            LLN
          </span>
          <span>{t("product.name")}</span>
        </Link>
      </header>
      <main id="main" className={s.plainMain}>
        <Outlet />
      </main>
      <Footer faqHref={faqHref} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
