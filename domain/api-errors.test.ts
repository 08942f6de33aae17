import { describe, expect, it } from "vitest";
import { API_ERROR_CODES, apiErrorText, isApiErrorCode } from "./api-errors";

describe("the API's error codes, worded from the locale files", () => {
  it("words every code in both languages, differently", () => {
    expect(API_ERROR_CODES.length).toBeGreaterThan(50);
    const params = { minutes: 3, retry_after_sec: 150, limit_mb: 60 };
    for (const code of API_ERROR_CODES) {
      const id = apiErrorText(code, params, "id")!;
      const en = apiErrorText(code, params, "en-US")!;
      expect(id, code).toMatch(/\S/);
      expect(en, code).toMatch(/\S/);
      expect(en, `${code} is translated`).not.toBe(id);
    }
  });

  it("picks the variant params.kind names and fills its parameters; an unknown kind falls back to the code's words", () => {
    expect(apiErrorText("NOT_FOUND", { kind: "position" }, "id")).toBe("Jabatan tidak ditemukan.");
    expect(apiErrorText("NOT_FOUND", { kind: "position" }, "en")).toBe("Position not found.");
    expect(apiErrorText("UPLOAD_QUOTA_EXCEEDED", { kind: "application", scope: "application", limit_mb: 60 }, "id")).toContain("paling banyak 60 MB");
    expect(apiErrorText("RATE_LIMITED", { retry_after_sec: 120, minutes: 2 }, "en")).toBe("Too many attempts. Try again in 2 minutes.");
    expect(apiErrorText("NOT_FOUND", { kind: "__proto__" }, "id")).toBe("Alamat tidak ditemukan.");
    expect(apiErrorText("NOT_FOUND", { kind: "constructor" }, "id")).toBe("Alamat tidak ditemukan.");
  });

  it("knows nothing of a code it does not hold, or of an object's own properties", () => {
    expect(apiErrorText("NO_SUCH_CODE", undefined, "id")).toBeUndefined();
    expect(apiErrorText("toString", undefined, "id")).toBeUndefined();
    expect(apiErrorText("__proto__", undefined, "en")).toBeUndefined();
    expect(apiErrorText("RATE_LIMITED", undefined, "id"), "a parameter its words need is missing").toBeUndefined();
    expect(isApiErrorCode("NOT_FOUND")).toBe(true);
    expect(isApiErrorCode("hasOwnProperty")).toBe(false);
  });
});
