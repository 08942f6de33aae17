import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createInstance } from "i18next";
import fc from "fast-check";
import { createElement, Fragment, Suspense, type ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next, useTranslation } from "react-i18next";
import {
  HoldClosingTags,
  inlineTexts,
  pageEtag,
  pageNamespaces,
  renderDeadline,
  requestI18n,
  startRenderDeadline,
  trackNamespaces,
  WholePage,
  wholePageText,
} from "./entry.server";
import { i18nConfig } from "./i18n";

async function through(chunks: Array<string | Buffer>, tail?: () => string): Promise<string> {
  const out: string[] = [];
  const stream = Readable.from(chunks).pipe(new HoldClosingTags(tail));
  for await (const c of stream) out.push(String(c));
  return out.join("");
}

describe("WholePage", () => {
  const gathered = async (chunks: Buffer[], tail?: string) => {
    const page = new WholePage(tail);
    const done = new Promise((resolve) => page.on("finish", resolve));
    for (const c of chunks) page.write(c);
    page.end();
    await done;
    return page.bytes().toString("utf8");
  };

  it("gives the page's bytes as one, with its closing tags at the very end", async () => {
    const html = await gathered([Buffer.from("<!DOCTYPE html><html><body><p>a — b</p>"), Buffer.from("</body></html><!--$--><!--/$-->")]);
    expect(html).toBe("<!DOCTYPE html><html><body><p>a — b</p><!--$--><!--/$--></body></html>");
  });

  it("writes its tail (the island) just before the closing tags", async () => {
    const html = await gathered([Buffer.from("<html><body><p>a</p></body></html><!--$--><!--/$-->")], "<script>island()</script>");
    expect(html).toBe("<html><body><p>a</p><!--$--><!--/$--><script>island()</script></body></html>");
  });

  it("drops the NUL bytes React leaves at the end of a piece, keeping multi-byte characters whole", async () => {
    const dash = Buffer.from("—");
    const piece = Buffer.concat([Buffer.from("<p>x"), Buffer.alloc(3), dash.subarray(0, 1)]);
    const html = await gathered([piece, Buffer.concat([dash.subarray(1), Buffer.from("</p></body></html>")])]);
    expect(html).toBe("<p>x—</p></body></html>");
  });
});

describe("a page without hydration rendered to a string (whole-page-string)", () => {
  /** The page as the stream path sends it: renderToPipeableStream's pieces gathered by WholePage. */
  const streamed = (tree: ReactNode, tail: string) =>
    new Promise<string>((resolve, reject) => {
      const page = new WholePage(tail);
      page.on("finish", () => resolve(page.bytes().toString("utf8")));
      const { pipe } = renderToPipeableStream(tree, { onAllReady: () => pipe(page), onShellError: reject, onError: reject });
    });
  const stringed = (tree: ReactNode, tail: string) => wholePageText(renderToString(tree), tail).toString("utf8");

  // Text a page holds: Latin with the marks and dashes of Indonesian pages, CJK and emoji names (4-byte
  // characters), and the characters React escapes. Long runs cross the stream's 2 KB pieces.
  const text = fc.oneof(
    fc.string({ unit: fc.constantFrom("a", "Z", " ", "—", "·", "é", "<", ">", "&", '"', "'", "王", "😀", "\n"), maxLength: 40 }),
    fc.string({ unit: fc.constantFrom("x", "—", "王", "😀"), minLength: 600, maxLength: 1500 }),
  );
  const { node } = fc.letrec<{ node: ReactNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      text,
      fc.integer(),
      fc
        .record({ tag: fc.constantFrom("p", "div", "span", "td", "a", "strong", "li"), title: fc.option(text), kids: fc.array(tie("node"), { maxLength: 4 }) })
        .map(({ tag, title, kids }) => createElement(tag, title === null ? null : { title, className: "_1uihnaik" }, ...kids)),
      fc.array(tie("node"), { maxLength: 3 }).map((kids) => createElement(Fragment, null, ...kids)),
    ),
  }));
  /** A document as RemixServer renders one: <html> with head and body, then its empty Suspense for the data. */
  const documentOf = (body: ReactNode) =>
    createElement(
      Fragment,
      null,
      createElement("html", { lang: "id" }, createElement("head", null, createElement("meta", { charSet: "utf-8" })), createElement("body", null, body)),
      createElement(Suspense, null, null),
    );

  it("gives the same bytes as the stream, doctype, island and closing tags included, for any page that does not wait", async () => {
    await fc.assert(
      fc.asyncProperty(node, fc.constantFrom("", '<script nonce="n">island()</script>'), async (body, tail) => {
        const tree = documentOf(body);
        expect(stringed(tree, tail)).toBe(await streamed(tree, tail));
      }),
      { numRuns: 150 },
    );
  });

  it("puts the island before the closing tags, after the data's Suspense", () => {
    expect(stringed(documentOf(createElement("p", null, "a")), "<script>i()</script>")).toBe(
      '<!DOCTYPE html><html lang="id"><head><meta charSet="utf-8"/></head><body><p>a</p><!--$--><!--/$--><script>i()</script></body></html>',
    );
  });
});

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

  it("writes the tail (the page's texts) after everything else, inside <body>", async () => {
    const html = await through(["<html><body><p>a</p></body></html>", "<script>late()</script>"], () => "<script>t()</script>");
    expect(html).toBe("<html><body><p>a</p><script>late()</script><script>t()</script></body></html>");
  });

  it("drops the NUL bytes React's writer leaves when a multi-byte character crosses its buffer", async () => {
    const view = Buffer.alloc(2048, 0x20);
    view.write("<p>", 0);
    // 2047 bytes filled, the 2-byte "·" did not fit: React sends the view whole, its last byte 0x00.
    view[2047] = 0x00;
    const html = await through([view, Buffer.from("· terbaru</p></body></html>")]);
    expect(html).not.toContain("\u0000");
    expect(html.endsWith(" · terbaru</p></body></html>")).toBe(true);
    expect(Buffer.byteLength(html)).toBe(2047 + Buffer.byteLength("· terbaru</p></body></html>"));
  });

  it("adds nothing to a stream without closing tags", async () => {
    expect(await through(["<p>x</p>"])).toBe("<p>x</p>");
  });

  it("sends each piece as it comes: the shell is out before the stream ends", async () => {
    const stream = new HoldClosingTags();
    const pieces: string[] = [];
    stream.on("data", (c) => pieces.push(String(c)));
    stream.write("<html><body><p>shell</p></body></html>");
    await new Promise((r) => setImmediate(r));
    expect(pieces.join("")).toBe("<html><body><p>shell</p>");
    stream.write("<script>late()</script>");
    stream.end();
    await new Promise((r) => stream.on("end", r));
    expect(pieces.join("")).toBe("<html><body><p>shell</p><script>late()</script></body></html>");
  });
});

describe("pageEtag", () => {
  it("is the same for the same page whatever its nonce, and changes with the text", () => {
    const page = (nonce: string, text: string) => `<script nonce="${nonce}">x</script><p>${text}</p>`;
    expect(pageEtag(page("abc123", "Masuk"), "abc123")).toBe(pageEtag(page("zzz999", "Masuk"), "zzz999"));
    expect(pageEtag(page("abc123", "Masuk"), "abc123")).not.toBe(pageEtag(page("abc123", "Daftar"), "abc123"));
    expect(pageEtag("<p>x</p>", "n")).toMatch(/^W\/"[\w-]{27}"$/);
  });

  it("hashes the page's bytes without its nonces: Indonesian text, a nonce at either end, none at all", () => {
    const reference = (html: string, nonce: string) =>
      `W/"${createHash("sha256")
        .update(nonce ? html.replaceAll(nonce, "") : html)
        .digest("base64url")
        .slice(0, 27)}"`;
    for (const [html, nonce] of [
      ['N0nc3<p>Pengajuan “adaptasi” — ✓ ditolak</p><script nonce="N0nc3">a</script>N0nc3', "N0nc3"],
      ["<p>tanpa nonce</p>", "N0nc3"],
      ["<p>tanpa nonce</p>", ""],
      ["N0nc3N0nc3", "N0nc3"],
    ]) {
      expect(pageEtag(Buffer.from(html), nonce)).toBe(reference(html, nonce));
      expect(pageEtag(html, nonce)).toBe(reference(html, nonce));
    }
  });
});

describe("the page's texts for the browser", () => {
  async function instance() {
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng: "id" });
    return i18n;
  }

  it("carries common and the namespaces the render looked up, prefixed keys included, and no other", async () => {
    const i18n = await instance();
    const used = trackNamespaces(i18n, "id");
    i18n.getFixedT("id", "accounts")("login.title");
    i18n.t("review:sla.passedStage");
    const script = inlineTexts(i18n, "id", used, "n0nce");
    const json = JSON.parse(script.replace(/^<script nonce="n0nce">window\.__i18n=/, "").replace(/<\/script>$/, ""));
    expect(Object.keys(json)).toEqual(["accounts", "common", "review"]);
    expect(json.review).toEqual(i18nConfig.resources.id.review);
  });

  it("adds the namespaces a useTranslation declared even when the render used none of their keys", async () => {
    const i18n = createInstance();
    await i18n.use(initReactI18next).init({ ...i18nConfig, lng: "id" });
    const looked = trackNamespaces(i18n, "id");
    function Row() {
      const { t } = useTranslation(["admin", "facility"]);
      return createElement("p", null, t("pager.label"));
    }
    renderToString(createElement(I18nextProvider, { i18n }, createElement(Row)));
    expect([...pageNamespaces(i18n, looked)].sort()).toEqual(["admin", "common", "facility"]);
  });

  it("notes the namespaces a page's hooks looked up through a request's view, prefixed keys included", async () => {
    const view = await requestI18n("id");
    const used = trackNamespaces(view, "id");
    function Row() {
      const { t } = useTranslation("review");
      return createElement("p", null, `${t("list.search")} ${t("applicant:jalur.REG")} ${t("cms:nothing.here", { defaultValue: "x" })}`);
    }
    const html = renderToString(createElement(I18nextProvider, { i18n: view }, createElement(Row)));
    expect(html).toContain(i18nConfig.resources.id.applicant.jalur.REG);
    expect([...used].sort()).toEqual(["applicant", "cms", "common", "review"]);
    // Another request's view starts from nothing.
    expect([...trackNamespaces(await requestI18n("id"), "id")]).toEqual(["common"]);
  });

  it("remembers a text without values, or with the same plain values: the same words as i18next itself", async () => {
    const plain = createInstance();
    await plain.init({ ...i18nConfig, lng: "id" });
    for (let round = 0; round < 2; round++) {
      const view = await requestI18n("id");
      trackNamespaces(view, "id");
      const t = view.getFixedT(null, "review");
      expect(t("list.search")).toBe(plain.t("review:list.search"));
      expect(t("list.pageN", { page: round + 1 })).toBe(plain.t("review:list.pageN", { page: round + 1 }));
      expect(t("list.pageN", { page: 7 })).toContain("7");
      expect(view.getFixedT(null, "applicant")("jalur.REG")).toBe(plain.t("applicant:jalur.REG"));
      expect(t("no.such.key", { defaultValue: `cadangan ${round}` })).toBe(`cadangan ${round}`);
    }
  });

  it("answers a text without values from memory after the first page: i18next's translator is not reached again", async () => {
    // What breaks if i18next's getFixedT or t change the options they pass on: every text goes through
    // i18next again (correct, but the saving measured by bench/patches.mjs is gone).
    const shared = Object.getPrototypeOf(await requestI18n("id")) as { translator: { translate: (...a: unknown[]) => unknown } };
    const translate = shared.translator.translate;
    let reached = 0;
    shared.translator.translate = function (this: unknown, ...a: unknown[]) {
      reached++;
      return translate.apply(this, a);
    };
    try {
      const page = async () => {
        const view = await requestI18n("id");
        trackNamespaces(view, "id");
        function Row() {
          const { t } = useTranslation("review");
          return createElement("p", null, `${t("list.search")} ${t("applicant:jalur.SPE")}`);
        }
        return renderToString(createElement(I18nextProvider, { i18n: view }, createElement(Row)));
      };
      const first = await page();
      expect(first).toContain(i18nConfig.resources.id.applicant.jalur.SPE);
      reached = 0;
      expect(await page()).toBe(first);
      expect(reached).toBe(0);
      // A text with plain values is worded by i18next once for those values; with other values, or with a
      // value that is not plain (an object), each time.
      const view = await requestI18n("id");
      trackNamespaces(view, "id");
      const t = view.getFixedT(null, "review");
      const pageN = t("list.pageN", { page: 4_321 });
      expect(reached).toBe(1);
      expect(t("list.pageN", { page: 4_321 })).toBe(pageN);
      expect(reached).toBe(1);
      expect(t("list.pageN", { page: 4_322 })).not.toBe(pageN);
      expect(reached).toBe(2);
      t("list.pageN", { page: { toString: () => "4321" } });
      t("list.pageN", { page: { toString: () => "4321" } });
      expect(reached).toBe(4);
    } finally {
      shared.translator.translate = translate;
    }
  });

  it("gives each request its own instance over the shared texts: one request's lookups are not another's", async () => {
    const a = await requestI18n("id");
    const b = await requestI18n("id");
    expect(a).not.toBe(b);
    const usedA = trackNamespaces(a, "id");
    const usedB = trackNamespaces(b, "id");
    expect(a.t("accounts:honeypot")).toBe(i18nConfig.resources.id.accounts.honeypot);
    b.t("review:sla.passedStage");
    expect([...usedA].sort()).toEqual(["accounts", "common"]);
    expect([...usedB].sort()).toEqual(["common", "review"]);
    // A third request tracks from nothing, and the shared store is untouched by the views.
    const usedC = trackNamespaces(await requestI18n("id"), "id");
    expect([...usedC]).toEqual(["common"]);
    expect(a.getResourceBundle("id", "review")).toEqual(i18nConfig.resources.id.review);
  });

  it("cannot end its script early, whatever a text holds", async () => {
    const i18n = await instance();
    i18n.addResource("id", "common", "evil", "</script><script>alert(1)</script>\u2028");
    const script = inlineTexts(i18n, "id", ["common"], "");
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).toMatch(/^<script>window\.__i18n=/);
    const json = JSON.parse(script.slice("<script>window.__i18n=".length, -"</script>".length));
    expect(json.common.evil).toBe("</script><script>alert(1)</script>\u2028");
  });
});

describe("the render deadline", () => {
  afterEach(() => vi.useRealTimers());

  it("cuts a page (GET, HEAD) short after 6 s: it rendered after its turn in the page queue", () => {
    expect(renderDeadline("GET")).toBe(6_000);
    expect(renderDeadline("HEAD")).toBe(6_000);
  });

  it("gives a form's answer (POST…), which no queue holds back, a generous bound instead", () => {
    vi.useFakeTimers();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const abort = vi.fn();
      startRenderDeadline(method, abort);
      vi.advanceTimersByTime(6_000);
      expect(abort, `${method} after 6 s`).not.toHaveBeenCalled();
      vi.advanceTimersByTime(30_000);
      expect(abort, `${method} after 36 s`).not.toHaveBeenCalled();
      vi.advanceTimersByTime(24_000);
      expect(abort, `${method} after 60 s`).toHaveBeenCalledOnce();
    }
  });

  it("aborts a page that overruns, and nothing once the render has finished", () => {
    vi.useFakeTimers();
    const overrun = vi.fn();
    startRenderDeadline("GET", overrun);
    vi.advanceTimersByTime(6_000);
    expect(overrun).toHaveBeenCalledOnce();
    const finished = vi.fn();
    const cancel = startRenderDeadline("POST", finished);
    cancel();
    vi.advanceTimersByTime(120_000);
    expect(finished).not.toHaveBeenCalled();
  });
});
