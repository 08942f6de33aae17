import { useTranslation } from "react-i18next";
import * as s from "./layout.css";

export function Footer({ faqHref }: { faqHref: string }) {
  const { t } = useTranslation();
  return (
    <footer className={s.footer}>
      <p>
        {t("footer.copyright", { year: new Date().getFullYear() })} · {t("product.fullName")}
      </p>
      <p>
        <a href={faqHref} rel="noopener noreferrer">
          {t("footer.help")}
        </a>
      </p>
    </footer>
  );
}
