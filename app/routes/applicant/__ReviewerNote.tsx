import { useTranslation } from "react-i18next";
import * as a from "~/routes/applicant/__applicant.css";

/** The reviewer's general note of a "Perbaikan Berkas" request, as the mail carries it; nothing when there is none. */
export function ReviewerNote({ note }: { note: string | null }) {
  const { t } = useTranslation("applicant");
  if (!note) return null;
  return (
    <section className={a.generalNote} aria-labelledby="reviewer-note-title">
      <h2 id="reviewer-note-title">{t("reviewerNote.title")}</h2>
      <p className={a.noteText}>{note}</p>
    </section>
  );
}
