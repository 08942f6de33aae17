import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  actionMatrix,
  API_ROWS,
  apiMatrix,
  BASE_PRINCIPALS,
  expectedLocation,
  OWNED_OBJECTS,
  PORTAL_ROWS,
  portalMatrix,
  principalsOf,
  PRINCIPAL_ROLE,
  PRINCIPALS,
  ruleOutcome,
  type PortalOutcome,
} from "./access";
import { applicantGuard, dashboardGuard, homePathFor, loggedInGuard, type GuardDecision, type SessionState } from "#domain/guards";
import { SIDEBAR_ITEMS } from "#domain/menu";
import { exportsAction } from "../route-modules";

// The access matrix is complete and agrees with the guards it documents; the e2e spec
// (tests/e2e/access-matrix.spec.ts) walks it against the running portal and API.

const root = path.resolve(__dirname, "../..");
const routesSource = readFileSync(path.join(root, "app/routes.ts"), "utf8");

/** Every route of app/routes.ts as "/path" → its module. */
function routeModules(): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of routesSource.matchAll(/\broute\(\s*"([^"]*)",\s*"([^"]+)"/g)) out.set(m[1] === "*" ? "/*" : `/${m[1]}`, m[2]);
  for (const m of routesSource.matchAll(/\bindex\(\s*"([^"]+)"/g)) out.set("/", m[1]);
  return out;
}

const hasAction = (module: string) => exportsAction(readFileSync(path.join(root, "app", module), "utf8"));

const session = (principal: (typeof PRINCIPALS)[number]): SessionState => {
  const role = PRINCIPAL_ROLE[principal];
  return role === null ? { kind: "anonymous" } : { kind: "loaded", roleId: role };
};

/** A guard decision read as the table's outcome. */
function asOutcome(decision: GuardDecision, roleId: number | null): PortalOutcome {
  if (decision.type === "allow") return "allow";
  if (decision.type === "logout") return "welcome";
  if (decision.type === "redirect") {
    if (decision.to === "/login") return "login";
    if (decision.to === "/welcome") return "welcome";
    if (roleId !== null && decision.to === homePathFor(roleId)) return "home";
    return `redirect:${decision.to}`;
  }
  throw new Error(`unexpected decision ${decision.type}`);
}

describe("portal rows", () => {
  const modules = routeModules();

  it("cover every route of app/routes.ts, and only those", () => {
    expect(modules.size, "app/routes.ts parsed").toBeGreaterThan(60);
    const covered = new Set(PORTAL_ROWS.map((r) => r.route));
    expect(
      [...modules.keys()].filter((r) => !covered.has(r)),
      "routes without a row",
    ).toEqual([]);
    expect(
      [...covered].filter((r) => !modules.has(r)),
      "rows without a route",
    ).toEqual([]);
  });

  it("flag exactly the pages whose module has an action; POST rows post to one", () => {
    for (const row of PORTAL_ROWS) {
      const action = hasAction(modules.get(row.route)!);
      if (row.method === "POST") expect(action, `${row.route} has an action`).toBe(true);
      else expect(Boolean(row.action), `${row.route} action flag`).toBe(action);
    }
  });

  it("give every principal of a row an outcome (the 'other' principals on owned objects only)", () => {
    const cells = portalMatrix();
    expect(cells).toHaveLength(PORTAL_ROWS.reduce((n, r) => n + principalsOf(r).length, 0));
    for (const row of PORTAL_ROWS) {
      const expected = row.object && OWNED_OBJECTS.includes(row.object) ? PRINCIPALS : BASE_PRINCIPALS;
      expect(principalsOf(row)).toEqual(expected);
      for (const p of Object.keys(row.except ?? {})) expect(expected, `${row.route}: exception for ${p}`).toContain(p);
      if (row.route.includes(":") && !row.route.endsWith("?")) expect(row.object, `${row.route} names its object`).toBeTruthy();
    }
    for (const c of cells) {
      expect(c.expected).toMatch(/^(allow|login|welcome|home|notFound|forbidden|invalid|redirect:\/.*)$/);
      if (c.expected === "login") expect(PRINCIPAL_ROLE[c.principal], `${c.route}: only the anonymous visitor is sent to /login`).toBeNull();
    }
  });

  it("post only refusals to actions", () => {
    for (const c of actionMatrix())
      expect(["login", "welcome", "home", "notFound", "forbidden", "invalid"], `${c.route} as ${c.principal}`).toContain(c.expected);
  });

  it("agree with the guards of spec §2 and §6 (domain/guards.ts)", () => {
    const none = new URLSearchParams();
    for (const row of PORTAL_ROWS) {
      for (const principal of principalsOf(row)) {
        const s = session(principal);
        const role = PRINCIPAL_ROLE[principal];
        const byRule = ruleOutcome(row.rule, principal);
        if (row.rule.kind === "applicantArea") expect(byRule, `/ as ${principal}`).toBe(asOutcome(applicantGuard("/", none, s), role));
        if (row.rule.kind === "dashboard") expect(byRule, `/dashboard as ${principal}`).toBe(asOutcome(dashboardGuard("/dashboard", none, s), role));
        if (row.rule.kind === "loggedIn") expect(byRule, `${row.route} as ${principal}`).toBe(asOutcome(loggedInGuard(s, row.rule.roles), role));
      }
    }
  });

  it("open every sidebar item to the roles the menu shows it to (spec §2 sidebar)", () => {
    for (const item of SIDEBAR_ITEMS) {
      const row = PORTAL_ROWS.find((r) => r.route === item.href && !r.object && !r.search)!;
      expect(row, item.href).toBeTruthy();
      for (const principal of BASE_PRINCIPALS) {
        const role = PRINCIPAL_ROLE[principal];
        // role8u does not see "Pendaftaran" and "Status Pengajuan" (spec §6 role 8 specifics)
        if (role === null || !item.allowedRoles.includes(role) || (principal === "role8u" && ["register", "application-status"].includes(item.key))) continue;
        const outcome = row.except?.[principal] ?? ruleOutcome(row.rule, principal);
        expect(["allow", "notFound"].includes(outcome) || outcome.startsWith("redirect:"), `${item.href} as ${principal}: ${outcome}`).toBe(true);
      }
    }
  });

  it("names where each redirect goes", () => {
    expect(expectedLocation("login", "anonymous", "/profile")).toBe("/login?redirectTo=%2Fprofile");
    expect(expectedLocation("home", "role8", "/")).toBe("/dashboard");
    expect(expectedLocation("home", "role2", "/login")).toBe("/application-list");
    expect(expectedLocation("redirect:/portfolio", "role3", "/portfolio/form")).toBe("/portfolio");
    expect(expectedLocation("allow", "role3", "/")).toBeNull();
  });
});

describe("API rows", () => {
  it("name each endpoint once", () => {
    const keys = API_ROWS.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("name the object of every path parameter {id}", () => {
    for (const row of API_ROWS) expect(Boolean(row.object), `${row.method} ${row.path}`).toBe(row.path.includes("{id}"));
  });

  it("give every principal of a row an outcome; anonymous is refused wherever a token is needed", () => {
    const cells = apiMatrix();
    expect(cells).toHaveLength(API_ROWS.reduce((n, r) => n + principalsOf(r).length, 0));
    for (const c of cells) {
      expect(["allow", "unauthorized", "forbidden", "notFound"]).toContain(c.expected);
      const row = API_ROWS.find((r) => r.method === c.method && r.path === c.path)!;
      if (c.principal === "anonymous" && row.rule.kind !== "public") expect(c.expected, `${c.method} ${c.path}`).toBe("unauthorized");
      if (c.principal !== "anonymous") expect(c.expected, `${c.method} ${c.path} as ${c.principal}`).not.toBe("unauthorized");
    }
  });

  it("keep administration away from applicants and facilities", () => {
    for (const c of apiMatrix().filter((x) => x.path.startsWith("/admin/") && x.path !== "/admin/get-me")) {
      if (PRINCIPAL_ROLE[c.principal] === 3 || PRINCIPAL_ROLE[c.principal] === 8)
        expect(c.expected, `${c.method} ${c.path} as ${c.principal}`).not.toBe("allow");
    }
  });
});
