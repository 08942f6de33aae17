import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { requirementsFor, type JalurId } from "#domain/documents";
import { docx, png } from "../../tests/fixtures/files";
import type { TestApi } from "./helpers";

// The applicant's steps the API tests take again and again (review, file history, registrations): a fresh
// name, a complete profile, every document of a pathway, a submitted application.

/** Letters only, so a name made from it passes the profile's rules; searching it finds one test's rows. */
export const tag = () => Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join("");

/** Every document of a pathway as one upload: the CV as DOCX, merged fields as the PDF given, the rest as PNG. */
export function everyDocument(jalur: JalurId, pdfBytes: Buffer): FormData {
  const fd = new FormData();
  for (const r of requirementsFor(jalur)) {
    const [name, data] = r.allowed_extnames.includes("docx") ? ["cv.docx", docx()] : r.merged ? ["ijazah.pdf", pdfBytes] : ["scan.png", png()];
    fd.append(`doc_${r.id}`, new Blob([new Uint8Array(data)]), name);
  }
  return fd;
}

let seq = 0;

/**
 * A fresh applicant with a complete profile named "Budi <name>", logged in. Without `specialization`
 * the profile names none (complete for REG and OTH; SPE asks for one).
 */
export async function applicantWithProfile(api: TestApi, name = tag(), opts: { emailPrefix?: string; specialization?: boolean } = {}) {
  seq += 1;
  const email = `${opts.emailPrefix ?? "pemohon"}.${seq}.${tag()}@contoh.id`;
  await api.createUser({ email });
  const { token } = await api.login(email);
  const institutions = (await (await api.request("/api/v1/institutions?q=malaya", { token })).json()).data;
  const specs = (await (await api.request("/api/v1/specializations")).json()).data;
  const res = await api.request("/api/v1/me/profile", {
    method: "PUT",
    token,
    json: {
      full_name: `Budi ${name}`,
      identity_type: "NIK",
      identity_number: `3171${String(Date.now()).slice(-8)}${String(1000 + seq).slice(-4)}`,
      nationality: "ID",
      birth_place: "Bandung",
      birth_date: "1991-05-17",
      gender: "L",
      address: "Jl. Asia Afrika No. 8, Bandung",
      phone: "081234567890",
      profession: "DOKTER",
      institution_id: institutions[0].id,
      graduation_country: "MY",
      graduation_year: "2016",
      ...(opts.specialization === false ? {} : { specialization_id: specs[0].id }),
    },
  });
  expect(res.status).toBe(200);
  return { token, email, name: `Budi ${name}` };
}
