// Spec §5 "messages appear while the user types" (with JavaScript: on leaving a field, before any
// submit; without it the server says the same after the post) and spec §9 dates: three boxes in the
// order month, day, year, the year of four digits (decision 019).
import type { Page } from "@playwright/test";
import { completePersonalData, expect, freshApplicant, test } from "./applicant-fixtures";
import { submitSignUp } from "./accounts-fixtures";
import { sidewaysOverflow } from "../reach/measure";
import { dateBoxes, field, fillDate } from "./fixtures";

const EMAIL_MESSAGE = "harus berupa alamat surel yang benar";

/** With JavaScript, waits until React has taken the form over (conform then sets novalidate). */
async function hydrated(page: Page, formId: string, js: boolean) {
  if (js) await expect(page.locator(`form#${formId}`)).toHaveAttribute("novalidate", "");
}

test("a bad e-mail is refused on leaving the field with JavaScript, after the post without it", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  await page.goto("/sign-up");
  await hydrated(page, "sign-up", js);
  await field(page, "Alamat Surel").fill("budi@contoh");
  await field(page, "Alamat Surel").press("Tab");
  if (js) {
    // Before any submit: the field says it, nothing was posted.
    await expect(field(page, "Alamat Surel")).toHaveAccessibleDescription(new RegExp(EMAIL_MESSAGE));
    await expect(page.getByText("Nama Lengkap harus diisi")).toHaveCount(0);
    // Typing a good address clears it at once.
    await field(page, "Alamat Surel").fill("budi@contoh.id");
    await expect(field(page, "Alamat Surel")).not.toHaveAccessibleDescription(new RegExp(EMAIL_MESSAGE));
    await field(page, "Alamat Surel").fill("budi@contoh");
  } else {
    await expect(page.getByText(EMAIL_MESSAGE)).toHaveCount(0);
  }
  await submitSignUp(page);
  await expect(field(page, "Alamat Surel")).toHaveAccessibleDescription(new RegExp(EMAIL_MESSAGE));
  await expect(page.getByRole("alert")).toContainText("Nama Lengkap harus diisi");
});

test("the birth date is three boxes (bulan, tanggal, tahun), kept, explained when wrong, and shown so; no sideways scroll at 360 px", async ({
  page,
  request,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  await completePersonalData(page, await freshApplicant(page, request, testInfo));
  await page.goto("/personal-data");
  await hydrated(page, "personal-data", js);
  const date = dateBoxes(page, "Tanggal Lahir");
  // Saved as ISO 1990-03-12 by the fixture: shown in the three boxes in the spec's order, with the hint.
  await expect(date.month).toHaveValue("03");
  await expect(date.day).toHaveValue("12");
  await expect(date.year).toHaveValue("1990");
  await expect(date.month).toHaveAttribute("autocomplete", "bday-month");
  await expect(date.year).toHaveAttribute("inputmode", "numeric");
  await expect(date.group).toHaveAccessibleDescription(/Isi bulan, tanggal, lalu tahun \(4 digit\), contoh 08 \/ 17 \/ 1990/);
  await expect(page.getByRole("button", { name: "Pilih tanggal" })).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await sidewaysOverflow(page), `${page.url()} at 360 px`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A two-digit year is refused, naming the format: on leaving the year box with JavaScript, after the post without it.
  await fillDate(page, "Tanggal Lahir", ["08", "17", "95"]);
  if (js) {
    await date.year.press("Tab");
    await expect(date.group).toHaveAccessibleDescription(/Tahun harus 4 digit, contoh 1990/);
    // A day that does not exist says so.
    await date.day.fill("30");
    await date.month.fill("02");
    await date.year.fill("2024");
    await date.year.press("Tab");
    await expect(date.group).toHaveAccessibleDescription(/Tanggal 30 tidak ada pada bulan 2 tahun 2024/);
    await fillDate(page, "Tanggal Lahir", ["08", "17", "95"]);
  }
  await page.getByRole("button", { name: "SIMPAN" }).click();
  await expect(date.group).toHaveAccessibleDescription(/Tahun harus 4 digit, contoh 1990/);
  await expect(date.year).toHaveValue("95");

  // A whole date pasted day first into the month box is read as meant.
  await fillDate(page, "Tanggal Lahir", ["17/08/1995", "", ""]);
  await page.getByRole("button", { name: "SIMPAN" }).click();
  await expect(page.getByText("Data personal tersimpan.")).toBeVisible();
  await page.goto("/personal-data");
  await expect(date.month).toHaveValue("08");
  await expect(date.day).toHaveValue("17");
  await expect(date.year).toHaveValue("1995");
});
