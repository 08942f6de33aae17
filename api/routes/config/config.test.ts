import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../../db/schema";
import { DEFAULT_SETTINGS } from "../../services/settings";
import { createTestApi, type TestApi } from "../../test/helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const publicConfig = async () => (await (await api.request("/api/v1/config/public")).json()).data;

describe("GET /api/v1/config/public", () => {
  it("answers the seeded navbar and FAQ links", async () => {
    const res = await api.request("/api/v1/config/public");
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
      },
    });
  });

  it("keeps an edited setting across a re-seed", async () => {
    const links = [{ label: "JADWAL", href: "/jadwal" }];
    await api.db.update(settings).set({ value: links }).where(eq(settings.key, "navbar_links"));
    await api.reseed();
    expect((await publicConfig()).navbarLinks).toEqual(links);
  });

  it("falls back to the default when a stored value is broken", async () => {
    await api.db.update(settings).set({ value: { rusak: true } }).where(eq(settings.key, "faq"));
    expect((await publicConfig()).faq).toEqual(DEFAULT_SETTINGS.faq);
  });
});
