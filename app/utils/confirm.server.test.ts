import { describe, expect, it } from "vitest";
import { awaitingConfirmation } from "~/utils/confirm.server";

describe("awaitingConfirmation (spec §9 Yes/No)", () => {
  it("repeats every posted text field in order, repeated names included, without a file", () => {
    const form = new FormData();
    form.append("intent", "deactivate");
    form.append("reason", "Masa tugas berakhir");
    form.append("documents[0].requirement_id", "1");
    form.append("documents[1].requirement_id", "2");
    form.append("upload", new File(["x"], "x.pdf"));
    expect(awaitingConfirmation(form)).toEqual([
      ["intent", "deactivate"],
      ["reason", "Masa tugas berakhir"],
      ["documents[0].requirement_id", "1"],
      ["documents[1].requirement_id", "2"],
    ]);
  });

  it("lets the action go ahead only with confirm=yes", () => {
    const form = new FormData();
    form.append("intent", "delete");
    expect(awaitingConfirmation(form)).not.toBeNull();
    form.append("confirm", "no");
    expect(awaitingConfirmation(form)).toEqual([["intent", "delete"]]);
    form.set("confirm", "yes");
    expect(awaitingConfirmation(form)).toBeNull();
  });
});
