import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { ROLE } from "#domain/roles";
import type { ApiResult } from "~/utils/api.server";
import { loginAction, safeRedirect } from "./__login.server";

// The login's redirectTo is the visitor's input. Only a path of this origin that the role may
// open is followed; everything else lands on the role's home, and nothing can make the answer a 500.

const ORIGIN = "https://adaptasi.example.go.id";
const REVIEWER = ROLE.SUBKOMITE_EVALUASI; // home /application-list
const HOME = "/application-list";

describe("safeRedirect", () => {
  it.each([
    ["/profile", "/profile"],
    ["/application-list?page=2&q=andi", "/application-list?page=2&q=andi"],
    ["/application-list/42#keputusan", "/application-list/42#keputusan"],
    ["/profile/../evaluation-requirements", "/evaluation-requirements"],
    ["/profil/é", "/profil/%C3%A9"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"], // an encoded slash stays a path on this origin
  ])("follows the same-origin path %j as %j", (to, expected) => {
    expect(safeRedirect(to, REVIEWER, ORIGIN)).toBe(expected);
  });

  it.each([
    ["nothing", undefined],
    ["an empty value", ""],
    ["a tab between the slashes (the browser drops it: //host)", "/\t/127.0.0.1:4999/"],
    ["a newline (a 500 before: not a valid header)", "/\n/x"],
    ["a carriage return", "/\r/evil.example"],
    ["CRLF header injection", "/profile\r\nSet-Cookie: a=b"],
    ["a NUL", "/profile\u0000"],
    ["a slash and a backslash", "/\\evil.example"],
    ["a backslash and a slash", "\\/evil.example"],
    ["two slashes", "//evil.example"],
    ["two slashes, form-decoded from %2F%2F", decodeURIComponent("%2F%2Fevil.example")],
    ["two slashes after a dot segment", "/.//evil.example"],
    ["two slashes after a parent segment", "/..//evil.example"],
    ["three slashes", "///evil.example"],
    ["an https: address", "https://evil.example/"],
    ["a scheme-relative address with a port", "//127.0.0.1:4999/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a relative path", "profile"],
    ["a no-break space", "/\u00a0/evil.example"],
    ["an ideographic space", "/\u3000/evil.example"],
    ["a line separator", "/\u2028/evil.example"],
    ["a zero-width space", "/\u200b/evil.example"],
    ["a right-to-left override", "/profile\u202e"],
    ["a byte-order mark", "\ufeff//evil.example"],
    ["a very long path", `/profile?q=${"a".repeat(5000)}`],
    ["another role's page", "/user-list"],
    ["an area that would log this role out", "/"],
  ])("sends %s to the role's home", (_label, to) => {
    expect(safeRedirect(to, REVIEWER, ORIGIN)).toBe(HOME);
  });

  it("falls back to each role's own home", () => {
    expect(safeRedirect("//evil.example", ROLE.APPLICANT, ORIGIN)).toBe("/");
    expect(safeRedirect("/\t/evil.example", ROLE.ADMIN_FASYANKES, ORIGIN)).toBe("/dashboard");
    expect(safeRedirect("https://evil.example", ROLE.SUPER_ADMIN, ORIGIN)).toBe("/application");
  });

  it("answers a path a Location header can carry, whatever it was given", () => {
    for (const to of ["/profile?q=é ü", "/profile#ä", "/x/%0A/y", "/x?%0D%0A=1"]) {
      const path = safeRedirect(to, REVIEWER, ORIGIN);
      expect(() => new Headers({ Location: path }), to).not.toThrow();
      expect(path, to).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
    }
  });
});

describe("loginAction refused by the API's login throttle", () => {
  /** POST /login with these fields, against an API whose login answers `answer`. */
  async function postLogin(answer: ApiResult<never>) {
    const request = new Request("https://adaptasi.example.go.id/login", {
      method: "POST",
      body: new URLSearchParams({ email: "budi@contoh.id", password: "salah-sekali" }),
    });
    const context = { api: { call: async () => answer } } as unknown as AppLoadContext;
    return (await loginAction(request, context)) as unknown as {
      data: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
      init: ResponseInit;
    };
  }
  const limited = (retryAfterSec: number): ApiResult<never> => ({
    ok: false,
    status: 429,
    error: { code: "RATE_LIMITED", message: "Terlalu banyak percobaan. Coba lagi dalam 1 menit." },
    retryAfterSec,
  });

  it("answers 429 with Retry-After and says how long to wait, keeping the e-mail and not the password", async () => {
    const { data, init } = await postLogin(limited(30));
    expect(init.status).toBe(429);
    expect(new Headers(init.headers).get("Retry-After")).toBe("30");
    expect(data.error).toEqual({ "": ["Terlalu banyak percobaan. Coba lagi dalam 30 detik."] });
    expect(data.initialValue).toEqual({ email: "budi@contoh.id" });
    const longer = await postLogin(limited(120));
    expect(new Headers(longer.init.headers).get("Retry-After")).toBe("120");
    expect(longer.data.error).toEqual({ "": ["Terlalu banyak percobaan. Coba lagi dalam 2 menit."] });
  });

  it("adds no Retry-After to a wrong password", async () => {
    const { init, data } = await postLogin({ ok: false, status: 401, error: { code: "INVALID_CREDENTIALS", message: "Surel atau kata sandi salah." } });
    expect(init.status).toBe(400);
    expect(new Headers(init.headers).has("Retry-After")).toBe(false);
    expect(data.error).toEqual({ "": ["Surel atau kata sandi salah."] });
  });
});
