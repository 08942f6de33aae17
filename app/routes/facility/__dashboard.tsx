import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { VerificationState } from "#domain/facility";
import type { FacilityDashboard } from "~/features/facilities/facility.server";
import { formatDate } from "~/utils/format";
import { useWorkflowWords } from "~/utils/workflow-words";
import * as a from "~/components/admin.css";
import * as ui from "~/components/ui.css";
import { DataTable } from "~/components/DataTable";

// The figures of a facility admin's /dashboard (role 8, DESIGN §4): registrations by status label, the
// newest changes, and the next step after the verification state.

/** The facility's registrations by status label (spec §4 texts and colours), with drafts and the total. */
export function LabelCounts({ dashboard }: { dashboard: FacilityDashboard }) {
  const { t } = useTranslation(["facility", "common"]);
  if (dashboard.submitted === 0 && dashboard.drafts === 0) return <p className={ui.muted}>{t("dashboard.noRegistrations")}</p>;
  return (
    <div className={a.tableScroll}>
      <table className={a.table}>
        <caption>{t("dashboard.countsCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("dashboard.status")}</th>
            <th scope="col">{t("dashboard.count")}</th>
          </tr>
        </thead>
        <tbody>
          {dashboard.counts.map((c) => (
            <tr key={c.rule}>
              <th scope="row">
                <span className={`${ui.badge} ${ui.badgeColour[c.colour]}`}>{t(`common:statusLabel.${c.rule}`)}</span>
              </th>
              <td>{c.count}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t("dashboard.submitted")}</th>
            <td>{dashboard.submitted}</td>
          </tr>
          <tr>
            <th scope="row">
              <span className={`${ui.badge} ${ui.badgeColour.blue}`}>{t("dashboard.drafts")}</span>
            </th>
            <td>{dashboard.drafts}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The newest status changes of the facility's registrations, newest first. */
export function RecentActivity({ recent }: { recent: FacilityDashboard["recent"] }) {
  const { t } = useTranslation("facility");
  const words = useWorkflowWords();
  if (recent.length === 0) return <p className={ui.muted}>{t("dashboard.noActivity")}</p>;
  return (
    <DataTable
      caption={t("dashboard.recentCaption")}
      rows={recent}
      columns={[
        { header: t("dashboard.when"), cell: (r) => formatDate(r.at) },
        { header: t("dashboard.registrationNumber"), cell: (r) => r.registration_number },
        { header: t("dashboard.applicant"), cell: (r) => r.applicant_name ?? "—" },
        { header: t("dashboard.by"), cell: (r) => words.role(r.actor_role) ?? "—" },
        {
          header: t("dashboard.change"),
          cell: (r) => {
            const from = words.stageStatus(r.from_stage_id, r.from_status);
            return (
              <>
                {t(`dashboard.actions.${r.action}`, { defaultValue: r.action })}: {from ? `${from} → ` : ""}
                {words.stageStatus(r.to_stage_id, r.to_status) ?? "—"}
              </>
            );
          },
        },
      ]}
    />
  );
}

/** The next step after the verification state, with its link. */
export function NextStep({ state }: { state: VerificationState }) {
  const { t } = useTranslation("facility");
  const next = { verified: "nextVerified", pending: "nextPending", rejected: "nextRejected", notSubmitted: "nextNotSubmitted" }[state];
  return (
    <>
      <p>{t(`dashboard.${next}`)}</p>
      {state !== "verified" ? <p>{t("dashboard.registrationLocked")}</p> : null}
      {state === "notSubmitted" || state === "rejected" ? (
        <Link to="/personal-data" className={ui.button}>
          {t("dashboard.toPersonalData")}
        </Link>
      ) : null}
      {state === "verified" ? (
        <Link to="/registration-path" className={ui.button}>
          {t("dashboard.toRegistration")}
        </Link>
      ) : null}
    </>
  );
}
