// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nConfig } from "~/i18n";

// /access-log: the period's ends are three boxes each, like every other date, read as the forms read them.

const LINE = {
  id: 1,
  when: "2 November 2026 pukul 09.00 WIB",
  iso: "2026-11-02T02:00:00Z",
  who: "Admin — Rina Marlina",
  what: "Membuka rincian berkas ADP-2026-000001",
  stage: "Pemeriksaan Dokumen",
  applicant: "dr. Andi Pratama",
};
const accessLines = vi.fn(async (..._args: unknown[]) => ({ lines: [LINE], meta: { page: 1, per_page: 25, total: 1, pages: 1 } }));
vi.mock("~/utils/guards.server", () => ({ requireUser: vi.fn(async () => ({ user: { id: "me", role_id: 1 } })) }));
vi.mock("~/features/access-log/access-log.server", () => ({ accessLines: (...args: unknown[]) => accessLines(...args) }));

const { default: AccessLog, loader } = await import("~/routes/admin/access-log");

afterEach(() => {
  cleanup();
  accessLines.mockClear();
});

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ ...i18nConfig, initImmediate: false });

function open(search: string) {
  const Stub = createRemixStub([{ path: "/access-log", Component: AccessLog, loader }]);
  render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[`/access-log${search}`]} />
    </I18nextProvider>,
  );
}

const boxes = (group: HTMLElement) =>
  within(group)
    .getAllByRole("textbox")
    .map((b) => [(b as HTMLInputElement).name, (b as HTMLInputElement).value]);

describe("/access-log's period", () => {
  it("asks for each end in three boxes (bulan, tanggal, tahun), not the browser's date picker", async () => {
    open("?from=2026-11-02");
    const from = await screen.findByRole("group", { name: "Dari tanggal" });
    expect(boxes(from)).toEqual([
      ["from.month", "11"],
      ["from.day", "02"],
      ["from.year", "2026"],
    ]);
    expect(boxes(screen.getByRole("group", { name: "Sampai tanggal" })).map(([, v]) => v)).toEqual(["", "", ""]);
    expect(document.querySelector('input[type="date"]')).toBeNull();
    // The page's Content-Security-Policy refuses inline styles: the records carry none.
    expect((await screen.findByText(LINE.what)).closest("li")!.hasAttribute("style")).toBe(false);
  });

  it("searches by a good date typed in the boxes, and says each mistake of a wrong one, keeping it as typed", async () => {
    open("?from.month=11&from.day=2&from.year=2026&to.month=13&to.day=40&to.year=90");
    const to = await screen.findByRole("group", { name: "Sampai tanggal" });
    expect(accessLines.mock.calls[0][3]).toEqual({ from: "2026-11-02" });
    expect(boxes(to).map(([, v]) => v)).toEqual(["13", "40", "90"]);
    for (const text of [/^Bulan harus angka 1 sampai 12/, /^Tanggal harus angka 1 sampai 31/, /^Tahun harus 4 digit/])
      expect(within(to).getByText(text)).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Dari tanggal" })).queryByText(/harus/)).toBeNull();
  });
});
