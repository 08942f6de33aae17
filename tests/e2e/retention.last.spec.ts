import { readdirSync } from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "../../playwright.config";
import { pdf } from "../fixtures/files";
import { expect, mailTexts, test } from "./accounts-fixtures";
import { ACCOUNTS, apiKey, startSession } from "./fixtures";
import { activeApplicant } from "./review-fixtures";

// The retention job (docs/decisions/029-retention-and-deletion.md) on the running portal, JavaScript off:
// a draft older than RETENTION_DRAFT_MONTHS (12) is mailed about 30 days before, then deleted with its file
// on disk. The jobs run at a chosen time through the e2e server's test-only trigger (TEST_JOB_TRIGGER):
// a year ahead, every draft is due, so this runs once, after every other spec (*.last.spec.ts).

const FILES = path.join(E2E_DATA_DIR, "files");
const stored = () =>
  new Set(
    readdirSync(FILES, { recursive: true })
      .map(String)
      .filter((f) => /^[a-f0-9]{2}\/[a-f0-9]{48}$/.test(f.replaceAll("\\", "/"))),
  );
const months = (m: number, days = 0) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + m);
  return new Date(d.getTime() + days * 86_400_000);
};

test("a draft past its period is mailed about 30 days before, then gone with its file after the job runs", async ({ page, request }, testInfo) => {
  const { person, token } = await activeApplicant(request, testInfo, "REG", "dr. Draf Lama");
  const headers = { "x-adaptasiapikey": apiKey(), authorization: `Bearer ${token}` };
  const draft = await request.post("/api/v1/applications", { headers, data: { jalur_id: "REG" } });
  expect(draft.status()).toBe(201);
  const { id, registration_number: registration } = (await draft.json()).data as { id: string; registration_number: string };
  const before = stored();
  const upload = await request.post(`/api/v1/applications/${id}/documents`, {
    headers,
    multipart: { doc_1: { name: "ijazah.pdf", mimeType: "application/pdf", buffer: await pdf("ijazah.pdf") } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const mine = [...stored()].filter((k) => !before.has(k));
  expect(mine).toHaveLength(1);

  // 29 days before its 12 months run out: the notice.
  const run = async (at: Date) => expect((await request.post(`/__test/run-jobs?at=${encodeURIComponent(at.toISOString())}`)).status()).toBe(200);
  await run(months(12, -29));
  const notices = mailTexts(person.email).filter((t) => t.includes("akan dihapus pada"));
  expect(notices).toHaveLength(1);
  expect(notices[0]).toContain(registration);
  expect(stored().has(mine[0])).toBe(true);

  // The Super Admin sees it on /retention, with its notice.
  await startSession(page, ACCOUNTS.superadmin);
  await page.goto("/retention");
  await expect(page.getByRole("heading", { level: 1, name: "Penyimpanan Data" })).toBeVisible();

  // 31 days after the notice: the draft and its file are gone, and no second notice went. Retention records
  // the file's deletion; the sweep of deleted files runs beside it, not after it, so the bytes go at the next tick.
  await run(months(12, 2));
  await run(months(12, 2));
  expect(stored().has(mine[0])).toBe(false);
  expect((await request.get(`/api/v1/applications/${id}`, { headers })).status()).toBe(404);
  expect(mailTexts(person.email).filter((t) => t.includes("akan dihapus pada"))).toHaveLength(1);
});
