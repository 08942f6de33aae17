import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf as samplePdf } from "../../../tests/fixtures/files";
import { qrOfPdf, verifyOffline } from "../../../tests/fixtures/letters";
import { accessLog, adminAuditLog, applications, letters, users } from "../../db/schema";
import { collectDataExport } from "../../services/data-rights/data-export";
import { answered, clientFrom, createTestApi, multipart, refused, TEST_RATE_LIMITS, type TestApi } from "../../test/helpers";
import { applicantWithProfile, everyDocument } from "../../test/journeys";

let api: TestApi;
let pdfBytes: Buffer;
const staff = {} as Record<"superadmin" | "admin" | "kolegium" | "subkomite" | "pembekalan", string>;
const PUBLIC_URL = "https://adaptasi.contoh.go.id";

beforeAll(async () => {
  api = await createTestApi({ publicUrl: PUBLIC_URL, rateLimits: { ...TEST_RATE_LIMITS, letterVerificationsPerIp: 10_000, letterVerificationsPerNumber: 2 } });
  pdfBytes = await samplePdf();
  for (const who of Object.keys({ superadmin: 1, admin: 1, kolegium: 1, subkomite: 1, pembekalan: 1 }) as (keyof typeof staff)[])
    staff[who] = (await api.login(`${who}@adaptasi.test`)).token;
}, 60_000);
afterAll(() => api?.close());

/** A REG file carried to its last decision: passed at every stage, or failed at the document check. */
async function ended(outcome: "PASSED" | "FAILED") {
  const who = await applicantWithProfile(api, undefined, { emailPrefix: "surat" });
  const draft = await api.client().call("POST", "/applications", { token: who.token, body: { jalur_id: "REG" } });
  const { id } = answered(draft).data;
  expect((await api.client().upload(`/applications/${id}/documents`, ...multipart(everyDocument("REG", pdfBytes)), { token: who.token })).status).toBe(200);
  expect((await api.client().call("POST", `/applications/${id}/submit`, { token: who.token, body: {} })).status).toBe(200);
  const decide = async (token: string, stage_id: number, decision: "PASSED" | "FAILED") => {
    const res = await api.client().call("POST", `/review/applications/${id}/decisions`, { token, body: { stage_id, decision, note: "Catatan keputusan." } });
    expect(res.status).toBe(200);
  };
  if (outcome === "FAILED") await decide(staff.admin, 1, "FAILED");
  else {
    await decide(staff.admin, 1, "PASSED");
    await decide(staff.kolegium, 2, "PASSED");
    await decide(staff.subkomite, 3, "PASSED");
    await decide(staff.pembekalan, 4, "PASSED");
  }
  return { ...who, id };
}

const verifyToken = (token: string, ip = "198.51.100.7") => clientFrom(api, ip).call("POST", "/public/letters/verify-token", { body: { token } });
const verifyNumber = (number: string, birth_date: string, ip = "198.51.100.7") =>
  clientFrom(api, ip).call("POST", "/public/letters/verify", { body: { number, birth_date } });

describe("decision letters", () => {
  it("issues a letter with the last decision, as a PDF whose QR opens a signed token the published keys verify", async () => {
    const file = await ended("PASSED");
    const [row] = await api.db.select().from(letters).where(eq(letters.applicationId, file.id));
    expect(row.number).toMatch(/^SKHA\/\d{4}\/[2-9A-Z]{8}$/);

    const list = await api.client().call("GET", "/me/letters", { token: file.token });
    expect(list.status).toBe(200);
    const { data } = answered(list);
    expect(data).toEqual([expect.objectContaining({ number: row.number, application_id: file.id, revoked_at: null })]);

    const res = (await api.client().fetchRaw("GET", "/me/letters/pdf", { token: file.token, query: { number: row.number } }))!;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const address = await qrOfPdf(bytes);
    expect(address).toBe(`${PUBLIC_URL}/verifikasi/${row.token}`);

    const jwks = answered(await api.client().call("GET", "/public/letter-keys"));
    const claims = verifyOffline(address.slice(`${PUBLIC_URL}/verifikasi/`.length), jwks);
    expect(claims).toMatchObject({ n: row.number, nm: file.name, pr: "DOKTER", j: "REG", o: "PASSED" });
    // A changed payload no longer verifies.
    const [h, , s] = row.token.split(".");
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, o: "PASSED", nm: "Orang Lain" })).toString("base64url")}.${s}`;
    expect(verifyOffline(forged, jwks)).toBeNull();

    const online = answered(await verifyToken(row.token));
    expect(online.data).toEqual({
      state: "VALID",
      letter: { name: file.name, profession: "DOKTER", jalur_id: "REG", outcome: "PASSED", decided_at: claims!.d, revoked_at: null },
    });
    expect(answered(await verifyToken(forged)).data).toEqual({ state: "UNKNOWN", letter: null });

    // The holder's data download lists the letter with the file.
    const [app] = await api.db.select({ applicant: applications.applicantUserId }).from(applications).where(eq(applications.id, file.id));
    const exported = (await collectDataExport(api.db, app.applicant)).data as { applications: { id: string; letters: unknown[] }[] };
    expect(exported.applications.find((a) => a.id === file.id)?.letters).toEqual([
      { number: row.number, issued_at: row.issuedAt.toISOString(), revoked_at: null, revoke_reason: null },
    ]);

    // Another applicant gets no PDF of it.
    const other = await applicantWithProfile(api, undefined, { emailPrefix: "lain" });
    expect((await api.client().fetchRaw("GET", "/me/letters/pdf", { token: other.token, query: { number: row.number } }))!.status).toBe(404);
  });

  it("answers a number with the right date of birth, and the same 'unknown' for a wrong date or number", async () => {
    const file = await ended("FAILED");
    const [row] = await api.db.select().from(letters).where(eq(letters.applicationId, file.id));
    const good = answered(await verifyNumber(row.number.toLowerCase().replace(/\//g, " / "), "1991-05-17", "203.0.113.1"));
    expect(good.data).toMatchObject({ state: "VALID", letter: { outcome: "FAILED", name: file.name } });
    const wrongDate = answered(await verifyNumber(row.number, "1991-05-18", "203.0.113.1"));
    const wrongNumber = answered(await verifyNumber("SKHA/2026/ZZZZZZZZ", "1991-05-17", "203.0.113.1"));
    expect(wrongDate).toEqual({ data: { state: "UNKNOWN", letter: null } });
    expect(wrongNumber).toEqual(wrongDate);
    // The number's allowance (2 an hour here) holds whichever address asks.
    const limited = await verifyNumber(row.number, "1991-05-19", "203.0.113.99");
    expect(refused(limited, 429, "RATE_LIMITED").retryAfterSec).toBeGreaterThan(0);
  });

  it("writes each public verification in the holder's access log as the public's, with no visitor data", async () => {
    const file = await ended("PASSED");
    const [row] = await api.db.select().from(letters).where(eq(letters.applicationId, file.id));
    await verifyToken(row.token, "192.0.2.55");
    const rows = await api.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.applicationId, file.id), eq(accessLog.kind, "PUBLIC_VERIFY")));
    expect(rows).toEqual([expect.objectContaining({ actorUserId: null, actorRole: 0, actorName: "", details: { letter: row.number } })]);
    expect(JSON.stringify(rows)).not.toContain("192.0.2.55");
    const log = answered(await api.client().call("GET", "/me/access-log", { token: file.token }));
    expect(log.data[0]).toMatchObject({ kind: "PUBLIC_VERIFY", actor_name: "", actor_role: 0 });
  });

  it("lets the Super Admin revoke a letter with a reason (audited), then issue a new one", async () => {
    const file = await ended("PASSED");
    const [row] = await api.db.select().from(letters).where(eq(letters.applicationId, file.id));
    refused(
      await api.client().call("POST", "/admin/letters/revoke", { token: staff.admin, body: { number: row.number, reason: "x" } }),
      403,
      "ADMIN_ROLE_REQUIRED",
    );
    refused(await api.client().call("POST", `/admin/applications/${file.id}/letters`, { token: staff.superadmin }), 409, "LETTER_STILL_VALID");
    const res = await api.client().call("POST", "/admin/letters/revoke", { token: staff.superadmin, body: { number: row.number, reason: "Salah tulis nama" } });
    expect(res.status).toBe(200);
    expect(answered(res).data).toMatchObject({ number: row.number, revoke_reason: "Salah tulis nama", revoked_at: expect.any(String) });
    refused(
      await api.client().call("POST", "/admin/letters/revoke", { token: staff.superadmin, body: { number: row.number, reason: "lagi" } }),
      409,
      "LETTER_ALREADY_REVOKED",
    );
    const [audit] = await api.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "LETTER_REVOKE"), eq(adminAuditLog.targetId, row.number)));
    expect(audit).toMatchObject({ reason: "Salah tulis nama", targetType: "letter" });

    const revoked = answered(await verifyToken(row.token)).data;
    expect(revoked).toMatchObject({ state: "REVOKED", letter: { revoked_at: expect.any(String) } });

    const again = await api.client().call("POST", `/admin/applications/${file.id}/letters`, { token: staff.superadmin });
    expect(again.status).toBe(201);
    const fresh = answered(again).data;
    expect(fresh.number).not.toBe(row.number);
    const [newRow] = await api.db.select().from(letters).where(eq(letters.number, fresh.number));
    expect(answered(await verifyToken(newRow.token)).data.state).toBe("VALID");
  });

  it("limits public verifications per client address", async () => {
    const limited = await createTestApi({ rateLimits: { ...TEST_RATE_LIMITS, letterVerificationsPerIp: 2 } });
    try {
      const ask = () => clientFrom(limited, "198.51.100.200").call("POST", "/public/letters/verify-token", { body: { token: "a.b.c" } });
      expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(200);
      refused(await ask(), 429, "RATE_LIMITED");
    } finally {
      await limited.close();
    }
  });

  it("issues the letter of a file that ended without one (the demo data) when its holder first asks", async () => {
    await api.seedDemoApplications();
    const [demo] = await api.db
      .select({ email: users.email })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.applicantUserId))
      .where(
        and(
          eq(applications.isFinal, true),
          eq(applications.status, "FAILED"),
          eq(applications.submittedByUserId, applications.applicantUserId),
          like(users.email, "pemohon.demo%"),
        ),
      );
    const { token } = await api.login(demo.email);
    const { data } = answered(await api.client().call("GET", "/me/letters", { token }));
    expect(data.length).toBeGreaterThan(0);
  });
});
