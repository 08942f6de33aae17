import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule, type ResourceLanguage } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { INTERFACE, LOCALE } from "#domain/constants";
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

void startClientMonitoring(window.ENV?.SENTRY_DSN, window.ENV?.SENTRY_RELEASE);

/**
 * Each namespace of each locale is its own small chunk, fetched only when needed: an Indonesian one
 * when a page needs one it lacks, an English one only when a key is missing in Indonesian.
 */
// A relative glob (not `#locales`), so the keys below do not depend on Vite's root.
const NAMESPACES = import.meta.glob<ResourceLanguage>("../locales/*/*.json", { import: "default" });
const FOLDER: Record<string, string> = { [LOCALE.DEFAULT]: "id", [LOCALE.FALLBACK]: "en" };
const chunk = (language: string, namespace: string) => NAMESPACES[`../locales/${FOLDER[language]}/${namespace}.json`];

const lazyTexts: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = chunk(language, namespace);
    // The fallback is not fetched up front: every key exists in both locales (locales/locales.test.ts).
    if (language !== i18nBaseConfig.lng || !load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, null),
    );
  },
};

/**
 * A key missing in Indonesian: fetch that namespace's English texts once, then re-render the texts
 * (react-i18next re-renders on a language change; the language stays Indonesian).
 */
const fallbackLoads = new Set<string>();
function loadFallback(namespace: string) {
  const load = chunk(LOCALE.FALLBACK, namespace);
  if (!load || fallbackLoads.has(namespace)) return;
  fallbackLoads.add(namespace);
  load().then(
    (texts) => {
      i18next.addResourceBundle(LOCALE.FALLBACK, namespace, texts, true, false);
      void i18next.changeLanguage(i18next.language);
    },
    () => fallbackLoads.delete(namespace),
  );
}

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
  // The interface is Indonesian (spec §9) and every key exists in both locales (locales/locales.test.ts),
  // so the browser carries only Indonesian texts, and only the namespaces this page used (written by
  // entry.server). A page reached later that needs another namespace suspends inside the navigation's
  // transition until its chunk is loaded, so the old page stays on screen instead of raw keys. The
  // fallback is the server's (English, spec §1/§9), fetched per namespace only when a key is missing.
  const inline = await pageTexts();
  await i18next
    .use(lazyTexts)
    .use(initReactI18next)
    .init({
      ...i18nBaseConfig,
      saveMissing: true,
      missingKeyHandler: (_languages: readonly string[], namespace: string) => loadFallback(namespace),
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
