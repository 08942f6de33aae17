import { describe, expect, it } from "vitest";
import { winAnsi } from "./pdf";

describe("the letter's text in the standard fonts (WinAnsi)", () => {
  it("keeps the letters WinAnsi has, accents included, drops only the accents it lacks, and marks what it cannot write", () => {
    expect(winAnsi("dr. Nadia Rahmawati — Lulus • 21 November")).toBe("dr. Nadia Rahmawati — Lulus • 21 November");
    expect(winAnsi("José Ñúñez Müller")).toBe("José Ñúñez Müller");
    expect(winAnsi("Nguyễn Văn An")).toBe("Nguyên Van An");
    // decomposed input is the same letter
    expect(winAnsi("Jose\u0301")).toBe("José");
    expect(winAnsi("ﬁ Ł")).toBe("fi ?");
    expect(winAnsi("王小明")).toBe("???");
  });
});
