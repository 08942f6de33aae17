import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { USER_LIST_TABS } from "#domain/menu";
import * as r from "~/components/tabs.css";

/**
 * Tabs on top of the Super Admin's user list and the pages about people's data that hang under it
 * (domain/menu.ts USER_LIST_TABS): the sidebar keeps spec §2's five items. Plain links, so they work
 * without JavaScript; each page keeps its own URL and guard.
 */
export function UserListTabs() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("userTabs.label")}>
      <ul className={r.tabs}>
        {USER_LIST_TABS.map((tab) => (
          <li key={tab.key}>
            <Link to={tab.path} className={r.tab} aria-current={pathname === tab.path ? "page" : undefined}>
              {t(`userTabs.${tab.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
