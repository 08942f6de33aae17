import { describe, expect, it } from "vitest";
import { winAnsi } from "./pdf";

describe("the letter's text in the standard fonts (WinAnsi)", () => {
  it("keeps Indonesian and Western names, drops accents, and marks what it cannot write", () => {
    expect(winAnsi("dr. Nadia Rahmawati — Lulus • 21 November")).toBe("dr. Nadia Rahmawati — Lulus • 21 November");
    expect(winAnsi("José Ñúñez")).toBe("Jose Nunez");
    expect(winAnsi("Nguyễn Văn An")).toBe("Nguyen Van An");
    expect(winAnsi("王小明")).toBe("???");
  });
});
