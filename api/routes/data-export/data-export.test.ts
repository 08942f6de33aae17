import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataExportJsonSchema } from "#contracts/data-export";
import { requirementsFor } from "#domain/documents";
import { pdf, png } from "../../../tests/fixtures/files";
import { accessLog, applications, rateLimits, users } from "../../db/schema";
import { indexHtml, type DataExport } from "../../services/data-rights/data-export";
import enExport from "#locales/en/export.json";
import idExport from "#locales/id/export.json";
import { answered, createTestApi, expectError, multipart, type TestApi } from "../../test/helpers";
import { applicantWithProfile, everyDocument } from "../../test/journeys";

// "Download my data" (docs/decisions/028-data-export.md) through the HTTP API; the ZIP read back with unzip(1).

let api: TestApi;
let pdfBytes: Buffer;
let dir: string;
const staff = {} as Record<"admin" | "fasyankes", string>;

beforeAll(async () => {
  api = await createTestApi();
  pdfBytes = await pdf();
  dir = mkdtempSync(path.join(tmpdir(), "data-export-test-"));
  for (const who of ["admin", "fasyankes"] as const) staff[who] = (await api.login(`${who}@adaptasi.test`)).token;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await api?.close();
});

async function submitted() {
  const who = await applicantWithProfile(api, undefined, { emailPrefix: "unduh" });
  const draft = await api.client().call("POST", "/applications", { token: who.token, body: { jalur_id: "REG" } });
  const { id } = answered(draft).data;
  expect((await api.client().upload(`/applications/${id}/documents`, ...multipart(everyDocument("REG", pdfBytes)), { token: who.token })).status).toBe(200);
  expect((await api.client().call("POST", `/applications/${id}/submit`, { token: who.token, body: {} })).status).toBe(200);
  const [row] = await api.db
    .select({ registration: applications.registrationNumber, userId: applications.applicantUserId })
    .from(applications)
    .where(eq(applications.id, id));
  return { ...who, id, registration: row.registration!, userId: row.userId };
}

/** A document's bytes as the portal stored them when they were sent (its owner's download). */
async function stored(fileId: string, token: string) {
  const res = (await api.client().fetchRaw("GET", `/files/${fileId}`, { token }))!;
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The download as the API answers it (the client's fetchRaw: status, headers and bytes), with the Range headers given. */
const download = async (token?: string, headers?: Record<string, string>) => (await api.client().fetchRaw("GET", "/me/data-export", { token, headers }))!;
/** A facility's download of a professional it registered, as the API answers it. */
const downloadOf = async (id: string, token: string) => (await api.client().fetchRaw("GET", `/registrations/${id}/data-export`, { token }))!;

let zips = 0;
/** The ZIP written to disk: its entries (unzip -Z1), one entry's bytes (unzip -p), and the whole archive tested (unzip -t). */
async function unzipped(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="data-[\w-]+\.zip"$/);
  const file = path.join(dir, `${++zips}.zip`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  expect(execFileSync("unzip", ["-tq", file]).toString()).toMatch(/No errors detected/);
  const entries = execFileSync("unzip", ["-Z1", file]).toString().trim().split("\n");
  const entry = (name: string) => execFileSync("unzip", ["-p", file, name.replace(/[[\]*?]/g, "\\$&")], { maxBuffer: 64 * 1024 * 1024 });
  const data = DataExportJsonSchema.parse(JSON.parse(entry("data.json").toString("utf8")));
  const methods = execFileSync("unzip", ["-Zv", file]).toString();
  return { entries, entry, data, methods, file };
}

describe("download my data", () => {
  it("gives the applicant one ZIP: index.html, data.json that parses, and every document version byte for byte", async () => {
    const app = await submitted();
    const res = await download(app.token);
    const zip = await unzipped(res);
    expect(zip.entries.slice(0, 2)).toEqual(["data.json", "index.html"]);
    expect(zip.data.account.email).toBe(app.email);
    expect(zip.data.applications).toHaveLength(1);
    expect(zip.data.applications[0].registration_number).toBe(app.registration);
    expect(zip.data.applications[0].timeline.map((h) => h.action)).toContain("SUBMIT");
    // The download is read by a person: its moves keep their words in the default language beside the ids.
    expect(zip.data.applications[0].timeline.find((h) => h.action === "SUBMIT")).toMatchObject({
      actor: "Pemohon",
      actor_role: 3,
      from: null,
      to: "Pemeriksaan Dokumen — Dalam Proses",
      to_stage_id: 1,
      to_status: "IN-PROGRESS",
    });
    expect(zip.data.applications[0].stage).toBe("Pemeriksaan Dokumen");
    const versions = zip.data.applications[0].documents.flatMap((d) => d.versions);
    expect(versions.length).toBeGreaterThan(0);
    expect(zip.data.files.length).toBe(versions.length);
    for (const f of zip.data.files) {
      expect(zip.entries).toContain(f.path);
      const bytes = zip.entry(f.path);
      expect(bytes.equals(await stored(f.file_id, app.token))).toBe(true);
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(f.sha256);
    }
    // Every entry is stored, none deflated: the ZIP's size is known before its first byte (a download that
    // says its size and resumes by range).
    expect(zip.methods).toMatch(/data\.json[\s\S]*?compression method:\s+none \(stored\)/);
    expect(zip.methods).not.toMatch(/compression method:\s+deflated/);
    const html = zip.entry("index.html").toString("utf8");
    expect(html).toContain('<html lang="id">');
    expect(html).toContain(app.registration);
    expect(html).not.toMatch(/<script|javascript:|https?:\/\//i);
    for (const f of zip.data.files) expect(html).toContain(`href="${f.path.split("/").map(encodeURIComponent).join("/")}"`);
    // Its words come from locales/<lng>/export.json: Indonesian by default, English when asked.
    expect(html).toContain(`<h1>${idExport.heading}</h1>`);
    const english = indexHtml({ data: zip.data, files: [] } as unknown as DataExport, "en-US");
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(`<h1>${enExport.heading}</h1>`);
    expect(english).toContain(app.registration);
    expect(english).not.toContain(idExport.accessLog.heading);

    // The download is in the access log: the person themself, with how many documents.
    const [row] = await api.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.kind, "DATA_EXPORT"), eq(accessLog.applicantUserId, app.userId)));
    expect(row).toMatchObject({ actorUserId: app.userId, actorRole: 3, details: { files: String(zip.data.files.length) } });
    const own = answered(await api.client().call("GET", "/me/access-log", { token: app.token }));
    expect(own.data[0]).toMatchObject({ kind: "DATA_EXPORT" });
  });

  it("names each document by its checked type, never by the extension its uploader gave it", async () => {
    const who = await applicantWithProfile(api, undefined, { emailPrefix: "unduh" });
    const draft = await api.client().call("POST", "/applications", { token: who.token, body: { jalur_id: "REG" } });
    const { id } = answered(draft).data;
    // A checked PDF sent as "….exe", a PNG sent as "….pdf", and one without an extension.
    const reg = requirementsFor("REG").filter((r) => !r.allowed_extnames.includes("docx"));
    // (An image for a merged document is stored as its PDF: the PNG goes to one that is not merged.)
    const second = reg.find((r) => !r.merged && r.allowed_extnames.includes("png"))!;
    const [first, third] = reg.filter((r) => r !== second);
    const fd = new FormData();
    fd.append(`doc_${first.id}`, new Blob([new Uint8Array(pdfBytes)]), "ijazah.exe");
    fd.append(`doc_${second.id}`, new Blob([new Uint8Array(png())]), "pas-foto.pdf");
    fd.append(`doc_${third.id}`, new Blob([new Uint8Array(pdfBytes)]), "surat");
    expect((await api.client().upload(`/applications/${id}/documents`, ...multipart(fd), { token: who.token })).status).toBe(200);
    const zip = await unzipped(await download(who.token));
    const byName = new Map(zip.data.files.map((f) => [f.original_name, f.path]));
    expect(byName.get("ijazah.exe")).toMatch(/\.pdf$/);
    expect(byName.get("pas-foto.pdf")).toMatch(/\.png$/);
    expect(byName.get("surat")).toMatch(/\.pdf$/);
    for (const f of zip.data.files) {
      expect(zip.entries).toContain(f.path);
      expect(f.path).not.toMatch(/\.exe$/);
    }
  });

  it("never holds another applicant's data, and is refused to staff and to a facility for someone it did not register", async () => {
    const one = await submitted();
    const two = await submitted();
    const zip = await unzipped(await download(two.token));
    const json = JSON.stringify(zip.data) + zip.entry("index.html").toString("utf8");
    expect(json).not.toContain(one.email);
    expect(json).not.toContain(one.registration);
    expect(zip.entries.some((e) => e.includes(one.registration))).toBe(false);

    await expectError(await download(staff.admin), 404, "NOT_FOUND");
    await expectError(await download(staff.fasyankes), 404, "NOT_FOUND");
    await expectError(await download(), 401, "INVALID_TOKEN");
    // The facility did not register these: not found, as for an id that does not exist or is not an id.
    for (const id of [one.id, "00000000-0000-4000-8000-000000000000", "bukan-id", "%00", "x".repeat(5000)]) {
      await expectError(await downloadOf(encodeURIComponent(id), staff.fasyankes), 404, "NOT_FOUND");
    }
    await expectError(await downloadOf(one.id, one.token), 404, "NOT_FOUND");
    await expectError(await downloadOf(one.id, staff.admin), 404, "NOT_FOUND");
  });

  it("lets a facility download the data of a professional it registered, recorded as the facility's read", async () => {
    const app = await submitted();
    const [facility] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, "fasyankes@adaptasi.test"));
    await api.db.update(applications).set({ submittedByUserId: facility.id }).where(eq(applications.id, app.id));
    const zip = await unzipped(await downloadOf(app.id, staff.fasyankes));
    expect(zip.data.account.email).toBe(app.email);
    expect(zip.data.applications.map((a) => a.id)).toEqual([app.id]);
    for (const f of zip.data.files) expect(zip.entry(f.path).equals(await stored(f.file_id, app.token))).toBe(true);
    const rows = await api.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.kind, "DATA_EXPORT"), eq(accessLog.applicantUserId, app.userId)));
    expect(rows).toMatchObject([{ actorUserId: facility.id, actorRole: 8 }]);
    // The professional sees the facility's download in their own log.
    const own = answered(await api.client().call("GET", "/me/access-log", { token: app.token }));
    expect(own.data.map((e: { kind: string; actor_role: number }) => [e.kind, e.actor_role])).toContainEqual(["DATA_EXPORT", 8]);
  });

  it("limits downloads per account: past the hour's allowance 429 with Retry-After, and nothing recorded", async () => {
    const app = await submitted();
    for (let i = 0; i < 3; i++) {
      const res = await download(app.token);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const refused = await download(app.token);
    const body = await expectError(refused, 429, "RATE_LIMITED");
    expect(body.error.message).toMatch(/Coba lagi dalam \d+ menit/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const rows = await api.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.kind, "DATA_EXPORT"), eq(accessLog.applicantUserId, app.userId)));
    expect(rows).toHaveLength(3);
  });
});

describe("the download on a weak signal: its size first, resumable by range, counted when complete", () => {
  /** The account's downloads counted this hour (api/services/rate-limit.ts keeps them under `data-export:`). */
  const limiterCount = async (userId: string) =>
    (
      await api.db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(eq(rateLimits.key, `data-export:${userId}`))
    )[0]?.count ?? 0;

  it("says its size before it starts, and the ZIP is exactly that long, with Accept-Ranges and a strong ETag", async () => {
    const app = await submitted();
    const sized = await api.client().call("GET", "/me/data-export/size", { token: app.token });
    expect(sized.status).toBe(200);
    const { size } = answered(sized).data;
    const res = await download(app.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-z]+-[A-Za-z0-9_-]{32}"$/);
    expect(Number(res.headers.get("content-length"))).toBe(size);
    expect((await res.arrayBuffer()).byteLength).toBe(size);
  });

  it("answers a Range from the middle with If-Range with exactly the remaining bytes of the same ZIP (206), again and again", async () => {
    const app = await submitted();
    const first = await download(app.token);
    const etag = first.headers.get("etag")!;
    const whole = Buffer.from(await first.arrayBuffer());
    const from = Math.floor(whole.length / 2);
    // A closed range (it does not reach the end, so it is not a completed download), and the ZIP put
    // together from two parts is the whole, a valid archive.
    const head = await download(app.token, { range: `bytes=0-${from - 1}`, "if-range": etag });
    expect(head.status).toBe(206);
    const joined = Buffer.concat([Buffer.from(await head.arrayBuffer()), whole.subarray(from)]);
    expect(joined.equals(whole)).toBe(true);
    const file = path.join(dir, "joined.zip");
    writeFileSync(file, joined);
    expect(execFileSync("unzip", ["-tq", file]).toString()).toMatch(/No errors/);
    const resume = () => download(app.token, { range: `bytes=${from}-`, "if-range": etag });
    for (let i = 0; i < 2; i++) {
      const part = await resume();
      expect(part.status).toBe(206);
      expect(part.headers.get("etag")).toBe(etag);
      expect(part.headers.get("content-range")).toBe(`bytes ${from}-${whole.length - 1}/${whole.length}`);
      expect(Number(part.headers.get("content-length"))).toBe(whole.length - from);
      expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(from))).toBe(true);
    }
  });

  it("keeps the ETag while the data stays the same, and changes it (whole ZIP again, 200) when the data changed", async () => {
    const app = await submitted();
    const a = await download(app.token);
    const etag = a.headers.get("etag")!;
    await a.arrayBuffer();
    const again = await download(app.token, { range: "bytes=10-", "if-range": etag });
    expect(again.status).toBe(206);
    expect(again.headers.get("etag")).toBe(etag);
    await again.body!.cancel();
    // A read by someone else after the snapshot is not in it: resuming it still gives the same bytes.
    expect((await api.client().call("GET", `/review/applications/${app.id}`, { token: staff.admin })).status).toBe(200);
    const resumed = await download(app.token, { range: "bytes=10-", "if-range": etag });
    expect(resumed.status).toBe(206);
    await resumed.body!.cancel();
    // The person's data changed: so does the ZIP.
    await api.db.update(users).set({ fullName: "Nama Baru Setelah Unduhan" }).where(eq(users.id, app.userId));
    const after = await download(app.token, { range: "bytes=10-", "if-range": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(after.headers.get("content-range")).toBeNull();
    await after.arrayBuffer();
    // An ETag not of ours is no snapshot: the whole ZIP.
    const forged = await download(app.token, { range: "bytes=10-", "if-range": '"zz-nothing"' });
    expect(forged.status).toBe(200);
    await forged.arrayBuffer();
  });

  it("refuses a range past the end with 416 and the size", async () => {
    const app = await submitted();
    const { size } = answered(await api.client().call("GET", "/me/data-export/size", { token: app.token })).data;
    const res = await download(app.token, { range: `bytes=${size + 10}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${size}`);
  });

  it("counts only a download whose last byte was read: a dropped one does not use the allowance, a completed one (or its completed resume) does", async () => {
    const app = await submitted();
    expect(await limiterCount(app.userId)).toBe(0);
    const dropped = await download(app.token);
    const etag = dropped.headers.get("etag")!;
    const reader = dropped.body!.getReader();
    let got = 0;
    while (got < 1000) got += (await reader.read()).value!.byteLength;
    await reader.cancel();
    expect(await limiterCount(app.userId)).toBe(0);

    // The resume from where it dropped completes it: now it counts, once.
    const rest = await download(app.token, { range: `bytes=${got}-`, "if-range": etag });
    expect(rest.status).toBe(206);
    await rest.arrayBuffer();
    expect(await limiterCount(app.userId)).toBe(1);

    const whole = await download(app.token);
    await whole.arrayBuffer();
    expect(await limiterCount(app.userId)).toBe(2);
    // The size is free.
    answered(await api.client().call("GET", "/me/data-export/size", { token: app.token }));
    expect(await limiterCount(app.userId)).toBe(2);
  });

  it("records a download once in the access log, at its start: its resumed parts are not new reads", async () => {
    const app = await submitted();
    const rows = async () =>
      (
        await api.db
          .select()
          .from(accessLog)
          .where(and(eq(accessLog.kind, "DATA_EXPORT"), eq(accessLog.applicantUserId, app.userId)))
      ).length;
    const first = await download(app.token);
    const etag = first.headers.get("etag")!;
    await first.body!.cancel();
    expect(await rows()).toBe(1);
    const rest = await download(app.token, { range: "bytes=100-", "if-range": etag });
    expect(rest.status).toBe(206);
    await rest.arrayBuffer();
    expect(await rows()).toBe(1);
  });
});
