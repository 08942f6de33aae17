import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import * as s from "./layout.css";

/** How long a navigation may take before a screen reader is told the page is loading: a quick one says nothing. */
export const ANNOUNCE_PENDING_AFTER_MS = 1000;

/**
 * With JavaScript, every navigation shows that it is on its way (a page, a post, a filter): a slim bar at the
 * top, for the eye (aria-hidden). One that takes longer than a moment is also said, politely, by a live region
 * that is always on the page (a region added with its text is not announced): "Memuat…". Without JavaScript
 * the browser shows its own progress.
 */
export function PendingAnnouncer() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!busy) return;
    const timer = setTimeout(() => setSlow(true), ANNOUNCE_PENDING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <>
      {busy ? <div className={s.pendingBar} aria-hidden="true" /> : null}
      {/* No role="status": the pages' own status messages keep that role to themselves. */}
      {/* The global class (app/styles/theme.css.ts), not a style of its own: this sits in every page's scripts. */}
      <div aria-live="polite" aria-atomic="true" className="visually-hidden">
        {busy && slow ? t("a11y.loading") : null}
      </div>
    </>
  );
}
