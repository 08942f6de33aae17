import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule, type ResourceLanguage } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { INTERFACE } from "#domain/constants";
import { i18nBaseConfig, INLINE_TEXTS_GLOBAL } from "./i18n";
import { startClientMonitoring } from "./utils/monitoring";

// A lazily loaded page that fails to load triggers a full reload, at most once per 60 s (spec §8).
window.addEventListener("vite:preloadError", (event) => {
  const key = "adaptasi:lazy-reload-at";
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < INTERFACE.LAZY_RELOAD_THROTTLE_MS) return;
  event.preventDefault();
  sessionStorage.setItem(key, String(Date.now()));
  window.location.reload();
});

void startClientMonitoring(window.ENV?.SENTRY_DSN);

/** Each Indonesian namespace is its own small chunk, fetched only when a page needs one it lacks. */
const NAMESPACES = import.meta.glob<ResourceLanguage>("./locales/id/*.json", { import: "default" });

const lazyTexts: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = NAMESPACES[`./locales/id/${namespace}.json`];
    if (language !== i18nBaseConfig.lng || !load) return callback(null, {});
    load().then((texts) => callback(null, texts), (error: Error) => callback(error, null));
  },
};

/**
 * The texts entry.server wrote at the end of <body>. Remix's module script is `async`, so on a streamed
 * page it can run before the parser reaches them: then wait until the document is parsed.
 */
async function pageTexts(): Promise<ResourceLanguage> {
  const read = () => (window as unknown as Record<string, ResourceLanguage | undefined>)[INLINE_TEXTS_GLOBAL];
  if (!read() && document.readyState === "loading") {
    await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
  }
  return read() ?? {};
}

async function hydrate() {
  // The interface is Indonesian (spec §9) and every key exists in both locales (app/locales/*.test.ts),
  // so the browser carries only Indonesian texts, and only the namespaces this page used (written by
  // entry.server); the English fallback stays on the server. A page reached later that needs another
  // namespace suspends inside the navigation's transition until its chunk is loaded, so the old page
  // stays on screen instead of raw keys.
  const inline = await pageTexts();
  await i18next.use(lazyTexts).use(initReactI18next).init({
    ...i18nBaseConfig,
    fallbackLng: false,
    ns: Object.keys(inline),
    resources: { [i18nBaseConfig.lng]: inline },
    partialBundledLanguages: true,
    react: { ...i18nBaseConfig.react, useSuspense: true },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
