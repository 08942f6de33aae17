import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FRAMEWORK_PATCH_NAMES, FRAMEWORK_PATCHES, parsePatchesOff } from "./framework-patches";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("### What an upgrade touches"));

describe("the framework patches", () => {
  it("are the README's 'What an upgrade touches' table, each with its file and its behaviour test", () => {
    const rows = [...section.matchAll(/^\| `([a-z0-9-]+)` \|[^|]*\| `([^`]+)` \| `([^`]+)` \|/gm)].map((m) => ({ name: m[1], file: m[2], test: m[3] }));
    expect(rows).toEqual(FRAMEWORK_PATCH_NAMES.map((name) => ({ name, file: FRAMEWORK_PATCHES[name].file, test: FRAMEWORK_PATCHES[name].test })));
    for (const { file, test } of Object.values(FRAMEWORK_PATCHES)) {
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
      expect(existsSync(path.join(ROOT, test)), test).toBe(true);
    }
  });

  it("are switched off by name; other names are told apart", () => {
    expect(parsePatchesOff(" route-match-cache ,json-handover,,nope")).toEqual({ off: new Set(["route-match-cache", "json-handover"]), unknown: ["nope"] });
    expect(parsePatchesOff(undefined)).toEqual({ off: new Set(), unknown: [] });
  });
});
