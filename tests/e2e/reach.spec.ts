import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { CATALOGUE, type PageSpec } from "../reach/catalogue";
import { BUDGETS, FIT_WIDTHS, firstLinkMatching, kb, linksMatching, sidewaysOverflow, startMeter, titleAgainstHeading, type Weight } from "../reach/measure";
import { startSession } from "./fixtures";

// On every page of every role: bytes on the wire against the budgets (JavaScript off and
// on), the Nu HTML checker (JavaScript off: the markup as served) and axe-core (JavaScript on) — for
// the forms marked `invalid` in the catalogue, in their validation-error state too.
// Each run writes its rows to .cache/reach/ for `node bench/page-weight.mjs`.

// Beside, not inside, test-results/: Playwright empties that folder at the start of every run.
const REPORT_DIR = path.resolve(".cache/reach");
const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
export interface ReachRow {
  project: string;
  who: string;
  path: string;
  /** where the browser ended (a guard may redirect) */
  url: string;
  status: number;
  weight: Weight;
}

/** The URL to measure: the page itself, or the first matching link of its list page. */
async function target(page: Page, spec: PageSpec): Promise<string> {
  if (!spec.follow) return spec.path;
  const res = await page.goto(spec.path);
  const hrefs = linksMatching((await res?.text()) ?? "", spec.follow);
  expect(hrefs.length, `${spec.path} has a link matching ${spec.follow}`).toBeGreaterThan(0);
  if (!spec.then) return hrefs[0]!;
  // The first row of a list may be a file without what `then` looks for (an application another test left
  // with no documents): the first of its rows that has one is measured.
  for (const href of hrefs.slice(0, 10)) {
    const next = firstLinkMatching((await (await page.goto(href))?.text()) ?? "", spec.then);
    if (next) return next;
  }
  throw new Error(`none of the first ${Math.min(hrefs.length, 10)} links of ${spec.path} leads to a link matching ${spec.then}`);
}

const FILLABLE = 'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="file"]):not([type="submit"]):not([tabindex="-1"]), textarea';

/**
 * Empties the text fields of one form and sends it with its first submit button; returns the HTML the
 * server answered (JavaScript off) for the Nu checker. With JavaScript it waits for the errors to show.
 */
async function sendEmptied(page: Page, selector: string, js: boolean): Promise<string> {
  const form = page.locator(selector).first();
  await expect(form, `${selector} is on ${page.url()}`).toBeVisible();
  for (const field of await form.locator(FILLABLE).all()) {
    if (await field.isVisible()) await field.fill("");
  }
  const submit = form.locator('button[type="submit"], button:not([type]), input[type="submit"]').first();
  if (js) {
    await submit.click();
    await page.waitForLoadState("networkidle");
    await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    return "";
  }
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.request().resourceType() === "document"),
    submit.click(),
  ]);
  await page.waitForLoadState("load");
  return response.text();
}

/** axe-core on the page as it is now (WCAG 2.1 A and AA): no serious or critical violation. */
async function expectNoSeriousAxeViolations(page: Page, label: string) {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect
    .soft(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      `${label}: axe`,
    )
    .toEqual([]);
}

function slug(s: string): string {
  return s.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root";
}

for (const visitor of CATALOGUE) {
  test(`every page of ${visitor.who}: weight, ${visitor.email ? "logged in" : "not logged in"}`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const js = testInfo.project.name === "js";
    const VIEWPORT = page.viewportSize() ?? { width: 1280, height: 720 };
    if (visitor.email) await startSession(page, { email: visitor.email });
    const rows: ReachRow[] = [];
    const htmlDir = path.join(REPORT_DIR, "html", testInfo.project.name, slug(visitor.who));
    rmSync(htmlDir, { recursive: true, force: true });
    mkdirSync(htmlDir, { recursive: true });
    const htmlFiles = new Map<string, string>();

    for (const spec of visitor.pages) {
      const url = await target(page, spec);
      const meter = await startMeter(page);
      const res = await page.goto(url, { waitUntil: js ? "networkidle" : "load" });
      const weight = await meter.stop();
      const status = res?.status() ?? 0;
      expect.soft(status, `${url} answers`).toBeLessThan(400);
      const label = spec.follow ? `${spec.path} → detail${spec.then ? " → document" : ""}` : spec.path;
      rows.push({ project: testInfo.project.name, who: visitor.who, path: label, url: new URL(page.url()).pathname, status, weight });

      if (js) {
        expect.soft(weight.js, `${label}: JavaScript ${kb(weight.js)} KB ≤ ${kb(BUDGETS.jsScripts)} KB`).toBeLessThanOrEqual(BUDGETS.jsScripts);
        expect.soft(weight.total, `${label}: total ${kb(weight.total)} KB ≤ ${kb(BUDGETS.jsTotal)} KB`).toBeLessThanOrEqual(BUDGETS.jsTotal);
        await expectNoSeriousAxeViolations(page, label);
      } else {
        expect.soft(weight.total, `${label}: ${kb(weight.total)} KB ≤ ${kb(BUDGETS.nojsTotal)} KB`).toBeLessThanOrEqual(BUDGETS.nojsTotal);
        const file = path.join(htmlDir, `${rows.length}-${slug(label)}.html`);
        writeFileSync(file, (await res?.text()) ?? "");
        htmlFiles.set(file, label);
        expect.soft(await titleAgainstHeading(page), `${label}: the title says what the heading says`).toBeNull();
        // Nothing wider than the screen, on a 360 px phone and a 1280 px desktop.
        for (const size of FIT_WIDTHS) {
          await page.setViewportSize(size);
          expect.soft(await sidewaysOverflow(page), `${label} at ${size.width}px: nothing sticks out sideways`).toEqual([]);
        }
        await page.setViewportSize(VIEWPORT);
      }

      if (spec.invalid) {
        // The same page in its validation-error state: the form sent with its fields emptied.
        const errorLabel = `${label} (${spec.invalid} kosong)`;
        const html = await sendEmptied(page, spec.invalid, js);
        await expect.soft(page.locator(`${spec.invalid} [aria-invalid="true"]`).first(), `${errorLabel}: a field is marked invalid`).toBeVisible();
        await expect.soft(page.locator('[role="alert"]').first(), `${errorLabel}: the error summary`).toBeVisible();
        if (js) {
          await expectNoSeriousAxeViolations(page, errorLabel);
        } else {
          const file = path.join(htmlDir, `${rows.length}-${slug(label)}-invalid.html`);
          writeFileSync(file, html);
          htmlFiles.set(file, errorLabel);
        }
      }
    }

    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(path.join(REPORT_DIR, `${testInfo.project.name}-${slug(visitor.who)}.json`), JSON.stringify(rows, null, 1));

    if (!js && htmlFiles.size > 0) {
      // One checker run for this visitor's pages; vnu prints its JSON report on stderr.
      const vnu = spawnSync("java", ["-Xss8m", "-jar", VNU_JAR, "--errors-only", "--format", "json", ...htmlFiles.keys()], { encoding: "utf8" });
      const report = JSON.parse(vnu.stderr || '{"messages":[]}') as {
        messages: Array<{ type: string; url: string; message: string; lastLine?: number; extract?: string }>;
      };
      const errors = report.messages
        .filter((m) => m.type === "error")
        .map((m) => `${htmlFiles.get(decodeURIComponent(m.url.replace(/^file:/, ""))) ?? m.url}:${m.lastLine ?? "?"} ${m.message}`);
      expect.soft(errors, "Nu HTML checker: errors").toEqual([]);
    }
  });
}
