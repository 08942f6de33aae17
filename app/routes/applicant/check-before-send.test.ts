import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { requirementsFor } from "#domain/documents";

// KIRIM PERMOHONAN only saves and shows "Periksa kembali" (?intent=check); the check's Yes (?intent=confirm,
// confirm=yes, a key of ours) is the one post that reaches POST /applications/:id/submit, and it is checked again.

vi.mock("~/utils/guards.server", () => ({ requireUser: vi.fn(async () => ({ user: { id: "me", role_id: 3, is_hospital_verified: true } })) }));
vi.mock("~/utils/session.server", () => ({ toastCookie: vi.fn(async () => "toast=1") }));

const { action, loader } = await import("~/routes/applicant/submission-form.adaptation-form");
const facility = await import("~/routes/facility/register-competency-evaluation.path.$othersId.upload-file");
const reupload = await import("~/routes/applicant/submission-form.reupload-form");

const reg = requirementsFor("REG").map((r, i) => ({ ...r, id: i + 1, is_active: true }));
const draft = {
  id: "a1",
  jalur_id: "REG",
  status: "DRAFT",
  is_submitted: false,
  timeline: [],
  reupload: [],
  documents: [{ requirement_id: 1, name: reg[0].name, file_id: "f1", original_name: "ktp.pdf", size: 2048, uploaded_at: "2026-11-01T00:00:00Z", version: 2 }],
};
const profile = Object.fromEntries(
  [
    "full_name",
    "identity_type",
    "identity_number",
    "nationality",
    "birth_place",
    "birth_date",
    "gender",
    "address",
    "phone",
    "profession",
    "institution_id",
    "graduation_country",
    "graduation_year",
    "specialization_id",
  ].map((k) => [k, null]),
);

const call = vi.fn();
const upload = vi.fn();
const context = { auth: async () => ({ kind: "loaded", session: { accessToken: "t" } }), api: { call, upload } } as unknown as AppLoadContext;

beforeEach(() => {
  call.mockReset();
  upload.mockReset();
  call.mockImplementation(async (method: string, path: string) => {
    if (path === "/applications/current") return { ok: true, status: 200, body: { data: draft } };
    if (path === "/applications/a1/submit") return { ok: true, status: 200, body: { data: { ...draft, is_submitted: true } } };
    if (path === "/document-requirements") return { ok: true, status: 200, body: { data: reg } };
    if (path === "/me/profile")
      return { ok: true, status: 200, body: { data: { ...profile, full_name: "Sari", email: "s@x.id", photo_file_id: null, complete: false } } };
    if (path === "/institutions" || path === "/specializations") return { ok: true, status: 200, body: { data: [] } };
    if (path.startsWith("/registrations/"))
      return {
        ok: true,
        status: 200,
        body: { data: { application: { ...draft, registration_number: "ADP-1" }, professional: { full_name: "Sari", email: "s@x.id" }, activity_kind: null } },
      };
    throw new Error(`unexpected ${method} ${path}`);
  });
  upload.mockResolvedValue({ ok: true, status: 200, body: { data: { saved: [2], errors: [] } } });
});

const FORM = "http://localhost/submission-form/adaptation-form";
const multipart = (url: string) => new Request(url, { method: "POST", body: new FormData(), headers: {} });
const urlencoded = (url: string, fields: Array<[string, string]>) =>
  new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } });
const submits = () => call.mock.calls.filter(([, path]) => String(path).endsWith("/submit"));

describe("/submission-form/adaptation-form", () => {
  it("KIRIM PERMOHONAN saves the chosen files, then shows the check: nothing is submitted", async () => {
    const answer = (await action({ request: multipart(`${FORM}?intent=check`), context, params: {} })) as Response;
    expect(upload).toHaveBeenCalledWith("/applications/a1/documents", expect.anything(), expect.any(String), { token: "t" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/submission-form/adaptation-form?intent=check");
    expect(submits()).toEqual([]);
  });

  it("a post of the form with the old ?intent=submit only saves a draft", async () => {
    const answer = (await action({ request: multipart(`${FORM}?intent=submit&key=k1`), context, params: {} })) as Response;
    expect(answer.headers.get("location")).toBe("/submission-form/adaptation-form");
    expect(submits()).toEqual([]);
  });

  it("the check names what is missing: the personal data not filled in and each document not uploaded", async () => {
    const page = await loader({ request: new Request(`${FORM}?intent=check`), context, params: {} });
    expect(page.check?.ready).toBe(false);
    expect(page.check?.personalMissing).toContain("identity_number");
    expect(page.check?.personalMissing).not.toContain("full_name");
    expect(page.check?.personalMissing).not.toContain("specialization_id");
    expect(page.check?.documents).toEqual([
      { requirement_id: 1, order_num: reg[0].order_num, name: reg[0].name, file_id: "f1", original_name: "ktp.pdf", size: 2048, version: 2 },
    ]);
    expect(page.check?.missingDocuments.map((m) => m.requirement_id)).toEqual(reg.slice(1).map((r) => r.id));
    expect((await loader({ request: new Request(FORM), context, params: {} })).check).toBeNull();
  });

  it("Yes sends with the page's key; without confirm=yes, or with a key not of ours, it goes back to the check", async () => {
    for (const [url, fields] of [
      [`${FORM}?intent=confirm&key=k1`, []],
      [`${FORM}?intent=confirm&key=k1`, [["confirm", "no"]]],
      [`${FORM}?intent=confirm&key=${"x".repeat(101)}`, [["confirm", "yes"]]],
      [`${FORM}?intent=confirm&key=%3Cscript%3E`, [["confirm", "yes"]]],
      [`${FORM}?intent=confirm`, [["confirm", "yes"]]],
    ] as Array<[string, Array<[string, string]>]>) {
      const answer = (await action({ request: urlencoded(url, fields), context, params: {} })) as Response;
      expect(answer.headers.get("location"), url).toBe("/submission-form/adaptation-form?intent=check");
    }
    expect(submits()).toEqual([]);
    const sent = (await action({
      request: urlencoded(`${FORM}?intent=confirm&key=3f1c0b52-0d7e-4b7e-9a51-1d2c3e4f5a6b`, [["confirm", "yes"]]),
      context,
      params: {},
    })) as Response;
    expect(call).toHaveBeenCalledWith("POST", "/applications/a1/submit", { token: "t", body: { idempotency_key: "3f1c0b52-0d7e-4b7e-9a51-1d2c3e4f5a6b" } });
    expect(sent.headers.get("location")).toBe("/submission-form/success");
    expect(upload).not.toHaveBeenCalled();
  });

  it("Yes when the API finds something missing (changed meanwhile) goes back to the check, which names it", async () => {
    // The application is read twice (sent already? then the open draft), then the API refuses.
    call.mockImplementationOnce(async () => ({ ok: true, status: 200, body: { data: draft } }));
    call.mockImplementationOnce(async () => ({ ok: true, status: 200, body: { data: draft } }));
    call.mockImplementationOnce(async () => ({ ok: false, status: 400, error: { code: "DOCUMENTS_MISSING", message: "Dokumen belum lengkap", details: [] } }));
    const answer = (await action({ request: urlencoded(`${FORM}?intent=confirm&key=k1`, [["confirm", "yes"]]), context, params: {} })) as Response;
    expect(answer.headers.get("location")).toBe("/submission-form/adaptation-form?intent=check");
  });

  it("a second Yes after the send lands on the success page and submits nothing again", async () => {
    call.mockImplementation(async () => ({ ok: true, status: 200, body: { data: { ...draft, is_submitted: true, status: "IN-PROGRESS" } } }));
    const answer = (await action({ request: urlencoded(`${FORM}?intent=confirm&key=k1`, [["confirm", "yes"]]), context, params: {} })) as Response;
    expect(answer.headers.get("location")).toBe("/submission-form/success");
    expect(submits()).toEqual([]);
  });
});

describe("a facility's …/upload-file?id=", () => {
  const PAGE = "http://localhost/register-competency-evaluation/path/regular/upload-file?id=a1";
  it("KIRIM PERMOHONAN saves and shows the check; only Yes submits", async () => {
    const checked = (await facility.action({ request: multipart(`${PAGE}&intent=check`), context, params: {} })) as Response;
    expect(checked.headers.get("location")).toBe("/register-competency-evaluation/path/regular/upload-file?id=a1&intent=check");
    expect(submits()).toEqual([]);
    const page = await facility.loader({ request: new Request(`${PAGE}&intent=check`), context, params: {} });
    expect(page.check?.missingDocuments).toHaveLength(reg.length - 1);
    const sent = (await facility.action({ request: urlencoded(`${PAGE}&intent=confirm&key=k2`, [["confirm", "yes"]]), context, params: {} })) as Response;
    expect(submits()).toHaveLength(1);
    expect(sent.headers.get("location")).toBe("/submission-form/success?id=a1");
  });
});

describe("/submission-form/reupload-form", () => {
  const PAGE = "http://localhost/submission-form/reupload-form";
  const flagged = (fixed: boolean) => ({ ...draft, status: "REUPLOAD", is_submitted: true, reupload: [{ requirement_id: 1, reason: "Tidak terbaca", fixed }] });
  const sendsBack = () => call.mock.calls.filter(([, path]) => String(path).endsWith("/reupload/submit"));
  const answering = (application: object) =>
    call.mockImplementation(async (method: string, path: string) => {
      if (path === "/applications/current") return { ok: true, status: 200, body: { data: application } };
      if (path === "/document-requirements") return { ok: true, status: 200, body: { data: reg } };
      if (path === "/applications/a1/reupload/submit") return { ok: true, status: 200, body: { data: { ...application, status: "IN-PROGRESS" } } };
      throw new Error(`unexpected ${method} ${path}`);
    });

  it("KIRIM PERBAIKAN stores the files and shows the check: nothing goes back", async () => {
    answering(flagged(false));
    upload.mockResolvedValue({ ok: true, status: 200, body: { data: { saved: [1], errors: [], application: flagged(true) } } });
    const answer = (await reupload.action({ request: multipart(`${PAGE}?intent=check`), context, params: {} })) as Response;
    expect(upload).toHaveBeenCalledWith("/applications/a1/reupload", expect.anything(), expect.any(String), { token: "t" });
    expect(answer.headers.get("location")).toBe("/submission-form/reupload-form?intent=check");
    expect(sendsBack()).toEqual([]);
  });

  it("the check shows each flagged document with its new version, or says it is not uploaded again", async () => {
    answering(flagged(true));
    const ready = await reupload.loader({ request: new Request(`${PAGE}?intent=check`), context, params: {} });
    expect(ready.check).toEqual({
      ready: true,
      items: [
        expect.objectContaining({ requirement_id: 1, reason: "Tidak terbaca", document: expect.objectContaining({ original_name: "ktp.pdf", version: 2 }) }),
      ],
    });
    answering(flagged(false));
    const waiting = await reupload.loader({ request: new Request(`${PAGE}?intent=check`), context, params: {} });
    expect(waiting.check).toEqual({ ready: false, items: [expect.objectContaining({ requirement_id: 1, document: null })] });
  });

  it("only Yes sends it back; the API's refusal (not everything uploaded again) returns to the check", async () => {
    answering(flagged(true));
    const asked = (await reupload.action({ request: urlencoded(`${PAGE}?intent=confirm`, []), context, params: {} })) as Response;
    expect(asked.headers.get("location")).toBe("/submission-form/reupload-form?intent=check");
    expect(sendsBack()).toEqual([]);
    const sent = (await reupload.action({ request: urlencoded(`${PAGE}?intent=confirm`, [["confirm", "yes"]]), context, params: {} })) as Response;
    expect(sendsBack()).toHaveLength(1);
    expect(sent.headers.get("location")).toBe("/submission-form/success-reupload");
    expect(upload).not.toHaveBeenCalled();
    call.mockImplementation(async (_m: string, path: string) =>
      path === "/applications/current"
        ? { ok: true, status: 200, body: { data: flagged(false) } }
        : { ok: false, status: 400, error: { code: "DOCUMENTS_MISSING", message: "…", details: [{ path: "doc_1", message: "…" }] } },
    );
    const refusedAnswer = (await reupload.action({ request: urlencoded(`${PAGE}?intent=confirm`, [["confirm", "yes"]]), context, params: {} })) as Response;
    expect(refusedAnswer.headers.get("location")).toBe("/submission-form/reupload-form?intent=check");
  });
});
