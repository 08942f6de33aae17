import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../../db/schema";
import { cachedPublicConfig, DEFAULT_SETTINGS, forgetCachedSettings, PUBLIC_CONFIG_TTL_MS } from "../../services/settings";
import { answered, createTestApi, type TestApi, typedRequest } from "../../test/helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const publicConfig = async () => answered(await api.client().call("GET", "/config/public")).data;

describe("GET /api/v1/config/public", () => {
  it("answers the seeded navbar and FAQ links", async () => {
    const res = await typedRequest(api, "GET", "/config/public");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: {
        navbarLinks: [{ label: "KKI", href: "https://kki.go.id" }],
        faq: {
          base: "https://faq.adaptasi.kemkes.go.id",
          login: "https://faq.adaptasi.kemkes.go.id/kategori/masuk",
          signUp: "https://faq.adaptasi.kemkes.go.id/artikel/tidak-bisa-membuat-akun",
          index: "https://faq.adaptasi.kemkes.go.id/kategori/umum",
        },
        committeeName: "Komite Adaptasi",
      },
    });
  });

  it("keeps an edited setting across a re-seed", async () => {
    const links = [{ label: "JADWAL", href: "/jadwal" }];
    await api.db.update(settings).set({ value: links }).where(eq(settings.key, "navbar_links"));
    forgetCachedSettings(); // written past the API, which would otherwise answer its remembered copy
    await api.reseed();
    expect((await publicConfig()).navbarLinks).toEqual(links);
  });

  it("falls back to the default when a stored value is broken", async () => {
    await api.db
      .update(settings)
      .set({ value: { rusak: true } })
      .where(eq(settings.key, "faq"));
    forgetCachedSettings();
    expect((await publicConfig()).faq).toEqual(DEFAULT_SETTINGS.faq);
  });
});

describe("the remembered public settings", () => {
  it("answers from memory until a setting is written, and reads again after PUBLIC_CONFIG_TTL_MS", async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const links = [{ label: "KKI", href: "https://kki.go.id" }];
    await api.db.update(settings).set({ value: links }).where(eq(settings.key, "navbar_links"));
    forgetCachedSettings();
    expect((await cachedPublicConfig(api.db, now)).navbarLinks).toEqual(links);

    // A write past the API is not seen while the copy is fresh…
    const other = [{ label: "LAIN", href: "/lain" }];
    await api.db.update(settings).set({ value: other }).where(eq(settings.key, "navbar_links"));
    clock += PUBLIC_CONFIG_TTL_MS - 1;
    expect((await cachedPublicConfig(api.db, now)).navbarLinks).toEqual(links);
    // …and is once it is older than the TTL.
    clock += 1;
    expect((await cachedPublicConfig(api.db, now)).navbarLinks).toEqual(other);
  });

  it("does not keep a read that a write overtook", async () => {
    forgetCachedSettings();
    const reading = cachedPublicConfig(api.db); // started before the write below
    forgetCachedSettings(); // as the CMS does once its write is committed
    await reading;
    const fresh = [{ label: "BARU", href: "/baru" }];
    await api.db.update(settings).set({ value: fresh }).where(eq(settings.key, "navbar_links"));
    expect((await cachedPublicConfig(api.db)).navbarLinks).toEqual(fresh);
  });
});
