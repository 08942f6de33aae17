import { describe, expect, it } from "vitest";
import type { InProcessCall } from "#contracts/in-process";
import { createApiClient, requirementsIn } from "./api.server";

// A refused call carries the API's Retry-After (whole seconds), over HTTP and in process alike, so the
// page can pass it on and say how long to wait (form-reply.server.ts).

const LIMITED = { error: { code: "RATE_LIMITED", message: "Terlalu banyak percobaan. Coba lagi dalam 1 menit." } };
const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(LIMITED), { status, headers: { "content-type": "application/json", ...headers } });

describe("a refused API call", () => {
  it("carries a 429's Retry-After in seconds, over HTTP", async () => {
    const api = createApiClient({ fetch: async () => answer(429, { "Retry-After": "30" }), baseUrl: "http://api.test", apiKey: "k" });
    expect(await api.call("POST", "/login", { body: { email: "a@b.id", password: "x" } })).toEqual({
      ok: false,
      status: 429,
      error: LIMITED.error,
      retryAfterSec: 30,
    });
  });

  it("carries it from an in-process answer too", async () => {
    const inProcess = async (_request: Request, env: { inProcess: InProcessCall }) => {
      env.inProcess.payload = LIMITED;
      return answer(429, { "Retry-After": "120" });
    };
    const api = createApiClient({ fetch: async () => answer(500), baseUrl: "http://api.test", apiKey: "k", inProcess });
    expect(await api.call("POST", "/password/forgot", { body: { email: "a@b.id" } })).toMatchObject({ status: 429, retryAfterSec: 120 });
  });

  it("carries none when the header is missing or not a number of seconds", async () => {
    for (const headers of [{}, { "Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT" }, { "Retry-After": "-5" }] as Record<string, string>[]) {
      const api = createApiClient({ fetch: async () => answer(429, headers), baseUrl: "http://api.test", apiKey: "k" });
      expect(await api.call("POST", "/login", { body: { email: "a@b.id", password: "x" } })).not.toHaveProperty("retryAfterSec");
    }
  });

  it("words a refusal's code from the locale files in the request's language, with its parameters", async () => {
    const refusal = { error: { code: "NOT_FOUND", message: "Jabatan tidak ditemukan.", params: { kind: "position" } } };
    const fetch = async () => new Response(JSON.stringify(refusal), { status: 404, headers: { "content-type": "application/json" } });
    const en = createApiClient({ fetch, baseUrl: "http://api.test", apiKey: "k", language: "en-US" });
    expect(await en.call("GET", "/admin/positions/{id}" as never)).toMatchObject({
      ok: false,
      status: 404,
      error: { code: "NOT_FOUND", message: "Position not found." },
    });
    const id = createApiClient({ fetch, baseUrl: "http://api.test", apiKey: "k" });
    expect(await id.call("GET", "/admin/positions/{id}" as never)).toMatchObject({ error: { message: "Jabatan tidak ditemukan." } });
  });

  it("words each refused field from the locale files in the request's language, its label too", async () => {
    const details = [
      {
        path: "full_name",
        code: "required",
        labels: { field: "accounts:fields.full_name" },
        message: "Nama Lengkap harus diisi",
      },
      {
        path: "q",
        code: "too_long",
        params: { max: 100 },
        labels: { field: "errors:fields.search" },
        message: "Pencarian tidak boleh lebih dari 100 karakter",
      },
      {
        path: "doc_6",
        code: "document_missing",
        labels: { field: "documents:names.6" },
        message: "Dokumen pengalaman kerja harus diunggah",
      },
      { path: "photo", code: "file_type", params: { kind: "one", last: "PNG" }, message: "Tipe berkas harus PNG." },
      { path: "x", code: "custom", message: "Kata-kata API." },
      { path: "y", message: "Tanpa kode." },
    ];
    const refusal = { error: { code: "VALIDATION_ERROR", message: "Data yang dikirim tidak valid.", details } };
    const fetch = async () => new Response(JSON.stringify(refusal), { status: 400, headers: { "content-type": "application/json" } });
    const en = createApiClient({ fetch, baseUrl: "http://api.test", apiKey: "k", language: "en-US" });
    const answer = await en.call("POST", "/login", { body: { email: "a@b.id", password: "x" } });
    expect(answer.ok ? [] : answer.error.details!.map((d) => d.message)).toEqual([
      "Full name is required",
      "Search may not be longer than 100 characters",
      "Proof of at least 3 (three) years of work experience with a practice licence from the country of origin must be uploaded",
      "The file type must be PNG.",
      "Kata-kata API.",
      "Tanpa kode.",
    ]);
    const id = createApiClient({ fetch, baseUrl: "http://api.test", apiKey: "k" });
    const asIs = await id.call("POST", "/login", { body: { email: "a@b.id", password: "x" } });
    expect(asIs.ok ? [] : asIs.error.details!.map((d) => d.message)).toEqual([
      "Nama Lengkap harus diisi",
      "Pencarian tidak boleh lebih dari 100 karakter",
      "Dokumen pengalaman kerja paling sedikit 3 (tiga) tahun disertai surat izin praktik dari negara asal harus diunggah",
      "Tipe berkas harus PNG.",
      "Kata-kata API.",
      "Tanpa kode.",
    ]);
  });

  it("words document requirements by id in a language; one the list does not hold keeps the API's words", () => {
    const api = [
      { id: 6, name: "Dokumen pengalaman kerja …", help_text: "Tipe berkas …" },
      { id: 999, name: "Persyaratan baru", help_text: "Bantuan" },
    ];
    expect(requirementsIn(api, "en-US")).toEqual([
      {
        id: 6,
        name: "Proof of at least 3 (three) years of work experience with a practice licence from the country of origin",
        help_text: "The file type must be JPG, JPEG, PNG or PDF. The file may be at most 2MB.",
      },
      { id: 999, name: "Persyaratan baru", help_text: "Bantuan" },
    ]);
    expect(requirementsIn([{ id: 2, name: "x" }])).toEqual([{ id: 2, name: "Curriculum Vitae (CV)" }]);
  });

  it("keeps the API's own words for a code it does not know, or one whose parameters are missing", async () => {
    for (const error of [{ code: "FROM_A_NEWER_API", message: "Pesan dari API." }, LIMITED.error]) {
      const fetch = async () => new Response(JSON.stringify({ error }), { status: 409, headers: { "content-type": "application/json" } });
      const api = createApiClient({ fetch, baseUrl: "http://api.test", apiKey: "k", language: "en-US" });
      expect(await api.call("POST", "/login", { body: { email: "a@b.id", password: "x" } })).toMatchObject({ error });
    }
  });
});
