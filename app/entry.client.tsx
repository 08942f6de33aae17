import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { INTERFACE } from "#domain/constants";
import { i18nBaseConfig, ID_RESOURCES } from "./i18n";
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

async function hydrate() {
  // The interface is Indonesian (spec §9) and every key exists in both locales (app/locales/*.test.ts),
  // so the browser carries only the Indonesian texts; the English fallback stays on the server.
  await i18next.use(initReactI18next).init({ ...i18nBaseConfig, lng: i18nBaseConfig.lng, resources: { [i18nBaseConfig.lng]: ID_RESOURCES } });
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
