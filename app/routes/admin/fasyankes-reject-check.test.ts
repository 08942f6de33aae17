import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Rejecting a facility's verification is final: the first valid post shows it back ("Periksa kembali"),
// "Ubah" returns to the filled form, and only intent=confirm (checked again) reaches the API.

const adminApi = vi.fn();
vi.mock("~/utils/guards.server", () => ({ requireUser: vi.fn(async () => ({ user: { id: "me", role_id: 1 } })) }));
vi.mock("~/utils/session.server", () => ({ toastCookie: vi.fn(async () => "toast=1") }));
vi.mock("~/routes/admin/__admin.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/routes/admin/__admin.server")>()),
  adminApi: (...args: unknown[]) => adminApi(...args),
}));

const { action } = await import("~/routes/admin/admin-fasyankes-list.$id");

const context = {} as AppLoadContext;
const post = (fields: Array<[string, string]>) =>
  action({
    request: new Request("http://localhost/admin-fasyankes-list/f1", { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } }),
    context,
    params: { id: "f1" },
  }) as Promise<{ data: { check: { verification_id: string; reason: string } | null; result: { initialValue?: Record<string, unknown> } | null }; init: { status?: number } | null } | Response>;
const reject: Array<[string, string]> = [["verification_id", "7"], ["decision", "REJECT"], ["reason", "Nomor izin tidak terbaca"]];

beforeEach(() => {
  adminApi.mockReset();
  adminApi.mockResolvedValue({ ok: true, status: 200, body: { data: { full_name: "Admin", facility: { facility_name: "Klinik Sehat" } } } });
});

describe("/admin-fasyankes-list/:id Tolak", () => {
  it("shows the check first and sends nothing", async () => {
    const answer = await post([...reject, ["intent", "check"]]);
    expect(answer).not.toBeInstanceOf(Response);
    expect((answer as { data: { check: unknown } }).data.check).toEqual({ verification_id: "7", reason: "Nomor izin tidak terbaca" });
    expect(adminApi).not.toHaveBeenCalled();
  });

  it("Ubah returns to the form with the reason kept, sending nothing", async () => {
    const answer = (await post([...reject, ["intent", "edit"]])) as { data: { check: unknown; result: { initialValue?: Record<string, unknown> } } };
    expect(answer.data.check).toBeNull();
    expect(answer.data.result.initialValue).toMatchObject({ reason: "Nomor izin tidak terbaca", decision: "REJECT" });
    expect(adminApi).not.toHaveBeenCalled();
  });

  it("rejects only on confirm, checking the fields again", async () => {
    const invalid = (await post([["verification_id", "7"], ["decision", "REJECT"], ["intent", "confirm"]])) as { init: { status: number } };
    expect(invalid.init.status).toBe(400);
    expect(adminApi).not.toHaveBeenCalled();
    const answer = (await post([...reject, ["intent", "confirm"]])) as Response;
    expect(adminApi).toHaveBeenCalledWith(context, "POST", "/admin/facilities/f1/verify", { body: { verification_id: 7, decision: "REJECT", reason: "Nomor izin tidak terbaca" } });
    expect(answer.status).toBe(302);
  });

  it("approves in one step", async () => {
    const answer = (await post([["verification_id", "7"], ["decision", "APPROVE"], ["intent", "check"]])) as Response;
    expect(adminApi).toHaveBeenCalledOnce();
    expect(answer.status).toBe(302);
  });
});
