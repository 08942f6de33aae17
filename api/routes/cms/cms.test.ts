import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf, pdfOfSize, pdfWithOpenActionScript, png } from "../../../tests/fixtures/files";
import { adminAuditLog, announcements, settings, users } from "../../db/schema";
import { DEFAULT_SETTINGS } from "../../services/settings";
import { answered, createTestApi, expectError, type TestApi, typedRequest, typedRequestAs, typedUpload } from "../../test/helpers";

let api: TestApi;
let adminToken: string;
beforeAll(async () => {
  api = await createTestApi();
  adminToken = (await api.login("admin@adaptasi.test")).token;
});
afterAll(() => api?.close());

const asAdmin = typedRequestAs(
  () => api,
  () => adminToken,
);
const cmsAudit = (targetId: string) =>
  api.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, "cms"), eq(adminAuditLog.targetId, targetId)))
    .orderBy(desc(adminAuditLog.id));
const publicConfig = async () => answered(await api.client().call("GET", "/config/public")).data;
const welcome = async () => answered(await api.client().call("GET", "/cms/welcome")).data;

describe("role guard", () => {
  it("answers 401 without a token and 403 for every role but the Admin", async () => {
    await expectError(await typedRequest(api, "GET", "/admin/cms"), 401, "INVALID_TOKEN");
    for (const who of ["superadmin@adaptasi.test", "pemohon@adaptasi.test", "kki@adaptasi.test", "fasyankes@adaptasi.test"]) {
      const { token } = await api.login(who);
      await expectError(await typedRequest(api, "GET", "/admin/cms", { token }), 403, "ADMIN_ROLE_REQUIRED");
      await expectError(
        await typedRequest(api, "PUT", "/admin/cms/welcome", { body: { title: "Judul baru", lead: "Teks baru" }, token }),
        403,
        "ADMIN_ROLE_REQUIRED",
      );
      await expectError(
        await typedRequest(api, "POST", "/admin/cms/announcements", { body: { title: "Judul", body: "Isi pengumuman" }, token }),
        403,
        "ADMIN_ROLE_REQUIRED",
      );
      // Raw: an empty body, which the route's type refuses (the role is refused before it is read).
      await expectError(await api.request("/api/v1/admin/test-schedules", { json: {}, token }), 403, "ADMIN_ROLE_REQUIRED");
    }
  });
});

describe("GET /admin/cms and the public reads", () => {
  it("documents the CMS endpoints", async () => {
    // Raw: the OpenAPI document is served beside the typed routes, not one of them.
    const doc = await (await api.request("/api/v1/openapi.json")).json();
    for (const [method, path] of [
      ["get", "/api/v1/cms/welcome"],
      ["get", "/api/v1/cms/guidebook"],
      ["get", "/api/v1/admin/cms"],
      ["put", "/api/v1/admin/cms/welcome"],
      ["put", "/api/v1/admin/cms/navbar-links"],
      ["put", "/api/v1/admin/cms/faq"],
      ["post", "/api/v1/admin/cms/guidebook"],
      ["post", "/api/v1/admin/cms/announcements"],
      ["put", "/api/v1/admin/cms/announcements/{id}"],
      ["post", "/api/v1/admin/cms/announcements/{id}/deactivate"],
      ["post", "/api/v1/admin/test-schedules"],
      ["put", "/api/v1/admin/test-schedules/{id}"],
      ["post", "/api/v1/admin/test-schedules/{id}/deactivate"],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });

  it("answers the seeded content; /welcome's defaults are today's texts", async () => {
    const res = await asAdmin("GET", "/admin/cms");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.welcome).toEqual(DEFAULT_SETTINGS.welcome);
    expect(data.navbar_links).toEqual(DEFAULT_SETTINGS.navbar_links);
    expect(data.guidebook).toEqual({ file_id: null, original_name: null, updated_at: null });
    expect(data.announcements[0]).toMatchObject({ title: "Pendaftaran adaptasi dibuka sepanjang tahun", is_active: true });
    expect(data.test_schedules).toHaveLength(4);
    expect((await welcome()).welcome.title).toBe("Selamat datang di Portal Adaptasi Tenaga Kesehatan Lulusan Luar Negeri");
  });
});

describe("PUT /admin/cms/welcome", () => {
  it("saves the texts, shows them on the public read at once and logs old → new", async () => {
    const texts = { title: "  Selamat datang, tenaga kesehatan  ", lead: "Ajukan adaptasi Anda di sini." };
    const res = await asAdmin("PUT", "/admin/cms/welcome", { body: texts });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await welcome()).welcome).toEqual({ title: "Selamat datang, tenaga kesehatan", lead: "Ajukan adaptasi Anda di sini." });
    const [admin] = await api.db.select().from(users).where(eq(users.email, "admin@adaptasi.test"));
    const [row] = await cmsAudit("welcome");
    expect(row).toMatchObject({
      action: "CMS_UPDATE",
      actorUserId: admin.id,
      actorRole: 2,
      details: { from: DEFAULT_SETTINGS.welcome, to: { title: "Selamat datang, tenaga kesehatan", lead: "Ajukan adaptasi Anda di sini." } },
    });
    // the same texts again: nothing to log
    await asAdmin("PUT", "/admin/cms/welcome", { body: texts });
    expect(await cmsAudit("welcome")).toHaveLength(1);
  });

  it("answers 400 with the spec's messages", async () => {
    const body = await expectError(await asAdmin("PUT", "/admin/cms/welcome", { body: { title: " ", lead: "x".repeat(1001) } }), 400, "VALIDATION_ERROR");
    expect(body.error.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: "title", message: "Judul harus diisi" }),
        expect.objectContaining({ path: "lead", message: "tidak boleh lebih dari 1000 karakter" }),
      ]),
    );
    expect((await welcome()).welcome.title).toBe("Selamat datang, tenaga kesehatan");
  });
});

describe("PUT /admin/cms/navbar-links", () => {
  it("saves the links in order; the public config has them at once", async () => {
    const links = [
      { label: "KKI", href: "https://kki.go.id" },
      { label: "Jadwal", href: "/test-schedule" },
    ];
    const res = await asAdmin("PUT", "/admin/cms/navbar-links", { body: { links } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await publicConfig()).navbarLinks).toEqual(links);
    const [row] = await cmsAudit("navbar_links");
    expect(row.details).toMatchObject({ from: DEFAULT_SETTINGS.navbar_links, to: links });
  });

  it("refuses script addresses, other sites' relative forms, long labels and more than 8 links", async () => {
    const bad = [
      { label: "Jahat", href: "javascript:alert(1)" },
      { label: "Lain", href: "//evil.example" },
      { label: "Biasa", href: "http://kki.go.id" },
      { label: "x".repeat(41), href: "/ok" },
      { label: "", href: "/tanpa-label" },
    ];
    const body = await expectError(await asAdmin("PUT", "/admin/cms/navbar-links", { body: { links: bad } }), 400, "VALIDATION_ERROR");
    expect(body.error.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: "links.0.href", message: "Format salah" }),
        expect.objectContaining({ path: "links.1.href", message: "Format salah" }),
        expect.objectContaining({ path: "links.2.href", message: "Format salah" }),
        expect.objectContaining({ path: "links.3.label", message: "tidak boleh lebih dari 40 karakter" }),
        expect.objectContaining({ path: "links.4.label", message: "Label Tautan harus diisi" }),
      ]),
    );
    const nine = Array.from({ length: 9 }, (_, i) => ({ label: `L${i}`, href: `/l${i}` }));
    await expectError(await asAdmin("PUT", "/admin/cms/navbar-links", { body: { links: nine } }), 400, "VALIDATION_ERROR");
    expect((await publicConfig()).navbarLinks).toHaveLength(2);
  });
});

describe("PUT /admin/cms/faq", () => {
  it("saves https addresses and refuses anything else", async () => {
    const faq = { ...DEFAULT_SETTINGS.faq, login: "https://faq.contoh.go.id/masuk" };
    expect((await asAdmin("PUT", "/admin/cms/faq", { body: faq })).status).toBe(200);
    expect((await publicConfig()).faq.login).toBe("https://faq.contoh.go.id/masuk");
    expect((await cmsAudit("faq"))[0].details).toMatchObject({ from: { login: DEFAULT_SETTINGS.faq.login }, to: { login: faq.login } });
    const body = await expectError(
      await asAdmin("PUT", "/admin/cms/faq", { body: { ...faq, base: "http://faq.contoh.go.id", index: "" } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(body.error.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: "base", message: "Format salah" }),
        expect.objectContaining({ path: "index", message: "Alamat FAQ Halaman Sambutan harus diisi" }),
      ]),
    );
  });
});

describe("announcements", () => {
  it("creates, edits, deactivates and re-activates, each logged; /welcome shows the active ones, newest first", async () => {
    const created = await asAdmin("POST", "/admin/cms/announcements", { body: { title: "Libur nasional", body: "Layanan verifikasi berhenti sementara." } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()).data;
    expect((await welcome()).announcements[0]).toMatchObject({ id, title: "Libur nasional" });

    const edited = await asAdmin("PUT", `/admin/cms/announcements/${id}`, {
      body: { title: "Libur nasional 2027", body: "Layanan verifikasi berhenti sementara." },
    });
    expect((await edited.json()).data.title).toBe("Libur nasional 2027");
    expect((await asAdmin("POST", `/admin/cms/announcements/${id}/deactivate`)).status).toBe(200);
    expect((await welcome()).announcements.map((a: { id: number }) => a.id)).not.toContain(id);
    expect((await asAdmin("POST", `/admin/cms/announcements/${id}/activate`)).status).toBe(200);
    expect((await welcome()).announcements[0].id).toBe(id);

    const log = await cmsAudit(`announcement:${id}`);
    expect(log.map((r) => (r.details as { change: string }).change)).toEqual(["activate", "deactivate", "update", "create"]);
    expect(log[2].details).toMatchObject({ from: { title: "Libur nasional" }, to: { title: "Libur nasional 2027" } });
  });

  it("answers 400 for an empty title or a body over 2000 characters, 404 for an unknown id", async () => {
    const body = await expectError(await asAdmin("POST", "/admin/cms/announcements", { body: { title: "", body: "x".repeat(2001) } }), 400, "VALIDATION_ERROR");
    expect(body.error.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: "title", message: "Judul harus diisi" }),
        expect.objectContaining({ path: "body", message: "tidak boleh lebih dari 2000 karakter" }),
      ]),
    );
    const long = await expectError(
      await asAdmin("POST", "/admin/cms/announcements", { body: { title: "x".repeat(151), body: "Isi" } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(long.error.details).toContainEqual(expect.objectContaining({ path: "title", message: "tidak boleh lebih dari 150 karakter" }));
    expect(await api.db.select().from(announcements).where(like(announcements.title, "xxx%"))).toHaveLength(0);
    await expectError(await asAdmin("GET", "/admin/cms/announcements/999999"), 404, "NOT_FOUND");
    await expectError(await asAdmin("POST", "/admin/cms/announcements/abc/deactivate"), 404, "NOT_FOUND");
  });
});

describe("the guidebook", () => {
  const upload = (name: string, data: Buffer, token = adminToken) => {
    const fd = new FormData();
    fd.append("file", new Blob([new Uint8Array(data)]), name);
    return typedUpload(api, "/admin/cms/guidebook", fd, { token });
  };

  it("is the bundled file until one is uploaded (404 here)", async () => {
    await expectError(await typedRequest(api, "GET", "/cms/guidebook"), 404, "NOT_FOUND");
  });

  it("refuses a PNG renamed .pdf, a PDF with a script, an empty field and more than 5 MB, and changes nothing", async () => {
    const png_ = await expectError(await upload("panduan.pdf", png()), 400, "VALIDATION_ERROR");
    expect(png_.error.details).toMatchObject([{ path: "file", message: "Tipe berkas harus PDF." }]);
    const script = await expectError(await upload("panduan.pdf", await pdfWithOpenActionScript(true)), 400, "VALIDATION_ERROR");
    expect(script.error.details).toMatchObject([{ path: "file", message: "Berkas PDF berisi skrip atau tindakan otomatis yang tidak diizinkan." }]);
    // 5 MB + 1 byte, starting like a PDF: the reading stops at the limit (413), the field named
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    big.write("%PDF-1.4\n");
    const tooBig = await expectError(await upload("besar.pdf", big), 413, "FILE_TOO_LARGE");
    expect(tooBig.error.details).toMatchObject([{ path: "file", message: "harus lebih kecil dari 5120KB" }]);
    const { token } = await api.login("superadmin@adaptasi.test");
    await expectError(await upload("panduan.pdf", await pdf(), token), 403, "ADMIN_ROLE_REQUIRED");
    expect((await (await asAdmin("GET", "/admin/cms")).json()).data.guidebook.file_id).toBeNull();
  });

  it("accepts a PDF of exactly 5 MB, serves it with ETag/Last-Modified and answers 304 when unchanged", async () => {
    const exact = await pdfOfSize(5 * 1024 * 1024);
    const res = await upload("Buku Panduan 2027.pdf", exact);
    expect(res.status, await res.clone().text()).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ file_id: expect.any(String), original_name: "Buku Panduan 2027.pdf" });

    const served = await typedRequest(api, "GET", "/cms/guidebook");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-security-policy")).toBe("sandbox");
    expect(served.headers.get("cache-control")).toMatch(/max-age=300/);
    const etag = served.headers.get("etag")!;
    const lastModified = served.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[a-f0-9]{64}"$/);
    expect((await served.arrayBuffer()).byteLength).toBe(5 * 1024 * 1024);

    const byTag = await typedRequest(api, "GET", "/cms/guidebook", { headers: { "if-none-match": etag } });
    expect(byTag.status).toBe(304);
    const byDate = await typedRequest(api, "GET", "/cms/guidebook", { headers: { "if-modified-since": lastModified } });
    expect(byDate.status).toBe(304);
    const stale = await typedRequest(api, "GET", "/cms/guidebook", { headers: { "if-none-match": '"lama"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();

    const [row] = await cmsAudit("guidebook");
    expect(row.details).toMatchObject({ from: { fileId: null }, to: { fileId: data.file_id, originalName: "Buku Panduan 2027.pdf", size: 5 * 1024 * 1024 } });
    const [stored] = await api.db.select().from(settings).where(eq(settings.key, "guidebook"));
    expect(stored.value).toMatchObject({ fileId: data.file_id });
  });
});
