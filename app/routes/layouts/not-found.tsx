import { ERROR_SCREEN } from "#domain/constants";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { Footer } from "~/components/Footer";
import { Navbar } from "~/components/Navbar";
import * as s from "~/components/layout.css";
import { useFaqHref, useRootData } from "~/root";
import { titled } from "~/utils/page-title";

export const handle = titled("notFound");

/** Unknown routes answer 404 'This page could not be found' (spec §8). */
export function loader() {
  throw new Response(ERROR_SCREEN.NOT_FOUND, { status: 404 });
}

export function action() {
  throw new Response(ERROR_SCREEN.NOT_FOUND, { status: 404 });
}

export default function NotFound() {
  return null;
}

/** The 404 screen inside the default layout (spec §2): the navbar, the page's margins and the footer. */
export function ErrorBoundary() {
  const data = useRootData();
  const faqHref = useFaqHref(data?.config);
  return (
    <>
      <Navbar loggedIn={Boolean(data?.me)} extraLinks={data?.config.navbarLinks ?? []} faqHref={faqHref} />
      <main id="main" className={s.main}>
        <GeneralErrorBoundary />
      </main>
      <Footer faqHref={faqHref} />
    </>
  );
}
