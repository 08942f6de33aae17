import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { JALUR_IDS } from "#domain/documents";
import type { FormInput } from "#domain/forms/registry";
import type { ActivityKind } from "~/features/registrations/registrations.server";
import { ErrorSummary, RadioGroup, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { rules as pathwayChoiceRules } from "#domain/forms/live/pathwayChoice.generated";
import { useLiveValidation } from "~/utils/live-validation";

// The facility admin's (role 8) "Pendaftaran" and "Status Pengajuan" (DESIGN §4): The pathway choice of a facility registration.
// One module per page, so each page loads only its own part.

/** /register-competency-evaluation/registration-path: REG, SPE or OTH (with its kind of activity). */
export function PathwayChoice({ kinds, lastResult }: { kinds: ActivityKind[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["registration", "applicant", "accounts"]);
  const [form, fields] = useForm<FormInput<"pathwayChoice">>({
    id: "registration-pathway",
    lastResult,
    ...useLiveValidation(pathwayChoiceRules),
  });
  return (
    <>
      <h1>{t("choice.title")}</h1>
      <p>{t("choice.lead")}</p>
      <section className={ui.card}>
        <ErrorSummary
          form={form}
          fields={[
            { meta: fields.jalur_id, label: t("accounts:fields.jalur_id") },
            { meta: fields.activity_kind_id, label: t("registration:fields.activity_kind_id") },
          ]}
        />
        <Form method="post" {...getFormProps(form)}>
          <RadioGroup
            meta={fields.jalur_id}
            legend={t("accounts:fields.jalur_id")}
            options={JALUR_IDS.map((jalur) => ({ value: jalur, label: t(`applicant:jalur.${jalur}`), description: t(`applicant:jalurDescription.${jalur}`) }))}
          />
          <RadioGroup
            meta={fields.activity_kind_id}
            legend={t("registration:fields.activity_kind_id")}
            hint={t("choice.kindHint")}
            options={kinds.map((k) => ({ value: String(k.id), label: k.name, description: k.description ?? undefined }))}
          />
          <SubmitButton>{t("choice.continue")}</SubmitButton>
        </Form>
      </section>
      <p>
        <Link to="/register-competency-evaluation">{t("back")}</Link>
      </p>
    </>
  );
}
