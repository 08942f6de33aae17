import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../api/lib/metrics";
import { FRAMEWORK_PATCH_NAMES, rereadPatchesOff } from "#domain/framework-patches";
import { reportFrameworkPatches } from "./metrics";

// FRAMEWORK_PATCHES_OFF (README "What an upgrade touches") costs CPU on every page: an instance running
// without a patch says so in its log and in /metrics, so nobody leaves one off by mistake.

const saved = process.env.FRAMEWORK_PATCHES_OFF;
afterEach(() => {
  if (saved === undefined) delete process.env.FRAMEWORK_PATCHES_OFF;
  else process.env.FRAMEWORK_PATCHES_OFF = saved;
  rereadPatchesOff();
});

function collect() {
  const lines: Array<{ level: number; msg: string; patchesOff?: string[] }> = [];
  return { lines, logger: pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) }) };
}

describe("framework patches switched off", () => {
  it("leave one warning naming them and adaptasi_framework_patch_off 1 for each, 0 for the others", async () => {
    process.env.FRAMEWORK_PATCHES_OFF = "route-match-cache, json-handover";
    rereadPatchesOff();
    const { lines, logger } = collect();
    expect(reportFrameworkPatches(logger)).toEqual(["route-match-cache", "json-handover"]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        patchesOff: ["route-match-cache", "json-handover"],
        msg: expect.stringMatching(/^framework patches switched off by FRAMEWORK_PATCHES_OFF: route-match-cache, json-handover;/),
      }),
    ]);
    const text = await registry.getSingleMetricAsString("adaptasi_framework_patch_off");
    for (const name of FRAMEWORK_PATCH_NAMES) {
      expect(text).toContain(`adaptasi_framework_patch_off{patch="${name}"} ${["route-match-cache", "json-handover"].includes(name) ? 1 : 0}`);
    }
  });

  it("leave no warning and every patch at 0 when all are on", async () => {
    delete process.env.FRAMEWORK_PATCHES_OFF;
    rereadPatchesOff();
    const { lines, logger } = collect();
    expect(reportFrameworkPatches(logger)).toEqual([]);
    expect(lines).toEqual([]);
    expect(await registry.getSingleMetricAsString("adaptasi_framework_patch_off")).not.toMatch(/ 1$/m);
  });
});
