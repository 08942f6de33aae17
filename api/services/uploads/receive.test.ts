import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pdf } from "../../../tests/fixtures/files";
import { createDiskStorage } from "../storage/storage";
import fc from "fast-check";
import { ListenerFault } from "../../lib/contain";
import { displayName, MultipartError, receiveMultipart, type ReceiveOptions } from "./receive";

const tmp = () => mkdtempSync(path.join(tmpdir(), "adaptasi-recv-"));

function multipart(parts: Array<{ name: string; filename?: string; data: Buffer | string }>) {
  const boundary = "----adaptasi" + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = p.filename !== undefined ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.filename !== undefined ? "Content-Type: application/octet-stream\r\n" : ""}\r\n`),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return { body: new Response(body).body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const limitFor = (field: string) => (field === "doc_1" ? 2 * 1024 * 1024 : field === "doc_3" ? 5 * 1024 * 1024 : null);
const opts = (tmpDir: string, more: Partial<ReceiveOptions> = {}): ReceiveOptions => ({ tmpDir, limitFor, maxTotalBytes: 8 * 1024 * 1024, ...more });

/** A body that hands out `bytes` in 64 KiB pieces, then ends or errors; `pulled()` tells how much was read. */
function feed(bytes: Buffer, end: "close" | "error" = "close") {
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        if (end === "error") controller.error(new Error("socket hang up"));
        else controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + 65536));
      offset += 65536;
    },
  });
  return { body, pulled: () => Math.min(offset, bytes.length) };
}

/** A body that would send `size` bytes of one file part to `field`, made as it is read. */
function endless(boundary: string, field: string, size: number) {
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="besar.pdf"\r\n\r\n`);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(head);
      if (sent >= size) return controller.close();
      controller.enqueue(Buffer.alloc(65536, 0x25));
      sent += 65536;
    },
  });
  return { body, pulled: () => sent };
}

describe("receiveMultipart", () => {
  it("streams files to temporary files with size and checksum, and keeps the fields", async () => {
    const dir = tmp();
    const data = await pdf();
    const { body, contentType } = multipart([
      { name: "intent", data: "save" },
      { name: "doc_1", filename: "../../etc/passwd ☃.pdf", data },
    ]);
    const r = await receiveMultipart(body, contentType, opts(dir));
    expect(r.fields).toEqual({ intent: "save" });
    expect(r.files).toHaveLength(1);
    expect(r.files[0]).toMatchObject({ field: "doc_1", originalName: "passwd ☃.pdf", size: data.length });
    expect(readFileSync(r.files[0].path).equals(data)).toBe(true);
    expect(path.dirname(r.files[0].path)).toBe(dir);
  });

  it("stops at a file one byte over its field's limit (413, the field named) and deletes what was written", async () => {
    const dir = tmp();
    const { body, contentType } = multipart([{ name: "doc_1", filename: "big.pdf", data: Buffer.alloc(2 * 1024 * 1024 + 1, 0x25) }]);
    await expect(receiveMultipart(body, contentType, opts(dir))).rejects.toMatchObject({ code: "FILE_TOO_LARGE", field: "doc_1", status: 413 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("stops reading when a file passes its limit: 100 MB sent to a 2 MB field is not read to the end", async () => {
    const dir = tmp();
    const { body, pulled } = endless("b0undary", "doc_1", 100 * 1024 * 1024);
    await expect(receiveMultipart(body, "multipart/form-data; boundary=b0undary", opts(dir))).rejects.toMatchObject({ code: "FILE_TOO_LARGE" });
    expect(pulled()).toBeLessThan(3 * 1024 * 1024);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("stops reading at the request's cap even when every file is within its own limit", async () => {
    const dir = tmp();
    const parts = Array.from({ length: 5 }, (_, i) => ({ name: i % 2 ? "doc_1" : "doc_3", filename: `f${i}.pdf`, data: Buffer.alloc(1024 * 1024, 0x25) }));
    const { body, contentType } = multipart(parts);
    await expect(receiveMultipart(body, contentType, opts(dir, { maxTotalBytes: 3 * 1024 * 1024 }))).rejects.toMatchObject({
      code: "UPLOAD_TOO_LARGE",
      status: 413,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("ends a body cut off inside a file (no closing boundary) with a 400, not a crash, and leaves no file", async () => {
    const dir = tmp();
    const truncated = Buffer.from(
      '--XX\r\nContent-Disposition: form-data; name="doc_1"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 aaaa',
    );
    await expect(receiveMultipart(feed(truncated).body, "multipart/form-data; boundary=XX", opts(dir))).rejects.toMatchObject({
      code: "MALFORMED_MULTIPART",
      status: 400,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("ends a body whose connection drops mid-file (the stream errors) and leaves no file", async () => {
    const dir = tmp();
    const { body, contentType } = multipart([{ name: "doc_1", filename: "a.pdf", data: Buffer.alloc(1024 * 1024, 0x25) }]);
    const bytes = Buffer.from(await new Response(body).arrayBuffer()).subarray(0, 300 * 1024);
    await expect(receiveMultipart(feed(bytes, "error").body, contentType, opts(dir))).rejects.toMatchObject({ code: "MALFORMED_MULTIPART" });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("answers any cut, garbled or dropped body with a MultipartError or a result, and never leaves a file behind", async () => {
    const { body, contentType } = multipart([
      { name: "intent", data: "save" },
      { name: "doc_1", filename: "a.pdf", data: Buffer.alloc(200 * 1024, 0x25) },
      { name: "doc_3", filename: "b.pdf", data: Buffer.alloc(300 * 1024, 0x41) },
    ]);
    const whole = Buffer.from(await new Response(body).arrayBuffer());
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: whole.length }),
        fc.constantFrom("close" as const, "error" as const),
        fc.option(fc.uint8Array({ minLength: 1, maxLength: 4096 }), { nil: undefined }),
        async (cut, end, garbage) => {
          const dir = tmp();
          const bytes = garbage ? Buffer.concat([whole.subarray(0, cut), Buffer.from(garbage)]) : whole.subarray(0, cut);
          try {
            const r = await receiveMultipart(feed(bytes, end).body, contentType, opts(dir));
            await r.cleanup();
          } catch (error) {
            expect(error).toBeInstanceOf(MultipartError);
          }
          expect(readdirSync(dir)).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("accepts exactly the limit", async () => {
    const { body, contentType } = multipart([{ name: "doc_1", filename: "max.pdf", data: Buffer.alloc(2 * 1024 * 1024, 0x25) }]);
    const r = await receiveMultipart(body, contentType, opts(tmp()));
    expect(r.files[0]).toMatchObject({ size: 2 * 1024 * 1024 });
  });

  it("skips an empty file input and refuses a file on an unknown field", async () => {
    const a = multipart([{ name: "doc_1", filename: "", data: "" }]);
    expect((await receiveMultipart(a.body, a.contentType, opts(tmp()))).files).toEqual([]);
    const dir = tmp();
    const b = multipart([{ name: "evil", filename: "x.pdf", data: "x" }]);
    await expect(receiveMultipart(b.body, b.contentType, opts(dir))).rejects.toMatchObject({ code: "UNEXPECTED_FILE" });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a hostile field name, on a text field or a file, and too many parts, leaving no file", async () => {
    for (const parts of [
      [{ name: "email[99999999]", data: "1" }],
      [{ name: "a".repeat(300), data: "1" }],
      [
        { name: "doc_1", filename: "a.pdf", data: Buffer.from("%PDF-1.4") },
        { name: "x[-1]", filename: "b.pdf", data: "1" },
      ],
      Array.from({ length: 250 }, (_, i) => ({ name: `f${i}`, data: "1" })),
    ]) {
      const dir = tmp();
      const { body, contentType } = multipart(parts);
      const error = await receiveMultipart(body, contentType, opts(dir, { maxFields: 1000 })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MultipartError);
      expect((error as MultipartError).code).toBe("FIELD_NAME_REFUSED");
      expect((error as MultipartError).status).toBe(400);
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it('refuses a part without a name (bare form-data, name="", only name*=), text or file, with 400 and no file left', async () => {
    const dispositions = [
      "form-data",
      'form-data; name=""',
      "form-data; name*=UTF-8''x",
      'form-data; filename="a.pdf"',
      'form-data; name=""; filename="a.pdf"',
    ];
    for (const disposition of dispositions) {
      const dir = tmp();
      const head = `--X\r\nContent-Disposition: form-data; name="doc_1"; filename="ok.pdf"\r\n\r\n%PDF-1.4\r\n`;
      const body = new Response(`${head}--X\r\nContent-Disposition: ${disposition}\r\n\r\n1\r\n--X--\r\n`).body;
      const error = await receiveMultipart(body, "multipart/form-data; boundary=X", opts(dir)).catch((e: unknown) => e);
      expect(error, disposition).toBeInstanceOf(MultipartError);
      expect((error as MultipartError).code).toBe("FIELD_NAME_REFUSED");
      expect((error as MultipartError).status).toBe(400);
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it("refuses broken multipart and the wrong content type", async () => {
    await expect(receiveMultipart(new Response("garbage").body, "multipart/form-data", opts(tmp()))).rejects.toBeInstanceOf(MultipartError);
    await expect(receiveMultipart(new Response("{}").body, "application/json", opts(tmp()))).rejects.toMatchObject({ code: "MALFORMED_MULTIPART" });
  });

  it("cleans the names it shows", () => {
    expect(displayName("C:\\Users\\x\\ijazah.pdf")).toBe("ijazah.pdf");
    expect(displayName("a\u0000b\nc.pdf")).toBe("abc.pdf");
    expect(displayName("")).toBe("berkas");
    // A right-to-left override makes "ijazah\u202Efdp.exe" read as "ijazahexe.pdf".
    expect(displayName("ijazah\u202Efdp.exe")).toBe("ijazahfdp.exe");
    expect(displayName("a\u2066b\u200Fc\u200B.pdf\uFEFF")).toBe("abc.pdf");
  });
});

describe("receiveMultipart contains what throws while it reads", () => {
  afterEach(() => vi.unstubAllEnvs());

  // Each kind of listener (api/lib/contain.ts injects the throw, as a bug in that listener would): the
  // reading ends with a fault of ours (500, not a MultipartError), no file is left, nothing escapes.
  const cases: Array<{ kind: string; parts: Parameters<typeof multipart>[0]; cut?: boolean }> = [
    { kind: "field", parts: [{ name: "intent", data: "save" }] },
    { kind: "file", parts: [{ name: "doc_1", filename: "a.pdf", data: Buffer.from("%PDF-1.4 data") }] },
    { kind: "data", parts: [{ name: "doc_1", filename: "a.pdf", data: Buffer.from("%PDF-1.4 data") }] },
    { kind: "end", parts: [{ name: "doc_1", filename: "a.pdf", data: Buffer.from("%PDF-1.4 data") }] },
    { kind: "error", parts: [{ name: "doc_1", filename: "a.pdf", data: Buffer.alloc(200_000, 0x25) }], cut: true },
    { kind: "limit", parts: Array.from({ length: 250 }, (_, i) => ({ name: `f${i}`, data: "1" })) },
  ];
  for (const { kind, parts, cut } of cases) {
    it(`a throw in a "${kind}" listener ends this reading with a fault of ours and leaves no file`, async () => {
      vi.stubEnv("TEST_LISTENER_FAULTS", "true");
      const dir = tmp();
      const { body, contentType } = multipart(parts);
      const bytes = Buffer.from(await new Response(body).arrayBuffer());
      const sent = feed(cut ? bytes.subarray(0, bytes.length - 100_000) : bytes);
      const error = await receiveMultipart(sent.body, `${contentType}; x-test-throw-in=${kind}`, opts(dir, { maxFields: 1000 })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ListenerFault);
      expect((error as ListenerFault).event.toLowerCase()).toContain(kind);
      expect(readdirSync(dir)).toEqual([]);
    });
  }
});

describe("disk storage", () => {
  it("moves a file under a random key and reads it back", async () => {
    const root = tmp();
    const storage = createDiskStorage(root);
    const src = path.join(tmp(), "x.part");
    writeFileSync(src, "isi");
    const key = await storage.put(src);
    expect(key).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{48}$/);
    const { stream, size } = await storage.read(key);
    expect(size).toBe(3);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("isi");
    await expect(storage.read("../../etc/passwd")).rejects.toThrow();
    await storage.remove(key);
    expect(existsSync(path.join(root, key))).toBe(false);
  });
});
