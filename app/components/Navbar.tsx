import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isNavbarHref } from "#domain/links";
import { GUIDEBOOK_PATH } from "~/utils/guidebook";
import * as s from "./layout.css";

export interface NavbarProps {
  loggedIn: boolean;
  extraLinks: Array<{ label: string; href: string }>;
  faqHref: string;
}

function isExternal(href: string) {
  return /^https?:\/\//.test(href);
}

/** Spec §2 "Navbar": logo → /, logged-in links, configured extra links, KELUAR, FAQ always. */
export function Navbar({ loggedIn, extraLinks, faqHref }: NavbarProps) {
  const { t } = useTranslation();
  const items = (mobile: boolean) => (
    <>
      {loggedIn && (
        <>
          <li><Link className={s.navLink} to="/test-schedule">{t("nav.testSchedule")}</Link></li>
          <li><Link className={s.navLink} to="/evaluation-requirements">{t("nav.requirements")}</Link></li>
          <li>
            <a className={s.navLink} href={GUIDEBOOK_PATH} target="_blank" rel="noopener noreferrer">
              {t("nav.guidebook")} <span className="visually-hidden">{t("a11y.opensNewTab")}</span>
            </a>
          </li>
          {/* Checked again here: a link that is not https:// or a path on this site is never rendered. */}
          {extraLinks.filter((l) => isNavbarHref(l.href)).map((l) => (
            <li key={`${l.href}-${l.label}`}>
              {isExternal(l.href) ? (
                <a className={s.navLink} href={l.href} rel="noopener noreferrer">{l.label}</a>
              ) : (
                <Link className={s.navLink} to={l.href}>{l.label}</Link>
              )}
            </li>
          ))}
        </>
      )}
      <li><a className={s.navLink} href={faqHref} rel="noopener noreferrer">{t("nav.faq")}</a></li>
      {loggedIn && (
        <li>
          <Form method="post" action="/logout" className={s.inlineForm}>
            <button type="submit" className={s.navLink} data-mobile={mobile || undefined}>{t("nav.logout")}</button>
          </Form>
        </li>
      )}
    </>
  );
  return (
    <header className={s.navbar}>
      <nav className={s.navbarInner} aria-label={t("a11y.mainNav")}>
        <Link to="/" className={s.logo} aria-label={t("a11y.homeLink")}>
          <span className={s.logoMark} aria-hidden="true">LLN</span>
          <span>{t("product.name")}</span>
        </Link>
        <ul className={s.navLinks}>{items(false)}</ul>
        <a href="#menu-seluler" className={s.hamburger} aria-controls="menu-seluler">☰ {t("nav.menu")}</a>
      </nav>
      <div id="menu-seluler" className={s.mobileMenu}>
        <a href="#" className={s.hamburger}>✕ {t("nav.closeMenu")}</a>
        <ul className={s.mobileMenuList}>{items(true)}</ul>
      </div>
    </header>
  );
}
