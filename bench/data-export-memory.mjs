// The "download my data" ZIP's memory (docs/decisions/028-data-export.md): an account with N documents of
// about S MB each (random bytes, so they do not compress) is streamed into a ZIP exactly as
// GET /me/data-export builds it (api/services/data-rights/data-export.ts dataExportArchive over the disk storage), and the
// ZIP is read by a slow client (one timer tick per chunk). Prints the ZIP's size and the peak growth of the
// process's RSS and heap over the baseline measured after the documents were written.
//   node bench/data-export-memory.mjs [--documents=50] [--mb=1]
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};

if (!process.env.BENCH_EXPORT_CHILD) {
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", self, ...args], {
    stdio: "inherit",
    env: { ...process.env, BENCH_EXPORT_CHILD: "1" },
  });
  process.exit(child.status ?? 1);
}

const DOCUMENTS = Number(opt("documents", 50));
const MB = Number(opt("mb", 1));
const { createDiskStorage } = await import("../api/services/storage/storage.ts");
const { dataExportArchive } = await import("../api/services/data-rights/data-export.ts");
const { Readable } = await import("node:stream");

const dir = mkdtempSync(path.join(tmpdir(), "bench-export-"));
try {
  const storage = createDiskStorage(dir);
  const files = [];
  for (let i = 1; i <= DOCUMENTS; i++) {
    const size = Math.round(MB * 1024 * 1024);
    const key = await storage.putBytes(randomBytes(size));
    files.push({
      path: `dokumen/ADP-2026-000001/Dokumen ${i} v1.pdf`,
      fileId: `f${i}`,
      storageKey: key,
      size,
      sha256: "-",
      mime: "application/pdf",
      originalName: `dokumen-${i}.pdf`,
      uploadedAt: new Date().toISOString(),
    });
  }
  const data = {
    format: "adaptasi-nakes-lln/data-export",
    version: 1,
    created_at: new Date().toISOString(),
    account: { id: "x", email: "bench@adaptasi.test", full_name: "Bench", role: "Pemohon", created_at: new Date().toISOString() },
    personal_data: { full_name: "Bench", email: "bench@adaptasi.test", photo: null },
    applications: [],
    access_log: [],
    files: files.map((f) => ({ path: f.path, file_id: f.fileId, original_name: f.originalName, size: f.size, sha256: f.sha256, mime: f.mime })),
  };

  global.gc();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  let peakExternal = base.external + base.arrayBuffers;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakExternal = Math.max(peakExternal, m.external + m.arrayBuffers);
  };
  const timer = setInterval(sample, 5);
  let bytes = 0;
  const started = performance.now();
  await pipeline(
    (() => {
      const archive = dataExportArchive(storage, { data, files }, (err) => console.error(err));
      return Readable.fromWeb(archive.stream({ start: 0, end: archive.size - 1 }));
    })(),
    new Writable({
      highWaterMark: 64 * 1024,
      write(chunk, _enc, done) {
        bytes += chunk.length;
        setTimeout(done, 0); // a client slower than the disk: the ZIP must wait for it, not pile up
      },
    }),
  );
  clearInterval(timer);
  sample();
  const ms = performance.now() - started;
  const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  console.log(`documents: ${DOCUMENTS} × ${MB} MiB (stored, not compressed); ZIP ${mib(bytes)} in ${(ms / 1000).toFixed(1)} s`);
  console.log(`baseline: rss ${mib(base.rss)}, heap ${mib(base.heapUsed)}`);
  console.log(
    `peak growth while streaming: rss +${mib(peakRss - base.rss)}, heap +${mib(peakHeap - base.heapUsed)}, external+arrayBuffers +${mib(peakExternal - base.external - base.arrayBuffers)}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
