// Spec §5 "messages appear while the user types" (with JavaScript: on leaving a field, before any
// submit; without it the server says the same after the post) and spec §9 dates: typed and shown as
// mm/dd/yy, a calendar whose weeks start on Sunday (decision 019).
import type { Page } from "@playwright/test";
import { completePersonalData, expect, freshApplicant, test } from "./applicant-fixtures";
import { submitSignUp } from "./accounts-fixtures";
import { field } from "./fixtures";

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

test("the birth date is typed as mm/dd/yy, kept, and shown so; with JavaScript a calendar starts its weeks on Sunday", async ({ page, request }, testInfo) => {
  const js = testInfo.project.name === "js";
  await completePersonalData(page, await freshApplicant(page, request, testInfo));
  await page.goto("/personal-data");
  await hydrated(page, "personal-data", js);
  const date = field(page, "Tanggal Lahir");
  // Saved as ISO 1990-03-12 by the fixture: shown in the spec's format, with its hint.
  await expect(date).toHaveValue("03/12/90");
  await expect(date).toHaveAccessibleDescription(/bb\/hh\/tt.*08\/17\/95/);
  const calendarButton = page.getByRole("button", { name: "Pilih tanggal" });
  if (js) {
    await calendarButton.click();
    const calendar = page.getByRole("dialog", { name: "Pilih tanggal" });
    await expect(calendar.getByRole("columnheader").first()).toHaveText("Min");
    await expect(calendar.getByText("Maret 1990")).toBeVisible();
    await calendar.getByRole("button", { name: /21 Maret 1990/ }).click();
    await expect(date).toHaveValue("03/21/90");
    // A day that does not exist is refused on leaving the field, before any submit.
    await date.fill("02/30/24");
    await date.press("Tab");
    await expect(date).toHaveAccessibleDescription(/Format salah/);
  } else {
    await expect(calendarButton).toHaveCount(0);
  }
  await date.fill("08/17/95");
  await page.getByRole("button", { name: "SIMPAN" }).click();
  await expect(page.getByText("Data personal tersimpan.")).toBeVisible();
  await page.goto("/personal-data");
  await expect(field(page, "Tanggal Lahir")).toHaveValue("08/17/95");
});
