import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pdfOfSize } from "../../../tests/fixtures/files";
import { applicationDocuments, tusUploads } from "../../db/schema";
import { applicantWithProfile } from "../../test/journeys";
import { createTestApi, type TestApi } from "../../test/helpers";
import { TUS, tusCreate, tusDraft } from "../../test/tus";

// The copy of a finished resumable upload out of the tus store is contained (api/lib/contain.ts): a throw
// while one of its streams dispatches an event ends that request with a 500 and keeps nothing.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());
afterEach(() => vi.unstubAllEnvs());

describe("tus: a throw while the finished upload is copied out", () => {
  for (const kind of ["data", "end"]) {
    it(`in a "${kind}" listener ends that request (500), keeps nothing, and the next upload goes through`, async () => {
      vi.stubEnv("TEST_LISTENER_FAULTS", "true");
      const { token } = await applicantWithProfile(api);
      const id = await tusDraft(api, token);
      const bytes = await pdfOfSize(64 * 1024);
      const send = async (headers: Record<string, string>) => {
        const created = await tusCreate(api, token, id, bytes.length);
        expect(created.status).toBe(201);
        // Raw: tus, whose protocol (its own headers and methods) sits beside the typed routes.
        return api.request(created.headers.get("location")!, {
          method: "PATCH",
          token,
          headers: { ...TUS, "upload-offset": "0", "content-type": "application/offset+octet-stream", ...headers },
          body: new Uint8Array(bytes),
        });
      };
      const faulty = await send({ "x-test-throw-in": kind });
      expect(faulty.status).toBe(500);
      expect(await api.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id))).toEqual([]);
      expect(await api.db.select().from(tusUploads).where(eq(tusUploads.applicationId, id))).toEqual([]);
      // The same upload again, without the fault: stored.
      expect((await send({})).status).toBe(200);
      expect(await api.db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, id))).toHaveLength(1);
    });
  }
});
