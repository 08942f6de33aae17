import { describe, expect, it } from "vitest";
import { createApiClient } from "~/utils/api.server";
import { detailErrors, uploadErrors } from "./applicant.server";

describe("document errors", () => {
  it("keys the API's per-document errors and DOCUMENTS_MISSING details by requirement id", () => {
    expect(uploadErrors({ saved: [1], errors: [{ requirement_id: 4, message: "Berkas kosong." }] })).toEqual({ 4: "Berkas kosong." });
    expect(detailErrors([{ path: "doc_2", message: "harus diisi" }, { path: "email", message: "x" }, { path: "doc_2", message: "second" }])).toEqual({ 2: "harus diisi" });
    expect(detailErrors(undefined)).toEqual({});
  });
});

describe("api.upload", () => {
  it("streams the body untouched with its content type, key and token", async () => {
    let seen: { url: string; contentType: string | null; auth: string | null; key: string | null; body: string } | undefined;
    const api = createApiClient({
      baseUrl: "http://api.test",
      apiKey: "k",
      fetch: async (request) => {
        seen = { url: request.url, contentType: request.headers.get("content-type"), auth: request.headers.get("authorization"), key: request.headers.get("x-adaptasiapikey"), body: await request.text() };
        return Response.json({ data: { saved: [1], errors: [] } });
      },
    });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("--b\r\n"));
        controller.enqueue(new TextEncoder().encode("part--b--\r\n"));
        controller.close();
      },
    });
    const r = await api.upload("/applications/a1/documents", body, "multipart/form-data; boundary=b", { token: "t" });
    expect(r).toEqual({ ok: true, status: 200, body: { data: { saved: [1], errors: [] } } });
    expect(seen).toEqual({ url: "http://api.test/api/v1/applications/a1/documents", contentType: "multipart/form-data; boundary=b", auth: "Bearer t", key: "k", body: "--b\r\npart--b--\r\n" });
  });

  it("answers 503 when the API cannot be reached", async () => {
    const api = createApiClient({ baseUrl: "http://api.test", apiKey: "k", fetch: async () => { throw new TypeError("fetch failed"); } });
    const r = await api.upload("/x", null, "multipart/form-data; boundary=b");
    expect(r).toMatchObject({ ok: false, status: 503, error: { code: "API_UNAVAILABLE" } });
  });
});
