import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docxBomb, pdf, png } from "../../../tests/fixtures/files";
import { applications, auditLog } from "../../db/schema";
import { answered as answer, createTestApi, expectError, multipart, refused, type TestApi } from "../../test/helpers";

// Extra documents a reviewer asks an SPE applicant for (/portfolio/additional-requirements).

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

let seq = 0;
/** A fresh applicant whose application is submitted and open at `stageId` (the workflow itself is tested in review/). */
async function openApplication(jalurId: "SPE" | "REG", stageId: number, status: "IN-PROGRESS" | "PASSED" | "FAILED" = "IN-PROGRESS") {
  seq += 1;
  const email = `tambahan.${seq}.${Date.now()}@contoh.id`;
  await api.createUser({ email });
  const { token } = await api.login(email);
  const res = await api.client().call("POST", "/applications", { token, body: { jalur_id: jalurId } });
  expect(res.status).toBe(201);
  const { id } = answer(res).data;
  const final = status === "FAILED";
  await api.db
    .update(applications)
    .set({
      isSubmitted: true,
      submittedAt: new Date(),
      status,
      stageId,
      stageStartedAt: new Date(),
      reachedStages: [stageId],
      openStageId: final ? null : stageId,
      isFinal: final,
    })
    .where(eq(applications.id, id));
  return { token, id };
}

const fileForm = (data: Buffer, name: string) => {
  const fd = new FormData();
  fd.append("file", new Blob([new Uint8Array(data)]), name);
  return fd;
};

describe("additional requirements", () => {
  it("the reviewer of the open SPE stage asks, the applicant answers with a file, both are in the audit log", async () => {
    const { token, id } = await openApplication("SPE", 11);
    const admin = await api.login("admin@adaptasi.test");

    let res = await api.client().call("GET", `/applications/${id}/additional-requirements`, { token });
    expect(res.status).toBe(200);
    expect(answer(res).data).toEqual({ items: [], may_answer: true, may_request: false });

    res = await api.client().call("POST", `/review/applications/${id}/additional-requirements`, {
      token: admin.token,
      body: { title: "Surat rekomendasi rumah sakit asal", description: "Ditandatangani direktur" },
    });
    expect(res.status).toBe(201);
    const asked = answer(res).data;
    expect(asked.may_request).toBe(true);
    expect(asked.items).toHaveLength(1);
    expect(asked.items[0]).toMatchObject({ title: "Surat rekomendasi rumah sakit asal", requested_by_role: 2, stage_id: 11, file: null });

    const requestId = asked.items[0].id;
    res = await api
      .client()
      .upload(`/applications/${id}/additional-requirements/${requestId}/file`, ...multipart(fileForm(await pdf(), "rekomendasi.pdf")), { token });
    expect(res.status).toBe(200);
    const answered = answer(res).data;
    expect(answered.items[0].file).toMatchObject({ original_name: "rekomendasi.pdf" });

    // The reviewer sees the file.
    const seen = answer(await api.client().call("GET", `/applications/${id}/additional-requirements`, { token: admin.token })).data;
    expect(seen.items[0].file!.file_id).toBe(answered.items[0].file!.file_id);
    // …downloads it, or opens it in the browser's PDF viewer with ?inline=1.
    const fileUrl = `/files/${seen.items[0].file!.file_id}` as const;
    let file = (await api.client().fetchRaw("GET", fileUrl, { token: admin.token }))!;
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="rekomendasi.pdf"/);
    file = (await api.client().fetchRaw("GET", fileUrl, { token: admin.token, query: { inline: "1" } }))!;
    expect(file.headers.get("content-disposition")).toMatch(/^inline; filename="rekomendasi.pdf"/);
    expect(file.headers.get("content-type")).toBe("application/pdf");

    const audit = await api.db.select().from(auditLog).where(eq(auditLog.applicationId, id));
    expect(audit.map((a) => a.action)).toEqual(["ADDITIONAL_REQUEST", "ADDITIONAL_UPLOAD"]);
  });

  it("bad files are refused by their content with a message; another applicant gets 404", async () => {
    const { token, id } = await openApplication("SPE", 12);
    const subkomite = await api.login("subkomite@adaptasi.test");
    const asked = answer(
      await api.client().call("POST", `/review/applications/${id}/additional-requirements`, { token: subkomite.token, body: { title: "Daftar tindakan" } }),
    ).data;
    const url = `/applications/${id}/additional-requirements/${asked.items[0].id}/file` as const;

    let body = refused(await api.client().upload(url, ...multipart(fileForm(docxBomb(), "daftar.pdf")), { token }), 400, "VALIDATION_ERROR");
    expect(body.error.details).toMatchObject([{ path: "file", message: "Tipe berkas harus JPG, JPEG, PNG atau PDF." }]);
    body = refused(await api.client().upload(url, ...multipart(fileForm(Buffer.alloc(0), "kosong.png")), { token }), 400, "VALIDATION_ERROR");
    expect(body.error.details?.[0]?.message).toBe("Berkas kosong.");
    // Raw: a JSON body where the route takes multipart, which the typed client's upload never sends.
    await expectError(await api.request(`/api/v1${url}`, { token, json: { file: "x" } }), 400, "MALFORMED_MULTIPART");
    refused(
      await api.client().upload(`/applications/${id}/additional-requirements/999999/file`, ...multipart(fileForm(png(), "a.png")), { token }),
      404,
      "NOT_FOUND",
    );
    refused(
      await api.client().upload(`/applications/${id}/additional-requirements/abc/file`, ...multipart(fileForm(png(), "a.png")), { token }),
      404,
      "NOT_FOUND",
    );

    const other = await openApplication("SPE", 11);
    refused(await api.client().upload(url, ...multipart(fileForm(png(), "a.png")), { token: other.token }), 404, "NOT_FOUND");
    refused(await api.client().call("GET", `/applications/${id}/additional-requirements`, { token: other.token }), 404, "NOT_FOUND");
  });

  it("only a decider of the open stage of an SPE file may ask; a closed file takes no answers", async () => {
    const reg = await openApplication("REG", 1);
    const admin = await api.login("admin@adaptasi.test");
    refused(
      await api.client().call("POST", `/review/applications/${reg.id}/additional-requirements`, { token: admin.token, body: { title: "Surat tambahan" } }),
      403,
      "ADDITIONAL_NOT_ALLOWED",
    );

    const spe = await openApplication("SPE", 11);
    const pembekalan = await api.login("pembekalan@adaptasi.test");
    // Stage 13 has not been reached: Pembekalan does not see the file at all.
    refused(
      await api.client().call("POST", `/review/applications/${spe.id}/additional-requirements`, { token: pembekalan.token, body: { title: "Surat tambahan" } }),
      404,
      "NOT_FOUND",
    );
    // An applicant cannot ask.
    refused(
      await api.client().call("POST", `/review/applications/${spe.id}/additional-requirements`, { token: spe.token, body: { title: "Surat tambahan" } }),
      404,
      "NOT_FOUND",
    );
    // Bad bodies are 400 with the form's messages.
    const body = refused(
      await api.client().call("POST", `/review/applications/${spe.id}/additional-requirements`, { token: admin.token, body: { title: " " } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(JSON.stringify(body.error.details)).toContain("Nama Dokumen harus diisi");

    const closed = await openApplication("SPE", 11, "FAILED");
    const kki = await api.login("kki@adaptasi.test");
    refused(
      await api.client().call("POST", `/review/applications/${closed.id}/additional-requirements`, { token: kki.token, body: { title: "Surat tambahan" } }),
      403,
      "ADDITIONAL_NOT_ALLOWED",
    );
  });
});
