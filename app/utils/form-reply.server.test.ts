import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { refusal, refusalReply } from "./form-reply.server";

const form = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.set(k, v);
  return parseWithZod(fd, { schema: z.object({ email: z.string(), password: z.string() }) });
};

describe("a form's reply to a refused API call", () => {
  it("puts a detail beside the posted field it names, and keeps what was typed but the hidden fields", () => {
    const reply = refusalReply(form({ email: "a@b.id", password: "Rahasia123" }), {
      code: "VALIDATION_ERROR",
      message: "Data tidak valid",
      details: [{ path: "body.email", message: "Alamat Surel sudah terdaftar" }],
    }, ["password"]);
    expect(reply.error).toEqual({ email: ["Alamat Surel sudah terdaftar"] });
    expect(reply.initialValue).toEqual({ email: "a@b.id" });
  });

  it("puts a detail on a field the form does not post, or an error without details, above the form", () => {
    const onHidden = refusalReply(form({ email: "a@b.id", password: "x" }), { code: "VALIDATION_ERROR", message: "Data tidak valid", details: [{ path: "position_id", message: "Jabatan harus diisi" }] });
    expect(onHidden.error).toEqual({ "": ["Data tidak valid"] });
    const limited = refusalReply(form({ email: "a@b.id", password: "x" }), { code: "RATE_LIMITED", message: "Terlalu banyak percobaan" });
    expect(limited.error).toEqual({ "": ["Terlalu banyak percobaan"] });
  });

  it("answers with the API's status, and a failure of ours as 503", async () => {
    const submission = form({ email: "a@b.id", password: "x" });
    expect((refusal(submission, { status: 429, error: { code: "RATE_LIMITED", message: "Tunggu" } }) as unknown as { init: ResponseInit }).init.status).toBe(429);
    expect((refusal(submission, { status: 500, error: { code: "INTERNAL", message: "Galat" } }) as unknown as { init: ResponseInit }).init.status).toBe(503);
  });
});
