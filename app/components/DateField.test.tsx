// @vitest-environment jsdom
import { getFormProps, useForm } from "@conform-to/react";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import enApplicant from "#locales/en/applicant.json";
import enCommon from "#locales/en/common.json";
import enRegistration from "#locales/en/registration.json";
import idApplicant from "#locales/id/applicant.json";
import idCommon from "#locales/id/common.json";
import idRegistration from "#locales/id/registration.json";
import { renderInRoute } from "../../tests/render";
import { Calendar } from "./Calendar";
import { DateField } from "./DateField";

afterEach(cleanup);

function Form({ birth }: { birth?: string }) {
  const [form, fields] = useForm<{ birth_date: string }>({ id: "t", defaultValue: { birth_date: birth } });
  return (
    <form {...getFormProps(form)}>
      <DateField meta={fields.birth_date} label="Tanggal Lahir" />
    </form>
  );
}

describe("DateField (spec §9: mm/dd/yy, weeks from Sunday)", () => {
  it("is a text field with the format hint, showing an ISO default as mm/dd/yy", async () => {
    renderInRoute(<Form birth="1995-08-17" />);
    const input = (await screen.findByLabelText("Tanggal Lahir")) as HTMLInputElement;
    expect(input.type).toBe("text");
    expect(input.value).toBe("08/17/95");
    expect(screen.getByText("Format: bb/hh/tt (bulan/hari/tahun), contoh 08/17/95.")).toBeTruthy();
    expect(input.getAttribute("aria-describedby")).toContain("-hint");
  });

  it("opens a calendar whose first column is Sunday ('Min'), and a chosen day fills the field as mm/dd/yy", async () => {
    renderInRoute(<Form birth="1995-08-17" />);
    fireEvent.click(await screen.findByRole("button", { name: "Pilih tanggal" }));
    const calendar = await screen.findByRole("dialog", { name: "Pilih tanggal" });
    const headers = within(calendar).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Min", "Sen", "Sel", "Rab", "Kam", "Jum", "Sab"]);
    // August 1995 began on a Tuesday: two empty cells, then the 1st under "Sel".
    const firstWeek = within(calendar).getAllByRole("row")[1];
    expect(within(firstWeek).getAllByRole("cell").map((c) => c.textContent)).toEqual(["", "", "1", "2", "3", "4", "5"]);
    const chosen = within(calendar).getByRole("button", { name: /17 Agustus 1995/ });
    expect(chosen.getAttribute("aria-pressed")).toBe("true");
    expect(document.activeElement).toBe(chosen);
    fireEvent.click(within(calendar).getByRole("button", { name: /21 Agustus 1995/ }));
    expect((screen.getByLabelText("Tanggal Lahir") as HTMLInputElement).value).toBe("08/21/95");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("moves by month and year, and Escape closes it", async () => {
    let closed = false;
    renderInRoute(<Calendar id="c" selected="2026-11-24" onChoose={() => {}} onClose={() => (closed = true)} />);
    expect(await screen.findByText("November 2026")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Bulan berikutnya" }));
    expect(screen.getByText("Desember 2026")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Tahun sebelumnya" }));
    expect(screen.getByText("Desember 2025")).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(closed).toBe(true);
  });
});

describe("date hints", () => {
  it("say the same format everywhere, in each language", () => {
    expect([idApplicant.personal.birthDateHint, idRegistration.form.birthDateHint]).toEqual([idCommon.form.dateHint, idCommon.form.dateHint]);
    expect([enApplicant.personal.birthDateHint, enRegistration.form.birthDateHint]).toEqual([enCommon.form.dateHint, enCommon.form.dateHint]);
    expect(idCommon.form.dateHint).toContain("08/17/95");
  });
});
