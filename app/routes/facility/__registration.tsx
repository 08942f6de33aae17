import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type JalurId } from "#domain/documents";
import { PROFILE_FIELD_NAMES, type ProfileFieldName } from "#domain/forms/profile.choices";
import type { FormInput } from "#domain/forms/registry";
import type { ActivityKind } from "~/features/registrations/registrations.server";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import { ProfileFields } from "~/components/ProfileFields";
import * as ui from "~/components/ui.css";
import { REGISTRATION_START } from "#domain/forms/registration.paths";
import { rules as registrationRules } from "#domain/forms/live/registration.generated";
import { readDateParts } from "#domain/date-parts";
import { useLiveValidation } from "~/utils/live-validation";

// The facility admin's (role 8) "Pendaftaran" and "Status Pengajuan" (DESIGN §4): The professional's data form of a facility registration.
// One module per page, so each page loads only its own part.

export interface ProfessionalFormData {
  jalur: JalurId;
  kind: ActivityKind | null;
  institutions: Array<{ id: number; name: string }>;
  specializations: Array<{ id: number; name: string }>;
}

/** The professional's fields in the order they show: the profile's, with the account's e-mail after the name. */
type PersonField = Exclude<ProfileFieldName, "photo" | "full_name">;
const PERSON_FIELDS = ["full_name", "email", ...PROFILE_FIELD_NAMES.filter((k): k is PersonField => k !== "photo" && k !== "full_name")] as const;

/** /register-competency-evaluation/path/…: the professional's data; the pathway and kind come from the URL. */
export function ProfessionalForm({ loaded, lastResult }: { loaded: ProfessionalFormData; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["registration", "applicant", "accounts"]);
  const { jalur, kind, institutions, specializations } = loaded;
  const [form, fields] = useForm<FormInput<"registration">>({
    id: "professional",
    lastResult,
    defaultValue: { jalur_id: jalur, activity_kind_id: kind ? String(kind.id) : undefined, identity_type: "PASPOR" },
    ...useLiveValidation(registrationRules, readDateParts),
  });
  const summary = PERSON_FIELDS.filter((k) => k !== "specialization_id" || jalur === "SPE").map((k) => ({
    meta: fields[k],
    label: k === "email" ? t("accounts:fields.email") : t(`applicant:personal.fields.${k}`),
  }));
  return (
    <>
      <h1>{t("form.title")}</h1>
      <p>
        {t("form.pathway")}: <strong>{t(`applicant:jalur.${jalur}`)}</strong>
        {kind ? ` — ${kind.name}` : null}
      </p>
      <p>{t("form.lead")}</p>
      <section className={ui.card}>
        <ErrorSummary form={form} fields={summary} />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <input type="hidden" name={fields.jalur_id.name} value={jalur} />
          {kind ? <input type="hidden" name={fields.activity_kind_id.name} value={String(kind.id)} /> : null}
          <ProfileFields
            fields={fields}
            own={false}
            afterName={
              <Field meta={fields.email} label={t("accounts:fields.email")} type="email" hint={t("form.emailHint")} autoComplete="off" inputMode="email" />
            }
            institutions={institutions}
            specializations={jalur === "SPE" ? specializations : null}
            words={{ identityType: (v) => t(`form.identityType.${v}`), birthDateHint: t("form.birthDateHint") }}
          />
          <SubmitButton>{t("form.submit")}</SubmitButton>
        </Form>
      </section>
      <p>
        <Link to={REGISTRATION_START}>{t("form.changePathway")}</Link>
      </p>
    </>
  );
}
