import type { FileHandle } from "node:fs/promises";

// A Word 97–2003 .doc is an OLE compound file ([MS-CFB]) holding a "WordDocument" stream. Its 8 magic
// bytes are shared by every OLE file (.xls, .msi, .msg, …) and are trivial to forge, so the header is
// checked and the directory walked (through the FAT) until that stream is found.

const END_OF_CHAIN = 0xfffffffe;
const MAX_REGULAR_SECTOR = 0xfffffffa;
const STREAM = 2;
const ROOT = 5;
const HEADER_DIFAT_ENTRIES = 109;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer | null> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return bytesRead === length ? buf : null;
}

/** True when the file is a compound file with a sane header and a WordDocument stream. */
export async function isWordDocument(fh: FileHandle, size: number): Promise<boolean> {
  const header = await readAt(fh, 0, 512);
  if (!header) return false;
  const major = header.readUInt16LE(0x1a);
  const shift = header.readUInt16LE(0x1e);
  if (header.readUInt16LE(0x1c) !== 0xfffe) return false; // byte order
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) return false;
  const sectorSize = 1 << shift;
  // Sector n starts at (n + 1) × sectorSize; the header fills sector "-1".
  const sectors = Math.floor((size - sectorSize) / sectorSize);
  const inFile = (n: number) => n < MAX_REGULAR_SECTOR && n < sectors;
  const fatSectors = header.readUInt32LE(0x2c);
  const firstDirectory = header.readUInt32LE(0x30);
  if (fatSectors === 0 || fatSectors > sectors || !inFile(firstDirectory)) return false;

  // Where the FAT's sectors are: 109 in the header, the rest in the DIFAT chain.
  const fatLocations: number[] = [];
  for (let i = 0; i < Math.min(fatSectors, HEADER_DIFAT_ENTRIES); i++) fatLocations.push(header.readUInt32LE(0x4c + i * 4));
  let difat = header.readUInt32LE(0x44);
  for (let hops = 0; fatLocations.length < fatSectors; hops++) {
    if (!inFile(difat) || hops > sectors) return false;
    const sector = await readAt(fh, (difat + 1) * sectorSize, sectorSize);
    if (!sector) return false;
    for (let i = 0; i < sectorSize / 4 - 1 && fatLocations.length < fatSectors; i++) fatLocations.push(sector.readUInt32LE(i * 4));
    difat = sector.readUInt32LE(sectorSize - 4);
  }
  const fat: Buffer[] = [];
  for (const location of fatLocations) {
    if (!inFile(location)) return false;
    const sector = await readAt(fh, (location + 1) * sectorSize, sectorSize);
    if (!sector) return false;
    fat.push(sector);
  }
  const perFatSector = sectorSize / 4;
  const next = (n: number) => fat[Math.floor(n / perFatSector)]?.readUInt32LE((n % perFatSector) * 4) ?? END_OF_CHAIN;

  // The directory: 128-byte entries along its sector chain; entry 0 is the root.
  let sectorNumber = firstDirectory;
  for (let hops = 0; sectorNumber !== END_OF_CHAIN; hops++) {
    if (!inFile(sectorNumber) || hops > sectors) return false;
    const sector = await readAt(fh, (sectorNumber + 1) * sectorSize, sectorSize);
    if (!sector) return false;
    for (let offset = 0; offset < sectorSize; offset += 128) {
      const type = sector[offset + 0x42];
      if (hops === 0 && offset === 0 && type !== ROOT) return false;
      if (type !== STREAM) continue;
      const nameLength = Math.min(sector.readUInt16LE(offset + 0x40), 64);
      const name = sector.toString("utf16le", offset, offset + Math.max(nameLength - 2, 0));
      if (name.toUpperCase() === "WORDDOCUMENT") return sector.readUInt32LE(offset + 0x78) > 0;
    }
    sectorNumber = next(sectorNumber);
  }
  return false;
}
