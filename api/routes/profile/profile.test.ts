import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpg, pdf } from "../../../tests/fixtures/files";
import { applicantProfiles, users } from "../../db/schema";
import { answered, createTestApi, expectError, type TestApi, typedRequest, typedUpload } from "../../test/helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

describe("reference lists", () => {
  it("searches institutions by name and country, at most 50", async () => {
    const all = answered(await api.client().call("GET", "/institutions")).data;
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(all.length).toBeLessThanOrEqual(50);
    const eg = answered(await api.client().call("GET", "/institutions", { query: { country: "eg" } })).data;
    expect(eg.map((i: { country: string }) => i.country)).toEqual(eg.map(() => "EG"));
    const q = answered(await api.client().call("GET", "/institutions", { query: { q: "singapore" } })).data;
    expect(q).toEqual([{ id: expect.any(Number), name: "National University of Singapore — Yong Loo Lin School of Medicine", country: "SG" }]);
    expect((await (await typedRequest(api, "GET", "/institutions", { query: { q: "%" } })).json()).data).toEqual([]);
  });

  it("lists specializations", async () => {
    const names = answered(await api.client().call("GET", "/specializations")).data.map((s: { name: string }) => s.name);
    expect(names).toContain("Ilmu Penyakit Dalam");
    expect(names.length).toBeGreaterThanOrEqual(25);
  });
});

describe("/me/profile", () => {
  it("gives the demo applicants a complete profile", async () => {
    for (const email of ["pemohon@adaptasi.test", "pemohon.wna@adaptasi.test"]) {
      const { token } = await api.login(email);
      const { data } = answered(await api.client().call("GET", "/me/profile", { token }));
      expect(data).toMatchObject({ email, complete: true, institution_id: expect.any(Number) });
    }
  });

  it("prefills from the account, validates with the form's messages, and saves", async () => {
    const email = `profil.${Date.now()}@contoh.id`;
    const user = await api.createUser({ email });
    await api.db.update(users).set({ nik: "3171000000009999", phone: "081299998888" }).where(eq(users.id, user.id));
    const { token } = await api.login(email);
    const first = answered(await api.client().call("GET", "/me/profile", { token })).data;
    expect(first).toMatchObject({ identity_type: "NIK", identity_number: "3171000000009999", nationality: "ID", phone: "081299998888", complete: false });

    // Raw: a profile of one field, where the route's type requires them all.
    const bad = await api.request("/api/v1/me/profile", { method: "PUT", token, json: { full_name: "" } });
    const details = (await expectError(bad, 400, "VALIDATION_ERROR")).error.details!;
    expect(details).toContainEqual(expect.objectContaining({ path: "full_name", message: "Nama Lengkap harus diisi" }));
    expect(details).toContainEqual(expect.objectContaining({ path: "institution_id", message: "Institusi Pendidikan harus diisi" }));

    const body = {
      full_name: "Siti Aminah",
      identity_type: "NIK",
      identity_number: "3171000000009999",
      nationality: "ID",
      birth_place: "Surabaya",
      birth_date: "1989-11-02",
      gender: "P",
      address: "Jl. Darmo No. 5, Surabaya",
      phone: "081299998888",
      profession: "DOKTER_GIGI",
      institution_id: 999999,
      graduation_country: "EG",
      graduation_year: "2014",
    };
    const unknown = await typedRequest(api, "PUT", "/me/profile", { token, body: body });
    expect((await expectError(unknown, 400, "VALIDATION_ERROR")).error.details).toMatchObject([
      { path: "institution_id", message: "Institusi Pendidikan harus berupa nilai yang diizinkan" },
    ]);
    const [inst] = answered(await api.client().call("GET", "/institutions", { query: { country: "EG" } })).data;
    const saved = await typedRequest(api, "PUT", "/me/profile", { token, body: { ...body, institution_id: String(inst.id) } });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ full_name: "Siti Aminah", institution_id: inst.id, graduation_year: 2014, complete: true });
  });

  it("stores a JPG/PNG photo and refuses anything else", async () => {
    const email = `foto.${Date.now()}@contoh.id`;
    await api.createUser({ email });
    const { token } = await api.login(email);
    const send = (name: string, data: Buffer, field = "photo") => {
      const fd = new FormData();
      fd.append(field, new Blob([new Uint8Array(data)]), name);
      return typedUpload(api, "/me/profile/photo", fd, { token });
    };
    const wrong = await send("foto.jpg", await pdf());
    expect((await expectError(wrong, 400, "VALIDATION_ERROR")).error.details).toMatchObject([
      { path: "photo", message: "Tipe berkas harus JPG, JPEG atau PNG." },
    ]);
    await expectError(await send("foto.jpg", jpg(), "other"), 400, "UNEXPECTED_FILE");
    const ok = await send("foto.jpg", jpg());
    expect(ok.status).toBe(200);
    const { file_id } = (await ok.json()).data;
    const [row] = await api.db.select().from(applicantProfiles).where(eq(applicantProfiles.photoFileId, file_id));
    expect(row).toBeDefined();
    const file = await typedRequest(api, "GET", `/files/${file_id}`, { token });
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    const other = await api.login("pemohon@adaptasi.test");
    await expectError(await typedRequest(api, "GET", `/files/${file_id}`, { token: other.token }), 404, "NOT_FOUND");
  });
});
