import { useTranslation } from "react-i18next";
import * as ui from "~/components/ui.css";
import type { ReuploadCheckItem } from "~/features/documents/check.server";
import { CheckedFile, SubmissionCheck } from "~/features/documents/SubmissionCheck";

/**
 * A reupload's "Periksa kembali" (the applicant's and a facility's): each flagged document with the reviewer's
 * reason and the version that goes back (Ubah: the reupload form); Yes sends the file back to the reviewers.
 */
export function ReuploadCheck({ items, formHref, confirmAction }: { items: ReuploadCheckItem[]; formHref: string; confirmAction: string }) {
  const { t } = useTranslation("applicant");
  const missing = items.filter((i) => !i.document);
  return (
    <SubmissionCheck
      sections={[
        {
          id: "documents",
          title: t("reuploadCheck.documents"),
          editHref: formHref,
          rows: items.map((i) => ({
            label: `${i.order_num}. ${i.name}`,
            value: (
              <>
                {i.document ? <CheckedFile doc={i.document} /> : <strong>{t("reuploadCheck.notReuploaded")}</strong>}
                <p className={ui.hint}>{t("reuploadCheck.reason", { reason: i.reason })}</p>
              </>
            ),
          })),
        },
      ]}
      missing={missing.map((m) => ({
        text: t("reuploadCheck.missingDocument", { name: `${m.order_num}. ${m.name}` }),
        href: `${formHref}#doc_${m.requirement_id}`,
      }))}
      texts={{
        lead: t("reuploadCheck.lead"),
        missingTitle: t("reuploadCheck.missingTitle"),
        missingLead: t("reuploadCheck.missingLead"),
        question: t("reuploadCheck.question"),
        back: t("reuploadCheck.back"),
      }}
      confirmAction={confirmAction}
      backHref={formHref}
    />
  );
}
