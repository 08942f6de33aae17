import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README and the pages under docs/ point at each other and at the code by relative links; a page
// moved or renamed leaves links that only a reader would find broken. This reads every markdown link
// (inline `[text](target)` and reference `[label]: target`) outside code, and checks that each relative
// target exists. Web addresses and in-page anchors are not followed.

const ROOT = path.resolve(__dirname, "..");

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.join(dir, file));
}

const PAGES = ["README.md", ...markdownUnder("docs")];

/** The text without fenced code blocks and inline code, where brackets are code, not links. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/(`+)[\s\S]*?\1/g, "");
}

/** The targets of a page's links, as written. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^()\s<>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const reference = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]);
  return [...inline, ...reference];
}

const isRelative = (target: string) => !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target);

describe("links in the README and docs/", () => {
  it("are read from inline and reference links, not from code", () => {
    const sample = ['[a](docs/a.md) [b](<docs/b.md> "title") `[c](code.md)`', "[d]: ./d.md", "```", "[e](fenced.md)", "```"].join("\n");
    expect(linkTargets(sample)).toEqual(["docs/a.md", "docs/b.md", "./d.md"]);
  });

  it("lead to files and folders that exist", () => {
    expect(PAGES.length).toBeGreaterThan(30);
    const broken = PAGES.flatMap((page) =>
      linkTargets(readFileSync(path.join(ROOT, page), "utf8"))
        .filter(isRelative)
        .filter((target) => !existsSync(path.resolve(ROOT, path.dirname(page), decodeURIComponent(target.split("#")[0]))))
        .map((target) => `${page}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("include one from the README to every developer page", () => {
    const linked = new Set(linkTargets(readFileSync(path.join(ROOT, "README.md"), "utf8")).map((target) => target.split("#")[0]));
    const pages = markdownUnder("docs/dev").map((page) => page.split(path.sep).join("/"));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });
});
