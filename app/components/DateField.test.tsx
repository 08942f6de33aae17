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

describe("date hints", () => {
  it("say the same format everywhere, in each language, with a four-digit year", () => {
    expect([idApplicant.personal.birthDateHint, idRegistration.form.birthDateHint]).toEqual([idCommon.form.dateHint, idCommon.form.dateHint]);
    expect([enApplicant.personal.birthDateHint, enRegistration.form.birthDateHint]).toEqual([enCommon.form.dateHint, enCommon.form.dateHint]);
    expect(idCommon.form.dateHint).toContain("08 / 17 / 1990");
    expect(enCommon.form.dateHint).toContain("08 / 17 / 1990");
  });
});
