import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirementsFor } from "#domain/documents";
import { type ApiQuery, createTestApi, expectError, type TestApi, typedRequest } from "../../test/helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const list = async (query?: ApiQuery<"GET", "/document-requirements">) => {
  const res = await typedRequest(api, "GET", "/document-requirements", { query });
  expect(res.status).toBe(200);
  return (await res.json()).data as Record<string, unknown>[];
};

describe("GET /api/v1/document-requirements", () => {
  it("lists each pathway's documents in order (7/7/8)", async () => {
    for (const jalur of ["REG", "SPE", "OTH"] as const) {
      const data = await list({ jalur });
      const expected = requirementsFor(jalur);
      expect(data.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(data.map((r) => r.name)).toEqual(expected.map((r) => r.name));
    }
    expect(await list({ jalur: "OTH" })).toHaveLength(8);
  });

  it("answers every field of spec §3 plus merged", async () => {
    const [first] = await list({ jalur: "REG" });
    expect(first).toEqual({
      id: 1,
      jalur_id: "REG",
      name: "Bukti identitas diri yang masih berlaku",
      description: null,
      help_text: "Tipe berkas harus JPG, JPEG, PNG atau PDF. Ukuran berkas maksimal 2MB.",
      max_size: 2,
      allowed_extnames: "jpg,jpeg,png,pdf",
      order_num: 1,
      is_active: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: null,
      is_kek: false,
      allowed_mimetypes: "image/jpg,image/jpeg,image/png,application/pdf",
      merged: false,
    });
  });

  it("lists all 22 when no pathway is given, REG then SPE then OTH", async () => {
    const data = await list();
    expect(data.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 28]);
  });

  it("refuses an unknown pathway, by code and label key (no sentence of the schema's own)", async () => {
    // Raw: a pathway the route's query type does not know.
    const res = await api.request("/api/v1/document-requirements?jalur=XYZ");
    await expectError(res.clone(), 400, "VALIDATION_ERROR");
    expect((await res.json()).error.details).toMatchObject([
      { path: "jalur", code: "oneOf", labels: { field: "errors:fields.jalur" }, message: "Jalur harus berupa nilai yang diizinkan" },
    ]);
  });
});
