import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { accountSchemas } from "#domain/forms/accounts";
import { additionalRequest } from "#domain/forms/additional";
import { adminSchemas } from "#domain/forms/admin";
import { facilityAdminSchemas } from "#domain/forms/admin-facilities";
import { cmsSchemas } from "#domain/forms/cms";
import { deletionRequestSchemas } from "#domain/forms/deletion-requests";
import { letterSchemas } from "#domain/forms/letters";
import { applicantSchemas } from "#domain/forms/applicant";
import { facilitySchemas } from "#domain/forms/facility";
import { profileSchema } from "#domain/forms/profile";
import { pathwayChoice, registrationSchema } from "#domain/forms/registration";
import { decisionForm } from "#domain/forms/review";
import { CODES, formTexts, validationMessage, VALIDATION_MESSAGES, type RuleName } from "#domain/validation";
import { messageText } from "#domain/validation-details";
import { i18nConfig } from "~/i18n";

// The form schemas speak the request's language: the portal's actions build them with the request's
// `t` (formTexts); the API and the module-level schemas carry codes (CODES), which the API words from the
// locale files. Both must say the same thing in Indonesian, and an English `t` must give English messages
// with English labels.

async function translator(lng: string): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng });
  return i18n.getFixedT(lng);
}

/** The first message of each field, as the form shows it (a coded one worded in `lng`, as the API and the portal word it). */
function errors(schema: z.ZodType, value: unknown, lng = "id"): Record<string, string> {
  const r = schema.safeParse(value);
  const out: Record<string, string> = {};
  for (const i of r.success ? [] : r.error.issues) out[i.path.join(".")] ??= messageText(i.message, lng);
  return out;
}

const BAD_INPUTS: unknown[] = [
  {},
  {
    full_name: "x",
    nik: "12",
    email: "salah",
    phone: "08-1",
    password: "abc",
    password_confirmation: "abd",
    consent: "no",
    token: "",
    foreign_id: "a b",
    nationality: "XX",
    is_kek: "mungkin",
    jalur_id: "ZZZ",
  },
  {
    facility_name: "ab",
    facility_type: "X",
    address: "pendek",
    licence_number: "",
    contact_phone: "abc",
    contact_email: "salah",
    admin_nik: "1",
    admin_phone: "1",
    position_id: "x",
  },
  {
    identity_type: "NIK",
    identity_number: "12345",
    birth_date: "2999-01-01",
    graduation_year: "1900",
    institution_id: "x",
    specialization_id: "0",
    gender: "X",
  },
  { identity_type: "PASPOR", identity_number: "ab-123", birth_date: "2020-02-30", graduation_year: "20x0", institution_id: "0" },
  { jalur_id: "OTH" },
  { jalur_id: "SPE", activity_kind_id: "0" },
  { jalur_id: "XXX", activity_kind_id: "abc" },
  { kind: "", title: "x".repeat(300), type_code: "   ", year: "20", description: "x".repeat(3000), institution: "x".repeat(300) },
  { decision: "REJECT", verification_id: "x" },
  { decision: "MAYBE", reason: "x".repeat(3000), verification_id: "-1" },
  { stage_id: "x", decision: "REUPLOAD", documents: [{ requirement_id: "0", selected: "on" }] },
  { stage_id: "2", decision: "REUPLOAD", note: "", documents: [{ requirement_id: "3", selected: "on" }, { requirement_id: "4" }] },
  { stage_id: "2", decision: "FAILED", documents: [{ requirement_id: "3" }] },
  { role_id: "3", position_id: "x", phone: "12ab", reason: "abc", name: " a ", country: "XX", stage_1: "0", stage_2: "x" },
  {
    title: "ab",
    lead: "",
    body: "x".repeat(3000),
    location: "",
    starts_at: "kemarin",
    ends_at: "2027-01-01T08:00",
    links: [{ label: "a" }, { href: "http://x" }],
    base: "http://x",
    login: "",
  },
  { title: "Jadwal", location: "Jakarta", starts_at: "2027-03-15T08:00", ends_at: "2027-03-14T08:00", registration_deadline: "2027-03-16T08:00" },
  {
    full_name: "x".repeat(200),
    email: "a@b.co",
    phone: "0812345678901234567",
    password: "abcdefgh",
    password_confirmation: "abcdefgh",
    current_password: "x".repeat(200),
    new_password: "abcdefgh1",
    new_password_confirmation: "lain",
  },
];

describe("validation messages per request", () => {
  it("the request's Indonesian t says every rule as the catalogue does", async () => {
    const t = await translator("id");
    const params = { field: "Nama", target: "Kata Sandi", length: 8, size: 2048, min: 1, max: 9, width: 10, height: 20, month: 2, day: 30, year: 2024 };
    for (const rule of Object.keys(VALIDATION_MESSAGES.id) as RuleName[]) {
      expect(formTexts(t).message(rule, params)).toBe(validationMessage(rule, params, "id"));
    }
  });

  it("builds the account schemas in Indonesian exactly as the module-level ones", async () => {
    const fromRequest = accountSchemas(formTexts(await translator("id")));
    const atLoad = accountSchemas(CODES);
    const names = ["citizenSignUp", "wnaWelcome", "foreignSignUp", "emailOnly", "resetPassword", "login", "passwordChange"] as const;
    for (const name of names) {
      for (const input of BAD_INPUTS) expect(errors(fromRequest[name], input)).toEqual(errors(atLoad[name], input));
    }
  });

  it("builds the facility schemas in Indonesian exactly as the module-level ones", async () => {
    const fromRequest = facilitySchemas(formTexts(await translator("id")));
    const atLoad = facilitySchemas(CODES);
    for (const name of ["facilitySignUp", "facilityData"] as const) {
      for (const input of BAD_INPUTS) expect(errors(fromRequest[name], input)).toEqual(errors(atLoad[name], input));
    }
  });

  it("builds the personal-data schema in Indonesian exactly as the module-level one", async () => {
    const today = new Date("2026-01-15T00:00:00Z");
    const fromRequest = profileSchema(today, formTexts(await translator("id")));
    const atLoad = profileSchema(today, CODES);
    for (const input of BAD_INPUTS) expect(errors(fromRequest, input)).toEqual(errors(atLoad, input));
  });

  it("builds the registration schemas in Indonesian exactly as the module-level ones", async () => {
    const today = new Date("2026-01-15T00:00:00Z");
    const t = formTexts(await translator("id"));
    for (const input of BAD_INPUTS) {
      expect(errors(registrationSchema(today, t), input)).toEqual(errors(registrationSchema(today, CODES), input));
      expect(errors(applicantSchemas(formTexts(await translator("en-US"))).achievement, {})).toMatchObject({
        type_code: "Kind of achievement is required",
        title: "Title is required",
      });
      expect(errors(additionalRequest(formTexts(await translator("en-US"))), {})).toEqual({ title: "Document name is required" });
      expect(errors(pathwayChoice(t), input)).toEqual(errors(pathwayChoice(CODES), input));
    }
  });

  it("builds the applicant's small forms and the additional-document request in Indonesian exactly as the module-level ones", async () => {
    const t = formTexts(await translator("id"));
    for (const input of BAD_INPUTS) {
      for (const name of ["portfolio", "achievement", "pathway"] as const) {
        expect(errors(applicantSchemas(t)[name], input)).toEqual(errors(applicantSchemas(CODES)[name], input));
      }
      expect(errors(additionalRequest(t), input)).toEqual(errors(additionalRequest(CODES), input));
    }
  });

  it("builds the Admin's facility-admin forms in Indonesian exactly as the module-level ones", async () => {
    const t = formTexts(await translator("id"));
    for (const input of BAD_INPUTS) {
      for (const name of ["facilityAdminCreate", "facilityVerify"] as const) {
        expect(errors(facilityAdminSchemas(t)[name], input)).toEqual(errors(facilityAdminSchemas(CODES)[name], input));
      }
    }
  });

  it("builds the Super Admin's and Admin's forms in Indonesian exactly as the module-level ones", async () => {
    const fromRequest = adminSchemas(formTexts(await translator("id")));
    const atLoad = adminSchemas(CODES);
    for (const input of BAD_INPUTS) {
      for (const name of ["staffCreate", "staffUpdate", "reason", "sla"] as const)
        expect(errors(fromRequest[name], input)).toEqual(errors(atLoad[name], input));
      for (const kind of ["specialization", "institution", "position"] as const) {
        expect(errors(fromRequest.reference[kind], input)).toEqual(errors(atLoad.reference[kind], input));
      }
    }
    expect(errors(adminSchemas(formTexts(await translator("en-US"))).staffCreate, {})).toMatchObject({
      full_name: "Full name is required",
      role_id: "Role is required",
    });
  });

  it("builds the /master-cms forms in Indonesian exactly as the module-level ones", async () => {
    const fromRequest = cmsSchemas(formTexts(await translator("id")));
    const atLoad = cmsSchemas(CODES);
    for (const input of BAD_INPUTS) {
      for (const name of ["welcome", "navbarLinks", "faq", "announcement", "testSchedule"] as const)
        expect(errors(fromRequest[name], input)).toEqual(errors(atLoad[name], input));
    }
    expect(errors(cmsSchemas(formTexts(await translator("en-US"))).announcement, {})).toEqual({
      title: "Title is required",
      body: "Announcement text is required",
    });
  });

  it("builds the reviewer's decision form in Indonesian exactly as the module-level one", async () => {
    const t = formTexts(await translator("id"));
    for (const input of BAD_INPUTS) expect(errors(decisionForm(t), input)).toEqual(errors(decisionForm(CODES), input));
  });

  it("words the coded schemas in English exactly as the request's English t says them", async () => {
    const today = new Date("2026-01-15T00:00:00Z");
    const t = formTexts(await translator("en-US"));
    const pairs: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [accountSchemas(t), accountSchemas(CODES)],
      [facilitySchemas(t), facilitySchemas(CODES)],
      [applicantSchemas(t), applicantSchemas(CODES)],
      [facilityAdminSchemas(t), facilityAdminSchemas(CODES)],
      [adminSchemas(t), adminSchemas(CODES)],
      [adminSchemas(t).reference, adminSchemas(CODES).reference],
      [cmsSchemas(t), cmsSchemas(CODES)],
      [deletionRequestSchemas(t), deletionRequestSchemas(CODES)],
      [letterSchemas(t), letterSchemas(CODES)],
      [
        { profile: profileSchema(today, t), registration: registrationSchema(today, t), pathway: pathwayChoice(t) },
        { profile: profileSchema(today, CODES), registration: registrationSchema(today, CODES), pathway: pathwayChoice(CODES) },
      ],
      [
        { additional: additionalRequest(t), decision: decisionForm(t) },
        { additional: additionalRequest(CODES), decision: decisionForm(CODES) },
      ],
    ];
    let compared = 0;
    for (const [fromRequest, coded] of pairs) {
      for (const [name, schema] of Object.entries(coded)) {
        if (!schema || typeof (schema as z.ZodType).safeParse !== "function") continue;
        for (const input of BAD_INPUTS) expect(errors(fromRequest[name] as z.ZodType, input), name).toEqual(errors(schema as z.ZodType, input, "en-US"));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("gives an English request English messages with English labels", async () => {
    const en = accountSchemas(formTexts(await translator("en-US")));
    expect(errors(en.citizenSignUp, {})).toMatchObject({
      full_name: "Full name is required",
      email: "E-mail address is required",
      consent: "Tick the box beside the statement to say you agree",
    });
    expect(errors(en.citizenSignUp, BAD_INPUTS[1])).toMatchObject({
      full_name: "must contain at least 3 characters",
      nik: "must be 16 digits",
      email: "must be a valid email address",
      phone: "must be a number",
    });
    expect(errors(en.resetPassword, { token: "t", password: "abcdefgh1", password_confirmation: "abcdefgh2" })).toEqual({
      password_confirmation: "Confirm password does not match Password",
    });
    expect(errors(en.passwordChange, { current_password: "x", new_password: "abcdefgh1", new_password_confirmation: "y" })).toEqual({
      new_password_confirmation: "Confirm new password does not match New password",
    });
    expect(errors(facilitySchemas(formTexts(await translator("en-US"))).facilityData, {})).toMatchObject({
      facility_name: "Facility name is required",
      admin_nik: "NIK is required",
      position_id: "Position is required",
    });
    const profile = profileSchema(new Date("2026-01-15T00:00:00Z"), formTexts(await translator("en-US")));
    expect(errors(profile, { birth_date: "2999-01-01", graduation_year: "1900" })).toMatchObject({
      full_name: "Full name is required",
      birth_date: "Date of birth may not be above 01/15/26",
      graduation_year: "Year of graduation must be between 1950 and 2026",
    });
    expect(errors(applicantSchemas(formTexts(await translator("en-US"))).achievement, {})).toMatchObject({
      type_code: "Kind of achievement is required",
      title: "Title is required",
    });
    expect(errors(additionalRequest(formTexts(await translator("en-US"))), {})).toEqual({ title: "Document name is required" });
    const decision = decisionForm(formTexts(await translator("en-US")));
    expect(errors(decision, { stage_id: "2", decision: "REUPLOAD", documents: [{ requirement_id: "3", selected: "on" }] })).toEqual({
      note: "A note is required",
      "documents.0.reason": "A reason is required",
    });
    expect(errors(decision, { stage_id: "x", decision: "PASSED", documents: [{ requirement_id: "0" }] })).toEqual({
      stage_id: "Stage must be a whole number",
      "documents.0.requirement_id": "Document must be a whole number",
    });
    const verify = facilityAdminSchemas(formTexts(await translator("en-US"))).facilityVerify;
    expect(errors(verify, { decision: "REJECT", verification_id: "x" })).toEqual({ verification_id: "Submission must be a whole number" });
    expect(errors(verify, { decision: "REJECT", verification_id: "3" })).toEqual({ reason: "Reason is required" });
    expect(errors(pathwayChoice(formTexts(await translator("en-US"))), { jalur_id: "OTH" })).toEqual({ activity_kind_id: "Kind of activity is required" });
  });
});
