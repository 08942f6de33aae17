import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { Navbar } from "~/components/Navbar";
import * as s from "~/components/layout.css";
import { useFaqHref, useRootData } from "~/root";

/** Landing layout (spec §2): the navbar and the content, without the footer. Its pages guard themselves. */
export default function LandingLayout() {
  const data = useRootData();
  const faqHref = useFaqHref(data?.config);
  return (
    <>
      <Navbar loggedIn={Boolean(data?.me)} extraLinks={data?.config.navbarLinks ?? []} faqHref={faqHref} />
      <main id="main" className={s.main}>
        <Outlet />
      </main>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
