// Merging 10 phone-photo-sized JPEGs (≈2 MB each) into one PDF with the server's mergeToPdf.
//   node bench/merge.mjs [--count 10] [--mb 2]
// No image library is installed: each photo is the fixture JPEG with ≈mb MB of COM (comment) segments
// before its image data — a real, decodable JPEG of a phone photo's byte size (pdf-lib embeds JPEG
// bytes as they are, so the cost is in the bytes, not the pixels).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

if (!process.argv.includes("--child")) {
  // Re-run under tsx so the TypeScript sources import directly.
  const r = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--child", ...process.argv.slice(2)], {
    stdio: "inherit",
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."),
  });
  process.exit(r.status ?? 1);
}

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const { mergeToPdf } = await import("../api/services/uploads/merge.ts");
const { jpg } = await import("../tests/fixtures/files.ts");

const count = opt("count", 10);
const targetBytes = Math.round(opt("mb", 2) * 1024 * 1024);

function phonePhoto(seed) {
  const base = jpg();
  const segments = [];
  let size = base.length;
  for (let n = 0; size < targetBytes; n++) {
    const len = Math.min(65533, targetBytes - size);
    const seg = Buffer.alloc(len + 4);
    seg[0] = 0xff;
    seg[1] = 0xfe; // COM
    seg.writeUInt16BE(len + 2, 2);
    for (let i = 4; i < seg.length; i++) seg[i] = 0x20 + ((i * 31 + seed * 7 + n) % 90);
    segments.push(seg);
    size += seg.length;
  }
  return Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]); // after SOI
}

const dir = mkdtempSync(path.join(tmpdir(), "adaptasi-merge-bench-"));
try {
  const parts = Array.from({ length: count }, (_, i) => {
    const p = path.join(dir, `foto-${i + 1}.jpg`);
    writeFileSync(p, phonePhoto(i));
    return { path: p, type: "jpg" };
  });
  const input = parts.length * targetBytes;
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const pdf = await mergeToPdf(parts);
  const ms = performance.now() - started;
  const rssAfter = process.memoryUsage().rss;
  const MiB = (n) => (n / 1024 / 1024).toFixed(2);
  console.log(`merge: ${count} JPEG photos × ${MiB(targetBytes)} MiB = ${MiB(input)} MiB in`);
  console.log(`  time         ${ms.toFixed(0)} ms`);
  console.log(`  output       ${MiB(pdf.length)} MiB PDF (${pdf.length} bytes), ${count} pages`);
  console.log(`  within 5 MB  ${pdf.length <= 5 * 1024 * 1024 ? "yes" : "no — the upload would be refused: 'Berkas gabungan melebihi 5MB.'"}`);
  console.log(`  RSS growth   ${MiB(rssAfter - rssBefore)} MiB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
