import { describe, expect, it } from "vitest";
import { multipartBody } from "~/features/documents/resumable";

// A merged set goes resumably as the document's multipart body (app/features/documents/resumable.tsx): the
// bytes a form post of the same files would carry, read back here as a server reads a post.

const file = (name: string, text: string, lastModified = 1_700_000_000_000) => new File([text], name, { lastModified });

describe("a merged set's multipart body", () => {
  it("holds each file under the document's field, with its name, as a post of the form would", async () => {
    const files = [file("halaman 1.png", "satu"), file('kutip "dua".pdf', "dua"), file("ÿ-tiga.pdf", "tiga")];
    const { body, contentType } = multipartBody("doc_3", files);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=----adaptasi-[0-9a-f]{16}$/);
    const form = await new Request("http://portal.test/", { method: "POST", body, headers: { "content-type": contentType } }).formData();
    const parts = form.getAll("doc_3") as File[];
    expect(parts.map((p) => p.name)).toEqual(["halaman 1.png", 'kutip "dua".pdf', "ÿ-tiga.pdf"]);
    expect(await Promise.all(parts.map((p) => p.text()))).toEqual(["satu", "dua", "tiga"]);
    expect([...form.keys()].every((k) => k === "doc_3")).toBe(true);
  });

  it("is the same bytes for the same files (an upload resumed after a reload goes on with what it began), another boundary for others", async () => {
    const one = multipartBody("doc_3", [file("a.png", "a"), file("b.pdf", "b")]);
    const again = multipartBody("doc_3", [file("a.png", "a"), file("b.pdf", "b")]);
    expect(again.contentType).toBe(one.contentType);
    expect(Buffer.from(await again.body.arrayBuffer())).toEqual(Buffer.from(await one.body.arrayBuffer()));
    expect(multipartBody("doc_3", [file("a.png", "a", 1), file("b.pdf", "b")]).contentType).not.toBe(one.contentType);
  });
});
