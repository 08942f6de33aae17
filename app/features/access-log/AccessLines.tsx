import { useTranslation } from "react-i18next";
import * as ui from "~/components/ui.css";
import * as l from "~/features/access-log/access-lines.css";
import type { AccessLine } from "~/features/access-log/access-log.server";

// The access log's records as a list of cards: readable on a phone, no table to scroll sideways.

export function AccessLines({ lines, showApplicant = false, empty }: { lines: AccessLine[]; showApplicant?: boolean; empty: string }) {
  const { t } = useTranslation("common");
  if (lines.length === 0) return <p className={ui.card}>{empty}</p>;
  return (
    <ol className={ui.checklist} aria-label={t("accessLog.caption")} data-testid="access-log">
      {lines.map((line) => (
        <li key={line.id} className={`${ui.card} ${l.line}`}>
          <dl className={ui.flush}>
            <dt className={ui.label}>{t("accessLog.when")}</dt>
            <dd>
              <time dateTime={line.iso}>{line.when}</time>
            </dd>
            <dt className={ui.label}>{t("accessLog.who")}</dt>
            <dd>{line.who}</dd>
            {showApplicant ? (
              <>
                <dt className={ui.label}>{t("accessLog.applicant")}</dt>
                <dd>{line.applicant}</dd>
              </>
            ) : null}
            <dt className={ui.label}>{t("accessLog.what")}</dt>
            <dd>{line.what}</dd>
            <dt className={ui.label}>{t("accessLog.stage")}</dt>
            <dd>{line.stage}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
