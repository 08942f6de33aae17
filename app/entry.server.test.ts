import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { HoldClosingTags, pageEtag } from "./entry.server";

async function through(chunks: Array<string | Buffer>): Promise<string> {
  const out: string[] = [];
  const stream = Readable.from(chunks).pipe(new HoldClosingTags());
  for await (const c of stream) out.push(String(c));
  return out.join("");
}

describe("HoldClosingTags", () => {
  it("moves the closing tags after the scripts streamed behind them", async () => {
    const html = await through(["<!DOCTYPE html><html><body><p>a</p></body></html>", "<script>late()</script>"]);
    expect(html).toBe("<!DOCTYPE html><html><body><p>a</p><script>late()</script></body></html>");
  });

  it("keeps multi-byte characters split across chunks", async () => {
    const bytes = Buffer.from("<p>Perbaikan — berkas</p></body></html>");
    const html = await through([bytes.subarray(0, 16), bytes.subarray(16)]);
    expect(html).toBe("<p>Perbaikan — berkas</p></body></html>");
  });

  it("adds nothing to a stream without closing tags", async () => {
    expect(await through(["<p>x</p>"])).toBe("<p>x</p>");
  });
});

describe("pageEtag", () => {
  it("is the same for the same page whatever its nonce, and changes with the text", () => {
    const page = (nonce: string, text: string) => `<script nonce="${nonce}">x</script><p>${text}</p>`;
    expect(pageEtag(page("abc123", "Masuk"), "abc123")).toBe(pageEtag(page("zzz999", "Masuk"), "zzz999"));
    expect(pageEtag(page("abc123", "Masuk"), "abc123")).not.toBe(pageEtag(page("abc123", "Daftar"), "abc123"));
    expect(pageEtag("<p>x</p>", "n")).toMatch(/^W\/"[\w-]{27}"$/);
  });
});
