import { describe, expect, it } from "vitest";
import { applicantGuard, dashboardGuard, homePathFor, landingGuard, loggedInGuard, mayReturnTo, type SessionState } from "./guards";

const q = (s = "") => new URLSearchParams(s);
const anon: SessionState = { kind: "anonymous" };
const loading: SessionState = { kind: "loading" };
const as = (roleId: number): SessionState => ({ kind: "loaded", roleId });

describe("dashboard guard (spec §2)", () => {
  it("allows an access_token in the URL on /dashboard, before anything else", () => {
    expect(dashboardGuard("/dashboard", q("access_token=x"), anon)).toEqual({ type: "token-login" });
    expect(dashboardGuard("/dashboard", q("access_token=x"), as(1))).toEqual({ type: "token-login" });
  });
  it("ignores access_token on another path", () => {
    expect(dashboardGuard("/dashboard/x", q("access_token=x"), anon)).toEqual({ type: "redirect", to: "/welcome" });
  });
  it("sends an anonymous user to /welcome", () => {
    expect(dashboardGuard("/dashboard", q(), anon)).toEqual({ type: "redirect", to: "/welcome" });
  });
  it("makes no decision while the user record loads", () => {
    expect(dashboardGuard("/dashboard", q(), loading)).toEqual({ type: "wait" });
  });
  it("redirects role 3 to /", () => {
    expect(dashboardGuard("/dashboard", q(), as(3))).toEqual({ type: "redirect", to: "/" });
  });
  it("allows role 8 and role 400", () => {
    expect(dashboardGuard("/dashboard", q(), as(8))).toEqual({ type: "allow" });
    expect(dashboardGuard("/dashboard", q(), as(400))).toEqual({ type: "allow" });
  });
  it.each([1, 2, 4, 5, 6, 7])("logs role %i out to /welcome", (role) => {
    expect(dashboardGuard("/dashboard", q(), as(role))).toEqual({ type: "logout", to: "/welcome" });
  });
});

describe("applicant guard (spec §2)", () => {
  it("allows token plus refresh_token on /", () => {
    expect(applicantGuard("/", q("token=a&refresh_token=b"), anon)).toEqual({ type: "token-login" });
  });
  it("needs both token and refresh_token", () => {
    expect(applicantGuard("/", q("token=a"), anon)).toEqual({ type: "redirect", to: "/welcome" });
    expect(applicantGuard("/", q("refresh_token=b"), anon)).toEqual({ type: "redirect", to: "/welcome" });
  });
  it("sends an anonymous user to /welcome", () => {
    expect(applicantGuard("/", q(), anon)).toEqual({ type: "redirect", to: "/welcome" });
  });
  it("makes no decision while the user record loads", () => {
    expect(applicantGuard("/", q(), loading)).toEqual({ type: "wait" });
  });
  it("allows role 3 and redirects role 8 to /dashboard", () => {
    expect(applicantGuard("/", q(), as(3))).toEqual({ type: "allow" });
    expect(applicantGuard("/", q(), as(8))).toEqual({ type: "redirect", to: "/dashboard" });
  });
  it.each([1, 2, 4, 5, 6, 7, 400])("logs role %i out to /welcome", (role) => {
    expect(applicantGuard("/", q(), as(role))).toEqual({ type: "logout", to: "/welcome" });
  });
});

describe("area rules (spec §6)", () => {
  it("sends anonymous users of logged-in pages to /login", () => {
    expect(loggedInGuard(anon)).toEqual({ type: "redirect", to: "/login" });
  });
  it("allows any logged-in role when the page names none, and only the named ones otherwise", () => {
    expect(loggedInGuard(as(4))).toEqual({ type: "allow" });
    expect(loggedInGuard(as(4), [1])).toEqual({ type: "logout", to: "/welcome" });
  });
  it("sends an applicant or a facility admin on another role's page to their own area, never logs them out", () => {
    expect(loggedInGuard(as(8), [3])).toEqual({ type: "redirect", to: "/dashboard", refused: true });
    expect(loggedInGuard(as(3), [8])).toEqual({ type: "redirect", to: "/", refused: true });
    expect(loggedInGuard(as(3), [1, 2])).toEqual({ type: "redirect", to: "/", refused: true });
    expect(loggedInGuard(as(1), [1])).toEqual({ type: "allow" });
  });
  it("sends logged-in users away from landing pages", () => {
    expect(landingGuard(anon)).toEqual({ type: "allow" });
    expect(landingGuard(as(3))).toEqual({ type: "redirect", to: "/" });
    expect(landingGuard(as(8))).toEqual({ type: "redirect", to: "/dashboard" });
    expect(landingGuard(as(1))).toEqual({ type: "redirect", to: "/application" });
    expect(landingGuard(as(4))).toEqual({ type: "redirect", to: "/application-list" });
  });
  it("gives every role a home", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 400].map(homePathFor)).toEqual([
      "/application",
      "/application-list",
      "/",
      "/application-list",
      "/application",
      "/application",
      "/application",
      "/dashboard",
      "/dashboard",
    ]);
  });
});

describe("where a login may return to", () => {
  it("follows redirectTo only into the role's own area", () => {
    expect(mayReturnTo(8, "/application")).toBe(false);
    expect(mayReturnTo(1, "/application?page=2")).toBe(true);
    expect(mayReturnTo(1, "/")).toBe(false);
    expect(mayReturnTo(3, "/")).toBe(true);
    expect(mayReturnTo(3, "/dashboard")).toBe(false);
    expect(mayReturnTo(8, "/dashboard")).toBe(true);
    expect(mayReturnTo(4, "/user-list")).toBe(false);
    expect(mayReturnTo(4, "/profile")).toBe(true);
  });
});
