import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { citizenSignUp } from "./factories";
import { answered, createTestApi, expectError, type TestApi, typedRequest } from "./helpers";
import { applicantWithProfile } from "./journeys";

// Names and free texts refuse control characters at the API too, whether a portal form sent the body or
// not: a CR/LF in a stored name becomes a second line in a mail header, a CSV row or a log line. One-line
// fields refuse every C0/C1 control character and DEL; multi-line ones (notes, reasons) keep line breaks.

const ONE_LINE = "tidak boleh berisi baris baru, tab, atau karakter kontrol lainnya";
const LINES = "tidak boleh berisi tab atau karakter kontrol lainnya; baris baru boleh";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api?.close());

const userByEmail = async (email: string) => (await api.db.select().from(users).where(eq(users.email, email)))[0];

describe("control characters in names and free text", () => {
  it("a sign-up whose name carries CR/LF is refused with 400 VALIDATION_ERROR on the name, and no account is made", async () => {
    const body = citizenSignUp({ full_name: "Budi Santoso\r\nBcc: semua@contoh.id" });
    const refused = await expectError(await typedRequest(api, "POST", "/register/citizen", { body }), 400, "VALIDATION_ERROR");
    expect(refused.error.details).toMatchObject([{ path: "full_name", message: ONE_LINE }]);
    expect(await userByEmail(body.email)).toBeUndefined();
    // A lone LF, a tab and an escape sequence too; the same name without them is taken.
    for (const name of ["Budi\nSantoso", "Budi\tSantoso", "Budi \u001b[2JSantoso", "Budi\u0085Santoso"]) {
      const again = await expectError(
        await typedRequest(api, "POST", "/register/citizen", { body: citizenSignUp({ full_name: name }) }),
        400,
        "VALIDATION_ERROR",
      );
      expect(again.error.details, JSON.stringify(name)).toMatchObject([{ path: "full_name", code: "controlCharacters", message: ONE_LINE }]);
    }
    expect((await typedRequest(api, "POST", "/register/citizen", { body: citizenSignUp({ full_name: "Budi Santoso" }) })).status).toBe(201);
  });

  it("a saved name cannot be changed to one with a line break", async () => {
    const { token } = await api.login("pemohon@adaptasi.test");
    const before = (await (await typedRequest(api, "GET", "/me/profile", { token })).json()).data;
    const res = await typedRequest(api, "PUT", "/me/profile", { token, body: { ...before, full_name: "Pemohon\r\nDemo" } });
    expect((await expectError(res, 400, "VALIDATION_ERROR")).error.details).toContainEqual(expect.objectContaining({ path: "full_name", message: ONE_LINE }));
    expect((await (await typedRequest(api, "GET", "/me/profile", { token })).json()).data.full_name).toBe(before.full_name);
  });

  it("a portfolio sent straight to the API (its own schema, no portal form) refuses them in every text", async () => {
    const { token } = await applicantWithProfile(api, "Kontrol", { specialization: false });
    const draft = answered(await api.client().call("POST", "/applications", { token, body: { jalur_id: "SPE" } })).data;
    const entry = { kind: "PENDIDIKAN", title: "Residensi", institution: "University of Malaya", year: 2020, description: "Lima tahun" };
    const put = (e: object) => typedRequest(api, "PUT", `/applications/${draft.id}/portfolio`, { token, body: { entries: [{ ...entry, ...e }] } });
    for (const [field, value] of [
      ["title", "Residensi\r\nPalsu"],
      ["institution", "Malaya\u0007"],
      ["description", "Lima\ntahun"],
    ] as const) {
      const refused = await expectError(await put({ [field]: value }), 400, "VALIDATION_ERROR");
      expect(refused.error.details).toMatchObject([{ path: `entries.0.${field}`, message: ONE_LINE }]);
    }
    expect((await put({})).status).toBe(200);
  });

  it("a multi-line reason keeps its line breaks and refuses a tab", async () => {
    const { token } = await api.login("superadmin@adaptasi.test");
    const staff = await api.createUser({ email: `kontrol.${Date.now()}@adaptasi.test`, roleId: 2 });
    const deactivate = (reason: string) => typedRequest(api, "POST", `/admin/users/${staff.id}/deactivate`, { token, body: { reason } });
    expect((await expectError(await deactivate("Pindah\ttugas"), 400, "VALIDATION_ERROR")).error.details).toMatchObject([{ path: "reason", message: LINES }]);
    expect((await expectError(await deactivate("Pindah\rtugas"), 400, "VALIDATION_ERROR")).error.details).toMatchObject([{ path: "reason", message: LINES }]);
    expect((await deactivate("Pindah tugas\r\nke Surabaya")).status).toBe(200);
    expect((await userByEmail(staff.email)).isActive).toBe(false);
  });
});
