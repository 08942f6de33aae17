import { createHash, randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { Upload } from "tus-js-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MB, requirementsFor } from "#domain/documents";
import { throttlingProxy } from "./raw-http";
import { apiClient, apiLogin, ensureBuild, portalLogin, startServer, stopServer, strongSecrets, tempDir, type Running } from "./server";

// A phone on a weak signal (docs/decisions/027-resumable-uploads.md): a 5 MB PDF goes through the
// portal's resumable upload route with tus-js-client, over a proxy that passes 50 kB/s and cuts the
// connection three times. Each time the client asks the server how far it got and goes on from there:
// all it sends stays within the file plus three chunks (plus the requests' headers), and the stored
// document is the file, byte for byte.

const PORT = 3460;
const RATE = 50 * 1024;
const CHUNK = 256 * 1024;
const FILE_SIZE = 5 * MB;
const REG_5MB = requirementsFor("REG").find((r) => r.max_size === 5)!;

let server: Running | undefined;
let dataDir: string;

/**
 * A real PDF of exactly `size` bytes, most of it one stream of random hex digits: any byte stored out of
 * place or twice changes its hash (hex digits spell no PDF name, so no check mistakes them for one).
 */
async function randomPdf(size: number): Promise<Buffer> {
  const build = async (fill: number) => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 200]).drawText("Ijazah", { x: 20, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
    doc.context.register(
      doc.context.stream(
        randomBytes(Math.ceil(fill / 2))
          .toString("hex")
          .slice(0, fill),
      ),
    );
    return Buffer.from(await doc.save());
  };
  // The fill's length is written into the PDF (/Length), so one more digit there moves the total by a byte: adjust until exact.
  let fill = size - 4096;
  for (let attempt = 0; attempt < 8; attempt++) {
    const pdf = await build(fill);
    if (pdf.length === size) return pdf;
    fill += size - pdf.length;
  }
  throw new Error(`no PDF of exactly ${size} bytes`);
}

beforeAll(async () => {
  await ensureBuild();
  dataDir = tempDir("tus");
  server = await startServer(
    {
      NODE_ENV: "test",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ...strongSecrets(),
      RATE_LIMIT_LOGIN_PER_ACCOUNT: "1000",
    },
    "/readyz",
    180_000,
  );
}, 300_000);

afterAll(async () => {
  await stopServer(server, "SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it("resumes a 5 MB PDF at 50 kB/s after three dropped connections: within the file plus three chunks sent, stored byte for byte", async () => {
  const email = "pemohon.wna@adaptasi.test";
  const api = apiClient(server!);
  const token = await apiLogin(server!, email);
  const draft = await api("/applications", { token, json: { jalur_id: "REG" } });
  expect(draft.status).toBe(201);
  const application = ((await draft.json()) as { data: { id: string } }).data.id;
  const cookie = await portalLogin(server!, email);
  const file = await randomPdf(FILE_SIZE);

  // Cut at roughly a fifth, two fifths and three fifths of the file, in the middle of a chunk.
  const proxy = await throttlingProxy(PORT, RATE, { dropAt: [1.1 * MB, 2.3 * MB, 3.5 * MB] });
  const offsetsResumedFrom: number[] = [];
  let answer = "";
  const started = Date.now();
  try {
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(file, {
        endpoint: `http://127.0.0.1:${proxy.port}/submission-form/upload/tus`,
        chunkSize: CHUNK,
        retryDelays: [0, 200, 500, 1000, 2000],
        // A browser sends its Origin with every upload request; a cookie without one is refused (server/security.ts).
        headers: { Cookie: cookie, Origin: `http://127.0.0.1:${proxy.port}` },
        metadata: { application, requirement: String(REG_5MB.id), form: "adaptation", filename: "ijazah.pdf", filetype: "application/pdf" },
        onAfterResponse: (req, res) => {
          if (req.getMethod() === "HEAD") offsetsResumedFrom.push(Number(res.getHeader("Upload-Offset")));
        },
        onSuccess: ({ lastResponse }) => {
          answer = lastResponse.getBody();
          resolve();
        },
        onError: reject,
      });
      upload.start();
    });
  } finally {
    await proxy.close();
  }
  const seconds = (Date.now() - started) / 1000;
  console.info(
    `tus over 50 kB/s: ${proxy.received()} bytes sent for ${FILE_SIZE} (limit ${FILE_SIZE + 3 * CHUNK}), ${proxy.drops()} drops, resumed from ${offsetsResumedFrom.join(", ")}, ${seconds.toFixed(0)} s`,
  );

  expect(proxy.drops()).toBe(3);
  // Each resumption started where the server had got to, never from the start.
  expect(offsetsResumedFrom).toHaveLength(3);
  for (const offset of offsetsResumedFrom) expect(offset).toBeGreaterThan(0);
  // All the client sent — bytes of the file, sent again after a cut, and every request's headers.
  expect(proxy.received()).toBeLessThanOrEqual(FILE_SIZE + 3 * CHUNK);
  expect(proxy.received()).toBeGreaterThanOrEqual(FILE_SIZE);
  expect(seconds).toBeGreaterThan(FILE_SIZE / RATE); // it really went at 50 kB/s
  expect(JSON.parse(answer)).toEqual({ data: { saved: [REG_5MB.id], errors: [] } });

  // The stored document is the file.
  const app = (await (await api(`/applications/${application}`, { token })).json()) as {
    data: { documents: Array<{ requirement_id: number; file_id: string }> };
  };
  const doc = app.data.documents.find((d) => d.requirement_id === REG_5MB.id)!;
  expect(doc).toBeTruthy();
  const stored = Buffer.from(await (await api(`/files/${doc.file_id}`, { token })).arrayBuffer());
  expect(stored.length).toBe(FILE_SIZE);
  expect(createHash("sha256").update(stored).digest("hex")).toBe(createHash("sha256").update(file).digest("hex"));
}, 240_000);
