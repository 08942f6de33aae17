import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatSize } from "~/components/StatusBadge";
import * as ui from "~/components/ui.css";
import { formatDateTime } from "~/utils/format";

type StoredDocument = { requirement_id: number; name: string; file_id: string; original_name: string; size: number; uploaded_at: string; version: number };

/** The detail's current documents, each a download through /files/:id; `historyHref` links every version of them. */
export function ApplicationDocuments({ documents, historyHref }: { documents: StoredDocument[]; historyHref?: string }) {
  const { t } = useTranslation("applicant");
  return (
    <section className={ui.card} aria-labelledby="documents-title">
      <h2 id="documents-title">{t("detail.documents")}</h2>
      {documents.length === 0 ? (
        <p>{t("detail.noDocuments")}</p>
      ) : (
        <ul>
          {documents.map((d) => (
            <li key={d.requirement_id}>
              {d.name}:{" "}
              <a href={`/files/${d.file_id}`} aria-label={t("documents.download", { name: d.original_name })}>
                {d.original_name}
              </a>{" "}
              <span className={ui.muted}>
                ({formatSize(d.size)}, {t("detail.version", { version: d.version })}, {formatDateTime(d.uploaded_at)})
              </span>
            </li>
          ))}
        </ul>
      )}
      {historyHref && documents.length > 0 ? (
        <p>
          <Link to={historyHref}>{t("fileHistory.link")}</Link>
        </p>
      ) : null}
    </section>
  );
}
