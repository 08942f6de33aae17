import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ShellUser } from "#domain/auth-user";
import { roleOf } from "#domain/auth-user";
import { userMenuEntries, PROFILE_MENU_ENTRY } from "#domain/menu";
import { PortalLinks, type NavbarProps } from "~/components/Navbar";
import { roleLabelWords, roleWords } from "~/utils/role-name";
import { SIDEBAR_ID } from "./__Sidebar";
import * as s from "~/components/layout.css";

/**
 * The user info of spec §2's top bar: PROFILE (→ /profile, DESIGN §3), then the user's name and role label
 * (spec §6, decision 003) opening the user menu ('Profil' and/or 'Logout'). A <details>, so it opens
 * without JavaScript. Where the label is 'Penyelenggara', the role's own name follows it (role 1's with
 * the committee's name, spec §6).
 */
export function UserInfo({ me, committeeName }: { me: ShellUser; committeeName?: string }) {
  // The role names are the workflow namespace's (app/utils/role-name.ts).
  const { t } = useTranslation(["common", "workflow"]);
  const label = roleLabelWords(t, me.user, committeeName);
  const name = roleWords(t, roleOf(me), committeeName);
  return (
    <div className={s.topbarRight}>
      <Link to={PROFILE_MENU_ENTRY.path} className={s.menuToggle} data-analytics-category={PROFILE_MENU_ENTRY.analyticsCategory}>
        {t("topbar.profile")}
      </Link>
      <details className={s.userMenu}>
        <summary className={s.userSummary} aria-label={`${t("topbar.userMenu")}: ${me.user.full_name}`}>
          <strong>{me.user.full_name}</strong>
          <span className={s.userRole}>
            <span>{label}</span>
            {name && name !== label ? <span className={s.userRoleName}>{name}</span> : null}
          </span>
        </summary>
        <ul className={s.userDropdown}>
          {userMenuEntries(me).map((entry) =>
            entry.key === "logout" ? (
              <li key="logout">
                <Form method="post" action="/logout" className={s.inlineForm}>
                  <button type="submit" className={s.dropdownItem}>
                    {t("topbar.logout")}
                  </button>
                </Form>
              </li>
            ) : (
              <li key={entry.key}>
                <Link to={entry.href} className={s.dropdownItem}>
                  {t("topbar.profil")}
                </Link>
              </li>
            ),
          )}
        </ul>
      </details>
    </div>
  );
}

export interface TopBarProps {
  me: ShellUser;
  /** The navbar's links (spec §2: JADWAL UJI KOMPETENSI, DOKUMEN PERSYARATAN, BUKU PANDUAN, extra links, FAQ). */
  links: Omit<NavbarProps, "loggedIn">;
  committeeName?: string;
}

/**
 * Spec §2 "Top bar": the menu toggle (below 992 px, where the sidebar is an overlay), the navbar's links
 * (from 992 px; below it they are in the sidebar's overlay), and the user info.
 */
export function TopBar({ me, links, committeeName }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <div className={s.topbar}>
      <a href={`#${SIDEBAR_ID}`} className={s.sidebarToggle} aria-controls={SIDEBAR_ID}>
        ☰ <span className="visually-hidden">{t("topbar.toggleMenu")}</span>
      </a>
      <nav className={s.topbarNav} aria-label={t("a11y.portalLinks")}>
        <ul className={s.topbarLinks}>
          <PortalLinks loggedIn {...links} linkClass={s.topbarLink} />
        </ul>
      </nav>
      <UserInfo me={me} committeeName={committeeName} />
    </div>
  );
}
