import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";

// A decision that closes the file ("Tidak Lulus" anywhere, "Lulus" at the pathway's last stage) is asked
// Yes/No first (spec §9): the first POST changes nothing and answers the fields to ask about again; only
// the POST with confirm=yes sends the decision to the API. Any other decision is one step.

const postDecision = vi.fn();
vi.mock("~/utils/guards.server", () => ({ requireUser: vi.fn(async () => ({ user: { id: "u", role_id: 2 } })) }));
vi.mock("~/utils/session.server", () => ({ toastCookie: vi.fn(async () => "toast=1") }));
vi.mock("~/routes/review/__review.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/routes/review/__review.server")>()),
  postDecision: (...args: unknown[]) => postDecision(...args),
}));

const { action } = await import("~/routes/review/application.$id");

const ID = "7b0d7a52-5d1e-4a57-9d0e-3b0c0c0c0c01";
function post(fields: Array<[string, string]>) {
  const body = new URLSearchParams(fields);
  const request = new Request(`http://localhost/application-list/${ID}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return action({ request, context: {} as AppLoadContext, params: { id: ID } });
}

const FAILED: Array<[string, string]> = [
  ["stage_id", "1"],
  ["decision", "FAILED"],
  ["note", "Ijazah tidak dapat diverifikasi."],
  ["internal_note", "Dicek dua kali"],
];
const decided = { ok: true, detail: { application: { label: { rule: 2, colour: "red" } } } };

beforeEach(() => {
  postDecision.mockReset();
  postDecision.mockResolvedValue(decided);
});

describe("the decision action asks before a decision that closes the file", () => {
  it("answers the first FAILED with every posted field to confirm, and saves nothing", async () => {
    const answer = await post(FAILED);
    expect(answer).toEqual({ confirm: FAILED, decision: "FAILED" });
    expect(postDecision).not.toHaveBeenCalled();
  });

  it("sends the FAILED decision when the same fields come back with confirm=yes (the Yes button)", async () => {
    const answer = await post([...FAILED, ["confirm", "yes"]]);
    expect(postDecision).toHaveBeenCalledTimes(1);
    expect(postDecision.mock.calls[0][2]).toMatchObject({
      stage_id: 1,
      decision: "FAILED",
      note: "Ijazah tidak dapat diverifikasi.",
      internal_note: "Dicek dua kali",
    });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("location")).toBe(`/application-list/${ID}`);
  });

  it("still checks the form first: a FAILED without a note is the 400 of before, not a question", async () => {
    const answer = (await post([
      ["stage_id", "1"],
      ["decision", "FAILED"],
    ])) as { init: { status: number } };
    expect(answer.init.status).toBe(400);
    expect(postDecision).not.toHaveBeenCalled();
  });

  it("asks before a 'Lulus' at the pathway's last stage (REG 4, SPE 13, OTH 23), and sends it on Yes", async () => {
    for (const stage of ["4", "13", "23"]) {
      const fields: Array<[string, string]> = [
        ["stage_id", stage],
        ["decision", "PASSED"],
      ];
      expect(await post(fields)).toEqual({ confirm: fields, decision: "PASSED" });
    }
    expect(postDecision).not.toHaveBeenCalled();
    const answer = await post([
      ["stage_id", "23"],
      ["decision", "PASSED"],
      ["confirm", "yes"],
    ]);
    expect(postDecision).toHaveBeenCalledTimes(1);
    expect(postDecision.mock.calls[0][2]).toMatchObject({ stage_id: 23, decision: "PASSED" });
    expect((answer as Response).status).toBe(302);
  });

  it("does not ask for a reupload", async () => {
    const answer = await post([
      ["stage_id", "1"],
      ["decision", "REUPLOAD"],
      ["note", "Scan buram."],
      ["documents[0].requirement_id", "1"],
      ["documents[0].selected", "on"],
      ["documents[0].reason", "Buram"],
    ]);
    expect(postDecision).toHaveBeenCalledTimes(1);
    expect((answer as Response).status).toBe(302);
  });

  it("does not ask for a pass that opens the next stage", async () => {
    const answer = await post([
      ["stage_id", "1"],
      ["decision", "PASSED"],
    ]);
    expect(postDecision).toHaveBeenCalledTimes(1);
    expect((answer as Response).status).toBe(302);
  });
});
