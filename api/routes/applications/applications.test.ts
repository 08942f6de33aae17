import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MB, requirementsFor, type JalurId } from "#domain/documents";
import { doc, docx, docxBomb, docxLyingBomb, elf, jpg, pdf, pdfWithOpenActionScript, png } from "../../../tests/fixtures/files";
import { applicationDocuments, applications, auditLog, reuploadRequests } from "../../db/schema";
import { ATTACHMENT_POLICY, INLINE_POLICY } from "../files/files.handlers";
import { applicantWithProfile } from "../../test/journeys";
import { answered, createTestApi, expectError, multipart, refused, type TestApi } from "../../test/helpers";

let api: TestApi;
let pdfBytes: Buffer;
beforeAll(async () => {
  api = await createTestApi();
  pdfBytes = await pdf();
});
afterAll(() => api?.close());

type Part = { field: string; name: string; data: Buffer };

function form(parts: Part[]): FormData {
  const fd = new FormData();
  for (const p of parts) fd.append(p.field, new Blob([new Uint8Array(p.data)]), p.name);
  return fd;
}

/** A fresh applicant with a complete profile ("Budi Santoso", no specialization), logged in. */
const applicant = () => applicantWithProfile(api, "Santoso", { specialization: false });

async function draft(token: string, jalur_id: JalurId = "REG") {
  const res = await api.client().call("POST", "/applications", { token, body: { jalur_id } });
  expect(res.status).toBe(201);
  return answered(res).data;
}

const upload = <P extends "documents" | "reupload" = "documents">(token: string, id: string, parts: Part[], path: P = "documents" as P) =>
  api.client().upload(`/applications/${id}/${path}`, ...multipart(form(parts)), { token });

/** One valid file per requirement: the CV as DOCX, merged items as PDF, the rest as PNG. */
function everyDocument(jalur: JalurId): Part[] {
  return requirementsFor(jalur).map((r) => ({
    field: `doc_${r.id}`,
    name: r.allowed_extnames.includes("docx") ? "cv.docx" : r.merged ? "ijazah.pdf" : "scan.png",
    data: r.allowed_extnames.includes("docx") ? docx() : r.merged ? pdfBytes : png(),
  }));
}

const view = async (token: string, id: string) => answered(await api.client().call("GET", `/applications/${id}`, { token })).data;
const sendBack = (token: string, id: string) => api.client().call("POST", `/applications/${id}/reupload/submit`, { token });
const submit = (token: string, id: string, idempotency_key?: string) =>
  api.client().call("POST", `/applications/${id}/submit`, { token, body: idempotency_key === undefined ? {} : { idempotency_key } });
/** A stored file as the API answers it (the client's fetchRaw: status, headers and bytes), inline when asked. */
const download = async (token: string, fileId: string, inline?: "1") => (await api.client().fetchRaw("GET", `/files/${fileId}`, { token, query: { inline } }))!;

describe("the applicant's journey", () => {
  it("profile → draft → every REG document → submit → 'Dalam Proses' at stage 1 with an audit entry", async () => {
    const { token } = await applicant();
    expect(answered(await api.client().call("GET", "/me/profile", { token })).data.complete).toBe(true);
    expect(answered(await api.client().call("GET", "/applications/current", { token })).data).toBeNull();

    const app = await draft(token);
    expect(app.registration_number).toMatch(/^ADP-\d{4}-\d{6}$/);
    let v = await view(token, app.id);
    expect(v).toMatchObject({ is_submitted: false, status: null, tahap: null, label: { rule: 12, colour: "blue" } });
    expect(v.missing).toEqual([1, 2, 3, 4, 5, 6, 7]);
    refused(await api.client().call("POST", "/applications", { token, body: { jalur_id: "SPE" } }), 409, "APPLICATION_EXISTS");

    const res = await upload(token, app.id, everyDocument("REG"));
    expect(res.status).toBe(200);
    expect(answered(res).data).toEqual({ saved: [1, 2, 3, 4, 5, 6, 7], errors: [] });

    const submitted = await submit(token, app.id, "k1");
    expect(submitted.status).toBe(200);
    v = answered(submitted).data;
    expect(v).toMatchObject({
      is_submitted: true,
      status: "IN-PROGRESS",
      label: { rule: 1, colour: "yellow" },
      holder_roles: [2, 4],
      missing: [],
    });
    // Roles and stages by their ids alone: a page words them in its own language.
    expect(v.tahap).toEqual({ id: 1 });
    expect(v).not.toHaveProperty("holder");
    expect(new Date(v.stage_deadline!).getTime() - new Date(v.stage_started_at!).getTime()).toBe(14 * 24 * 3600 * 1000);
    expect(v.timeline).toEqual([
      {
        at: v.submitted_at,
        action: "SUBMIT",
        actor_role: 3,
        from_stage_id: null,
        from_status: null,
        to_stage_id: 1,
        to_status: "IN-PROGRESS",
        note: null,
      },
    ]);
    expect(v.documents.map((d: { requirement_id: number }) => d.requirement_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(answered(await api.client().call("GET", "/applications/current", { token })).data!.id).toBe(app.id);
    // A submitted application takes no more document changes.
    refused(await upload(token, app.id, [{ field: "doc_1", name: "a.png", data: png() }]), 409, "APPLICATION_SUBMITTED");
  });

  it("the workspace's summary says what the full view says: state, label and how many documents are missing", async () => {
    const { token } = await applicant();
    const summary = async () => answered(await api.client().call("GET", "/applications/current/summary", { token })).data;
    const full = async () => answered(await api.client().call("GET", "/applications/current", { token })).data!;
    const same = async () => {
      const [s, f] = [await summary(), await full()];
      expect(s).toEqual({
        id: f.id,
        jalur_id: f.jalur_id,
        status: f.status,
        is_submitted: f.is_submitted,
        tahap: f.tahap,
        label: f.label,
        missing_count: f.missing.length,
      });
      return s;
    };
    expect(await summary()).toBeNull();
    const app = await draft(token);
    expect(await same()).toMatchObject({ id: app.id, missing_count: 7, is_submitted: false });
    expect((await upload(token, app.id, everyDocument("REG").slice(0, 3))).status).toBe(200);
    expect(await same()).toMatchObject({ missing_count: 4 });
    expect((await upload(token, app.id, everyDocument("REG"))).status).toBe(200);
    expect((await submit(token, app.id)).status).toBe(200);
    expect(await same()).toMatchObject({ missing_count: 0, is_submitted: true, status: "IN-PROGRESS", tahap: { id: 1 } });
  });

  it("lets only applicants open an application", async () => {
    const { token } = await api.login("admin@adaptasi.test");
    refused(await api.client().call("POST", "/applications", { token, body: { jalur_id: "REG" } }), 403, "APPLICANTS_ONLY");
    // Raw: a pathway outside the route's type, which the typed client cannot send.
    const bad = await api.request("/api/v1/applications", { token, json: { jalur_id: "XYZ" } });
    expect((await expectError(bad, 400, "VALIDATION_ERROR")).error.details).toMatchObject([
      { path: "jalur_id", message: "Jalur Pendaftaran harus berupa nilai yang diizinkan" },
    ]);
  });

  it("a pathway change keeps the personal data and shows only the new pathway's documents", async () => {
    const { token } = await applicant();
    const app = await draft(token, "REG");
    await upload(token, app.id, [{ field: "doc_1", name: "ktp.png", data: png() }]);
    const res = await api.client().call("PUT", `/applications/${app.id}/jalur`, { token, body: { jalur_id: "OTH" } });
    expect(res.status).toBe(200);
    const v = answered(res).data;
    expect(v.jalur_id).toBe("OTH");
    expect(v.documents).toEqual([]);
    expect(v.missing).toEqual([21, 22, 23, 24, 25, 26, 27, 28]);
    const profile = answered(await api.client().call("GET", "/me/profile", { token })).data;
    expect(profile).toMatchObject({ complete: true, full_name: "Budi Santoso", birth_place: "Bandung" });
  });

  it("a foreign national on OTH submits every document (DOC CV, merged diploma from images)", async () => {
    const { token } = await applicant();
    const app = await draft(token, "OTH");
    const parts = everyDocument("OTH").map((p) => (p.field === "doc_23" ? { ...p, name: "cv.doc", data: doc() } : p));
    const res = await upload(token, app.id, parts);
    expect(answered(res).data.errors).toEqual([]);
    const v = answered(await submit(token, app.id)).data;
    expect(v).toMatchObject({ tahap: { id: 21 }, label: { rule: 1 }, holder_roles: [2, 4] });
  });
});

describe("bad uploads", () => {
  let token: string;
  let id: string;
  beforeAll(async () => {
    ({ token } = await applicant());
    id = (await draft(token)).id;
  });
  const one = async (field: string, name: string, data: Buffer) => answered(await upload(token, id, [{ field, name, data }])).data;

  it("judges type by content: a PNG named .pdf passes where PNG is allowed, an executable named .pdf does not", async () => {
    expect(await one("doc_1", "foto.pdf", png())).toEqual({ saved: [1], errors: [] });
    expect(await one("doc_4", "sertifikat.pdf", elf())).toEqual({
      saved: [],
      // A refusal is a code with its parameters (the portal words it in its language), and its Indonesian words.
      errors: [
        { requirement_id: 4, code: "file_type", params: { types: "JPG, JPEG, PNG", last: "PDF" }, message: "Tipe berkas harus JPG, JPEG, PNG atau PDF." },
      ],
    });
    // The CV takes DOC, DOCX or PDF only.
    expect(await one("doc_2", "cv.pdf", png())).toMatchObject({ saved: [], errors: [{ requirement_id: 2, message: "Tipe berkas harus DOC, DOCX atau PDF." }] });
  });

  it("takes exactly 2 MB and stops at one byte more (413), keeping what was saved", async () => {
    const exact = Buffer.concat([pdfBytes, Buffer.alloc(2 * MB - pdfBytes.length)]);
    expect(await one("doc_6", "pengalaman.pdf", exact)).toEqual({ saved: [6], errors: [] });
    // One byte more stops the reading (413): nothing of that post is kept, the field is named.
    const over = Buffer.concat([exact, Buffer.from([0])]);
    const tooLarge = refused(await upload(token, id, [{ field: "doc_6", name: "besar.pdf", data: over }]), 413, "FILE_TOO_LARGE");
    expect(tooLarge.error.details).toMatchObject([{ path: "doc_6", message: "harus lebih kecil dari 2048KB" }]);
    const v = await view(token, id);
    expect(v.documents.find((d: { requirement_id: number }) => d.requirement_id === 6)).toMatchObject({ original_name: "pengalaman.pdf", size: 2 * MB });
  });

  it("refuses an empty file and a DOCX zip bomb", async () => {
    expect(await one("doc_7", "kosong.pdf", Buffer.alloc(0))).toMatchObject({ saved: [], errors: [{ requirement_id: 7, message: "Berkas kosong." }] });
    expect(await one("doc_2", "cv.docx", docxBomb())).toMatchObject({ saved: [], errors: [{ requirement_id: 2, message: "Berkas DOCX tidak valid." }] });
  });

  it("refuses a DOCX whose index hides its size, a forged .doc and a PDF that runs a script, each with its own message", async () => {
    expect(await one("doc_2", "cv.docx", await docxLyingBomb())).toMatchObject({
      saved: [],
      errors: [{ requirement_id: 2, message: "Berkas DOCX tidak valid." }],
    });
    const forged = Buffer.concat([doc().subarray(0, 8), Buffer.alloc(4096)]);
    expect(await one("doc_2", "cv.doc", forged)).toMatchObject({
      saved: [],
      errors: [{ requirement_id: 2, message: "Tipe berkas harus DOC, DOCX atau PDF." }],
    });
    const script = "Berkas PDF berisi skrip atau tindakan otomatis yang tidak diizinkan.";
    expect(await one("doc_7", "surat.pdf", await pdfWithOpenActionScript(true))).toMatchObject({ saved: [], errors: [{ requirement_id: 7, message: script }] });
    // A merged item checks every part before merging.
    const merged = await upload(token, id, [
      { field: "doc_3", name: "halaman-1.png", data: png() },
      { field: "doc_3", name: "halaman-2.pdf", data: await pdfWithOpenActionScript(false) },
    ]);
    expect(answered(merged).data).toMatchObject({ saved: [], errors: [{ requirement_id: 3, message: script }] });
  });

  it("keeps a name with ../ and unicode only as a display name", async () => {
    expect(await one("doc_7", "../../etc/Surat Sehat — dr. Ñoño ☃.pdf", pdfBytes)).toEqual({ saved: [7], errors: [] });
    const d = (await view(token, id)).documents.find((x: { requirement_id: number }) => x.requirement_id === 7)!;
    expect(d.original_name).toBe("Surat Sehat — dr. Ñoño ☃.pdf");
    const file = await download(token, d.file_id);
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="Surat Sehat _ dr. _o_o _.pdf"; filename*=UTF-8''${encodeURIComponent("Surat Sehat — dr. Ñoño ☃.pdf")}`,
    );
  });

  it("merges several files of a merged item into one PDF; a plain item takes one file", async () => {
    const res = await upload(token, id, [
      { field: "doc_3", name: "halaman-1.jpg", data: jpg() },
      { field: "doc_3", name: "halaman-2.png", data: png() },
      { field: "doc_3", name: "halaman-3.pdf", data: pdfBytes },
    ]);
    expect(answered(res).data).toEqual({ saved: [3], errors: [] });
    const d = (await view(token, id)).documents.find((x: { requirement_id: number }) => x.requirement_id === 3)!;
    expect(d.original_name).toBe("halaman-1.pdf");
    const file = await download(token, d.file_id);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { PDFDocument } = await import("pdf-lib");
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);

    const two = await upload(token, id, [
      { field: "doc_4", name: "a.png", data: png() },
      { field: "doc_4", name: "b.png", data: png() },
    ]);
    expect(answered(two).data.errors).toMatchObject([{ requirement_id: 4, message: "Hanya satu berkas yang dapat diunggah untuk dokumen ini." }]);
  });

  it("replaces a draft's document when it is saved again, and can remove it from the draft", async () => {
    // Concurrent replacements take turns: the last one stays, the draft versions before it go (upload-limits.test.ts).
    const all = await Promise.all([1, 2, 3].map((n) => one("doc_1", `ktp-${n}.png`, png())));
    expect(all.map((r) => r.saved)).toEqual([[1], [1], [1]]);
    const rows = await api.db
      .select()
      .from(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.requirementId, 1)));
    expect(rows.map((r) => [r.version, r.isCurrent, r.replaceable])).toEqual([[1, true, true]]);
    const del = await api.client().call("DELETE", `/applications/${id}/documents/1`, { token });
    expect(del.status).toBe(200);
    expect(answered(del).data.missing).toContain(1);
  });

  it("answers 400 for a field of another pathway or an unknown field, and for a body that is not multipart", async () => {
    refused(await upload(token, id, [{ field: "doc_21", name: "a.png", data: png() }]), 400, "UNEXPECTED_FILE");
    refused(await upload(token, id, [{ field: "photo", name: "a.png", data: png() }]), 400, "UNEXPECTED_FILE");
    // Raw: a JSON body where the route takes multipart, which the typed client's upload never sends.
    await expectError(await api.request(`/api/v1/applications/${id}/documents`, { token, json: { doc_1: "x" } }), 400, "MALFORMED_MULTIPART");
  });
});

describe("submission", () => {
  it("refuses a missing document with its field, and changes nothing", async () => {
    const { token } = await applicant();
    const app = await draft(token);
    await upload(
      token,
      app.id,
      everyDocument("REG").filter((p) => p.field !== "doc_5"),
    );
    const res = await submit(token, app.id);
    const body = refused(res, 400, "DOCUMENTS_MISSING");
    expect(body.error.details).toEqual([
      {
        path: "doc_5",
        code: "document_missing",
        labels: { field: "documents:names.5" },
        message: "Logbook atau yang setara harus diunggah",
      },
    ]);
    const v = await view(token, app.id);
    expect(v).toMatchObject({ is_submitted: false, status: null, timeline: [] });
  });

  it("refuses an incomplete profile", async () => {
    const email = `tanpa.profil.${Date.now()}@contoh.id`;
    await api.createUser({ email });
    const { token } = await api.login(email);
    const app = await draft(token);
    await upload(token, app.id, everyDocument("REG"));
    refused(await submit(token, app.id), 400, "PROFILE_INCOMPLETE");
  });

  it("submits once, however often and however concurrently it is posted", async () => {
    const { token } = await applicant();
    const app = await draft(token, "SPE");
    // SPE needs a specialization in the profile.
    const profile = answered(await api.client().call("GET", "/me/profile", { token })).data;
    const specs = answered(await api.client().call("GET", "/specializations")).data;
    // The profile is complete but for the specialization (applicantWithProfile): none of its other fields is null.
    const {
      email: _e,
      photo_file_id: _p,
      complete: _c,
      specialization_id: _s,
      ...rest
    } = profile as { [K in keyof typeof profile]: NonNullable<(typeof profile)[K]> };
    await upload(token, app.id, everyDocument("SPE"));
    refused(await submit(token, app.id), 400, "PROFILE_INCOMPLETE");
    const put = await api.client().call("PUT", "/me/profile", {
      token,
      body: { ...rest, graduation_year: String(rest.graduation_year), specialization_id: specs[0].id },
    });
    expect(put.status).toBe(200);

    const results = await Promise.all(Array.from({ length: 5 }, () => submit(token, app.id, "same")));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const again = await submit(token, app.id, "same");
    const v = answered(again).data;
    expect(v).toMatchObject({ tahap: { id: 11 }, status: "IN-PROGRESS" });
    const audits = await api.db.select().from(auditLog).where(eq(auditLog.applicationId, app.id));
    expect(audits.map((a) => a.action)).toEqual(["SUBMIT"]);
  });
});

describe("ownership", () => {
  it("answers 404 to applicant B for A's application, documents and files", async () => {
    const a = await applicant();
    const b = await applicant();
    const app = await draft(a.token);
    await upload(a.token, app.id, [{ field: "doc_1", name: "ktp.png", data: png() }]);
    const fileId = (await view(a.token, app.id)).documents[0].file_id;
    const asB = api.client();
    const token = b.token;
    refused(await asB.call("GET", `/applications/${app.id}`, { token }), 404, "NOT_FOUND");
    refused(await asB.call("PUT", `/applications/${app.id}/jalur`, { token, body: { jalur_id: "OTH" } }), 404, "NOT_FOUND");
    refused(await upload(b.token, app.id, [{ field: "doc_1", name: "x.png", data: png() }]), 404, "NOT_FOUND");
    refused(await asB.call("DELETE", `/applications/${app.id}/documents/1`, { token }), 404, "NOT_FOUND");
    refused(await asB.call("POST", `/applications/${app.id}/submit`, { token, body: {} }), 404, "NOT_FOUND");
    await expectError(await download(token, fileId), 404, "NOT_FOUND");
    await expectError(await download(token, "not-a-uuid"), 404, "NOT_FOUND");
    refused(await asB.call("GET", `/applications/not-a-uuid`, { token }), 404, "NOT_FOUND");
    // A's document is untouched.
    expect((await view(a.token, app.id)).documents).toHaveLength(1);
    expect(answered(await asB.call("GET", "/applications/current", { token })).data).toBeNull();
    refused(await asB.call("GET", `/applications/${app.id}/portfolio`, { token }), 404, "NOT_FOUND");
    refused(await asB.call("PUT", `/applications/${app.id}/achievements`, { token, body: { items: [], done: true } }), 404, "NOT_FOUND");
  });

  it("serves a file to its owner with safe headers, and to reviewers once submitted", async () => {
    const a = await applicant();
    const app = await draft(a.token);
    await upload(a.token, app.id, everyDocument("REG"));
    const d = (await view(a.token, app.id)).documents[0];
    const res = await download(a.token, d.file_id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe(ATTACHMENT_POLICY);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-disposition")).toBe("attachment; filename=\"scan.png\"; filename*=UTF-8''scan.png");
    expect(Buffer.from(await res.arrayBuffer()).equals(png())).toBe(true);
    // Inline on request only for PDF and images; a Word file always downloads; every one is sandboxed.
    const documents: Array<{ original_name: string; file_id: string }> = (await view(a.token, app.id)).documents;
    for (const [name, disposition] of [
      ["scan.png", "inline"],
      ["ijazah.pdf", "inline"],
      ["cv.docx", "attachment"],
    ]) {
      const fileId = documents.find((x) => x.original_name === name)!.file_id;
      const inline = await download(a.token, fileId, "1");
      expect(inline.headers.get("content-disposition")).toMatch(new RegExp(`^${disposition}; filename="${name}"`));
      // The viewer's frame: sandboxed, nothing loaded but the file, framed by the portal only; a download is never framed.
      expect(inline.headers.get("content-security-policy")).toBe(disposition === "inline" ? INLINE_POLICY : ATTACHMENT_POLICY);
      expect(inline.headers.get("content-security-policy")).toMatch(/^sandbox;/);
      expect(inline.headers.get("content-security-policy")).not.toMatch(/allow-/);
      expect(inline.headers.get("x-frame-options")).toBe(disposition === "inline" ? "SAMEORIGIN" : "DENY");
      expect(inline.headers.get("x-content-type-options")).toBe("nosniff");
      await inline.arrayBuffer();
    }

    const reviewer = await api.login("subkomite@adaptasi.test");
    await expectError(await download(reviewer.token, d.file_id), 404, "NOT_FOUND");
    await expectError(await download(reviewer.token, d.file_id, "1"), 404, "NOT_FOUND");
    await submit(a.token, app.id);
    expect((await download(reviewer.token, d.file_id)).status).toBe(200);
    const shown = await download(reviewer.token, d.file_id, "1");
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-disposition")).toMatch(/^inline;/);
    await shown.arrayBuffer();
    // A reviewer of a later stage (Kolegium, stage 2) does not see a stage-1 file, inline or not, nor does another applicant.
    const kolegium = await api.login("kolegium@adaptasi.test");
    await expectError(await download(kolegium.token, d.file_id, "1"), 404, "NOT_FOUND");
    await expectError(await download(kolegium.token, d.file_id), 404, "NOT_FOUND");
    const stranger = await applicant();
    await expectError(await download(stranger.token, d.file_id, "1"), 404, "NOT_FOUND");
  });
});

describe("reupload", () => {
  it("takes only the flagged documents and keeps earlier versions; only /reupload/submit returns the file to the reviewers", async () => {
    const { token } = await applicant();
    const app = await draft(token);
    await upload(token, app.id, everyDocument("REG"));
    await submit(token, app.id);
    refused(await upload(token, app.id, [{ field: "doc_2", name: "cv.pdf", data: pdfBytes }], "reupload"), 409, "NOT_REUPLOAD");
    refused(await sendBack(token, app.id), 409, "NOT_REUPLOAD");

    // A reviewer's REUPLOAD decision, done here on the database.
    await api.db.update(applications).set({ status: "REUPLOAD" }).where(eq(applications.id, app.id));
    await api.db.insert(reuploadRequests).values({ applicationId: app.id, requirementId: 2, reason: "CV tidak terbaca, unggah ulang dalam PDF." });
    let v = await view(token, app.id);
    expect(v).toMatchObject({
      label: { rule: 3 },
      holder_roles: [3],
      reupload: [{ requirement_id: 2, reason: "CV tidak terbaca, unggah ulang dalam PDF.", fixed: false }],
    });
    // Nothing uploaded again yet: it cannot go back.
    const early = refused(await sendBack(token, app.id), 400, "DOCUMENTS_MISSING");
    expect(early.error.details).toMatchObject([{ path: "doc_2", message: expect.stringContaining("harus diunggah ulang") }]);

    refused(await upload(token, app.id, [{ field: "doc_1", name: "ktp.png", data: png() }], "reupload"), 400, "UNEXPECTED_FILE");
    const bad = await upload(token, app.id, [{ field: "doc_2", name: "cv.pdf", data: elf() }], "reupload");
    expect(answered(bad).data).toMatchObject({ saved: [], errors: [{ requirement_id: 2 }], application: { status: "REUPLOAD" } });

    // Stored, not sent: the file stays with the applicant, who may replace it again before sending it back.
    const res = await upload(token, app.id, [{ field: "doc_2", name: "cv-baru.pdf", data: pdfBytes }], "reupload");
    expect(res.status).toBe(200);
    const body = answered(res).data;
    expect(body).toMatchObject({ saved: [2], errors: [], application: { status: "REUPLOAD", reupload: [{ requirement_id: 2, fixed: true }] } });
    expect(body.application.timeline.map((t: { action: string }) => t.action)).toEqual(["SUBMIT"]);
    expect((await upload(token, app.id, [{ field: "doc_2", name: "cv-lebih-baru.pdf", data: pdfBytes }], "reupload")).status).toBe(200);

    // Another person cannot send it back.
    refused(await sendBack((await applicant()).token, app.id), 404, "NOT_FOUND");
    const sent = await sendBack(token, app.id);
    expect(sent.status).toBe(200);
    v = answered(sent).data;
    expect(v).toMatchObject({ status: "IN-PROGRESS", tahap: { id: 1 }, label: { rule: 1 }, reupload: [] });
    expect(v.documents.find((d: { requirement_id: number }) => d.requirement_id === 2)).toMatchObject({ original_name: "cv-lebih-baru.pdf", version: 3 });
    expect(v.timeline.map((t: { action: string }) => t.action)).toEqual(["SUBMIT", "REUPLOAD"]);
    expect(v.timeline[1]).toMatchObject({ from_stage_id: 1, from_status: "REUPLOAD", to_stage_id: 1, to_status: "IN-PROGRESS" });
    const versions = await api.db
      .select()
      .from(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, app.id), eq(applicationDocuments.requirementId, 2)));
    expect(versions).toHaveLength(3);
    // Sent twice (a double click, a re-post): the second changes nothing.
    refused(await sendBack(token, app.id), 409, "NOT_REUPLOAD");
    expect((await view(token, app.id)).timeline).toHaveLength(2);
  });

  it("hides internal notes from the applicant's timeline", async () => {
    const { token } = await applicant();
    const app = await draft(token);
    const [me] = await api.db.select().from(applications).where(eq(applications.id, app.id));
    await api.db.insert(auditLog).values([
      { applicationId: app.id, actorUserId: me.applicantUserId, actorRole: 4, action: "DECISION", note: "catatan internal", internal: true },
      { applicationId: app.id, actorUserId: me.applicantUserId, actorRole: 4, action: "DECISION", note: "untuk pemohon" },
    ]);
    const v = await view(token, app.id);
    expect(v.timeline.map((t) => t.note)).toEqual(["untuk pemohon"]);
    // The log is append-only: the database refuses to rewrite history.
    await expect(api.db.update(auditLog).set({ note: "diubah" }).where(eq(auditLog.applicationId, app.id))).rejects.toThrow();
  });
});

describe("SPE extras", () => {
  it("saves the portfolio and the achievements with their done flag, while the applicant holds the file", async () => {
    const { token } = await applicant();
    const app = await draft(token, "SPE");
    const base = `/applications/${app.id}` as const;
    expect(answered(await api.client().call("GET", `${base}/portfolio`, { token })).data).toEqual({ entries: [] });
    const entries = [
      { kind: "PENDIDIKAN", title: "Residensi Ilmu Penyakit Dalam", institution: "University of Malaya", year: 2020, description: null },
      { kind: "PEKERJAAN", title: "Internist", institution: "Hospital Kuala Lumpur", year: 2022, description: "5 tahun" },
    ];
    const put = await api.client().call("PUT", `${base}/portfolio`, { token, body: { entries } });
    expect(put.status).toBe(200);
    expect(answered(put).data).toEqual({ entries });
    const tooMany = await api.client().call("PUT", `${base}/portfolio`, { token, body: { entries: Array.from({ length: 51 }, () => entries[0]!) } });
    expect(refused(tooMany, 400, "VALIDATION_ERROR").error.details).toMatchObject([
      { path: "entries", code: "too_many_entries", params: { max: 50 }, message: "paling banyak 50 entri sekali simpan" },
    ]);

    const types = answered(await api.client().call("GET", "/achievement-types")).data;
    expect(types.map((t: { code: string }) => t.code)).toContain("PUBLIKASI");
    const bad = await api.client().call("PUT", `${base}/achievements`, { token, body: { items: [{ type_code: "X", title: "t" }], done: false } });
    expect(refused(bad, 400, "VALIDATION_ERROR").error.details).toMatchObject([
      { path: "items.0.type_code", message: "Jenis Capaian harus berupa nilai yang diizinkan" },
    ]);
    const items = [{ type_code: "PUBLIKASI", title: "Outcomes of sepsis care", year: 2021, description: null }];
    const ok = await api.client().call("PUT", `${base}/achievements`, { token, body: { items, done: true } });
    expect(answered(ok).data).toEqual({ items, done: true });
    expect((await view(token, app.id)).achievements_done).toBe(true);

    await upload(token, app.id, everyDocument("SPE"));
    await api.db.update(applications).set({ isSubmitted: true, status: "IN-PROGRESS", stageId: 11 }).where(eq(applications.id, app.id));
    refused(await api.client().call("PUT", `${base}/portfolio`, { token, body: { entries: [] } }), 409, "APPLICATION_SUBMITTED");
  });

  it("a REG or OTH application has no portfolio or achievements to write", async () => {
    const { token } = await applicant();
    const app = await draft(token, "REG");
    const base = `/applications/${app.id}` as const;
    refused(await api.client().call("PUT", `${base}/portfolio`, { token, body: { entries: [] } }), 409, "NOT_SPE");
    refused(await api.client().call("PUT", `${base}/achievements`, { token, body: { items: [], done: true } }), 409, "NOT_SPE");
  });
});
