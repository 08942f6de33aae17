import { expect, test } from "@playwright/test";
import { FIT_WIDTHS, sidewaysOverflow } from "../reach/measure";
import { expectPath } from "./fixtures";

// Pages the reach catalogue (tests/reach/catalogue.ts, checked at 360 px and 1280 px in reach.spec.ts)
// cannot open with a plain GET: a state reached by a form first. Layout only, so JavaScript off.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "layout: the same with JavaScript");

test("step 2 of the foreign sign-up shows the answers of step 1 within a 360 px phone", async ({ page }) => {
  await page.setViewportSize(FIT_WIDTHS[0]);
  await page.goto("/wna/sign-up/welcome");
  await page.getByRole("radio", { name: "Ya", exact: true }).check();
  await page.getByRole("radio", { name: /Reguler/ }).check();
  await page.locator("#wna-welcome button[type=submit], button[form=wna-welcome]").first().click();
  await expectPath(page, "/wna/sign-up");
  await expect(page.getByRole("heading", { name: "Pilihan Anda" })).toBeVisible();
  // The answers sit under their labels, inside the screen (this page was 435 px wide).
  await expect(page.getByText("Reguler (REG)")).toBeInViewport();
  for (const size of FIT_WIDTHS) {
    await page.setViewportSize(size);
    expect(await sidewaysOverflow(page), `/wna/sign-up at ${size.width}px`).toEqual([]);
  }
});
