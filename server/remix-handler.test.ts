import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WRITTEN_FOR } from "./remix-handler";

describe("the adapter it follows", () => {
  it("is the @remix-run/express version and dist/server.js it was written from", () => {
    const require = createRequire(import.meta.url);
    const { version } = require(`${WRITTEN_FOR.package}/package.json`) as { version: string };
    const serverJs = readFileSync(path.join(path.dirname(require.resolve(WRITTEN_FOR.package)), "server.js"));
    expect({ version, serverJs: createHash("sha256").update(serverJs).digest("hex").slice(0, 16) }).toEqual({
      version: WRITTEN_FOR.version,
      serverJs: WRITTEN_FOR.serverJs,
    });
  });
});
