import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "#contracts/me";
import { activeSidebarKey, sidebarTitle, visibleSidebarItems } from "#domain/menu";
import { roleOf } from "#domain/auth-user";
import * as s from "~/components/layout.css";

export const SIDEBAR_ID = "menu-samping";

/** Spec §2 "Sidebar": title rule, allowedRoles, role 8 rules, pending verification, active item. */
export function Sidebar({ me }: { me: AuthUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = visibleSidebarItems(me);
  const active = activeSidebarKey(items, pathname);
  return (
    <nav id={SIDEBAR_ID} className={s.sidebar} aria-label={t("a11y.sidebarNav")}>
      <a href="#" className={s.sidebarClose}>✕ {t("nav.closeMenu")}</a>
      <p className={s.sidebarTitle}>{sidebarTitle(roleOf(me))}</p>
      <ul className={s.sidebarList}>
        {items.map((item) => (
          <li key={item.key}>
            {item.disabled ? (
              <span className={s.sidebarDisabled} aria-disabled="true">{item.label}</span>
            ) : (
              <Link
                to={item.href}
                className={item.key === active ? `${s.sidebarLink} ${s.sidebarActive}` : s.sidebarLink}
                aria-current={item.key === active ? "page" : undefined}
              >
                {item.label}
              </Link>
            )}
            {item.subRoutes && item.subRoutes.length > 0 && (
              <ul className={s.sidebarList}>
                {item.subRoutes.map((sub) => (
                  <li key={sub.path} className={s.subRoute}>
                    <Link to={sub.path} className={s.sidebarLink}>{sub.label}</Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
