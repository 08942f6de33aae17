import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import type { DocumentRequirement } from "#contracts/document-requirements";
import { docx, pdf, png } from "../fixtures/files";
import { expect, linkFromMail, loginAsApplicant, newCitizen, newForeigner, test, type Citizen, type Foreigner } from "./accounts-fixtures";
import { apiKey, expectPath, fillDate } from "./fixtures";

// Shared by the applicant specs: a fresh, activated citizen made through the API (sign-up by
// form is proven in accounts.spec), logged in by the real form, and the steps of the journey.

export { expect, test } from "./accounts-fixtures";

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Activates the account from its mail and logs in by the form at `loginPath`. */
async function activateAndLogIn(page: Page, person: Citizen | Foreigner, loginPath: string) {
  await page.goto(await linkFromMail(person.email, "activation"));
  // The activated account is sent to its own login page with the news.
  await expect(page.getByText(`Akun ${person.email} sudah aktif.`)).toBeVisible();
  await loginAsApplicant(page, loginPath, person, person.password);
}

const signUpBody = (p: Citizen | Foreigner) => ({
  full_name: p.fullName,
  email: p.email,
  phone: p.phone,
  password: p.password,
  password_confirmation: p.password,
  consent: "on",
});

/** Signs a citizen up at the API, activates the account from its mail, and logs in by the form. */
export async function freshApplicant(page: Page, request: APIRequestContext, testInfo: TestInfo): Promise<Citizen> {
  const citizen = newCitizen(testInfo, "dr. Sari Wulandari");
  const res = await request.post("/api/v1/register/citizen", { headers: { "x-adaptasiapikey": apiKey() }, data: { ...signUpBody(citizen), nik: citizen.nik } });
  expect(res.status(), await res.text()).toBe(201);
  await activateAndLogIn(page, citizen, "/login");
  return citizen;
}

/** The same for a foreign national (Malaysia, OTH), logging in at /wna/login. */
export async function freshForeignApplicant(page: Page, request: APIRequestContext, testInfo: TestInfo): Promise<Foreigner> {
  const foreigner = newForeigner(testInfo, "Dr. Aisyah Rahman");
  const res = await request.post("/api/v1/register/foreign", {
    headers: { "x-adaptasiapikey": apiKey() },
    data: { ...signUpBody(foreigner), foreign_id: foreigner.foreignId, nationality: "MY", is_kek: "tidak", jalur_id: "OTH" },
  });
  expect(res.status(), await res.text()).toBe(201);
  await activateAndLogIn(page, foreigner, "/wna/login");
  return foreigner;
}

/** Fills /personal-data (NIK for a citizen, passport for a foreign national) and saves it. */
export async function completePersonalData(page: Page, person: Citizen | Foreigner) {
  const citizen = "nik" in person;
  await page.goto("/personal-data");
  await page.getByRole("radio", { name: citizen ? "NIK (Warga Negara Indonesia)" : "Paspor (Warga Negara Asing)" }).check();
  await page.getByLabel("Nomor Identitas", { exact: true }).fill(citizen ? person.nik : person.foreignId);
  await page.getByLabel("Kewarganegaraan", { exact: true }).selectOption({ label: citizen ? "Indonesia" : person.nationality });
  await page.getByLabel("Tempat Lahir", { exact: true }).fill(citizen ? "Bandung" : "Kuala Lumpur");
  await fillDate(page, "Tanggal Lahir", "1990-03-12");
  await page.getByRole("radio", { name: citizen ? "Laki-laki" : "Perempuan" }).check();
  await page.getByLabel("Alamat", { exact: true }).fill("Jl. Asia Afrika No. 8, Bandung");
  await page.getByLabel("Nomor Telepon", { exact: true }).fill(person.phone);
  await page.getByLabel("Profesi", { exact: true }).selectOption({ label: "Dokter" });
  await page.getByLabel("Institusi Pendidikan", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Negara Kelulusan", { exact: true }).selectOption({ label: "Filipina" });
  await page.getByLabel("Tahun Lulus", { exact: true }).fill("2015");
  await page.getByRole("button", { name: "SIMPAN" }).click();
  await expectPath(page, "/");
  await expect(page.getByText("Data personal tersimpan.")).toBeVisible();
}

/** Chooses a pathway on /registration-path and confirms it: a draft, then the document form. */
export async function choosePathway(page: Page, label: "Reguler" | "Spesialis" | "Lainnya") {
  await page.goto("/registration-path");
  await page.getByRole("radio", { name: label, exact: true }).check();
  await page.getByRole("button", { name: "LANJUTKAN" }).click();
  await expectPath(page, "/registration-path/confirmation");
  await expect(page.getByRole("heading", { name: `Jalur yang dipilih: ${label}` })).toBeVisible();
  await page.getByRole("button", { name: "KONFIRMASI" }).click();
  await expectPath(page, "/submission-form/adaptation-form");
  await expect(page.getByText("Jalur pendaftaran tersimpan.")).toBeVisible();
}

/** The file input of the document numbered `order` on the form ("3. Sertifikat profesi …"). */
export function documentInput(page: Page, order: number) {
  return page.getByLabel(new RegExp(`^${order}\\. `));
}

/** The button of the document numbered `order`: each document has its own small form ("UNGGAH 3. Sertifikat …"). */
export function documentButton(page: Page, order: number, text = "UNGGAH") {
  return page.getByRole("button", { name: new RegExp(`^${text}\\s+${order}\\. `) });
}

/**
 * Uploads the document numbered `order` by its own form (one document per post) and waits for the page
 * that says it was stored.
 */
export async function uploadDocument(page: Page, order: number, files: FilePayload | FilePayload[], text = "UNGGAH") {
  await documentInput(page, order).setInputFiles(files);
  // With JavaScript one chosen file uploads at once, resumably (docs/decisions/027-resumable-uploads.md);
  // several files of a merged document go by the button, resumably too; without JavaScript every upload
  // goes by the button, as the form's post.
  const resumable = test.info().project.use.javaScriptEnabled !== false && (!Array.isArray(files) || files.length === 1);
  if (!resumable) await documentButton(page, order, text).click();
  // A resumable upload starts once the file is chosen and goes in chunks: on a loaded machine it takes longer
  // than one form post (a CI run's first try once waited past 10 s).
  await expect(page.getByRole("status").getByText(new RegExp(`Dokumen tersimpan: (.*, )?${order}\\. `))).toBeVisible({
    timeout: resumable ? 30_000 : undefined,
  });
}

export async function pdfFile(name = "dokumen.pdf"): Promise<FilePayload> {
  return { name, mimeType: "application/pdf", buffer: await pdf(name) };
}

export function pngFile(name = "foto.png"): FilePayload {
  return { name, mimeType: "image/png", buffer: png() };
}

export function docxFile(name = "cv.docx"): FilePayload {
  return { name, mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: docx() };
}

/** A real file for every document of a competency pathway (REG/SPE): the CV as DOCX, merged items as PNG + PDF. */
export async function competencyDocuments(): Promise<Record<number, FilePayload[]>> {
  return {
    1: [await pdfFile("identitas.pdf")],
    2: [docxFile("cv.docx")],
    3: [pngFile("sertifikat-1.png"), await pdfFile("sertifikat-2.pdf")],
    4: [pngFile("kompetensi.png")],
    5: [await pdfFile("logbook.pdf")],
    6: [await pdfFile("pengalaman-kerja.pdf")],
    7: [pngFile("surat-sehat.png")],
  };
}

/** A real file for every document of OTH: the CV as DOCX, the diploma merged from two images. */
export async function otherDocuments(): Promise<Record<number, FilePayload[]>> {
  return {
    1: [await pdfFile("proposal.pdf")],
    2: [pngFile("paspor.png")],
    3: [docxFile("cv.docx")],
    4: [pngFile("ijazah-1.png"), pngFile("ijazah-2.png")],
    5: [await pdfFile("good-standing.pdf")],
    6: [await pdfFile("str-pendamping.pdf")],
    7: [await pdfFile("sip-pendamping.pdf")],
    8: [await pdfFile("rekomendasi-kolegium.pdf")],
  };
}

/**
 * A pathway's document requirements as the API answers them (GET /document-requirements), in their order.
 * The specs read them from the running portal, not from domain/documents.ts, whose words come from a JSON
 * locale file that Playwright's module loader does not import.
 */
export async function requirementsOf(request: APIRequestContext, jalur: "REG" | "SPE" | "OTH"): Promise<DocumentRequirement[]> {
  const res = await request.get(`/api/v1/document-requirements?jalur=${jalur}`, { headers: { "x-adaptasiapikey": apiKey() } });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: DocumentRequirement[] };
  return data.filter((r) => r.is_active).sort((a, b) => a.order_num - b.order_num);
}
