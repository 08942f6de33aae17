import { open } from "node:fs/promises";

// The type of an uploaded file, judged by its content only (issue 4): the browser's mime type and the
// file name are never trusted.

export type DetectedType = "pdf" | "png" | "jpg" | "doc" | "docx";

export const MIME_OF: Record<DetectedType, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** Bounds on a DOCX (a zip): more entries or more unpacked bytes than this is refused as a zip bomb. */
export const ZIP_LIMITS = { maxEntries: 2_000, maxUncompressedBytes: 64 * 1024 * 1024, maxRatio: 200 };

export type Rejection = "unknown" | "zip-bomb" | "not-docx";

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (buf: Uint8Array, sig: number[]) => sig.every((b, i) => buf[i] === b);

/** Reads the zip's central directory from the end of the file and checks its bounds and entries. */
async function inspectZip(path: string, size: number): Promise<DetectedType | Rejection> {
  const fh = await open(path, "r");
  try {
    // The end-of-central-directory record sits in the last 22 bytes + up to 64 KiB of comment.
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = Buffer.alloc(tailLength);
    await fh.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return "unknown";
    const entries = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (entries === 0xffff || cdOffset === 0xffffffff) return "zip-bomb"; // zip64: far beyond any CV
    if (entries > ZIP_LIMITS.maxEntries) return "zip-bomb";
    if (cdOffset + cdSize > size || cdSize > 8 * 1024 * 1024) return "unknown";
    const cd = Buffer.alloc(cdSize);
    await fh.read(cd, 0, cdSize, cdOffset);
    let pos = 0;
    let total = 0;
    const names = new Set<string>();
    for (let n = 0; n < entries; n++) {
      if (pos + 46 > cd.length || cd.readUInt32LE(pos) !== 0x02014b50) return "unknown";
      const compressed = cd.readUInt32LE(pos + 20);
      const uncompressed = cd.readUInt32LE(pos + 24);
      const nameLength = cd.readUInt16LE(pos + 28);
      const extraLength = cd.readUInt16LE(pos + 30);
      const commentLength = cd.readUInt16LE(pos + 32);
      names.add(cd.toString("utf8", pos + 46, pos + 46 + nameLength));
      total += uncompressed;
      if (total > ZIP_LIMITS.maxUncompressedBytes) return "zip-bomb";
      if (uncompressed > 1024 * 1024 && uncompressed / Math.max(compressed, 1) > ZIP_LIMITS.maxRatio) return "zip-bomb";
      pos += 46 + nameLength + extraLength + commentLength;
    }
    return names.has("[Content_Types].xml") && names.has("word/document.xml") ? "docx" : "not-docx";
  } finally {
    await fh.close();
  }
}

/** The file's type from its bytes, or why it is refused. */
export async function detectFileType(path: string, size: number): Promise<DetectedType | Rejection> {
  if (size === 0) return "unknown";
  const fh = await open(path, "r");
  const head = Buffer.alloc(Math.min(size, 16));
  try {
    await fh.read(head, 0, head.length, 0);
  } finally {
    await fh.close();
  }
  if (startsWith(head, PDF)) return "pdf";
  if (startsWith(head, PNG)) return "png";
  if (startsWith(head, JPG)) return "jpg";
  if (startsWith(head, OLE)) return "doc";
  if (startsWith(head, ZIP)) return inspectZip(path, size);
  return "unknown";
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
