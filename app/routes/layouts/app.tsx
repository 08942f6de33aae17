import { Outlet, useFetcher } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { roleOf } from "#domain/auth-user";
import { SESSION } from "#domain/constants";
import { ROLE } from "#domain/roles";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { Footer } from "~/components/Footer";
import { Navbar, PortalLinks } from "~/components/Navbar";
import { Sidebar } from "~/routes/layouts/__Sidebar";
import { TopBar, UserInfo } from "~/routes/layouts/__TopBar";
import * as s from "~/components/layout.css";
import { useFaqHref, useRootData } from "~/root";

/**
 * Logged-in layout (spec §2): sidebar and top bar. Role 3 has no sidebar item in the spec, so its pages
 * keep the navbar with the logged-in links and the footer (docs/decisions/002-layouts.md), with the top
 * bar's user info (name, role label, PROFILE, Logout) in a bar under it. The navbar's links (spec §2,
 * 'FAQ' always) show for everyone: in the top bar from 992 px, in the sidebar's phone menu below it.
 * Every page below guards itself first (CONVENTIONS habit 3); this layout decides nothing.
 */
function Chrome({ children }: { children: ReactNode }) {
  const data = useRootData();
  const faqHref = useFaqHref(data?.config);
  const me = data?.me;
  const links = { extraLinks: data?.config.navbarLinks ?? [], faqHref };
  const committeeName = data?.config.committeeName;
  if (!me || roleOf(me) === ROLE.APPLICANT) {
    return (
      <>
        <Navbar loggedIn={Boolean(me)} {...links} />
        {me ? (
          <div className={s.userBar}>
            <div className={s.userBarInner}>
              <UserInfo me={me} committeeName={committeeName} />
            </div>
          </div>
        ) : null}
        <main id="main" className={s.main}>
          {children}
        </main>
        <Footer faqHref={faqHref} />
      </>
    );
  }
  return (
    <div className={s.shell}>
      <Sidebar me={me} links={<PortalLinks loggedIn {...links} linkClass={s.sidebarLink} />} />
      <div className={s.content}>
        <TopBar me={me} links={links} committeeName={committeeName} />
        <main id="main" className={s.main}>
          {children}
        </main>
      </div>
    </div>
  );
}

/** With JavaScript: refresh on a 45-minute timer and when the tab becomes visible again (spec §4, §7). */
function useSessionKeepAlive(enabled: boolean) {
  const fetcher = useFetcher<{ ok: boolean }>();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => fetcher.submit(null, { method: "post", action: "/session/refresh" });
    const timer = window.setInterval(refresh, SESSION.REFRESH_INTERVAL_MS);
    const onVisible = () => document.visibilityState === "visible" && refresh();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);
  useEffect(() => {
    // A failed refresh logs out (spec §4): the refresh route answers ok:false once the session is gone.
    if (fetcher.data && !fetcher.data.ok) window.location.assign(SESSION.AFTER_LOGOUT);
  }, [fetcher.data]);
}

export default function AppLayout() {
  const data = useRootData();
  useSessionKeepAlive(Boolean(data?.me));
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary() {
  return (
    <Chrome>
      <GeneralErrorBoundary />
    </Chrome>
  );
}
