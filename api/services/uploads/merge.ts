import { readFile } from "node:fs/promises";
import { detailText } from "#domain/validation-details";
import { PDFDocument } from "pdf-lib";
import type { DetectedType } from "./file-type";

// Merged documents (professional certificate, logbook, diploma): several files become one PDF,
// images as pages. The caller checks the result against the 5 MB limit.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 24;

export interface MergePart {
  path: string;
  type: DetectedType;
}

/** A merge refused: its detail code (locales/<lng>/errors.json `details`), worded in Indonesian as its message. */
export class MergeError extends Error {
  constructor(readonly code: "merge_pdf_unreadable" | "merge_image_unreadable" | "merge_type") {
    super(detailText(code, undefined, "id"));
  }
}

/** One PDF from PDFs (every page) and images (one A4 page each, scaled to fit). */
export async function mergeToPdf(parts: MergePart[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const part of parts) {
    const bytes = await readFile(part.path);
    if (part.type === "pdf") {
      let pages;
      try {
        // pdf-lib loads damaged files leniently; copying their pages is where they fail.
        const src = await PDFDocument.load(bytes, { ignoreEncryption: false, updateMetadata: false });
        pages = await out.copyPages(src, src.getPageIndices());
        if (pages.length === 0) throw new Error("no pages");
      } catch {
        throw new MergeError("merge_pdf_unreadable");
      }
      for (const page of pages) out.addPage(page);
    } else if (part.type === "png" || part.type === "jpg") {
      let image;
      try {
        image = part.type === "png" ? await out.embedPng(bytes) : await out.embedJpg(bytes);
      } catch {
        throw new MergeError("merge_image_unreadable");
      }
      const page = out.addPage([A4.width, A4.height]);
      const scale = Math.min((A4.width - 2 * MARGIN) / image.width, (A4.height - 2 * MARGIN) / image.height, 1);
      const w = image.width * scale;
      const h = image.height * scale;
      page.drawImage(image, { x: (A4.width - w) / 2, y: (A4.height - h) / 2, width: w, height: h });
    } else {
      throw new MergeError("merge_type");
    }
  }
  return out.save({ useObjectStreams: true });
}
