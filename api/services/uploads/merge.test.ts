import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { jpg, pdf, png } from "../../../tests/fixtures/files";
import { mergeToPdf, MergeError } from "./merge";

const dir = mkdtempSync(path.join(tmpdir(), "adaptasi-merge-"));
const file = (name: string, data: Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, data);
  return p;
};

describe("mergeToPdf", () => {
  it("puts every PDF page and every image, in order, into one PDF", async () => {
    const merged = await mergeToPdf([
      { path: file("a.pdf", await pdf("satu")), type: "pdf" },
      { path: file("b.png", png()), type: "png" },
      { path: file("c.jpg", jpg()), type: "jpg" },
    ]);
    const doc = await PDFDocument.load(merged);
    expect(doc.getPageCount()).toBe(3);
  });
  it("refuses a broken PDF with a clear message", async () => {
    await expect(mergeToPdf([{ path: file("x.pdf", Buffer.from("%PDF-1.7 broken")), type: "pdf" }])).rejects.toBeInstanceOf(MergeError);
  });
});
