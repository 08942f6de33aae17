import type { FileHandle } from "node:fs/promises";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32, createInflateRaw } from "node:zlib";

// A DOCX is a zip. The sizes its central directory declares are written by the uploader, so they are
// never trusted: every entry is inflated as a stream and its output counted (and discarded) against a
// total cap and a ratio, and an entry whose real size or checksum differs from its declaration is refused.

export const ZIP_LIMITS = {
  maxEntries: 2_000,
  /** inflated bytes, all entries together (overlapping entries each count) */
  maxUncompressedBytes: 64 * 1024 * 1024,
  /** inflated ÷ compressed bytes of one entry, once it is past `ratioFloor` */
  maxRatio: 200,
  ratioFloor: 1024 * 1024,
};

export type ZipVerdict = "docx" | "zip-bomb" | "not-docx" | "unknown";

interface Entry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** The central directory's entries, or why the zip is refused before anything is inflated. */
async function readEntries(fh: FileHandle, size: number): Promise<Entry[] | "zip-bomb" | "unknown"> {
  // The end-of-central-directory record sits in the last 22 bytes + up to 64 KiB of comment.
  const tail = await readAt(fh, Math.max(0, size - (22 + 0xffff)), Math.min(size, 22 + 0xffff));
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return "unknown";
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) return "zip-bomb"; // zip64: far beyond any CV
  if (count > ZIP_LIMITS.maxEntries) return "zip-bomb";
  if (cdOffset + cdSize > size) return "unknown";
  const cd = await readAt(fh, cdOffset, cdSize);
  const entries: Entry[] = [];
  let pos = 0;
  for (let n = 0; n < count; n++) {
    if (pos + 46 > cd.length || cd.readUInt32LE(pos) !== CENTRAL) return "unknown";
    const nameLength = cd.readUInt16LE(pos + 28);
    entries.push({
      flags: cd.readUInt16LE(pos + 8),
      method: cd.readUInt16LE(pos + 10),
      crc: cd.readUInt32LE(pos + 16),
      compressedSize: cd.readUInt32LE(pos + 20),
      uncompressedSize: cd.readUInt32LE(pos + 24),
      localHeaderOffset: cd.readUInt32LE(pos + 42),
      name: cd.toString("utf8", pos + 46, pos + 46 + nameLength),
    });
    pos += 46 + nameLength + cd.readUInt16LE(pos + 30) + cd.readUInt16LE(pos + 32);
  }
  return entries;
}

class Exceeded extends Error {}

/**
 * Inflates one entry, counting what comes out and keeping none of it; "over" as soon as the budget
 * or the ratio is passed, "broken" for data that is not what the entry says.
 */
async function measureEntry(fh: FileHandle, size: number, e: Entry, budget: number): Promise<{ bytes: number; crc: number } | "over" | "broken"> {
  if (e.flags & 1 || (e.method !== 0 && e.method !== 8)) return "broken"; // encrypted, or not stored/deflated
  const local = await readAt(fh, e.localHeaderOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) return "broken";
  const start = e.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + e.compressedSize > size) return "broken";
  let read = 0;
  let bytes = 0;
  let crc = 0;
  try {
    await pipeline(
      async function* () {
        for (let at = start, end = start + e.compressedSize; at < end;) {
          const chunk = Buffer.alloc(Math.min(64 * 1024, end - at));
          const { bytesRead } = await fh.read(chunk, 0, chunk.length, at);
          if (bytesRead === 0) return;
          at += bytesRead;
          read += bytesRead;
          yield chunk.subarray(0, bytesRead);
        }
      },
      e.method === 8 ? createInflateRaw() : new PassThrough(),
      async (inflated: AsyncIterable<Buffer>) => {
        for await (const chunk of inflated) {
          bytes += chunk.length;
          if (bytes > budget || (bytes > ZIP_LIMITS.ratioFloor && bytes > ZIP_LIMITS.maxRatio * read)) throw new Exceeded();
          crc = crc32(chunk, crc);
        }
      },
    );
  } catch (err) {
    if (err instanceof Exceeded) return "over";
    return "broken"; // a deflate stream that is damaged or cut short
  }
  return { bytes, crc };
}

/** A zip is a DOCX when it holds a Word document and every entry inflates to what it declares, within the limits. */
export async function inspectDocx(fh: FileHandle, size: number): Promise<ZipVerdict> {
  const entries = await readEntries(fh, size);
  if (typeof entries === "string") return entries;
  const names = new Set(entries.map((e) => e.name));
  if (!names.has("[Content_Types].xml") || !names.has("word/document.xml")) return "not-docx";
  let total = 0;
  for (const e of entries) {
    const measured = await measureEntry(fh, size, e, ZIP_LIMITS.maxUncompressedBytes - total);
    if (measured === "over") return "zip-bomb";
    if (measured === "broken") return "unknown";
    // An index that understates what an entry holds is how a bomb slips past a reader that trusts it.
    if (measured.bytes !== e.uncompressedSize) return "zip-bomb";
    if (measured.crc !== e.crc) return "unknown";
    total += measured.bytes;
  }
  return "docx";
}
