import { useTranslation } from "react-i18next";
import { uploadFilePath } from "#domain/forms/registration.paths";
import type { Registration } from "~/features/registrations/registrations.server";
import type { SubmissionCheck as Check } from "~/features/documents/check.server";
import { SubmissionCheck, useDocumentRows } from "~/features/documents/SubmissionCheck";
import { INTENT_CONFIRM } from "~/utils/submission-intents";

/**
 * A facility's "Periksa kembali" before a registration is sent: who (fixed once the registration is made, so
 * no "Ubah"), the pathway and the documents (changed on the upload form), then Yes/No.
 */
export function FacilityCheck({
  registration,
  check,
  idempotencyKey,
}: {
  registration: Registration;
  check: Pick<Check, "documents" | "missingDocuments">;
  idempotencyKey: string;
}) {
  const { t } = useTranslation(["registration", "applicant"]);
  const { application, professional, activity_kind } = registration;
  const form = uploadFilePath(application, activity_kind?.id);
  const documents = useDocumentRows(check.documents, check.missingDocuments);
  return (
    <SubmissionCheck
      sections={[
        {
          id: "professional",
          title: t("check.professional"),
          editHref: null,
          note: t("check.personalNote"),
          rows: [
            { label: t("applicant:personal.fields.full_name"), value: professional.full_name },
            { label: t("detail.email"), value: professional.email },
            { label: t("check.number"), value: application.registration_number },
          ],
        },
        {
          id: "pathway",
          title: t("applicant:check.pathway"),
          editHref: null,
          rows: [
            { label: t("applicant:check.jalur"), value: t(`applicant:jalur.${application.jalur_id}`) },
            ...(activity_kind ? [{ label: t("check.activityKind"), value: activity_kind.name }] : []),
          ],
        },
        { id: "documents", title: t("applicant:check.documents"), editHref: form, rows: documents },
      ]}
      missing={check.missingDocuments.map((m) => ({
        text: t("applicant:check.missingDocument", { name: `${m.order_num}. ${m.name}` }),
        href: `${form}#doc_${m.requirement_id}`,
      }))}
      texts={{
        lead: t("check.lead"),
        missingTitle: t("check.missingTitle"),
        missingLead: t("check.missingLead"),
        question: t("check.question"),
        back: t("check.back"),
      }}
      confirmAction={`${form}&intent=${INTENT_CONFIRM}&key=${idempotencyKey}`}
      backHref={form}
    />
  );
}
