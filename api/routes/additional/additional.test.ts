import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docxBomb, pdf, png } from "../../../tests/fixtures/files";
import { applications, auditLog } from "../../db/schema";
import { createTestApi, expectError, type TestApi } from "../../test/helpers";

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
  const res = await api.request("/api/v1/applications", { token, json: { jalur_id: jalurId } });
  expect(res.status).toBe(201);
  const { id } = (await res.json()).data as { id: string };
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

    let res = await api.request(`/api/v1/applications/${id}/additional-requirements`, { token });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ items: [], may_answer: true, may_request: false });

    res = await api.request(`/api/v1/review/applications/${id}/additional-requirements`, {
      token: admin.token,
      json: { title: "Surat rekomendasi rumah sakit asal", description: "Ditandatangani direktur" },
    });
    expect(res.status).toBe(201);
    const asked = (await res.json()).data;
    expect(asked.may_request).toBe(true);
    expect(asked.items).toHaveLength(1);
    expect(asked.items[0]).toMatchObject({ title: "Surat rekomendasi rumah sakit asal", requested_by: "Admin", stage_id: 11, file: null });

    const requestId = asked.items[0].id;
    res = await api.request(`/api/v1/applications/${id}/additional-requirements/${requestId}/file`, { token, body: fileForm(await pdf(), "rekomendasi.pdf") });
    expect(res.status).toBe(200);
    const answered = (await res.json()).data;
    expect(answered.items[0].file).toMatchObject({ original_name: "rekomendasi.pdf" });

    // The reviewer sees the file.
    const seen = (await (await api.request(`/api/v1/applications/${id}/additional-requirements`, { token: admin.token })).json()).data;
    expect(seen.items[0].file.file_id).toBe(answered.items[0].file.file_id);
    // …downloads it, or opens it in the browser's PDF viewer with ?inline=1.
    const fileUrl = `/api/v1/files/${seen.items[0].file.file_id}`;
    let file = await api.request(fileUrl, { token: admin.token });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="rekomendasi.pdf"/);
    file = await api.request(`${fileUrl}?inline=1`, { token: admin.token });
    expect(file.headers.get("content-disposition")).toMatch(/^inline; filename="rekomendasi.pdf"/);
    expect(file.headers.get("content-type")).toBe("application/pdf");

    const audit = await api.db.select().from(auditLog).where(eq(auditLog.applicationId, id));
    expect(audit.map((a) => a.action)).toEqual(["ADDITIONAL_REQUEST", "ADDITIONAL_UPLOAD"]);
  });

  it("bad files are refused by their content with a message; another applicant gets 404", async () => {
    const { token, id } = await openApplication("SPE", 12);
    const subkomite = await api.login("subkomite@adaptasi.test");
    const asked = (
      await (
        await api.request(`/api/v1/review/applications/${id}/additional-requirements`, { token: subkomite.token, json: { title: "Daftar tindakan" } })
      ).json()
    ).data;
    const url = `/api/v1/applications/${id}/additional-requirements/${asked.items[0].id}/file`;

    let body = await expectError(await api.request(url, { token, body: fileForm(docxBomb(), "daftar.pdf") }), 400, "VALIDATION_ERROR");
    expect(body.error.details).toMatchObject([{ path: "file", message: "Tipe berkas harus JPG, JPEG, PNG atau PDF." }]);
    body = await expectError(await api.request(url, { token, body: fileForm(Buffer.alloc(0), "kosong.png") }), 400, "VALIDATION_ERROR");
    expect(body.error.details?.[0]?.message).toBe("Berkas kosong.");
    await expectError(await api.request(url, { token, json: { file: "x" } }), 400, "MALFORMED_MULTIPART");
    await expectError(
      await api.request(`/api/v1/applications/${id}/additional-requirements/999999/file`, { token, body: fileForm(png(), "a.png") }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await api.request(`/api/v1/applications/${id}/additional-requirements/abc/file`, { token, body: fileForm(png(), "a.png") }),
      404,
      "NOT_FOUND",
    );

    const other = await openApplication("SPE", 11);
    await expectError(await api.request(url, { token: other.token, body: fileForm(png(), "a.png") }), 404, "NOT_FOUND");
    await expectError(await api.request(`/api/v1/applications/${id}/additional-requirements`, { token: other.token }), 404, "NOT_FOUND");
  });

  it("only a decider of the open stage of an SPE file may ask; a closed file takes no answers", async () => {
    const reg = await openApplication("REG", 1);
    const admin = await api.login("admin@adaptasi.test");
    await expectError(
      await api.request(`/api/v1/review/applications/${reg.id}/additional-requirements`, { token: admin.token, json: { title: "Surat tambahan" } }),
      403,
      "ADDITIONAL_NOT_ALLOWED",
    );

    const spe = await openApplication("SPE", 11);
    const pembekalan = await api.login("pembekalan@adaptasi.test");
    // Stage 13 has not been reached: Pembekalan does not see the file at all.
    await expectError(
      await api.request(`/api/v1/review/applications/${spe.id}/additional-requirements`, { token: pembekalan.token, json: { title: "Surat tambahan" } }),
      404,
      "NOT_FOUND",
    );
    // An applicant cannot ask.
    await expectError(
      await api.request(`/api/v1/review/applications/${spe.id}/additional-requirements`, { token: spe.token, json: { title: "Surat tambahan" } }),
      404,
      "NOT_FOUND",
    );
    // Bad bodies are 400 with the form's messages.
    const body = await expectError(
      await api.request(`/api/v1/review/applications/${spe.id}/additional-requirements`, { token: admin.token, json: { title: " " } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(JSON.stringify(body.error.details)).toContain("Nama Dokumen harus diisi");

    const closed = await openApplication("SPE", 11, "FAILED");
    const kki = await api.login("kki@adaptasi.test");
    await expectError(
      await api.request(`/api/v1/review/applications/${closed.id}/additional-requirements`, { token: kki.token, json: { title: "Surat tambahan" } }),
      403,
      "ADDITIONAL_NOT_ALLOWED",
    );
  });
});
