import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { detectFileType } from "../../api/services/uploads/file-type";
import { docxLyingBomb, pdfWithCatalog } from "../../tests/fixtures/files";
import { figure } from "../../tests/figures";

// Moved from api/services/uploads/file-type.test.ts, which keeps what each file is judged to be.

const dir = mkdtempSync(path.join(tmpdir(), "bench-file-type-"));
let n = 0;
const detect = (data: Uint8Array) => {
  const file = path.join(dir, `f${n++}`);
  writeFileSync(file, data);
  return detectFileType(file, data.length);
};

it("the content check: a lying DOCX bomb, and 5 MB of junk after a PDF's catalog", async () => {
  const bomb = await docxLyingBomb();
  let started = performance.now();
  expect(await detect(bomb)).toBe("zip-bomb");
  figure("file-type.docx-bomb-ms", performance.now() - started);

  const junk = Buffer.concat([pdfWithCatalog(""), Buffer.from("x".repeat(5 * 1024 * 1024))]);
  started = performance.now();
  await detect(junk);
  figure("file-type.pdf-junk-ms", performance.now() - started);
}, 60_000);
