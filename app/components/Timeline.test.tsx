// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRoute } from "../../tests/render";
import { decisionOutcome, Timeline, type TimelineEvent } from "./Timeline";

afterEach(cleanup);

const base = { from_stage_id: null, from_status: null, to_stage_id: null, to_status: null, note: null };
const events: TimelineEvent[] = [
  { ...base, key: 1, at: "2026-05-01T03:00:00Z", action: "SUBMIT", who: "Pemohon", to_stage_id: 1, to_status: "IN-PROGRESS" },
  {
    ...base,
    key: 2,
    at: "2026-05-02T03:00:00Z",
    action: "DECISION",
    who: "Rina Marlina (Admin)",
    from_stage_id: 1,
    from_status: "IN-PROGRESS",
    to_stage_id: 1,
    to_status: "REUPLOAD",
    note: "Foto KTP buram",
    internalNote: "Dicek dua kali",
    documents: [{ name: "Identitas", reason: "Buram" }],
  },
  {
    ...base,
    key: 3,
    at: "2026-05-04T03:00:00Z",
    action: "DECISION",
    who: "Admin",
    from_stage_id: 1,
    from_status: "IN-PROGRESS",
    to_stage_id: 2,
    to_status: "IN-PROGRESS",
  },
];

describe("Timeline", () => {
  it("is an ordered list with one item per event: when, what, stage, decision, who and note", async () => {
    renderInRoute(<Timeline events={events} />);
    const region = await screen.findByRole("region", { name: "Riwayat permohonan" });
    const list = region.querySelector("ol")!;
    const items = Array.from(list.children) as HTMLElement[];
    expect(items).toHaveLength(3);
    expect(items[0].querySelector("time")?.getAttribute("dateTime")).toBe("2026-05-01T03:00:00Z");
    expect(within(items[0]).getByRole("heading", { name: "Permohonan dikirim" })).toBeTruthy();
    const reupload = within(items[1]);
    expect(reupload.getByRole("heading", { name: "Keputusan tahap" })).toBeTruthy();
    expect(reupload.getByText("Pemeriksaan Dokumen")).toBeTruthy();
    expect(reupload.getByText("Perbaikan berkas diminta")).toBeTruthy();
    expect(reupload.getByText("Rina Marlina (Admin)")).toBeTruthy();
    expect(reupload.getByText("Foto KTP buram")).toBeTruthy();
    expect(reupload.getByText("Identitas: Buram")).toBeTruthy();
    expect(within(items[2]).getByText("Lulus — lanjut ke Penyetaraan")).toBeTruthy();
    // No "dari … ke …" wall of text any more.
    expect(region.textContent).not.toMatch(/ dari .* ke /);
  });

  it("shows the internal note only where given, and says so when there is no history", async () => {
    renderInRoute(<Timeline events={events} title="Riwayat" forReviewers />);
    const region = await screen.findByRole("region", { name: "Riwayat" });
    expect(within(region).getByText("Catatan internal")).toBeTruthy();
    expect(within(region).getByText("Dicek dua kali")).toBeTruthy();
    expect(within(region).getByText("Catatan untuk pemohon")).toBeTruthy();
    cleanup();
    renderInRoute(<Timeline events={[]} />);
    expect(await screen.findByText("Belum ada riwayat.")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("reads a decision's outcome from where the file went", () => {
    expect(decisionOutcome({ action: "DECISION", from_stage_id: 1, to_stage_id: 2, to_status: "IN-PROGRESS" })).toBe("passedNext");
    expect(decisionOutcome({ action: "DECISION", from_stage_id: 4, to_stage_id: 4, to_status: "PASSED" })).toBe("passedFinal");
    expect(decisionOutcome({ action: "DECISION", from_stage_id: 2, to_stage_id: 2, to_status: "FAILED" })).toBe("failed");
    expect(decisionOutcome({ action: "DECISION", from_stage_id: 1, to_stage_id: 1, to_status: "REUPLOAD" })).toBe("reupload");
    expect(decisionOutcome({ action: "SUBMIT", from_stage_id: null, to_stage_id: 1, to_status: "IN-PROGRESS" })).toBeNull();
  });
});
