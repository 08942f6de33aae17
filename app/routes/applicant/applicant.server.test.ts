import { describe, expect, it } from "vitest";
import { createApiClient } from "~/utils/api.server";
import { i18next } from "~/utils/i18n.server";
import { reuploadNote } from "./__applicant.server";
import { detailErrors, documentPostResponse, uploadErrors, uploadRefused, type UploadOutcome } from "~/features/documents/documents.server";

describe("document errors", () => {
  it("keys the API's per-document errors and DOCUMENTS_MISSING details by requirement id", () => {
    expect(uploadErrors({ saved: [1], errors: [{ requirement_id: 4, message: "Berkas kosong." }] })).toEqual({ 4: "Berkas kosong." });
    expect(
      detailErrors([
        { path: "doc_2", message: "harus diisi" },
        { path: "email", message: "x" },
        { path: "doc_2", message: "second" },
      ]),
    ).toEqual({ 2: "harus diisi" });
    expect(detailErrors(undefined)).toEqual({});
  });

  it("words each refused file from its code in the request's language", () => {
    const outcome: UploadOutcome = {
      saved: [],
      errors: [
        { requirement_id: 4, code: "file_type", params: { types: "JPG, JPEG, PNG", last: "PDF" }, message: "Tipe berkas harus JPG, JPEG, PNG atau PDF." },
        { requirement_id: 5, code: "size", params: { size: 5120 }, message: "harus lebih kecil dari 5120KB" },
      ],
    };
    expect(uploadErrors(outcome, "en-US")).toEqual({ 4: "The file type must be JPG, JPEG, PNG or PDF.", 5: "must be smaller than 5120KB" });
    expect(uploadErrors(outcome)).toEqual({ 4: "Tipe berkas harus JPG, JPEG, PNG atau PDF.", 5: "harus lebih kecil dari 5120KB" });
  });
});

describe("reuploadNote", () => {
  const entry = (to_status: "IN-PROGRESS" | "REUPLOAD", note: string | null) => ({
    at: "2026-11-01T00:00:00Z",
    action: "decision",
    actor_role: 2,
    from_stage_id: 1,
    from_status: null,
    to_stage_id: 1,
    to_status,
    note,
  });
  it("is the note of the latest decision that sent the file back, while the reupload is open", () => {
    const timeline = [entry("REUPLOAD", "Yang pertama."), entry("IN-PROGRESS", "Dikirim ulang."), entry("REUPLOAD", "CV perlu diperbarui.")];
    expect(reuploadNote({ status: "REUPLOAD", timeline })).toBe("CV perlu diperbarui.");
    expect(reuploadNote({ status: "IN-PROGRESS", timeline })).toBeNull();
    expect(reuploadNote({ status: "REUPLOAD", timeline: [entry("REUPLOAD", "")] })).toBeNull();
  });
});

describe("api.upload", () => {
  it("streams the body untouched with its content type, key and token", async () => {
    let seen: { url: string; contentType: string | null; auth: string | null; key: string | null; body: string } | undefined;
    const api = createApiClient({
      baseUrl: "http://api.test",
      apiKey: "k",
      fetch: async (request) => {
        seen = {
          url: request.url,
          contentType: request.headers.get("content-type"),
          auth: request.headers.get("authorization"),
          key: request.headers.get("x-adaptasiapikey"),
          body: await request.text(),
        };
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
    expect(seen).toEqual({
      url: "http://api.test/api/v1/applications/a1/documents",
      contentType: "multipart/form-data; boundary=b",
      auth: "Bearer t",
      key: "k",
      body: "--b\r\npart--b--\r\n",
    });
  });

  it("answers 503 when the API cannot be reached", async () => {
    const api = createApiClient({
      baseUrl: "http://api.test",
      apiKey: "k",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    const r = await api.upload("/applications/a1/documents", null, "multipart/form-data; boundary=b");
    expect(r).toMatchObject({ ok: false, status: 503, error: { code: "API_UNAVAILABLE" } });
  });
});

describe("an upload the API refuses whole", () => {
  it("names a storage quota's limit in MB at the top of the form, keeping the status", async () => {
    const t = await i18next.getFixedT("id", "applicant");
    const quota = (scope: string) => ({ code: "UPLOAD_QUOTA_EXCEEDED", message: "…", params: { scope, limit_mb: 60 } });
    expect(uploadRefused(413, quota("application"), t)).toEqual({
      ok: false,
      status: 413,
      errors: {
        documents: {},
        form: [
          "Berkas tidak disimpan: satu permohonan dapat menyimpan dokumen paling banyak 60 MB, dan unggahan ini akan melampauinya. Dokumen yang sudah tersimpan tetap ada.",
        ],
      },
    });
    expect(uploadRefused(413, quota("account"), t)).toMatchObject({
      status: 413,
      errors: { form: [expect.stringContaining("draf akun ini yang belum dikirim dapat menyimpan dokumen paling banyak 60 MB")] },
    });
    const en = await i18next.getFixedT("en", "applicant");
    expect(uploadRefused(413, quota("application"), en)).toMatchObject({ errors: { form: [expect.stringContaining("at most 60 MB of documents")] } });
  });

  it("answers the cap on uploads per minute with 429, Retry-After and the wait on the form", async () => {
    const t = await i18next.getFixedT("id", "applicant");
    const result = uploadRefused(429, { code: "RATE_LIMITED", message: "…", params: { retry_after_sec: 42 } }, t);
    expect(result).toEqual({
      ok: false,
      status: 429,
      headers: { "Retry-After": "42" },
      errors: { documents: {}, form: ["Terlalu banyak unggahan dalam satu menit. Dokumen yang sudah tersimpan tetap ada; coba lagi dalam 42 detik."] },
    });
    const page = (await documentPostResponse(result)) as unknown as { init: { status: number; headers: Record<string, string> } };
    expect(page.init).toMatchObject({ status: 429, headers: { "Retry-After": "42" } });
    // Any other refusal as the API says it.
    expect(uploadRefused(400, { code: "MALFORMED_MULTIPART", message: "Permintaan unggah tidak valid." }, t)).toMatchObject({
      status: 400,
      errors: { form: ["Permintaan unggah tidak valid."] },
    });
  });
});
