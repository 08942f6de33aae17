import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { adoptAddress, recordFirstStart } from "../../services/live-service";
import { answered, createTestApi, expectError, type TestApi, typedRequest } from "../../test/helpers";

let api: TestApi;
let superToken: string;
let adminToken: string;
beforeAll(async () => {
  api = await createTestApi();
  superToken = (await api.login("superadmin@adaptasi.test")).token;
  adminToken = (await api.login("admin@adaptasi.test")).token;
});
afterAll(() => api?.close());

/** A mail the worker gave up on, as it leaves it. */
async function failedMail(recipient: string) {
  const [row] = await api.db
    .insert(mailOutbox)
    .values({
      kind: "activation",
      recipient,
      recipientName: "Gagal",
      subject: "Aktivasi akun",
      text: "teks",
      html: "<p>teks</p>",
      status: "failed",
      attempts: 8,
      lastError: "550 mailbox unavailable",
    })
    .returning();
  return row;
}

describe("/admin/mail-outbox", () => {
  it("lists failed mails to the Super Admin without their bodies, and sends one again exactly once", async () => {
    const row = await failedMail("gagal@contoh.id");
    const list = await typedRequest(api, "GET", "/admin/mail-outbox/failed", { token: superToken });
    expect(list.status).toBe(200);
    const { data } = await list.json();
    expect(data).toContainEqual({
      id: row.id,
      kind: "activation",
      recipient: "gagal@contoh.id",
      subject: "Aktivasi akun",
      attempts: 8,
      last_error: "550 mailbox unavailable",
      created_at: row.createdAt.toISOString(),
    });
    expect(JSON.stringify(data)).not.toContain("teks");

    const resent = await typedRequest(api, "POST", `/admin/mail-outbox/${row.id}/resend`, { token: superToken });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ data: { id: row.id, status: "pending" } });
    const mails = await api.mails("gagal@contoh.id");
    expect(mails).toHaveLength(1);
    expect(mails[0].headers["message-id"]).toBe(`<${row.id}@adaptasi.kemkes.go.id>`);
    const [after] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after).toMatchObject({ status: "sent", attempts: 1 });

    // No longer failed: a second resend is 404, and the list no longer has it.
    await expectError(await typedRequest(api, "POST", `/admin/mail-outbox/${row.id}/resend`, { token: superToken }), 404, "NOT_FOUND");
    await expectError(await typedRequest(api, "POST", `/admin/mail-outbox/bukan-uuid/resend`, { token: superToken }), 404, "NOT_FOUND");
    const again = answered(await api.client().call("GET", "/admin/mail-outbox/failed", { token: superToken }));
    expect(again.data.map((m: { id: string }) => m.id)).not.toContain(row.id);
  });

  it("says whether mail leaves this instance: held on a copy of the database until adopted", async () => {
    const copy = await createTestApi({ publicUrl: "https://salinan.example.go.id", mailPollMs: 0 });
    try {
      const token = (await copy.login("superadmin@adaptasi.test")).token;
      const delivery = async () => (await (await copy.request("/api/v1/admin/mail-outbox/delivery", { token })).json()).data;
      expect(await delivery()).toEqual({ mail: "sending", jobs: true, pending: 0 });
      await recordFirstStart(copy.db, "https://adaptasi.example.go.id");
      await copy.request("/api/v1/password/forgot", { json: { email: "pemohon@adaptasi.test" } });
      await copy.mailer.idle();
      expect(await delivery()).toEqual({ mail: "held", jobs: false, reason: "public-url-mismatch", pending: 1 });
      await adoptAddress(copy.db, "https://salinan.example.go.id");
      await copy.mailer.idle();
      expect(await delivery()).toEqual({ mail: "sending", jobs: true, pending: 0 });
      await expectError(
        await copy.request("/api/v1/admin/mail-outbox/delivery", { token: (await copy.login("admin@adaptasi.test")).token }),
        403,
        "ADMIN_ROLE_REQUIRED",
      );
    } finally {
      await copy.close();
    }
  });

  it("is the Super Admin's alone", async () => {
    const row = await failedMail("lain@contoh.id");
    await expectError(await typedRequest(api, "GET", "/admin/mail-outbox/failed", { token: adminToken }), 403, "ADMIN_ROLE_REQUIRED");
    await expectError(await typedRequest(api, "POST", `/admin/mail-outbox/${row.id}/resend`, { token: adminToken }), 403, "ADMIN_ROLE_REQUIRED");
    const [still] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(still.status).toBe("failed");
  });

  it("records a recovery mail in the outbox and marks it sent once delivered", async () => {
    const res = await typedRequest(api, "POST", "/password/forgot", { body: { email: "superadmin@adaptasi.test" } });
    expect(res.status).toBe(200);
    expect(await api.mails("superadmin@adaptasi.test")).toHaveLength(1);
    const rows = await api.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "superadmin@adaptasi.test"));
    expect(rows).toMatchObject([{ kind: "password_reset", status: "sent", attempts: 1 }]);
    expect(rows[0].sentAt).not.toBeNull();
  });
});
