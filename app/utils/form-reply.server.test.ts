import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createInstance } from "i18next";
import { i18nConfig } from "~/i18n";
import type { ApiFailure } from "./api.server";
import { explainRefusal, refusal, refusalReply, tooManyAttempts } from "./form-reply.server";

const form = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.set(k, v);
  return parseWithZod(fd, { schema: z.object({ email: z.string(), password: z.string() }) });
};

/** The answer as Remix gets it: the reply and its response init. */
const answer = async (...args: Parameters<typeof refusal>) =>
  (await refusal(...args)) as unknown as { data: { error: Record<string, string[]> }; init: ResponseInit };

describe("a form's reply to a refused API call", () => {
  it("puts a detail beside the posted field it names, and keeps what was typed but the hidden fields", () => {
    const reply = refusalReply(
      form({ email: "a@b.id", password: "Rahasia123" }),
      {
        code: "VALIDATION_ERROR",
        message: "Data tidak valid",
        details: [{ path: "body.email", message: "Alamat Surel sudah terdaftar" }],
      },
      ["password"],
    );
    expect(reply.error).toEqual({ email: ["Alamat Surel sudah terdaftar"] });
    expect(reply.initialValue).toEqual({ email: "a@b.id" });
  });

  it("puts a detail on a field the form does not post, or an error without details, above the form", () => {
    const onHidden = refusalReply(form({ email: "a@b.id", password: "x" }), {
      code: "VALIDATION_ERROR",
      message: "Data tidak valid",
      details: [{ path: "position_id", message: "Jabatan harus diisi" }],
    });
    expect(onHidden.error).toEqual({ "": ["Data tidak valid"] });
    const limited = refusalReply(form({ email: "a@b.id", password: "x" }), { code: "RATE_LIMITED", message: "Terlalu banyak percobaan" });
    expect(limited.error).toEqual({ "": ["Terlalu banyak percobaan"] });
  });

  it("answers with the API's status, and a failure of ours as 503", async () => {
    const submission = form({ email: "a@b.id", password: "x" });
    expect((await answer(submission, { ok: false, status: 409, error: { code: "NAME_TAKEN", message: "Sudah ada" } })).init.status).toBe(409);
    expect((await answer(submission, { ok: false, status: 500, error: { code: "INTERNAL", message: "Galat" } })).init.status).toBe(503);
  });
});

describe("a rate-limited form (login, sign-up, recovery and activation mails)", () => {
  const limited = (retryAfterSec?: number): ApiFailure => ({
    ok: false,
    status: 429,
    error: { code: "RATE_LIMITED", message: "Terlalu banyak percobaan. Coba lagi dalam 1 menit." },
    retryAfterSec,
  });

  it("answers 429 with the API's Retry-After, and says above the form how long to wait, in words", async () => {
    const submission = form({ email: "a@b.id", password: "x" });
    for (const [seconds, words] of [
      [30, "30 detik"],
      [1, "1 detik"],
      [59, "59 detik"],
      [60, "1 menit"],
      [61, "2 menit"],
      [120, "2 menit"],
      [3599, "60 menit"],
    ] as const) {
      const { init, data } = await answer(submission, limited(seconds));
      expect(init.status).toBe(429);
      expect(new Headers(init.headers).get("Retry-After")).toBe(String(seconds));
      expect(data.error).toEqual({ "": [`Terlalu banyak percobaan. Coba lagi dalam ${words}.`] });
    }
  });

  it("keeps the form's own headers (a cookie) beside Retry-After", async () => {
    const { init } = await answer(form({ email: "a@b.id", password: "x" }), limited(30), [], { "Set-Cookie": "draft=1; Path=/" });
    const headers = new Headers(init.headers);
    expect(headers.get("Set-Cookie")).toBe("draft=1; Path=/");
    expect(headers.get("Retry-After")).toBe("30");
  });

  it("without a Retry-After keeps the API's words and adds no header; other refusals carry none", async () => {
    const { init, data } = await answer(form({ email: "a@b.id", password: "x" }), limited());
    expect(new Headers(init.headers).has("Retry-After")).toBe(false);
    expect(data.error).toEqual({ "": ["Terlalu banyak percobaan. Coba lagi dalam 1 menit."] });
    expect((await explainRefusal({ ok: false, status: 400, error: { code: "X", message: "m" }, retryAfterSec: 5 })).headers.has("Retry-After")).toBe(false);
  });

  it("says the wait in English too", async () => {
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng: "en-US" });
    const t = i18n.getFixedT("en-US");
    expect(tooManyAttempts(t, 30)).toBe("Too many attempts. Try again in 30 seconds.");
    expect(tooManyAttempts(t, 1)).toBe("Too many attempts. Try again in 1 second.");
    expect(tooManyAttempts(t, 60)).toBe("Too many attempts. Try again in 1 minute.");
    expect(tooManyAttempts(t, 120)).toBe("Too many attempts. Try again in 2 minutes.");
  });
});
