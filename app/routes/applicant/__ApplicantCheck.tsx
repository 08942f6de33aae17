import { useTranslation } from "react-i18next";
import type { JalurId } from "#domain/documents";
import { UTC_OFFSET } from "#domain/time-zone";
import { formatDate } from "~/utils/format";
import type { SubmissionCheck as Check } from "~/features/documents/check.server";
import { SubmissionCheck, useDocumentRows, type MissingItem } from "~/features/documents/SubmissionCheck";

/** The applicant's "Periksa kembali": personal data (changed on /personal-data), the pathway (/registration-path), the documents (the form). */
export function ApplicantCheck({ check, jalur, formHref, confirmAction }: { check: Check; jalur: JalurId; formHref: string; confirmAction: string }) {
  const { t } = useTranslation("applicant");
  const documents = useDocumentRows(check.documents, check.missingDocuments);
  const missing: MissingItem[] = [
    ...check.personalMissing.map((field) => ({
      text: t("check.missingField", { field: t(`personal.fields.${field}`) }),
      href: `/personal-data#personal-data-field-${field}`,
    })),
    ...check.missingDocuments.map((m) => ({
      text: t("check.missingDocument", { name: `${m.order_num}. ${m.name}` }),
      href: `${formHref}#doc_${m.requirement_id}`,
    })),
  ];
  const personal = (check.personal ?? []).map((a) => ({
    label: t(`personal.fields.${a.field}`),
    value:
      a.value === null || a.value === "" ? <strong>{t("check.notFilled")}</strong> : a.date ? formatDate(`${a.value}T00:00:00${UTC_OFFSET}`) : String(a.value),
  }));
  return (
    <SubmissionCheck
      sections={[
        { id: "personal", title: t("check.personal"), editHref: "/personal-data", rows: personal },
        { id: "pathway", title: t("check.pathway"), editHref: "/registration-path", rows: [{ label: t("check.jalur"), value: t(`jalur.${jalur}`) }] },
        { id: "documents", title: t("check.documents"), editHref: formHref, rows: documents },
      ]}
      missing={missing}
      confirmAction={confirmAction}
      backHref={formHref}
    />
  );
}
