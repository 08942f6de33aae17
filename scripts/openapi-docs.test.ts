import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contractDocs, JSON_FILE, README_FILE } from "./openapi-docs";

// The committed contract documents are the API's: a route or a contract changed without
// regenerating them fails here.

const STALE = "docs/contracts is stale: run `npm run docs:contracts` and commit the result";

describe("docs/contracts", () => {
  it("openapi.json and README.md are what the API publishes now", async () => {
    const fresh = await contractDocs();
    for (const [file, text] of [
      [JSON_FILE, fresh.json],
      [README_FILE, fresh.readme],
    ] as const) {
      expect(existsSync(file), `${file} is missing: ${STALE}`).toBe(true);
      expect(readFileSync(file, "utf8") === text, `${file}: ${STALE}`).toBe(true);
    }
  });
});
