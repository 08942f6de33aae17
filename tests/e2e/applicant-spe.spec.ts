import { expectPath } from "./fixtures";
import { choosePathway, expect, freshApplicant, test } from "./applicant-fixtures";

// SPE extras: performance achievements by type, and the section marked done.

test("an SPE applicant records achievements, fixes a missing title, marks the section done and removes one", async ({ page, request }, testInfo) => {
  await freshApplicant(page, request, testInfo);

  await test.step("before choosing SPE the page says it is for the Specialist pathway", async () => {
    await page.goto("/performance-achievement");
    await expect(page.getByText("Capaian kinerja hanya diisi untuk jalur Spesialis.")).toBeVisible();
  });

  await choosePathway(page, "Spesialis");
  await page.goto("/performance-achievement");
  await expect(page.getByText("Belum ada capaian.")).toBeVisible();

  await test.step("a missing title is named, and the chosen type is kept", async () => {
    const type = page.getByLabel("Jenis Capaian", { exact: true });
    await type.selectOption({ index: 1 });
    const chosen = await type.inputValue();
    await page.getByRole("button", { name: "TAMBAH" }).click();
    await expect(page.getByRole("alert").getByRole("link", { name: "Judul harus diisi" })).toBeVisible();
    await expect(type).toHaveValue(chosen);
  });

  await test.step("a complete achievement is listed", async () => {
    await page.getByLabel("Judul", { exact: true }).fill("Operasi jantung terbuka pertama di RS Manila");
    await page.getByLabel("Tahun (opsional)", { exact: true }).fill("2021");
    await page.getByRole("button", { name: "TAMBAH" }).click();
    await expectPath(page, "/performance-achievement");
    await expect(page.getByText("Capaian kinerja tersimpan.")).toBeVisible();
    await expect(page.getByText("Operasi jantung terbuka pertama di RS Manila")).toBeVisible();
  });

  await test.step("the section is marked done", async () => {
    await page.getByRole("checkbox", { name: "Bagian capaian kinerja sudah lengkap" }).check();
    // The same message is already on screen from the step before: wait for this post's answer itself,
    // or the reload below can overtake it (seen with JavaScript on).
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/performance-achievement")),
      page.getByRole("button", { name: "SIMPAN STATUS" }).click(),
    ]);
    await expect(page.getByText("Capaian kinerja tersimpan.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Bagian capaian kinerja sudah lengkap" })).toBeChecked();
  });

  await test.step("an achievement is removed", async () => {
    await page.getByRole("button", { name: "Hapus Operasi jantung terbuka pertama di RS Manila" }).click();
    await expect(page.getByText("Belum ada capaian.")).toBeVisible();
  });
});

test("an SPE applicant adds a portfolio entry after fixing a bad year, and removes it", async ({ page, request }, testInfo) => {
  await freshApplicant(page, request, testInfo);
  await page.goto("/portfolio");
  await expect(page.getByText("Portofolio hanya diisi untuk jalur Spesialis.")).toBeVisible();
  await choosePathway(page, "Spesialis");

  await page.goto("/portfolio");
  await expect(page.getByText("Belum ada entri portofolio.")).toBeVisible();
  await page.getByRole("link", { name: "Tambah entri" }).click();
  await expectPath(page, "/portfolio/form");
  await page.getByLabel("Jenis", { exact: true }).fill("Pelatihan");
  await page.getByLabel("Judul", { exact: true }).fill("Fellowship bedah toraks");
  await page.getByLabel("Tahun (opsional)", { exact: true }).fill("21");
  await page.getByRole("button", { name: "SIMPAN" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: /Tahun.*harus berupa 4 digit angka/ })).toBeVisible();
  await expect(page.getByLabel("Judul", { exact: true })).toHaveValue("Fellowship bedah toraks");

  await page.getByLabel("Tahun (opsional)", { exact: true }).fill("2021");
  await page.getByRole("button", { name: "SIMPAN" }).click();
  await expectPath(page, "/portfolio");
  await expect(page.getByText("Portofolio tersimpan.")).toBeVisible();
  await expect(page.getByText("Fellowship bedah toraks")).toBeVisible();

  await page.getByRole("button", { name: "Hapus Fellowship bedah toraks" }).click();
  await expect(page.getByText("Belum ada entri portofolio.")).toBeVisible();
});
