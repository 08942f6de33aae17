import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pdf } from "../../../tests/fixtures/files";
import { createDiskStorage } from "../storage";
import { displayName, MultipartError, receiveMultipart } from "./receive";

const tmp = () => mkdtempSync(path.join(tmpdir(), "adaptasi-recv-"));

function multipart(parts: Array<{ name: string; filename?: string; data: Buffer | string }>) {
  const boundary = "----adaptasi" + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = p.filename !== undefined ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.filename !== undefined ? "Content-Type: application/octet-stream\r\n" : ""}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return { body: new Response(body).body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const limitFor = (field: string) => (field === "doc_1" ? 2 * 1024 * 1024 : field === "doc_3" ? 5 * 1024 * 1024 : null);

describe("receiveMultipart", () => {
  it("streams files to temporary files with size and checksum, and keeps the fields", async () => {
    const dir = tmp();
    const data = await pdf();
    const { body, contentType } = multipart([{ name: "intent", data: "save" }, { name: "doc_1", filename: "../../etc/passwd ☃.pdf", data }]);
    const r = await receiveMultipart(body, contentType, { tmpDir: dir, limitFor });
    expect(r.fields).toEqual({ intent: "save" });
    expect(r.files).toHaveLength(1);
    expect(r.files[0]).toMatchObject({ field: "doc_1", originalName: "passwd ☃.pdf", size: data.length, tooLarge: false });
    expect(readFileSync(r.files[0].path).equals(data)).toBe(true);
    expect(path.dirname(r.files[0].path)).toBe(dir);
  });

  it("marks a file one byte over its field's limit and deletes what was written", async () => {
    const dir = tmp();
    const { body, contentType } = multipart([{ name: "doc_1", filename: "big.pdf", data: Buffer.alloc(2 * 1024 * 1024 + 1, 0x25) }]);
    const r = await receiveMultipart(body, contentType, { tmpDir: dir, limitFor });
    expect(r.files[0].tooLarge).toBe(true);
    expect(existsSync(r.files[0].path)).toBe(false);
  });

  it("accepts exactly the limit", async () => {
    const { body, contentType } = multipart([{ name: "doc_1", filename: "max.pdf", data: Buffer.alloc(2 * 1024 * 1024, 0x25) }]);
    const r = await receiveMultipart(body, contentType, { tmpDir: tmp(), limitFor });
    expect(r.files[0]).toMatchObject({ tooLarge: false, size: 2 * 1024 * 1024 });
  });

  it("skips an empty file input and refuses a file on an unknown field", async () => {
    const a = multipart([{ name: "doc_1", filename: "", data: "" }]);
    expect((await receiveMultipart(a.body, a.contentType, { tmpDir: tmp(), limitFor })).files).toEqual([]);
    const dir = tmp();
    const b = multipart([{ name: "evil", filename: "x.pdf", data: "x" }]);
    await expect(receiveMultipart(b.body, b.contentType, { tmpDir: dir, limitFor })).rejects.toMatchObject({ code: "UNEXPECTED_FILE" });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses broken multipart and the wrong content type", async () => {
    await expect(receiveMultipart(new Response("garbage").body, "multipart/form-data", { tmpDir: tmp(), limitFor })).rejects.toBeInstanceOf(MultipartError);
    await expect(receiveMultipart(new Response("{}").body, "application/json", { tmpDir: tmp(), limitFor })).rejects.toMatchObject({ code: "MALFORMED_MULTIPART" });
  });

  it("cleans the names it shows", () => {
    expect(displayName("C:\\Users\\x\\ijazah.pdf")).toBe("ijazah.pdf");
    expect(displayName("a\u0000b\nc.pdf")).toBe("abc.pdf");
    expect(displayName("")).toBe("berkas");
  });
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
