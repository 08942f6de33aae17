// @vitest-environment jsdom
import { getFormProps, useForm } from "@conform-to/react";
import { cleanup, screen } from "@testing-library/react";
import { getTableColumns } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ProfileSchema } from "#contracts/profile";
import { rules as profileRules } from "#domain/forms/live/profile.generated";
import { rules as registrationRules } from "#domain/forms/live/registration.generated";
import { profileFormSchema, PROFILE_FIELD_NAMES, PROFILE_LABELS } from "#domain/forms/profile";
import { registrationFormSchema } from "#domain/forms/registration";
import { columnOf, PERSONAL_DATA_FIELDS, personalDataLabelKey, requiredForSubmit } from "#domain/personal-data-fields";
import en from "#locales/en/applicant.json";
import id from "#locales/id/applicant.json";
import { applicantProfiles } from "../../api/db/schema";
import { profileColumns } from "../../api/services/profile";
import { renderInRoute } from "../../tests/render";
import { CITIZEN_DOCTOR_FORM } from "../../tests/fixtures/people";
import { applicantShown } from "~/utils/applicant-shown.server";
import { ProfileFields } from "./ProfileFields";

// Each personal-data field is declared once (domain/personal-data-fields.ts): what is derived from the
// declaration (schema, labels, form, contract, row mapping) agrees with it, and what cannot be derived
// (the locale files, the drizzle column) has every field.

afterEach(cleanup);

const NAMES = PERSONAL_DATA_FIELDS.map((f) => f.name);

function Form() {
  const [form, fields] = useForm<Record<(typeof NAMES)[number], string>>({ id: "t" });
  return (
    <form {...getFormProps(form)}>
      <ProfileFields
        fields={fields}
        own
        afterName={<p>after the name</p>}
        institutions={[{ id: 1, name: "Universitas A" }]}
        specializations={[{ id: 2, name: "Bedah" }]}
        words={{ identityType: (v) => v, birthDateHint: "hint", specializationHint: "hint" }}
      />
    </form>
  );
}

describe("the personal-data fields' declaration", () => {
  it("names each field once, in snake_case", () => {
    expect(new Set(NAMES).size).toBe(NAMES.length);
    for (const name of NAMES) expect(name).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
  });

  it("gives every field a label in both locales", () => {
    for (const name of NAMES) {
      const key = personalDataLabelKey(name).split(".");
      expect(key).toEqual(["personal", "fields", name]);
      expect(id.personal.fields, name).toHaveProperty(name, expect.stringMatching(/\S/));
      expect(en.personal.fields, name).toHaveProperty(name, expect.stringMatching(/\S/));
      expect(PROFILE_LABELS[name]).toBe(id.personal.fields[name]);
    }
  });

  it("maps every field to its column of applicant_profiles, named as the field", () => {
    const columns = getTableColumns(applicantProfiles);
    for (const f of PERSONAL_DATA_FIELDS) expect(columns[columnOf(f.name)]?.name, f.name).toBe(f.name);
    expect(columnOf("graduation_year")).toBe("graduationYear");
  });

  it("is the schema's fields, the live rules' and the form's field list, in its order", () => {
    expect(Object.keys(profileFormSchema.shape)).toEqual(NAMES);
    expect(Object.keys(registrationFormSchema.shape).slice(0, NAMES.length)).toEqual(NAMES);
    expect(Object.keys(profileRules.constraint)).toEqual(NAMES);
    expect(Object.keys(registrationRules.constraint).slice(0, NAMES.length)).toEqual(NAMES);
    expect(PROFILE_FIELD_NAMES).toEqual([...NAMES, "photo"]);
    const optional = PERSONAL_DATA_FIELDS.filter((f) => "optional" in f.rule).map((f) => f.name);
    expect(Object.keys(profileFormSchema.shape).filter((k) => profileFormSchema.shape[k as (typeof NAMES)[number]].safeParse(undefined).success)).toEqual(
      optional,
    );
  });

  it("is what the API answers and what it saves", () => {
    expect(Object.keys(ProfileSchema.shape)).toEqual([...NAMES, "email", "photo_file_id", "complete"]);
    const parsed = profileFormSchema.parse(CITIZEN_DOCTOR_FORM);
    const row = profileColumns(parsed);
    expect(Object.keys(row)).toEqual([...NAMES.map(columnOf), "updatedAt"]);
    for (const name of NAMES) expect(row[columnOf(name)], name).toBe(parsed[name] ?? null);
    expect(requiredForSubmit()).toEqual(NAMES.filter((n) => n !== "specialization_id").map(columnOf));
  });

  it("shows every field in the form, in its order, the e-mail after the name", async () => {
    const { container } = renderInRoute(<Form />);
    await screen.findByText("after the name");
    // A date posts as three boxes (`birth_date.month`, `.day`, `.year`): one field of the declaration.
    const named = [...container.querySelectorAll<HTMLInputElement>("[name]")].map((e) => e.name.replace(/\.(month|day|year)$/, ""));
    expect([...new Set(named)]).toEqual(NAMES);
    for (const name of NAMES) expect(screen.getAllByText(id.personal.fields[name]).length, name).toBeGreaterThan(0);
    expect(container.innerHTML.indexOf("after the name")).toBeGreaterThan(container.innerHTML.indexOf(id.personal.fields.full_name));
    expect(container.innerHTML.indexOf("after the name")).toBeLessThan(container.innerHTML.indexOf(id.personal.fields.identity_type));
  });

  it("shows the reviewer every field but the identity type, which goes with its number", () => {
    const applicant = {
      ...Object.fromEntries(NAMES.map((n) => [n, null])),
      full_name: "Andi",
      identity_type: "NIK",
      identity_number: "3174011203900001",
      nationality: "PH",
      gender: "L",
      institution_id: 3,
      institution_name: "Universitas A",
      specialization_name: null,
    } as unknown as Parameters<typeof applicantShown>[0];
    const shown = applicantShown(applicant);
    expect(shown.map((a) => a.field)).toEqual(NAMES.filter((n) => n !== "identity_type"));
    expect(Object.fromEntries(shown.map((a) => [a.field, a.value]))).toMatchObject({
      identity_number: "3174011203900001 (NIK)",
      gender: "Laki-laki",
      institution_id: "Universitas A",
      address: null,
    });
  });
});
