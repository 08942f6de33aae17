import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ShellUser } from "#domain/auth-user";
import { activeSidebarKey, sidebarTitle, visibleSidebarItems } from "#domain/menu";
import { roleOf } from "#domain/auth-user";
import { useEscapeCloses } from "~/components/Navbar";
import * as s from "~/components/layout.css";

export const SIDEBAR_ID = "menu-samping";

/**
 * Spec §2 "Sidebar": title rule, allowedRoles, role 8 rules, pending verification, active item. Below
 * 992 px it is the top bar's full-screen menu (☰, :target) and also carries `links`, the navbar's links
 * the top bar shows from 992 px; with JavaScript, Escape closes it.
 */
export function Sidebar({ me, links }: { me: ShellUser; links?: ReactNode }) {
  const { t } = useTranslation();
  useEscapeCloses(SIDEBAR_ID);
  const { pathname } = useLocation();
  const items = visibleSidebarItems(me);
  const active = activeSidebarKey(items, pathname);
  return (
    <nav id={SIDEBAR_ID} className={s.sidebar} aria-label={t("a11y.sidebarNav")}>
      <a href="#" className={s.sidebarClose}>
        ✕ {t("nav.closeMenu")}
      </a>
      <p className={s.sidebarTitle}>{sidebarTitle(roleOf(me))}</p>
      <ul className={s.sidebarList}>
        {items.map((item) => (
          <li key={item.key}>
            {item.disabled ? (
              <span className={s.sidebarDisabled} aria-disabled="true">
                {t(`sidebar.${item.key}`)}
              </span>
            ) : (
              <Link
                to={item.href}
                className={item.key === active ? `${s.sidebarLink} ${s.sidebarActive}` : s.sidebarLink}
                aria-current={item.key === active ? "page" : undefined}
              >
                {t(`sidebar.${item.key}`)}
              </Link>
            )}
            {item.subRoutes && item.subRoutes.length > 0 && (
              <ul className={s.sidebarList}>
                {item.subRoutes.map((sub) => (
                  <li key={sub.path} className={s.subRoute}>
                    <Link to={sub.path} className={s.sidebarLink}>
                      {t(`sidebar.${sub.key}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {links ? <ul className={`${s.sidebarList} ${s.sidebarLinks}`}>{links}</ul> : null}
    </nav>
  );
}
