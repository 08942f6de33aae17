import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// In app/routes/<area>/ a route module (a row of app/routes.ts) and a helper (a component, a *.server.ts,
// a stylesheet) are told apart by name: helpers start with "__", as the Epic Stack names them.

const ROUTES_DIR = path.join(__dirname, "routes");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });
}

describe("app/routes file names", () => {
  const declared = new Set([...readFileSync(path.join(__dirname, "routes.ts"), "utf8").matchAll(/"routes\/([^"]+)"/g)].map((m) => m[1]));
  const all = files(ROUTES_DIR).map((f) => path.relative(ROUTES_DIR, f).split(path.sep).join("/"));

  it("a module app/routes.ts names is a route and never starts with __", () => {
    expect([...declared].filter((f) => path.basename(f).startsWith("__"))).toEqual([]);
    expect(
      [...declared].filter((f) => !all.includes(f)),
      "rows of app/routes.ts without their file",
    ).toEqual([]);
  });

  it("every other module (tests aside) is a helper named __*", () => {
    const helpers = all.filter((f) => !declared.has(f) && !/\.test\.tsx?$/.test(f));
    expect(helpers.length).toBeGreaterThan(10);
    expect(helpers.filter((f) => !path.basename(f).startsWith("__"))).toEqual([]);
  });
});
