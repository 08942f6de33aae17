import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "#contracts/me";
import { userMenuEntries, PROFILE_MENU_ENTRY } from "#domain/menu";
import { roleLabel } from "#domain/roles";
import { SIDEBAR_ID } from "./Sidebar";
import * as s from "~/components/layout.css";

/** Spec §2 "Top bar": menu toggle, name and role label, dropdown with Profil and/or Logout. */
export function TopBar({ me }: { me: AuthUser }) {
  const { t } = useTranslation();
  return (
    <div className={s.topbar}>
      <a href={`#${SIDEBAR_ID}`} className={s.menuToggle} aria-controls={SIDEBAR_ID}>
        ☰ <span className="visually-hidden">{t("topbar.toggleMenu")}</span>
      </a>
      <div className={s.topbarRight}>
      {/* The user/profile menu of spec §2 with its one entry, PROFILE → /profile (DESIGN §3). */}
      <Link to={PROFILE_MENU_ENTRY.path} className={s.menuToggle} data-analytics-category={PROFILE_MENU_ENTRY.analyticsCategory}>{t("topbar.profile")}</Link>
      <details className={s.userMenu}>
        <summary className={s.userSummary} aria-label={`${t("topbar.userMenu")}: ${me.user.full_name}`}>
          <strong>{me.user.full_name}</strong>
          <span className={s.userRole}>{roleLabel(me.user)}</span>
        </summary>
        <ul className={s.userDropdown}>
          {userMenuEntries(me).map((entry) =>
            entry.key === "logout" ? (
              <li key="logout">
                <Form method="post" action="/logout" className={s.inlineForm}>
                  <button type="submit" className={s.dropdownItem}>{t("topbar.logout")}</button>
                </Form>
              </li>
            ) : (
              <li key={entry.key}><Link to={entry.href} className={s.dropdownItem}>{t("topbar.profil")}</Link></li>
            ),
          )}
        </ul>
      </details>
      </div>
    </div>
  );
}
