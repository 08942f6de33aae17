// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { routeModules } from "../../tests/route-modules";
import { i18nConfig } from "~/i18n";
import { isRefusal, titled, usePageTitle } from "./page-title";

afterEach(cleanup);

function i18nIn(lng: string) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ ...i18nConfig, lng, initImmediate: false });
  return i18n;
}

/** The title the root would render for a page at /page with this handle and loader data. */
async function titleOf(handle: object | undefined, data: Record<string, unknown> | null = null, lng = "id", actionData?: unknown) {
  const Shell = () => <p data-testid="title">{usePageTitle()}</p>;
  const Stub = createRemixStub([{ id: "page", path: "/page", Component: Shell, handle, loader: () => data }]);
  render(
    <I18nextProvider i18n={i18nIn(lng)}>
      <Stub
        initialEntries={["/page"]}
        hydrationData={actionData === undefined ? undefined : { loaderData: { page: data }, actionData: { page: actionData } }}
      />
    </I18nextProvider>,
  );
  return (await screen.findByTestId("title")).textContent;
}

describe("the page title", () => {
  it("comes from the locale files, in the request's language", async () => {
    expect(await titleOf(titled("login", { faq: "login" }))).toBe("Masuk — Adaptasi Nakes LLN");
    cleanup();
    expect(await titleOf(titled("login"), null, "en-US")).toBe("Log In — Adaptasi Nakes LLN");
  });

  it("follows the page's loader data where the page shows two states", async () => {
    const handle = titled((data?: { state?: string }) => (data?.state === "failed" ? "accountActivation" : "resendActivation"));
    expect(await titleOf(handle, { state: "failed" })).toBe("Aktivasi Akun — Adaptasi Nakes LLN");
    cleanup();
    expect(await titleOf(handle, { state: "none" })).toBe("Kirim Ulang Tautan Aktivasi — Adaptasi Nakes LLN");
  });

  it("begins with the subject the page's heading names, when the page says one", async () => {
    const handle = titled((data?: { name?: string }) => ({ key: "userDetail", subject: data?.name }));
    expect(await titleOf(handle, { name: "Bambang Susanto" })).toBe("Bambang Susanto — Detail Pengguna — Adaptasi Nakes LLN");
    cleanup();
    expect(await titleOf(handle, {})).toBe("Detail Pengguna — Adaptasi Nakes LLN");
  });

  it("is the product's name where no page names one, and the spec's text on the 404 page", async () => {
    expect(await titleOf(undefined)).toBe("Adaptasi Nakes LLN");
    cleanup();
    expect(await titleOf(titled("notFound"))).toBe("This page could not be found");
  });

  it("is written once: no route's meta carries a title of its own", () => {
    const routesDir = path.join(__dirname, "../routes");
    const withTitle = routeModules(readFileSync(path.join(routesDir, "../routes.ts"), "utf8")).filter((file) =>
      /export const meta[\s\S]*?\btitle:/.test(readFileSync(path.join(routesDir, file), "utf8")),
    );
    expect(withTitle).toEqual([]);
    expect(readFileSync(path.join(__dirname, "../root.tsx"), "utf8")).not.toMatch(/\btitle:/);
  });

  it('starts with "Galat: " on the answer to a refused post, in the page\'s language', async () => {
    const refused = { status: "error", error: { email: ["harus berupa alamat surel yang benar"] } };
    expect(await titleOf(titled("login"), null, "id", refused)).toBe("Galat: Masuk — Adaptasi Nakes LLN");
    cleanup();
    expect(await titleOf(titled("login"), null, "en", refused)).toMatch(/^Error: /);
    cleanup();
    expect(await titleOf(titled("login"), null, "id", { ok: true })).toBe("Masuk — Adaptasi Nakes LLN");
  });
});

describe("isRefusal", () => {
  it("knows the shapes the portal's actions refuse a post with", () => {
    expect(isRefusal({ status: "error", error: { name: ["x"] } })).toBe(true);
    expect(isRefusal({ result: { status: "error" }, alert: null })).toBe(true);
    expect(isRefusal({ intent: "announcement", reply: { status: "error" } })).toBe(true);
    expect(isRefusal({ error: "Berkas terlalu besar" })).toBe(true);
    expect(isRefusal({ errors: { form: [], documents: { 2: "harus diunggah" } } })).toBe(true);
  });

  it("leaves accepted posts and replies to a form's own buttons alone", () => {
    expect(isRefusal(undefined)).toBe(false);
    expect(isRefusal({ status: "success" })).toBe(false);
    expect(isRefusal({ status: undefined, intent: { type: "insert" }, error: {} })).toBe(false);
    expect(isRefusal({ reply: null, error: null })).toBe(false);
    expect(isRefusal({ result: { status: "success" }, alert: { status: 409, message: "x" } })).toBe(false);
  });
});
