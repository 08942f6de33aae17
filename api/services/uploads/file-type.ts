import { open, type FileHandle } from "node:fs/promises";
import { isWordDocument } from "./doc";
import { inspectDocx } from "./docx";
import { inspectPdf } from "./pdf";
import { limiter } from "../../lib/limiter";
import type { DetectedType } from "../../db/schema";

// The type of an uploaded file, judged by its content only: the browser's mime type and the
// file name are never trusted. Past the magic bytes, each kind is opened far enough to know it is what
// it claims and carries nothing active: a DOC's compound-file directory, a DOCX inflated
// within limits, a PDF's objects.

export type { DetectedType };

export const MIME_OF: Record<DetectedType, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** Why a file is refused: not a known kind, a DOCX over its bounds, a zip that is no DOCX, a PDF with active content. */
export type Rejection = "unknown" | "zip-bomb" | "not-docx" | "pdf-active";

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (buf: Uint8Array, sig: number[]) => sig.every((b, i) => buf[i] === b);

/** PDFs inspected at once in this process; more wait their turn in order (bench/uploads.mjs: RSS growth ≤ 64 MiB). */
export const PDF_INSPECTIONS_AT_ONCE = 2;

/** Runs `work` when fewer than PDF_INSPECTIONS_AT_ONCE inspections are under way; the next waiter goes when it ends. */
export const pdfTurn = limiter(PDF_INSPECTIONS_AT_ONCE);

/**
 * The buffers PDFs are read into, one per inspection under way, kept for the next: a crowd of uploads
 * reuses the same few megabytes instead of leaving a file-sized buffer behind each for the collector.
 * One above KEPT_BUFFER_BYTES (past any upload limit) is used once and let go.
 */
const spareBuffers: Buffer[] = [];
const KEPT_BUFFER_BYTES = 8 * 1024 * 1024;

async function readWhole(fh: FileHandle, size: number): Promise<{ bytes: Buffer; release(): void }> {
  const index = spareBuffers.findIndex((b) => b.length >= size);
  const buffer = index >= 0 ? spareBuffers.splice(index, 1)[0] : Buffer.allocUnsafeSlow(Math.max(size, 1024 * 1024));
  let read = 0;
  while (read < size) {
    const { bytesRead } = await fh.read(buffer, read, size - read, read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  const release = () => {
    if (buffer.length <= KEPT_BUFFER_BYTES && spareBuffers.length < PDF_INSPECTIONS_AT_ONCE) spareBuffers.push(buffer);
  };
  return { bytes: buffer.subarray(0, read), release };
}

/** The file's type from its bytes, or why it is refused. */
export async function detectFileType(path: string, size: number): Promise<DetectedType | Rejection> {
  if (size === 0) return "unknown";
  const fh = await open(path, "r");
  try {
    const head = Buffer.alloc(Math.min(size, 16));
    await fh.read(head, 0, head.length, 0);
    // A PDF is parsed whole; the upload limits (5 MB at most) bound what is read, and the PDF turn
    // bounds how many are parsed at once, so a crowd of uploads cannot hold them all in memory together.
    // Awaited here: the file stays open until the inspection, which may wait its turn, is over.
    if (startsWith(head, PDF))
      return await pdfTurn(async () => {
        const { bytes, release } = await readWhole(fh, size);
        try {
          return await inspectPdf(bytes);
        } finally {
          release();
        }
      });
    if (startsWith(head, PNG)) return "png";
    if (startsWith(head, JPG)) return "jpg";
    if (startsWith(head, OLE)) return (await isWordDocument(fh, size)) ? "doc" : "unknown";
    if (startsWith(head, ZIP)) return await inspectDocx(fh, size);
    return "unknown";
  } finally {
    await fh.close();
  }
}

/** Extension names as the requirement lists them ("jpg,jpeg,png,pdf") → the detected types they allow. */
export function allowedTypes(allowedExtnames: string): Set<DetectedType> {
  const out = new Set<DetectedType>();
  for (const ext of allowedExtnames.split(",").map((e) => e.trim().toLowerCase())) {
    if (ext === "jpg" || ext === "jpeg") out.add("jpg");
    else if (ext === "png" || ext === "pdf" || ext === "doc" || ext === "docx") out.add(ext);
  }
  return out;
}
