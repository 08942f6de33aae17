// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProcessingTimes, StageTimes } from "#contracts/public";
import { renderInRoute } from "../../../tests/render";
import ProcessingTimesPage from "./waktu-proses";

afterEach(cleanup);

// /waktu-proses with numbers at one stage and too few decisions at the others: the demo data decides
// fewer than ten files at every stage, so the end-to-end test sees withheld cells only.

const withheld = (stage_id: number, sla_days: number): StageTimes => ({
  stage_id,
  sla_days,
  decided: null,
  median_days: null,
  p90_days: null,
  within_sla_percent: null,
});
const TIMES: ProcessingTimes = {
  computed_at: "2026-11-24T05:00:00.000Z",
  window_from: "2025-11-24T05:00:00.000Z",
  min_decided: 10,
  pathways: [
    {
      jalur: "REG",
      stages: [
        { stage_id: 1, sla_days: 14, decided: 12, median_days: 6.5, p90_days: 13, within_sla_percent: 92 },
        withheld(2, 30),
        { stage_id: 3, sla_days: 30, decided: 0, median_days: null, p90_days: null, within_sla_percent: null },
      ],
    },
  ],
};

describe("/waktu-proses", () => {
  it("says above the tables that a stage under ten decisions has no numbers, and why", async () => {
    renderInRoute(<ProcessingTimesPage />, "/waktu-proses", () => ({ times: TIMES }));
    const hero = (await screen.findByRole("heading", { level: 1, name: "Waktu proses" })).closest("section")!;
    expect(hero.textContent).toContain(
      "Tahap dengan kurang dari 10 keputusan dalam 12 bulan terakhir tidak diberi angka (tertulis “kurang dari 10”), karena dari berkas sesedikit itu median dan angka 90% hampir sama dengan waktu berkas satu per satu",
    );
  });

  it("shows the numbers of a stage with enough decisions, a withheld one as “kurang dari 10”, none as 0", async () => {
    renderInRoute(<ProcessingTimesPage />, "/waktu-proses", () => ({ times: TIMES }));
    const table = await screen.findByRole("table", { name: "Jalur Reguler (REG): waktu proses per tahap, 12 bulan terakhir" });
    const cells = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ["Pemeriksaan Dokumen", "6,5", "13,0", "12", "92%", "14"],
      ["Penyetaraan", "—", "—", "kurang dari 10", "—", "30"],
      // A stage is named by its id in the page's language.
      ["Evaluasi Kompetensi", "—", "—", "0", "—", "30"],
    ]);
    // The chart (for the eye) draws the stage with numbers and a dash for the others.
    expect(screen.getByText("6,5 hari")).toBeTruthy();
    expect(screen.getByText("13,0 hari")).toBeTruthy();
  });
});
