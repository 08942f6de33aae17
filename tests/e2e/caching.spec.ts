import { expect, test } from "@playwright/test";
import { startSession } from "./fixtures";

// Caching: hashed assets immutable for a year; logged-in HTML never stored; public pages
// and the guidebook revalidate with a validator and answer 304 when nothing changed.

test("hashed assets are immutable for a year and come pre-compressed", async ({ request }) => {
  test.skip(test.info().project.name !== "nojs", "headers only: once is enough");
  const html = await (await request.get("/login")).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const res = await request.get(asset!, { headers: { "accept-encoding": "br, gzip" } });
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(res.headers()["content-encoding"]).toBe("br");
  expect(res.headers()["vary"]).toContain("Accept-Encoding");
  // An immutable file needs no validator, and a script none of a document's headers: each byte of
  // them repeats on the 15-odd scripts of a page.
  expect(res.headers()["content-type"]).toBe("text/javascript");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  for (const name of ["etag", "last-modified", "x-frame-options", "referrer-policy", "permissions-policy", "content-security-policy"]) {
    expect(res.headers()[name], name).toBeUndefined();
  }
  const gz = await request.get(asset!, { headers: { "accept-encoding": "gzip" } });
  expect(gz.headers()["content-encoding"]).toBe("gzip");
  expect(gz.headers()["content-type"]).toBe("text/javascript");
});

test("a public page has an ETag and answers 304 to a revalidation; the page still runs its scripts after", async ({ page, request }) => {
  const first = await request.get("/login");
  expect(first.headers()["cache-control"]).toBe("no-cache");
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  // The nonce differs per response, the validator does not.
  const second = await request.get("/login");
  expect(second.headers()["etag"]).toBe(etag);
  const revalidated = await request.get("/login", { headers: { "if-none-match": etag } });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()["content-security-policy"]).toBeUndefined();
  expect(await revalidated.body()).toHaveLength(0);

  // A browser reload revalidates; the page it shows is whole and works.
  await page.goto("/login");
  await page.reload();
  await expect(page.getByRole("button", { name: "MASUK", exact: true })).toBeVisible();
});

test("logged-in pages are never stored", async ({ page }) => {
  await startSession(page, { email: "pemohon@adaptasi.test" });
  const res = await page.goto("/profile");
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  expect(res?.headers()["etag"]).toBeUndefined();
});

test("the guidebook PDF carries a validator", async ({ request }) => {
  test.skip(test.info().project.name !== "nojs", "headers only: once is enough");
  const res = await request.get("/template-docs/buku-panduan-adaptasi-nakes-lln.pdf");
  expect(res.status()).toBe(200);
  const etag = res.headers()["etag"];
  const lastModified = res.headers()["last-modified"];
  expect(etag ?? lastModified).toBeTruthy();
  const again = await request.get("/template-docs/buku-panduan-adaptasi-nakes-lln.pdf", {
    headers: etag ? { "if-none-match": etag } : { "if-modified-since": lastModified! },
  });
  expect(again.status()).toBe(304);
});
