import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

// "Periksa kembali" before a send (DESIGN §9): KIRIM PERMOHONAN and KIRIM PERBAIKAN lead to it, its Yes sends.

export const checkHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Periksa kembali" });

/** On the check page: the send's Yes. */
export async function sendFromCheck(page: Page) {
  await expect(checkHeading(page)).toBeVisible();
  await page.getByRole("button", { name: "Yes", exact: true }).click();
}
