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
import { readDateParts } from "#domain/date-parts";
import { rules as profileRules } from "#domain/forms/live/profile.generated";
import { useLiveValidation } from "~/utils/live-validation";
import { renderInRoute } from "../../tests/render";
import { DateField } from "./DateField";

afterEach(cleanup);

function Form({ birth, own = true }: { birth?: unknown; own?: boolean }) {
  const [form, fields] = useForm<{ birth_date: string }>({ id: "t", defaultValue: { birth_date: birth as string } });
  return (
    <form {...getFormProps(form)}>
      <DateField meta={fields.birth_date} label="Tanggal Lahir" autoComplete={own ? "bday" : undefined} />
    </form>
  );
}

/** A form that checks as the personal-data page does, and may carry a refused post's messages for the date. */
function LiveForm({ refused }: { refused?: string[] }) {
  const lastResult = refused ? { status: "error" as const, error: { birth_date: refused } } : undefined;
  const [form, fields] = useForm({ id: "live", lastResult, ...useLiveValidation(profileRules, readDateParts) });
  return (
    <form {...getFormProps(form)}>
      <DateField meta={fields.birth_date} label="Tanggal Lahir" />
    </form>
  );
}

const MONTH = "Bulan harus angka 1 sampai 12 (urutannya bulan, tanggal, tahun, contoh 08 / 17 / 1990)";
const DAY = "Tanggal harus angka 1 sampai 31 (urutannya bulan, tanggal, tahun, contoh 08 / 17 / 1990)";
const YEAR = "Tahun harus 4 digit, contoh 1990 (urutannya bulan, tanggal, tahun)";

const box = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;

describe("DateField (spec §9: month, day, year)", () => {
  it("is three labelled numeric boxes in the spec's order under the field's legend, an ISO default split into them", async () => {
    renderInRoute(<Form birth="1995-08-17" />);
    const group = await screen.findByRole("group", { name: "Tanggal Lahir" });
    const inputs = within(group).getAllByRole("textbox") as HTMLInputElement[];
    expect(inputs.map((i) => i.name)).toEqual(["birth_date.month", "birth_date.day", "birth_date.year"]);
    expect(inputs.map((i) => i.labels?.[0]?.textContent)).toEqual(["Bulan", "Tanggal", "Tahun"]);
    expect(inputs.map((i) => i.value)).toEqual(["08", "17", "1995"]);
    expect(inputs.map((i) => i.inputMode)).toEqual(["numeric", "numeric", "numeric"]);
    expect(inputs.map((i) => i.autocomplete)).toEqual(["bday-month", "bday-day", "bday-year"]);
    expect(box("Tahun").maxLength).toBe(4);
    expect(within(group).getByText("Isi bulan, tanggal, lalu tahun (4 digit), contoh 08 / 17 / 1990.")).toBeTruthy();
    expect(group.getAttribute("aria-describedby")).toContain("-hint");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("asks no browser to fill someone else's birth date, and shows posted boxes again as typed", async () => {
    renderInRoute(<Form own={false} birth={{ month: "17", day: "08", year: "90" }} />);
    await screen.findByRole("group", { name: "Tanggal Lahir" });
    expect([box("Bulan").value, box("Tanggal").value, box("Tahun").value]).toEqual(["17", "08", "90"]);
    expect(box("Bulan").autocomplete).toBe("off");
  });
});

describe("DateField's messages (13 / 40 / 90)", () => {
  it("says each box's mistake as soon as that box was typed in and left, and only that box is marked wrong", async () => {
    renderInRoute(<LiveForm />);
    const group = await screen.findByRole("group", { name: "Tanggal Lahir" });
    fireEvent.input(box("Bulan"), { target: { value: "13" } });
    fireEvent.blur(box("Bulan"));
    await within(group).findByText(MONTH);
    expect(within(group).queryByText(DAY)).toBeNull();
    expect(box("Bulan").getAttribute("aria-invalid")).toBe("true");
    expect(box("Tanggal").getAttribute("aria-invalid")).toBeNull();
    fireEvent.input(box("Tanggal"), { target: { value: "40" } });
    await within(group).findByText(DAY);
    fireEvent.input(box("Tahun"), { target: { value: "90" } });
    await within(group).findByText(YEAR);
    // All three at once, each on its own line, and the group describes them to a screen reader.
    expect(within(group).getByText(MONTH)).toBeTruthy();
    expect(group.getAttribute("aria-describedby")).toContain("-error");
  });

  it("shows every message a refused post gave the date", async () => {
    renderInRoute(<LiveForm refused={[MONTH, DAY, YEAR]} />);
    const group = await screen.findByRole("group", { name: "Tanggal Lahir" });
    for (const text of [MONTH, DAY, YEAR]) expect(within(group).getByText(text)).toBeTruthy();
    expect([box("Bulan"), box("Tanggal"), box("Tahun")].map((b) => b.getAttribute("aria-invalid"))).toEqual(["true", "true", "true"]);
  });
});

describe("date hints", () => {
  it("say the same format everywhere, in each language, with a four-digit year", () => {
    expect([idApplicant.personal.birthDateHint, idRegistration.form.birthDateHint]).toEqual([idCommon.form.dateHint, idCommon.form.dateHint]);
    expect([enApplicant.personal.birthDateHint, enRegistration.form.birthDateHint]).toEqual([enCommon.form.dateHint, enCommon.form.dateHint]);
    expect(idCommon.form.dateHint).toContain("08 / 17 / 1990");
    expect(enCommon.form.dateHint).toContain("08 / 17 / 1990");
  });
});
