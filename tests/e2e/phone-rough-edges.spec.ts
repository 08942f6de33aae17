import { mkdirSync } from "node:fs";
import { test as plainTest, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { FOREIGN_DOCTOR } from "../fixtures/people";
import { writeFileSync } from "node:fs";
import { pdf, pdfOfSize, png } from "../fixtures/files";
import { sidewaysOverflow } from "../reach/measure";
import { expect, test } from "./accounts-fixtures";
import { choosePathway, documentInput, freshApplicant, requirementsOf } from "./applicant-fixtures";
import { checkHeading, sendFromCheck } from "./check-fixtures";
import { ACCOUNTS, apiKey, apiTokens, dateBoxes, expectPath, startSession } from "./fixtures";

// What a person on a 360 px phone still met, JavaScript off and on. Each page is measured for
// sideways scrolling at 360 px, and a screenshot of it is kept outside the repository for the review (SHOTS).

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/h40-shots";
const PHONE = { width: 360, height: 800 };

/** Measures the page at 360 px and keeps a screenshot: of the whole page, or of the screen around `at`. */
async function shot(page: Page, testInfo: TestInfo, name: string, at?: import("@playwright/test").Locator) {
  expect(await sidewaysOverflow(page), `${page.url()} at 360 px`).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  if (at) await at.evaluate((e) => e.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: !at });
}

const headers = (token: string) => ({ "x-adaptasiapikey": apiKey(), authorization: `Bearer ${token}` });

/** The demo facility's draft registration of a fresh professional on OTH, with every document stored, through /api/v1. */
async function facilityDraft(request: APIRequestContext, testInfo: TestInfo) {
  const { token } = await apiTokens(request, ACCOUNTS.fasyankes);
  const get = async (path: string) => (await (await request.get(`/api/v1${path}`, { headers: headers(token) })).json()).data;
  const kinds = (await get("/activity-kinds")) as Array<{ id: number; name: string }>;
  const institutions = (await get("/institutions")) as Array<{ id: number }>;
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`.replace(/[^a-z]/gi, "").slice(-12);
  const name = `Dr. Ana Reyes ${tag}`;
  const res = await request.post("/api/v1/registrations", {
    headers: headers(token),
    data: {
      full_name: name,
      email: `nakes.${tag.toLowerCase()}@contoh.test`,
      ...FOREIGN_DOCTOR,
      identity_number: `P${Date.now().toString(36).toUpperCase()}`.slice(0, 20),
      institution_id: institutions[0].id,
      jalur_id: "OTH",
      activity_kind_id: kinds[0].id,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { application, activity_kind } = (await res.json()).data as { application: { id: string }; activity_kind: { id: number; name: string } };
  const pdfBuffer = await pdf("dokumen.pdf");
  const multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
  for (const r of await requirementsOf(request, "OTH")) {
    multipart[`doc_${r.id}`] = r.allowed_extnames.split(",").includes("pdf")
      ? { name: `dokumen-${r.id}.pdf`, mimeType: "application/pdf", buffer: pdfBuffer }
      : { name: `dokumen-${r.id}.png`, mimeType: "image/png", buffer: png() };
  }
  const up = await request.post(`/api/v1/applications/${application.id}/documents`, { headers: headers(token), multipart });
  expect(up.status(), await up.text()).toBe(200);
  return {
    id: application.id,
    name,
    kind: activity_kind,
    uploadPath: `/register-competency-evaluation/path/${activity_kind.id}/upload-file?id=${application.id}`,
  };
}

test("item 11: a facility's check, success and status pages speak of its registration, each thing said once", async ({ page, request }, testInfo) => {
  const draft = await facilityDraft(request, testInfo);
  await page.setViewportSize(PHONE);
  await startSession(page, ACCOUNTS.fasyankes);

  await test.step("the check: the pathway's heading once, then the pathway and the kind of activity", async () => {
    await page.goto(`${draft.uploadPath}&intent=check`);
    await expect(checkHeading(page)).toBeVisible();
    const pathway = page.getByRole("region", { name: "Jalur pendaftaran" });
    await expect(pathway.getByText("Jalur pendaftaran", { exact: true })).toHaveCount(1);
    await expect(pathway.getByText("Lainnya", { exact: true })).toBeVisible();
    await expect(pathway.getByText(draft.kind.name, { exact: true })).toBeVisible();
    await expect(page.getByText(/^Kirim pendaftaran sekarang\?/)).toBeVisible();
    await shot(page, testInfo, "item11-check");
  });

  await test.step("the success page: the registration was sent", async () => {
    await sendFromCheck(page);
    await expectPath(page, "/submission-form/success");
    await expect(page.getByRole("heading", { level: 1, name: "Pendaftaran Terkirim" })).toBeVisible();
    await expect(page).toHaveTitle(/^Pendaftaran Terkirim — /);
    await expect(page.getByRole("main")).not.toContainText(/permohonan/i);
    await shot(page, testInfo, "item11-success");
  });

  await test.step("the status detail: the current stage once", async () => {
    await page.goto(`/application-status/application-status-detail?id=${draft.id}`);
    const facts = page.getByRole("region", { name: draft.name });
    await expect(facts.getByText("Tahap saat ini")).toBeVisible();
    expect((await facts.locator("dl").innerText()).match(/Pemeriksaan Dokumen/g)).toHaveLength(1);
    await shot(page, testInfo, "item11-status");
  });
});

test("item 10: a navigation that takes longer than a moment is said politely to a screen reader", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the browser shows its own progress without JavaScript");
  await page.goto("/welcome");
  const announcer = page.locator('[aria-live="polite"]').filter({ hasText: "Memuat…" });
  // The next page's data is held back until the announcement has been made: a slow signal, without a clock.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.getByRole("link", { name: "Masuk sebagai WNI" }).click();
  await expect(announcer).toHaveCount(1);
  release();
  await expectPath(page, "/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(announcer).toHaveCount(0);
});

test("item 9: at 360 px each step of the task list has its state under its name, nothing dangling", async ({ page, request }, testInfo) => {
  await page.setViewportSize(PHONE);
  await freshApplicant(page, request, testInfo);
  await choosePathway(page, "Reguler");
  await page.goto("/");
  const steps = page.getByRole("region", { name: "Permohonan Adaptasi" }).getByRole("listitem");
  await expect(steps).toHaveCount(5);
  await expect(steps.getByText("—", { exact: true })).toHaveCount(0);
  for (let i = 0; i < 5; i++) {
    const name = (await steps.nth(i).locator("strong").boundingBox())!;
    const state = (await steps.nth(i).locator(":scope > span").last().boundingBox())!;
    // The state starts where the name starts, on the line below it.
    expect(Math.round(state.x)).toBe(Math.round(name.x));
    expect(state.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
  }
  await shot(page, testInfo, "item09-tasks", steps.first());
});

test("item 5: 13 / 40 / 90 is three mistakes, each said on leaving its box with JavaScript, all on the post; the year stays on the row at 360 px", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const MONTH = /Bulan harus angka 1 sampai 12/;
  const DAY = /Tanggal harus angka 1 sampai 31/;
  const YEAR = /Tahun harus 4 digit/;
  await page.setViewportSize(PHONE);
  await freshApplicant(page, request, testInfo);
  await page.goto("/personal-data");
  if (javaScriptEnabled) await expect(page.locator("form#personal-data")).toHaveAttribute("novalidate", "");
  const date = dateBoxes(page, "Tanggal Lahir");
  const [month, year] = [(await date.month.boundingBox())!, (await date.year.boundingBox())!];
  expect(Math.round(year.y), "the year box sits on the month's row").toBe(Math.round(month.y));
  await date.month.fill("13");
  await date.month.press("Tab");
  if (javaScriptEnabled) {
    await expect(date.group).toHaveAccessibleDescription(MONTH);
    await expect(date.group).not.toHaveAccessibleDescription(DAY);
  }
  await date.day.fill("40");
  await date.day.press("Tab");
  if (javaScriptEnabled) await expect(date.group).toHaveAccessibleDescription(DAY);
  await date.year.fill("90");
  await date.year.press("Tab");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "SIMPAN" }).click();
  for (const message of [MONTH, DAY, YEAR]) await expect(date.group).toHaveAccessibleDescription(message);
  await expect(date.month).toHaveValue("13");
  await shot(page, testInfo, "item05-date", date.group);
});

test("item 6: the access log's period is three boxes per end, like every other date", async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await startSession(page, ACCOUNTS.superadmin);
  await page.goto("/access-log");
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
  const from = dateBoxes(page, "Dari tanggal");
  const to = dateBoxes(page, "Sampai tanggal");
  await from.month.fill("01");
  await from.day.fill("15");
  await from.year.fill("2026");
  await to.month.fill("13");
  await to.day.fill("40");
  await to.year.fill("90");
  await page.getByRole("button", { name: "Cari", exact: true }).click();
  await expect(page).toHaveURL(/from\.month=01/);
  // The good end searches; the wrong one says each mistake and stays as typed.
  await expect(from.year).toHaveValue("2026");
  await expect(to.group).toHaveAccessibleDescription(/Bulan harus angka 1 sampai 12/);
  await expect(to.group).toHaveAccessibleDescription(/Tahun harus 4 digit/);
  await expect(to.month).toHaveValue("13");
  await shot(page, testInfo, "item06-access-log", to.group);
});

test("item 4: without JavaScript the upload page says, before any send, how long a weak signal takes by the file's size", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await freshApplicant(page, request, testInfo);
  await choosePathway(page, "Reguler");
  const note = page.getByText(/Pada sinyal lemah, setiap 1 MB berkas butuh sekitar 20 detik \(berkas 1,5 MB: sekitar 30 detik\)/);
  if (!javaScriptEnabled) {
    await expect(note).toBeVisible();
    // Above the documents and their UNGGAH.
    const first = (await documentInput(page, 1).boundingBox())!;
    expect((await note.boundingBox())!.y).toBeLessThan(first.y);
    await shot(page, testInfo, "item04-nojs-note", note);
  } else await expect(note).toBeHidden();
});

// The browser's own warning before a reload is a dialog, which the shared fixture counts as a fault: this journey
// answers it itself (and proves it appears), and checks the page's errors as the fixture does.
plainTest(
  "items 2 and 3: mid-upload the page says to stay, warns before leaving, says after a reload how to continue, and says one state at a time",
  async ({ page, request, javaScriptEnabled }, testInfo) => {
    plainTest.skip(!javaScriptEnabled, "without JavaScript a document is one post: nothing to resume or leave mid-way");
    const dialogs: string[] = [];
    const pageErrors: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    page.on("pageerror", (e) => pageErrors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) pageErrors.push(m.text());
    });
    const fiveMb = (await requirementsOf(request, "REG")).find((r) => r.max_size === 5)!;
    await page.setViewportSize(PHONE);
    await freshApplicant(page, request, testInfo);
    await choosePathway(page, "Reguler");
    // A slow uplink: each part waits 400 ms on its way; `dropped` cuts the signal.
    let dropped = false;
    await page.route(/\/submission-form\/upload\/tus(\/|$)/, async (route) => {
      if (dropped) return route.abort("internetdisconnected");
      if (route.request().method() === "PATCH") await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const big = testInfo.outputPath("sertifikat.pdf");
    writeFileSync(big, await pdfOfSize(3 * 1024 * 1024));
    const status = page.getByRole("status").filter({ has: page.getByRole("progressbar") });

    await plainTest.step("item 2: while it runs, the page says to stay, and the browser is asked to warn before unloading", async () => {
      await documentInput(page, fiveMb.order_num).setInputFiles(big);
      await expect(status).toContainText(/Mengunggah… \d+%/);
      await expect(page.getByText(/^Unggahan sedang berjalan\. Tetap di halaman ini sampai selesai/)).toBeVisible();
      await shot(page, testInfo, "item02-uploading", status);
    });

    await plainTest.step("item 2: after a reload mid-upload, the page says choosing the same file continues it", async () => {
      await expect(status).toContainText(/Mengunggah… ([1-9]\d*)%/);
      // The browser warns before unloading a page with an upload running; going on reloads it.
      await page.reload();
      expect(dialogs).toEqual(["beforeunload"]);
      const hint = page.getByText(/^Unggahan sertifikat\.pdf \(3\.0 MB\) belum selesai\. Pilih berkas yang sama lagi untuk melanjutkannya/);
      await expect(hint).toBeVisible();
      await shot(page, testInfo, "item02-after-reload", hint);
    });

    await plainTest.step("item 3: the signal lost is said alone, not beside where the upload resumes from", async () => {
      await documentInput(page, fiveMb.order_num).setInputFiles(big);
      await expect(status).toContainText(/Mengunggah… [1-9]\d*%/);
      dropped = true;
      await expect(status).toContainText(/^Sambungan terputus pada \d+%\. Unggahan akan dilanjutkan otomatis saat sinyal kembali\.$/);
      await expect(page.getByText(/Melanjutkan unggahan dari/)).toHaveCount(0);
      await shot(page, testInfo, "item03-signal-lost", status);
      dropped = false;
      await expect(status).toContainText(/^(Melanjutkan unggahan dari|Mengunggah…) \d+%/, { timeout: 30_000 });
      await expect(page.getByText(/Sambungan terputus/)).toHaveCount(0);
    });

    await plainTest.step("item 2: a link inside the portal first asks whether to leave; staying keeps the upload going", async () => {
      await page.getByRole("link", { name: "Beranda Adaptasi Nakes LLN" }).click();
      const ask = page.getByRole("alertdialog", { name: "Tinggalkan halaman?" });
      await expect(ask).toBeVisible();
      await shot(page, testInfo, "item02-leave", ask);
      await ask.getByRole("button", { name: "TETAP DI HALAMAN INI" }).click();
      await expectPath(page, "/submission-form/adaptation-form");
      await expect(page.getByRole("status").getByText(new RegExp(`Dokumen tersimpan: ${fiveMb.order_num}\\. `))).toBeVisible({ timeout: 30_000 });
    });
    expect(dialogs, "the one warning, before the reload").toEqual(["beforeunload"]);
    expect(pageErrors, "no error in the page").toEqual([]);
  },
);
