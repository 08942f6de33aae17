import { Form, Link } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isNavbarHref } from "#domain/links";
import { LOGGED_IN_LINKS } from "#domain/menu";
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

/**
 * Spec §2 navbar links as list items: the logged-in links (domain/menu.ts LOGGED_IN_LINKS), the configured
 * extra links, and FAQ, always. The navbar, the logged-in top bar and its phone menu all render these.
 */
export function PortalLinks({ loggedIn, extraLinks, faqHref, linkClass }: NavbarProps & { linkClass: string }) {
  const { t } = useTranslation();
  return (
    <>
      {loggedIn && (
        <>
          {LOGGED_IN_LINKS.map((link) =>
            link.key === "guidebook" ? (
              <li key={link.key}>
                <a className={linkClass} href={GUIDEBOOK_PATH} target="_blank" rel="noopener noreferrer">
                  {t("nav.guidebook")} <span className="visually-hidden">{t("a11y.opensNewTab")}</span>
                </a>
              </li>
            ) : (
              <li key={link.key}>
                <Link className={linkClass} to={link.path}>
                  {t(`nav.${link.key}`)}
                </Link>
              </li>
            ),
          )}
          {/* Checked again here: a link that is not https:// or a path on this site is never rendered. */}
          {extraLinks
            .filter((l) => isNavbarHref(l.href))
            .map((l) => (
              <li key={`${l.href}-${l.label}`}>
                {isExternal(l.href) ? (
                  <a className={linkClass} href={l.href} rel="noopener noreferrer">
                    {l.label}
                  </a>
                ) : (
                  <Link className={linkClass} to={l.href}>
                    {l.label}
                  </Link>
                )}
              </li>
            ))}
        </>
      )}
      <li>
        <a className={linkClass} href={faqHref} rel="noopener noreferrer">
          {t("nav.faq")}
        </a>
      </li>
    </>
  );
}

/**
 * With JavaScript, Escape closes a full-screen menu opened through :target (`#id` in the address):
 * the address loses its fragment, so the menu hides as its close link would.
 */
export function useEscapeCloses(id: string) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && window.location.hash === `#${id}`) window.location.hash = "";
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [id]);
}

export const MOBILE_MENU_ID = "menu-seluler";

/** Spec §2 "Navbar": logo → /, logged-in links, configured extra links, KELUAR, FAQ always. */
export function Navbar({ loggedIn, extraLinks, faqHref }: NavbarProps) {
  const { t } = useTranslation();
  useEscapeCloses(MOBILE_MENU_ID);
  const items = (mobile: boolean) => (
    <>
      <PortalLinks loggedIn={loggedIn} extraLinks={extraLinks} faqHref={faqHref} linkClass={s.navLink} />
      {loggedIn && (
        <li>
          <Form method="post" action="/logout" className={s.inlineForm}>
            <button type="submit" className={s.navLink} data-mobile={mobile || undefined}>
              {t("nav.logout")}
            </button>
          </Form>
        </li>
      )}
    </>
  );
  return (
    <header className={s.navbar}>
      <nav className={s.navbarInner} aria-label={t("a11y.mainNav")}>
        <Link to="/" className={s.logo} aria-label={t("a11y.homeLink")}>
          <span className={s.logoMark} aria-hidden="true">
            LLN
          </span>
          <span>{t("product.name")}</span>
        </Link>
        <ul className={s.navLinks}>{items(false)}</ul>
        <a href={`#${MOBILE_MENU_ID}`} className={s.hamburger} aria-controls={MOBILE_MENU_ID}>
          ☰ {t("nav.menu")}
        </a>
      </nav>
      <div id={MOBILE_MENU_ID} className={s.mobileMenu}>
        <a href="#" className={s.hamburger}>
          ✕ {t("nav.closeMenu")}
        </a>
        <ul className={s.mobileMenuList}>{items(true)}</ul>
      </div>
    </header>
  );
}
