import { describe, expect, it } from "vitest";
import { verificationState } from "./facility";

describe("verificationState", () => {
  it("is verified when the account says so, whatever the entries", () => {
    expect(verificationState(true, [])).toBe("verified");
  });
  it("reads the newest entry otherwise", () => {
    expect(verificationState(false, [])).toBe("notSubmitted");
    expect(verificationState(false, [{ is_approved: false, is_rejected: false }])).toBe("pending");
    expect(
      verificationState(false, [
        { is_approved: false, is_rejected: true },
        { is_approved: true, is_rejected: false },
      ]),
    ).toBe("rejected");
    expect(
      verificationState(false, [
        { is_approved: false, is_rejected: false },
        { is_approved: false, is_rejected: true },
      ]),
    ).toBe("pending");
  });
});
