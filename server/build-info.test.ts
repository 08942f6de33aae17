import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { buildInfo } from "./build-info";
import { version } from "../package.json";

describe("buildInfo", () => {
  it("names the package's version and, run from the sources, the checkout's commit (BUILD_COMMIT first)", () => {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    expect(buildInfo({})).toEqual({ version, commit: head });
    expect(buildInfo({ BUILD_COMMIT: " ABCDEF1234567 " }).commit).toBe("abcdef1234567");
    // not a commit: ignored
    expect(buildInfo({ BUILD_COMMIT: "v1.2; rm -rf /" }).commit).toBe(head);
  });
});
