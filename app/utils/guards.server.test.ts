import type { AppLoadContext } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { meFor } from "../../tests/mocks/api";
import { loadEnv, setEnv } from "./env.server";
import { requireUser } from "./guards.server";
import { takeToast } from "./session.server";

beforeAll(() => {
  setEnv(loadEnv({ NODE_ENV: "test", DATA_DIR: "/tmp/adaptasi-unit", API_KEY: "k".repeat(32), SESSION_SECRET: "s".repeat(40), JWT_SECRET: "j".repeat(40) }));
});

const contextOf = (role: number, overrides = {}) => ({ auth: async () => ({ kind: "loaded", me: meFor(role, overrides) }) }) as unknown as AppLoadContext;

/** The response a guard threw: where it sends the user, and the toast it leaves for that page. */
async function refusal(role: number, roles: number[]) {
  const request = new Request("http://portal.test/application");
  const thrown = await requireUser(request, contextOf(role, { is_hospital_verified: true }), { roles }).then(
    () => null,
    (e: unknown) => e as Response,
  );
  if (!thrown) throw new Error("the guard let the user in");
  return { to: thrown.headers.get("location"), toast: (await takeToast(thrown.headers.get("set-cookie"))).toast };
}

describe("requireUser on a page the role may not open", () => {
  it("sends a facility admin to its dashboard and says why, still logged in", async () => {
    expect(await refusal(8, [1, 2])).toEqual({
      to: "/dashboard",
      toast: { severity: "error", message: "Halaman tersebut tidak dapat dibuka dengan peran Anda, jadi Anda diarahkan ke beranda Anda." },
    });
  });

  it("says it to an applicant too", async () => {
    expect(await refusal(3, [8])).toMatchObject({
      to: "/",
      toast: { message: expect.stringMatching(/^Halaman tersebut tidak dapat dibuka dengan peran Anda/) },
    });
  });
});
