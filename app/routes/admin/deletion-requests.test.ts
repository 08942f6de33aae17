import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";

// /deletion-requests: the Super Admin's decision is final either way, so the first valid post only shows it
// back with the spec's Yes/No; only confirm=yes reaches the API. A request that is gone or decided is never sent.

const adminApi = vi.fn();
const call = vi.fn();
vi.mock("~/utils/guards.server", () => ({ requireUser: vi.fn(async () => ({ user: { id: "me", role_id: 1 } })) }));
vi.mock("~/utils/session.server", () => ({ toastCookie: vi.fn(async ({ message }: { message: string }) => `toast=${encodeURIComponent(message)}`) }));
vi.mock("~/utils/admin.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/utils/admin.server")>()),
  adminApi: (...args: unknown[]) => adminApi(...args),
}));

const { action } = await import("~/routes/admin/deletion-requests");

const context = { auth: async () => ({ kind: "loaded", session: { accessToken: "t" } }), api: { call } } as unknown as AppLoadContext;
const ROW = {
  id: 7,
  status: "PENDING",
  note: null,
  created_at: "2026-11-20T03:00:00.000Z",
  decided_at: null,
  reason: null,
  applicant_name: "dr. Sari Wulandari",
  applicant_email: "sari@contoh.id",
  registration_numbers: ["ADP-2026-000018"],
  decided_by_name: null,
};
const post = (fields: Array<[string, string]>) =>
  action({
    request: new Request("http://localhost/deletion-requests?id=7", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
    context,
    params: {},
  });
const reject: Array<[string, string]> = [
  ["intent", "decide"],
  ["request_id", "7"],
  ["decision", "REJECT"],
  ["reason", "  Berkas masih dalam banding.  "],
];

beforeEach(() => {
  adminApi.mockReset();
  adminApi.mockResolvedValue({ ok: true, status: 200, body: { data: { ...ROW, status: "REJECTED" } } });
  call.mockReset();
  call.mockResolvedValue({ ok: true, status: 200, body: { data: [ROW], meta: { page: 1, per_page: 25, total: 1, pages: 1 } } });
});

describe("/deletion-requests decision", () => {
  it("shows the decision back with Yes/No first, and sends nothing", async () => {
    expect(await post(reject)).toEqual({ confirm: reject, check: { decision: "REJECT", reason: "Berkas masih dalam banding." } });
    expect(call).toHaveBeenCalledWith("GET", "/admin/deletion-requests", { token: "t", query: { id: "7" } });
    expect(adminApi).not.toHaveBeenCalled();
  });

  it("decides on Yes, with the reason trimmed, and answers with a toast", async () => {
    const answer = (await post([...reject, ["confirm", "yes"]])) as Response;
    expect(adminApi).toHaveBeenCalledWith(context, "POST", "/admin/deletion-requests/7/decision", {
      body: { decision: "REJECT", reason: "Berkas masih dalam banding." },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/deletion-requests");
    expect(decodeURIComponent(answer.headers.get("set-cookie") ?? "")).toContain("dr. Sari Wulandari ditolak");
  });

  it("refuses a missing or short reason before asking", async () => {
    for (const reason of ["", "abc"]) {
      const answer = (await post([
        ["intent", "decide"],
        ["request_id", "7"],
        ["decision", "APPROVE"],
        ["reason", reason],
      ])) as { init: { status: number } };
      expect(answer.init.status).toBe(400);
    }
    expect(adminApi).not.toHaveBeenCalled();
  });

  it("sends nothing for an id that names no request, or one already decided", async () => {
    const gone = (await post([
      ["intent", "decide"],
      ["request_id", "x"],
      ["decision", "REJECT"],
      ["reason", "Alasan cukup panjang"],
      ["confirm", "yes"],
    ])) as Response;
    expect(gone.status).toBe(302);
    expect(call).not.toHaveBeenCalled();
    call.mockResolvedValue({ ok: true, status: 200, body: { data: [{ ...ROW, status: "APPROVED" }], meta: { page: 1, per_page: 25, total: 1, pages: 1 } } });
    const decided = (await post([...reject, ["confirm", "yes"]])) as Response;
    expect(decodeURIComponent(decided.headers.get("set-cookie") ?? "")).toContain("sudah diputuskan");
    expect(adminApi).not.toHaveBeenCalled();
  });

  it("says a decision taken meanwhile (409) in words, never as an error page", async () => {
    adminApi.mockResolvedValue({ ok: false, status: 409, error: { code: "DELETION_REQUEST_DECIDED", message: "x" } });
    const answer = (await post([...reject, ["confirm", "yes"]])) as Response;
    expect(answer.status).toBe(302);
    expect(decodeURIComponent(answer.headers.get("set-cookie") ?? "")).toContain("sudah diputuskan");
  });
});
