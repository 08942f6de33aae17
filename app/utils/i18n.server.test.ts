import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/i18n";
import { languageInstance, rememberHierarchies } from "./i18n.server";

// Two framework patches (domain/framework-patches.ts) and what breaks if i18next changes under them.

type Utils = { toResolveHierarchy: (code: string, fallback?: unknown) => string[] };

/** A fresh instance whose own hierarchy resolution is counted. */
async function counted(lng: string): Promise<{ instance: I18n; resolved: () => number }> {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, lng });
  const utils = instance.services.languageUtils as unknown as Utils;
  const own = utils.toResolveHierarchy.bind(utils);
  let n = 0;
  utils.toResolveHierarchy = (code, fallback) => {
    n++;
    return own(code, fallback);
  };
  return { instance, resolved: () => n };
}

describe("language-hierarchies: a language code's fallbacks resolved once", () => {
  it("i18next resolves a code's hierarchy on every text (else the patch saves nothing)", async () => {
    const { instance, resolved } = await counted("en-US");
    instance.t("common:nav.faq");
    const once = resolved();
    expect(once).toBeGreaterThan(0);
    instance.t("common:nav.faq");
    expect(resolved()).toBe(2 * once);
  });

  it("remembered, it resolves each (code, fallback) once and answers the same codes and texts", async () => {
    const { instance, resolved } = await counted("en-US");
    const utils = instance.services.languageUtils as unknown as Utils;
    const expected = ["en-US", "id", "en"].map((code) => utils.toResolveHierarchy(code));
    const plain = (key: string) => instance.t(key);
    const before = ["common:nav.faq", "review:list.search"].map(plain);
    rememberHierarchies(instance);
    const start = resolved();
    expect(["en-US", "id", "en"].map((code) => utils.toResolveHierarchy(code))).toEqual(expected);
    const after = ["common:nav.faq", "review:list.search"].map(plain);
    ["common:nav.faq", "review:list.search"].map(plain);
    expect(after).toEqual(before);
    expect(after[0]).toBe(i18nConfig.resources["en-US"].common.nav.faq);
    // Three codes asked above, plus at most the request's own code and its fallback pair: never per text.
    expect(resolved() - start).toBeLessThanOrEqual(5);
    // A fallback given as an object is not a key: resolved each time, as i18next would.
    const objectFallback = { default: ["id"] };
    utils.toResolveHierarchy("en", objectFallback);
    const n = resolved();
    utils.toResolveHierarchy("en", objectFallback);
    expect(resolved()).toBe(n + 1);
  });
});

describe("shared-i18n-instance: one instance per language for the whole process", () => {
  it("is made once per language and answers as a new instance would", async () => {
    const a = await languageInstance("id");
    expect(await languageInstance("id")).toBe(a);
    expect(await languageInstance("en-US")).not.toBe(a);
    const fresh = createInstance();
    await fresh.init({ ...i18nConfig, lng: "en-US" });
    for (const key of ["common:nav.faq", "review:list.search", "applicant:jalur.REG"]) {
      expect((await languageInstance("en-US")).t(key)).toBe(fresh.t(key));
    }
  });
});
