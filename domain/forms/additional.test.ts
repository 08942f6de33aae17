import { describe, expect, it } from "vitest";
import { additionalRequestSchema } from "./additional";
import { messageText as worded } from "../validation-details";

describe("additionalRequestSchema", () => {
  it("accepts a title with an optional description, trimmed", () => {
    expect(additionalRequestSchema.parse({ title: "  Surat rekomendasi  " })).toEqual({ title: "Surat rekomendasi" });
    expect(additionalRequestSchema.parse({ title: "Surat rekomendasi", description: "dari rumah sakit asal" }).description).toBe("dari rumah sakit asal");
  });

  it("says what is wrong in Indonesian", () => {
    const r = additionalRequestSchema.safeParse({ title: " ", description: "x".repeat(1001) });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join(".")}: ${worded(i.message)}`);
    expect(messages).toContain("title: Nama Dokumen harus diisi");
    expect(messages.some((m) => m.startsWith("description:"))).toBe(true);
  });
});
