import type { LoaderFunction } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render } from "@testing-library/react";
import i18next from "i18next";
import type { ReactElement } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "~/i18n";

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ ...i18nConfig, initImmediate: false });

/** Renders a component inside a Remix router at `path`, with the portal's translations (and a route loader's data). */
export function renderInRoute(ui: ReactElement, path = "/", loader?: LoaderFunction) {
  const Stub = createRemixStub([{ path: "*", Component: () => ui, loader }]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}
