import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Deactivating a user and deleting a master entry are asked Yes/No first (spec §9): the first POST
// changes nothing and answers the fields to ask about again; only confirm=yes calls the API.

const adminApi = vi.fn();
vi.mock("~/utils/guards.server", () => ({ requireUser: vi.fn(async () => ({ user: { id: "me", role_id: 1 } })) }));
vi.mock("~/utils/session.server", () => ({ toastCookie: vi.fn(async () => "toast=1") }));
vi.mock("~/utils/admin.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/utils/admin.server")>()),
  adminApi: (...args: unknown[]) => adminApi(...args),
}));

const { action: userAction } = await import("~/routes/admin/user-list.$id");
const { referenceEntryAction } = await import("~/routes/admin/__admin-reference.server");
const { action: facilityAction } = await import("~/routes/admin/admin-fasyankes-list.$id");

function request(path: string, fields: Array<[string, string]>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}
const context = {} as AppLoadContext;

beforeEach(() => {
  adminApi.mockReset();
  adminApi.mockResolvedValue({ ok: true, status: 200, body: { data: { deleted: true } } });
});

describe("/user-list/:id deactivate", () => {
  const fields: Array<[string, string]> = [
    ["reason", "Masa tugas sebagai anggota kolegium berakhir"],
    ["intent", "deactivate"],
  ];

  it("asks first and deactivates nothing", async () => {
    expect(await userAction({ request: request("/user-list/u1", fields), context, params: { id: "u1" } })).toEqual({ confirm: fields });
    expect(adminApi).not.toHaveBeenCalled();
  });

  it("deactivates on Yes", async () => {
    const answer = (await userAction({ request: request("/user-list/u1", [...fields, ["confirm", "yes"]]), context, params: { id: "u1" } })) as Response;
    expect(adminApi).toHaveBeenCalledWith(context, "POST", "/admin/users/u1/deactivate", { body: { reason: "Masa tugas sebagai anggota kolegium berakhir" } });
    expect(answer.status).toBe(302);
  });

  it("checks the reason before asking, and never asks to reactivate", async () => {
    const invalid = (await userAction({ request: request("/user-list/u1", [["intent", "deactivate"]]), context, params: { id: "u1" } })) as {
      init: { status: number };
    };
    expect(invalid.init.status).toBe(400);
    await userAction({
      request: request("/user-list/u1", [
        ["reason", "Kembali bertugas"],
        ["intent", "reactivate"],
      ]),
      context,
      params: { id: "u1" },
    });
    expect(adminApi).toHaveBeenCalledWith(context, "POST", "/admin/users/u1/reactivate", expect.anything());
  });
});

describe("master entry delete", () => {
  it("asks first and deletes nothing; deletes on Yes", async () => {
    const args = (fields: Array<[string, string]>) => ({ request: request("/specialization-list/5", fields), context, params: { id: "5" } });
    expect(await referenceEntryAction("specialization", args([["intent", "delete"]]))).toEqual({ confirm: [["intent", "delete"]] });
    expect(adminApi).not.toHaveBeenCalled();
    const answer = (await referenceEntryAction(
      "specialization",
      args([
        ["intent", "delete"],
        ["confirm", "yes"],
      ]),
    )) as Response;
    expect(adminApi).toHaveBeenCalledWith(context, "DELETE", "/admin/specializations/5");
    expect(answer.headers.get("location")).toBe("/specialization-list");
  });
});

// Rejecting a facility's verification is final too: the first valid post shows it back ("Periksa
// kembali"), "Ubah" returns to the filled form, and only intent=confirm (checked again) reaches the API.
describe("/admin-fasyankes-list/:id Tolak", () => {
  const post = (fields: Array<[string, string]>) =>
    facilityAction({ request: request("/admin-fasyankes-list/f1", fields), context, params: { id: "f1" } }) as Promise<
      | {
          data: { check: { verification_id: string; reason: string } | null; result: { initialValue?: Record<string, unknown> } | null };
          init: { status?: number } | null;
        }
      | Response
    >;
  const reject: Array<[string, string]> = [
    ["verification_id", "7"],
    ["decision", "REJECT"],
    ["reason", "Nomor izin tidak terbaca"],
  ];
  beforeEach(() => adminApi.mockResolvedValue({ ok: true, status: 200, body: { data: { full_name: "Admin", facility: { facility_name: "Klinik Sehat" } } } }));

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
    const invalid = (await post([
      ["verification_id", "7"],
      ["decision", "REJECT"],
      ["intent", "confirm"],
    ])) as { init: { status: number } };
    expect(invalid.init.status).toBe(400);
    expect(adminApi).not.toHaveBeenCalled();
    const answer = (await post([...reject, ["intent", "confirm"]])) as Response;
    expect(adminApi).toHaveBeenCalledWith(context, "POST", "/admin/facilities/f1/verify", {
      body: { verification_id: 7, decision: "REJECT", reason: "Nomor izin tidak terbaca" },
    });
    expect(answer.status).toBe(302);
  });

  it("approves in one step", async () => {
    const answer = (await post([
      ["verification_id", "7"],
      ["decision", "APPROVE"],
      ["intent", "check"],
    ])) as Response;
    expect(adminApi).toHaveBeenCalledOnce();
    expect(answer.status).toBe(302);
  });
});
