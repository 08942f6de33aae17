import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  automaticActionPdfs,
  compoundFile,
  doc,
  docx,
  docxBomb,
  docxLyingBomb,
  elf,
  jpg,
  makeZip,
  objectStream,
  pdf,
  pdfWithAttachment,
  pdfWithCatalog,
  pdfWithOpenActionScript,
  png,
  rawPdf,
} from "../../../tests/fixtures/files";
import { allowedTypes, detectFileType, PDF_INSPECTIONS_AT_ONCE, pdfTurn } from "./file-type";
import { mergeToPdf } from "./merge";

const dir = mkdtempSync(path.join(tmpdir(), "adaptasi-ft-"));
function save(data: Uint8Array) {
  const p = path.join(dir, `f-${Math.random().toString(36).slice(2)}`);
  writeFileSync(p, data);
  return p;
}
const detect = (data: Uint8Array) => detectFileType(save(data), data.length);

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
});

describe("DOCX: inflated and counted, never trusting the zip's index", () => {
  it("refuses a zip that is not a Word document", async () => {
    expect(await detect(makeZip([{ name: "a.txt", data: Buffer.from("x") }]))).toBe("not-docx");
  });
  it("refuses a zip bomb by its ratio and an index that overstates a size", async () => {
    expect(await detect(docxBomb())).toBe("zip-bomb");
    const claimed = makeZip([
      { name: "[Content_Types].xml", data: Buffer.from("x") },
      { name: "word/document.xml", data: Buffer.from("y"), claimSize: 0xfffffff0 },
    ]);
    expect(await detect(claimed)).toBe("zip-bomb");
  });
  it("refuses a ~200 kB DOCX whose index declares 1 KiB but which inflates to 200 MB, stopping at the cap", async () => {
    const bomb = await docxLyingBomb();
    expect(bomb.length).toBeLessThan(256 * 1024);
    const before = process.memoryUsage().rss;
    // How long it takes is bench/checks/file-type.check.ts's (`npm run bench`).
    expect(await detect(bomb)).toBe("zip-bomb");
    // Counted, not held: far less memory than even the 64 MiB cap.
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });
  it("refuses an index that understates a small entry, and a damaged entry", async () => {
    const data = Buffer.from("<w:document/>".repeat(100));
    expect(await detect(docx([{ name: "word/styles.xml", data, deflate: true, claimSize: 10 }]))).toBe("zip-bomb");
    const damaged = docx([{ name: "word/styles.xml", data, deflate: true }]);
    const at = damaged.indexOf("word/styles.xml") + "word/styles.xml".length;
    damaged.fill(0xff, at, at + 8);
    expect(await detect(damaged)).toBe("unknown");
  });
  it("refuses a zip with too many entries", async () => {
    const many = makeZip(Array.from({ length: 2_001 }, (_, i) => ({ name: `f${i}`, data: Buffer.from("") })));
    expect(await detect(many)).toBe("zip-bomb");
  });
  it("refuses a truncated zip", async () => {
    expect(await detect(docx().subarray(0, 60))).toBe("unknown");
  });
  it("accepts a 5 MB DOCX with a picture", async () => {
    const big = docx([{ name: "word/media/image1.jpeg", data: randomBytes(5 * 1024 * 1024 - 4096), deflate: true }]);
    expect(await detect(big)).toBe("docx");
  });
});

describe(".doc: a compound file with a WordDocument stream", () => {
  it("refuses the OLE magic bytes followed by garbage", async () => {
    const magic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await detect(Buffer.concat([magic, Buffer.alloc(1024)]))).toBe("unknown");
    expect(await detect(Buffer.concat([magic, randomBytes(8192)]))).toBe("unknown");
  });
  it("refuses an OLE file without a WordDocument stream (a spreadsheet, an installer)", async () => {
    expect(await detect(compoundFile([{ name: "Workbook", data: Buffer.alloc(4096) }]))).toBe("unknown");
  });
  it("refuses insane header fields", async () => {
    const patched = (offset: number, value: number) => {
      const file = doc();
      file.writeUInt16LE(value, offset);
      return file;
    };
    expect(await detect(patched(0x1c, 0xfeff))).toBe("unknown"); // byte order
    expect(await detect(patched(0x1e, 10))).toBe("unknown"); // sector shift
    const outside = doc();
    outside.writeUInt32LE(5_000, 0x30); // first directory sector past the end
    expect(await detect(outside)).toBe("unknown");
    expect(await detect(doc().subarray(0, 700))).toBe("unknown");
  });
});

describe("PDF: refused when it carries active content", () => {
  it("accepts ordinary PDFs: the fixture, pdf-lib's with and without object streams, a merged one", async () => {
    expect(await detect(await pdf())).toBe("pdf");
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(await detect(await plain.save({ useObjectStreams: false }))).toBe("pdf");
    expect(await detect(await plain.save())).toBe("pdf");
    const merged = await mergeToPdf([
      { path: save(png()), type: "png" },
      { path: save(await pdf("halaman dua")), type: "pdf" },
    ]);
    expect(await detect(merged)).toBe("pdf");
    // Jumps inside the document on opening, and a link a person clicks, are fine.
    expect(await detect(pdfWithCatalog("/OpenAction [3 0 R /Fit]"))).toBe("pdf");
    expect(await detect(pdfWithCatalog("/OpenAction << /S /GoTo /D [3 0 R /Fit] >>"))).toBe("pdf");
    expect(
      await detect(
        pdfWithCatalog("/OpenAction 4 0 R /Names << /Dests 5 0 R >>", [
          "<< /S /GoTo /D (awal) /Next 6 0 R >>",
          "<< /Names [(awal) [3 0 R /Fit]] >>",
          "<< /S /GoTo /D [3 0 R /Fit] >>",
        ]),
      ),
    ).toBe("pdf");
    const link = "<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://kemkes.go.id) >> >>";
    expect(await detect(pdfWithCatalog("", [link]))).toBe("pdf");
  });
  it("refuses every automatic action that is not a jump inside the document", async () => {
    expect(await detect(automaticActionPdfs.uri())).toBe("pdf-active");
    expect(await detect(automaticActionPdfs.submitForm())).toBe("pdf-active");
    expect(await detect(automaticActionPdfs.uncGoToR())).toBe("pdf-active");
    expect(await detect(automaticActionPdfs.escapedInObjectStream())).toBe("pdf-active");
    expect(await detect(pdfWithCatalog("/OpenAction << /S /URI /URI (https://kemkes.go.id) >>"))).toBe("pdf-active");
    expect(await detect(pdfWithCatalog("/#4fpen#41ction << /#53 /#55RI /URI (https://contoh.id) >>"))).toBe("pdf-active");
    // A jump whose next action leaves, an action the parser cannot find, a page's and a field's /AA.
    expect(await detect(pdfWithCatalog("/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next [<< /S /URI /URI (https://contoh.id) >>] >>"))).toBe("pdf-active");
    expect(await detect(pdfWithCatalog("/OpenAction 9 0 R"))).toBe("pdf-active");
    const pageOpens = (aa: string) =>
      rawPdf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /AA ${aa} >>`,
      ]);
    expect(await detect(pageOpens("<< /O << /S /GoTo /D [3 0 R /Fit] >> >>"))).toBe("pdf");
    expect(await detect(pageOpens("<< /O << /S /GoToR /F (\\\\\\\\berkas.contoh\\\\x.pdf) /D [0 /Fit] >> >>"))).toBe("pdf-active");
    expect(
      await detect(
        pdfWithCatalog("", ["<< /Type /Annot /Subtype /Widget /Rect [0 0 10 10] /#41A << /Fo << /S /ImportData /F (\\\\\\\\berkas.contoh\\\\d.fdf) >> >> >>"]),
      ),
    ).toBe("pdf-active");
  });
  it("refuses a script run on opening, plain or compressed in an object stream", async () => {
    expect(await detect(await pdfWithOpenActionScript(false))).toBe("pdf-active");
    const packed = await pdfWithOpenActionScript(true);
    expect(packed.includes("JavaScript")).toBe(false); // not visible to a byte scan
    expect(await detect(packed)).toBe("pdf-active");
  });
  it("refuses names hidden by #xx escapes, in either case", async () => {
    expect(await detect(pdfWithCatalog("/OpenAction << /S /J#61vaScript /JS (app.alert(1)) >>"))).toBe("pdf-active");
    expect(await detect(pdfWithCatalog("/OpenAction << /S /#4aava#53cript /J#53 (app.alert(1)) >>"))).toBe("pdf-active");
    expect(await detect(pdfWithCatalog("/OpenAction 4 0 R", ["<< /Type /Action /#4A#53 (app.alert(1)) >>"]))).toBe("pdf-active");
  });
  it("refuses a script in a compressed object stream even when a later definition replaces it", async () => {
    const hidden = pdfWithCatalog("/OpenAction 5 0 R", [
      objectStream([[5, "<< /S /J#61vaScript /J#53 (app.alert(1)) >>"]]),
      "<< /S /URI /URI (https://contoh.id) >>",
    ]);
    expect(await detect(hidden)).toBe("pdf-active");
  });
  it("refuses a script that pdf-lib reads as part of a stream but a reader finds by the xref table", async () => {
    // Object 4's /Length is indirect, so pdf-lib looks for its end by keywords: the "stream" in its
    // text and the "endstream" in object 6's string hide objects 5 and 6 from it.
    const content = "BT (stream) Tj ET";
    const hidden = pdfWithCatalog("/OpenAction 6 0 R", [
      `<< /Length 5 0 R >>\nstream\n${content}\nendstream`,
      String(content.length),
      "<< /S /JavaScript /JS (endstream) >>",
    ]);
    expect(await detect(hidden)).toBe("pdf-active");
  });
  it("refuses Launch actions, attached files, Flash and XFA forms", async () => {
    expect(await detect(pdfWithCatalog("/OpenAction << /S /Launch /F (cmd.exe) >>"))).toBe("pdf-active");
    expect(await detect(await pdfWithAttachment())).toBe("pdf-active");
    expect(await detect(pdfWithCatalog("/AcroForm << /Fields [] /XFA 4 0 R >>", ["<< /Length 0 >>\nstream\n\nendstream"]))).toBe("pdf-active");
    expect(await detect(pdfWithCatalog("", ["<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] >>"]))).toBe("pdf-active");
  });
  it("refuses a PDF that cannot be parsed, or has no catalog", async () => {
    expect(await detect(Buffer.from("%PDF-1.4\n%%EOF\n"))).toBe("unknown");
    expect(await detect(Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4096)]))).toBe("unknown");
    expect(await detect(Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /A ) >>\nendobj\n"))).toBe("unknown");
  });
  it("refuses object streams that inflate past the limit, one or many", async () => {
    const one = pdfWithCatalog("", [objectStream([[4, `<< /Padding (${"0".repeat(33 * 1024 * 1024)}) >>`]])]);
    expect(one.length).toBeLessThan(64 * 1024);
    expect(await detect(one)).toBe("unknown");
    const packed = objectStream([[4, `<< /Padding (${"0".repeat(4 * 1024 * 1024)}) >>`]]);
    const many = pdfWithCatalog(
      "",
      Array.from({ length: 9 }, () => packed),
    );
    expect(await detect(many)).toBe("unknown");
    expect(await detect(pdfWithCatalog("", [packed]))).toBe("pdf");
  });
  it("reads the bytes in windows without missing a name or an object that a window's end cuts", async () => {
    // A name in a stream's content is seen by the raw scan only (pdf-lib does not parse content). Placed
    // across the 64 KiB end of the first window, at every cut: refused when forbidden, accepted when
    // the name goes on past the forbidden one ("/JavaScriptX" is no forbidden name).
    const withNameAt = (name: string, start: number) => {
      let pad = 0;
      for (let round = 0; round < 3; round++) {
        const content = `${" ".repeat(pad)}${name} `;
        const file = pdfWithCatalog("", [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`]);
        const at = file.indexOf(name, 0, "latin1");
        if (at === start) return file;
        pad += start - at;
      }
      throw new Error(`could not place ${name} at ${start}`);
    };
    for (const cut of [1, 4, 11, 12, 13]) {
      expect(await detect(withNameAt("/JavaScript", 64 * 1024 - cut))).toBe("pdf-active");
      expect(await detect(withNameAt("/JavaScriptX", 64 * 1024 - cut))).toBe("pdf");
      expect(await detect(withNameAt("/J#61vaScript", 64 * 1024 - cut))).toBe("pdf-active");
    }
    // Junk before the catalog, of lengths that put its header across the windows the parser
    // looks ahead in (512 bytes, growing to 64 KiB): the catalog is found after each, so the file is whole.
    const [head, tail] = (() => {
      const file = pdfWithCatalog("").toString("latin1");
      const at = file.indexOf("1 0 obj");
      return [file.slice(0, at), file.slice(at)];
    })();
    for (const junk of [500, 505, 510, 1530, 3580, 65_000, 130_000, 130_050, 200_003]) {
      expect(await detect(Buffer.from(head + "x".repeat(junk) + tail, "latin1"))).toBe("pdf");
    }
  });
  it("checks a PDF with 5 MB of junk after its catalog to the end (its time: bench/checks/file-type.check.ts)", async () => {
    const junk = Buffer.concat([pdfWithCatalog(""), Buffer.from("x".repeat(5 * 1024 * 1024))]);
    expect(await detect(junk)).toBe("pdf");
  });
});

describe("allowedTypes", () => {
  it("maps a requirement's extensions", () => {
    expect([...allowedTypes("jpg,jpeg,png,pdf")].sort()).toEqual(["jpg", "pdf", "png"]);
    expect([...allowedTypes("doc,docx,pdf")].sort()).toEqual(["doc", "docx", "pdf"]);
  });
});

describe("the PDF turn", () => {
  it("inspects at most PDF_INSPECTIONS_AT_ONCE PDFs at once, the others in the order they came", async () => {
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const release: Array<() => void> = [];
    const runs = Array.from({ length: 5 }, (_, i) =>
      pdfTurn(async () => {
        started.push(i);
        most = Math.max(most, ++now);
        await new Promise<void>((done) => release.push(done));
        now--;
        return i;
      }),
    );
    // Each round lets every waiting turn run as far as it can (its promises settle within one turn of the event
    // loop) before one inspection ends.
    for (let round = 0; round < 5; round++) {
      await new Promise((r) => setImmediate(r));
      expect(release.length, `round ${round}`).toBe(Math.min(PDF_INSPECTIONS_AT_ONCE, 5 - round));
      release.shift()?.();
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(PDF_INSPECTIONS_AT_ONCE);
  });
  it("judges a crowd of PDFs that wait their turn, each by its own bytes (the read buffers are reused)", async () => {
    const files = await Promise.all(
      Array.from({ length: 4 * PDF_INSPECTIONS_AT_ONCE }, (_, i) => (i % 2 ? pdfWithOpenActionScript(false) : pdf(`halaman ${i}`))),
    );
    const verdicts = await Promise.all(files.map((file) => detect(file)));
    expect(verdicts).toEqual(files.map((_, i) => (i % 2 ? "pdf-active" : "pdf")));
  });
});
