import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PRODUCT_FULL_NAME } from "#domain/menu";
import { GeneralErrorBoundary, SafeBoundary } from "./components/ErrorScreen";
import { Navbar } from "./components/Navbar";
import { PendingAnnouncer } from "./components/PendingAnnouncer";
import { Toasts } from "./components/Toasts";
import { Footer } from "./components/Footer";
import * as s from "./components/layout.css";
import "./styles/theme.css";
import { getPublicConfig, type PublicConfig } from "./utils/config.server";
import { getEnv } from "./utils/env.server";
import { getOptionalUser } from "./utils/guards.server";
import { localeCookie } from "./utils/i18n.server";
import { takeToast } from "./utils/session.server";
import { useNonce } from "./utils/nonce-provider";
import { hasPageTitle, usePageTitle } from "./utils/page-title";
import { hydrates } from "./utils/hydration";
import { LOCALE } from "#domain/constants";
import { shellUser } from "#domain/auth-user";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// The <title> is rendered below from the locale files (usePageTitle); the description stays on the
// pages that name no title of their own, as when each page's meta replaced the root's.
export const meta: MetaFunction = ({ matches }) => (hasPageTitle(matches) ? [] : [{ name: "description", content: PRODUCT_FULL_NAME }]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const cookie = request.headers.get("Cookie");
  const [me, config, { toast, setCookie }] = await Promise.all([getOptionalUser(context), getPublicConfig(context), takeToast(cookie)]);
  if (setCookie) context.appendSetCookie(setCookie);
  if ((await localeCookie().parse(cookie)) !== LOCALE.DEFAULT) context.appendSetCookie(await localeCookie().serialize(LOCALE.DEFAULT));
  // The layouts' few facts of the user go to the browser, not the whole get-me answer (pages load what they need).
  const dsn = getEnv().SENTRY_DSN;
  return {
    me: me ? shellUser(me) : null,
    config,
    toast,
    locale: LOCALE.DEFAULT,
    env: { SENTRY_DSN: dsn, ...(dsn && context.release ? { SENTRY_RELEASE: context.release } : {}) },
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** The FAQ address of the current route (spec §2: per-route category on login, sign-up and index). */
export function useFaqHref(config: PublicConfig | undefined): string {
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .map((m) => (m.handle as { faq?: keyof PublicConfig["faq"] } | undefined)?.faq)
    .find(Boolean);
  if (!config) return "/";
  return (key && config.faq[key]) || config.faq.base;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const matches = useMatches();
  const loggedInPage = matches.some((m) => m.id === "routes/layouts/app");
  const { t } = useTranslation();
  const nonce = useNonce();
  const title = usePageTitle();
  // A page that chose not to hydrate (utils/hydration.ts) gets no Remix scripts (entry.server adds its island),
  // on the server only: in a browser that hydrated another page, a client-side navigation renders it as before.
  const scripts = typeof document !== "undefined" || hydrates(matches);
  return (
    <html lang={data?.locale ?? LOCALE.DEFAULT}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {loggedInPage ? <meta name="robots" content="noindex, nofollow" /> : null}
        <title>{title}</title>
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className={s.skipLink}>
          {t("a11y.skipToContent")}
        </a>
        <PendingAnnouncer />
        <Toasts toast={data?.toast ?? null} />
        {children}
        {scripts ? (
          <>
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `window.ENV=${JSON.stringify(data?.env ?? {})}` }} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const data = useRootData();
  const faqHref = useFaqHref(data?.config);
  return (
    <SafeBoundary>
      <Navbar loggedIn={Boolean(data?.me)} extraLinks={data?.config.navbarLinks ?? []} faqHref={faqHref} />
      <main id="main" className={s.main}>
        <GeneralErrorBoundary />
      </main>
      <Footer faqHref={faqHref} />
    </SafeBoundary>
  );
}
