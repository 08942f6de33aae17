import { readFileSync } from "node:fs";
import { expectPath } from "./fixtures";
import { decideByApi, detailPath, draftApplication, expect, reviewerPage, submittedApplication, test } from "./review-fixtures";

// Who may act (403 for another body's stage, 409 for a stage decided meanwhile) and the lists
// (search, the "needs my action" tab, paging that keeps the filters, CSV export, bad query values).

test("a body whose stage is not open sees no decision form, and the API refuses it with 403", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG");
  expect((await decideByApi(request, "admin", app.id, { stage_id: 1, decision: "PASSED" })).status()).toBe(200);
  // Equivalence (stage 2) is open now: Sub-Komite Evaluasi Kompetensi sees the file, but may not decide it.
  const subkomite = await reviewerPage(browser, testInfo, "subkomite");
  await subkomite.goto(detailPath("subkomite", app));
  await expect(subkomite.getByRole("heading", { name: `Detail Permohonan ${app.registrationNumber}` })).toBeVisible();
  await expect(subkomite.getByText("Tahap Penyetaraan sedang berjalan dan tidak diputuskan oleh peran Anda.")).toBeVisible();
  await expect(subkomite.getByRole("button", { name: "SIMPAN KEPUTUSAN" })).toHaveCount(0);
  const refused = await decideByApi(request, "subkomite", app.id, { stage_id: 2, decision: "PASSED" });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("NOT_YOUR_STAGE");
  // KKI sees every application, and decides none of this pathway.
  const kki = await reviewerPage(browser, testInfo, "kki");
  await kki.goto(detailPath("kki", app));
  await expect(kki.getByRole("heading", { name: `Detail Permohonan ${app.registrationNumber}` })).toBeVisible();
  await expect(kki.getByRole("button", { name: "SIMPAN KEPUTUSAN" })).toHaveCount(0);
});

test("a decision on a stage decided meanwhile (a second tab) shows the 409 message and the fresh state", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG");
  const first = await reviewerPage(browser, testInfo, "admin");
  const second = await first.context().newPage();
  await first.goto(detailPath("admin", app));
  await second.goto(detailPath("admin", app));
  for (const tab of [first, second]) await tab.getByRole("radio", { name: "Lulus", exact: true }).check();
  await first.getByRole("button", { name: "SIMPAN KEPUTUSAN" }).click();
  await expect(first.getByText("Keputusan tersimpan. Status permohonan: Selesai.")).toBeVisible();

  await second.getByRole("button", { name: "SIMPAN KEPUTUSAN" }).click();
  const alert = second.getByRole("alert").filter({ hasText: "Keputusan tidak disimpan" });
  await expect(alert).toContainText("Permohonan ini sudah diputuskan pada tahap ini atau belum sampai di tahap ini.");
  // The page shows the state as it is now: the next stage is open and it is not the admin's.
  await expect(second.getByText("Tahap Penyetaraan sedang berjalan dan tidak diputuskan oleh peran Anda.")).toBeVisible();
  await expect(second.getByRole("button", { name: "SIMPAN KEPUTUSAN" })).toHaveCount(0);
  // One audit entry for the one decision.
  await second.goto(detailPath("admin", app));
  await expect(second.getByRole("region", { name: "Riwayat" }).getByText("Keputusan tahap")).toHaveCount(1);
});

test("lists: search by registration number, the 'needs my action' tab of each body, CSV export of the same query", async ({ browser, request }, testInfo) => {
  const app = await submittedApplication(request, testInfo, "REG");
  const admin = await reviewerPage(browser, testInfo, "admin");
  await expectPath(admin, "/application-list");
  await expect(admin.getByRole("link", { name: /^Perlu Tindakan Saya \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  await admin.getByLabel("Cari", { exact: true }).fill(app.registrationNumber);
  await admin.getByRole("button", { name: "Terapkan" }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${app.registrationNumber}`));
  const table = admin.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("link", { name: new RegExp(app.registrationNumber) })).toBeVisible();
  await expect(table.getByText("Dalam Proses")).toBeVisible();
  await expect(table.getByText(/Sisa \d+ hari/)).toBeVisible();
  await expect(admin.getByRole("link", { name: "Perlu Tindakan Saya (1)" })).toBeVisible();
  await expect(admin.getByRole("link", { name: "Semua (1)" })).toBeVisible();

  const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Unduh CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^permohonan-action-\d{8}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter(Boolean);
  expect(csv[0].replace(/"/g, "")).toBe("Nomor Registrasi,Nama,Surel,Jalur,Tahap,Status,Tanggal Pengajuan,Tenggat,Sisa Hari");
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(app.registrationNumber);

  await table.getByRole("link", { name: new RegExp(app.registrationNumber) }).click();
  await expectPath(admin, `/application-list/${app.id}`);

  // Once the document check passes, the file leaves the admin's action tab and enters Kolegium's.
  expect((await decideByApi(request, "admin", app.id, { stage_id: 1, decision: "PASSED" })).status()).toBe(200);
  await admin.goto(`/application-list?q=${app.registrationNumber}`);
  await expect(admin.getByText("Tidak ada permohonan yang menunggu tindakan Anda.")).toBeVisible();
  const kolegium = await reviewerPage(browser, testInfo, "kolegium");
  await expectPath(kolegium, "/application");
  await kolegium.goto(`/application?q=${app.registrationNumber}`);
  await expect(kolegium.getByRole("link", { name: "Perlu Tindakan Saya (1)" })).toHaveAttribute("aria-current", "page");
  await expect(kolegium.getByRole("table").getByRole("link", { name: new RegExp(app.registrationNumber) })).toBeVisible();
});

test("lists: paging links keep the filters, and bad query values never break the page", async ({ browser, request }, testInfo) => {
  // 26 drafts under one unique name: role 1 sees drafts, so they fill two pages of its list.
  const name = `Halaman ${testInfo.project.name} ${Date.now().toString(36)}`;
  const drafts = await Promise.all(Array.from({ length: 26 }, () => draftApplication(request, testInfo, "REG", name)));
  expect(drafts).toHaveLength(26);
  const superadmin = await reviewerPage(browser, testInfo, "superadmin");
  await superadmin.goto(`/application?q=${encodeURIComponent(name)}&sort=name`);
  // Role 1 decides nothing: one tab only.
  await expect(superadmin.getByRole("navigation", { name: "Tampilan daftar" }).getByRole("link")).toHaveText(["Semua (26)"]);
  await expect(superadmin.getByText("Menampilkan 1–25 dari 26 permohonan")).toBeVisible();
  await expect(superadmin.getByRole("table").getByRole("row")).toHaveCount(26);
  await superadmin.getByRole("navigation", { name: "Halaman" }).getByRole("link", { name: "Berikutnya ›" }).click();
  await expect(superadmin).toHaveURL(/page=2/);
  const url = new URL(superadmin.url());
  expect(url.searchParams.get("q")).toBe(name);
  expect(url.searchParams.get("sort")).toBe("name");
  await expect(superadmin.getByText("Menampilkan 26–26 dari 26 permohonan")).toBeVisible();
  await expect(superadmin.getByLabel("Cari", { exact: true })).toHaveValue(name);
  await expect(superadmin.getByRole("link", { name: "Halaman 2" })).toHaveAttribute("aria-current", "page");
  await superadmin.getByRole("link", { name: "Halaman 1" }).click();
  await expect(superadmin.getByText("Menampilkan 1–25 dari 26 permohonan")).toBeVisible();
  expect(new URL(superadmin.url()).searchParams.get("q")).toBe(name);

  // Hand-edited values are dropped and named; the page still answers.
  const res = await superadmin.goto(`/application?page=abc&stage=99&label=x&sort=evil&dir=up&jalur=ZZZ&overdue=maybe&q=${encodeURIComponent(name)}`);
  expect(res?.status()).toBe(200);
  await expect(superadmin.getByText(/Nilai berikut tidak valid dan diabaikan:/)).toBeVisible();
  await expect(superadmin.getByText("Menampilkan 1–25 dari 26 permohonan")).toBeVisible();
  const past = await superadmin.goto(`/application?q=${encodeURIComponent(name)}&page=9`);
  expect(past?.status()).toBe(200);
  await expect(superadmin.getByText("Halaman ini tidak ada.")).toBeVisible();
  const csv = await superadmin.request.get(`/application/export?stage=99&label=zz&q=${encodeURIComponent(name)}`);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split(/\r?\n/).filter(Boolean)).toHaveLength(27);
});

test("an unknown application, or one the role may not see, is a 404 page with the way back", async ({ browser, request }, testInfo) => {
  const kolegium = await reviewerPage(browser, testInfo, "kolegium");
  const unknown = await kolegium.goto("/application/00000000-0000-4000-8000-000000000000");
  expect(unknown?.status()).toBe(404);
  await expect(kolegium.getByRole("heading", { name: "Permohonan tidak ditemukan" })).toBeVisible();
  // A file still at the document check has not reached Kolegium's stage.
  const app = await submittedApplication(request, testInfo, "REG");
  const hidden = await kolegium.goto(`/application/${app.id}`);
  expect(hidden?.status()).toBe(404);
  await kolegium.getByRole("link", { name: "Kembali ke daftar" }).click();
  await expectPath(kolegium, "/application");
  const junk = await kolegium.goto("/application/not-a-uuid");
  expect(junk?.status()).toBe(404);
});

test("lists: a middle page's links carry where this page starts or ends, and a bad page or cursor never breaks the page", async ({
  browser,
  request,
}, testInfo) => {
  // 51 drafts under one unique name: three pages of role 1's list, so page 2 lies between the first and the last.
  const name = `Kursor ${testInfo.project.name} ${Date.now().toString(36)}`;
  // Made 17 at a time: each is a sign-up, an activation mail and a login.
  const drafts = [];
  for (let i = 0; i < 3; i++) drafts.push(...(await Promise.all(Array.from({ length: 17 }, () => draftApplication(request, testInfo, "REG", name)))));
  expect(drafts).toHaveLength(51);
  const superadmin = await reviewerPage(browser, testInfo, "superadmin");
  const list = `/application?q=${encodeURIComponent(name)}&sort=name`;
  await superadmin.goto(list);
  const pager = superadmin.getByRole("navigation", { name: "Halaman" });
  await pager.getByRole("link", { name: "Berikutnya ›" }).click();
  await expect(superadmin.getByText("Menampilkan 26–50 dari 51 permohonan")).toBeVisible();
  const second = new URL(superadmin.url());
  expect(second.searchParams.get("page")).toBe("2");
  expect(second.searchParams.get("cursor")).toMatch(/^[A-Za-z0-9_-]+$/);
  const secondRows = await superadmin.getByRole("table").getByRole("row").allTextContents();
  await pager.getByRole("link", { name: "Halaman 3" }).click();
  await expect(superadmin.getByText("Menampilkan 51–51 dari 51 permohonan")).toBeVisible();
  expect(new URL(superadmin.url()).searchParams.get("cursor")).toBeNull(); // the last page, by its number
  await pager.getByRole("link", { name: "‹ Sebelumnya" }).click();
  await expect(superadmin.getByText("Menampilkan 26–50 dari 51 permohonan")).toBeVisible();
  expect(new URL(superadmin.url()).searchParams.get("cursor")).toMatch(/^[A-Za-z0-9_-]+$/);
  // Read back from page 3's first row: the same rows as read on from page 1's last.
  expect(await superadmin.getByRole("table").getByRole("row").allTextContents()).toEqual(secondRows);

  // Hand-edited page numbers read as the first page; a garbled, oversized or forged cursor is dropped and named,
  // and the page is read from its number.
  for (const page of ["-1", "99999999999", "abc"]) {
    const res = await superadmin.goto(`${list}&page=${page}`);
    expect(res?.status(), page).toBe(200);
    await expect(superadmin.getByText("Nilai berikut tidak valid dan diabaikan: halaman.")).toBeVisible();
    await expect(superadmin.getByText("Menampilkan 1–25 dari 51 permohonan")).toBeVisible();
  }
  for (const cursor of ["%25%25garbled!", "A".repeat(5000), Buffer.from("bukan kursor").toString("base64url")]) {
    const res = await superadmin.goto(`${list}&page=2&cursor=${cursor}`);
    expect(res?.status(), cursor.slice(0, 20)).toBe(200);
    await expect(superadmin.getByText("Nilai berikut tidak valid dan diabaikan: tautan halaman.")).toBeVisible();
    await expect(superadmin.getByText("Menampilkan 26–50 dari 51 permohonan")).toBeVisible();
  }
});
