import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { doc, docx, docxBomb, elf, jpg, makeZip, pdf, png } from "../../../tests/fixtures/files";
import { allowedTypes, detectFileType } from "./file-type";

const dir = mkdtempSync(path.join(tmpdir(), "adaptasi-ft-"));
async function detect(data: Buffer) {
  const p = path.join(dir, `f-${Math.random().toString(36).slice(2)}`);
  writeFileSync(p, data);
  return detectFileType(p, data.length);
}

describe("detectFileType (by content only)", () => {
  it("knows the allowed kinds", async () => {
    expect(await detect(await pdf())).toBe("pdf");
    expect(await detect(png())).toBe("png");
    expect(await detect(jpg())).toBe("jpg");
    expect(await detect(doc())).toBe("doc");
    expect(await detect(docx())).toBe("docx");
  });
  it("refuses an executable, an empty file and plain text", async () => {
    expect(await detect(elf())).toBe("unknown");
    expect(await detect(Buffer.alloc(0))).toBe("unknown");
    expect(await detect(Buffer.from("hello, I am a PDF"))).toBe("unknown");
  });
  it("refuses a zip that is not a Word document", async () => {
    expect(await detect(makeZip([{ name: "a.txt", data: Buffer.from("x") }]))).toBe("not-docx");
  });
  it("refuses a zip bomb by its ratio and by its claimed size", async () => {
    expect(await detect(docxBomb())).toBe("zip-bomb");
    const claimed = makeZip([
      { name: "[Content_Types].xml", data: Buffer.from("x") },
      { name: "word/document.xml", data: Buffer.from("y"), claimSize: 0xfffffff0 },
    ]);
    expect(await detect(claimed)).toBe("zip-bomb");
  });
  it("refuses a zip with too many entries", async () => {
    const many = makeZip(Array.from({ length: 2_001 }, (_, i) => ({ name: `f${i}`, data: Buffer.from("") })));
    expect(await detect(many)).toBe("zip-bomb");
  });
  it("refuses a truncated zip", async () => {
    expect(await detect(docx().subarray(0, 60))).toBe("unknown");
  });
});

describe("allowedTypes", () => {
  it("maps a requirement's extensions", () => {
    expect([...allowedTypes("jpg,jpeg,png,pdf")].sort()).toEqual(["jpg", "pdf", "png"]);
    expect([...allowedTypes("doc,docx,pdf")].sort()).toEqual(["doc", "docx", "pdf"]);
  });
});
