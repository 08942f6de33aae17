import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { uploadFilePath } from "#domain/forms/registration.paths";
import type { RegistrationPage } from "~/routes/facility/registration.server";
import { formatDateTime } from "~/utils/format";
import * as a from "~/components/admin.css";
import { Pager, listSearch } from "~/routes/admin/Pager";
import { StatusBadge } from "~/components/StatusBadge";
import * as ui from "~/components/ui.css";

// The facility admin's (role 8) "Pendaftaran" and "Status Pengajuan" (DESIGN §4): The facility's registrations list (Status Pengajuan, Pendaftaran).
// One module per page, so each page loads only its own part.

/** The facility's registrations: search, a table with the label of each, paging; drafts link to their upload page. */
export function RegistrationTable({ page, params }: { page: RegistrationPage; params: Record<string, string> }) {
  const { t } = useTranslation(["registration", "applicant"]);
  return (
    <>
      <Form method="get" className={a.filters} role="search">
        <div className={a.filterField}>
          <label htmlFor="q" className={ui.label}>{t("list.search")}</label>
          <input id="q" name="q" type="search" className={ui.input} defaultValue={params.q ?? ""} maxLength={100} />
        </div>
        <button type="submit" className={ui.secondaryButton}>{t("list.searchButton")}</button>
        {params.q ? <Link to={listSearch(params, { q: undefined, page: undefined })}>{t("list.clear")}</Link> : null}
      </Form>
      {page.data.length === 0 ? (
        <p className={ui.card}>{params.q ? t("list.noMatch") : t("list.empty")}</p>
      ) : (
        <div className={a.tableScroll}>
          <table className={a.table}>
            <caption className={ui.muted}>{t("list.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("list.number")}</th>
                <th scope="col">{t("list.name")}</th>
                <th scope="col">{t("list.jalur")}</th>
                <th scope="col">{t("list.label")}</th>
                <th scope="col">{t("list.submittedAt")}</th>
                <th scope="col">{t("list.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((r) => (
                <tr key={r.id}>
                  <td>{r.registration_number}</td>
                  <td>
                    {r.applicant_name ?? "—"}
                    <br />
                    <span className={ui.muted}>{r.applicant_email}</span>
                  </td>
                  <td>
                    {t(`applicant:jalur.${r.jalur_id}`)}
                    {r.activity_kind ? ` — ${r.activity_kind.name}` : null}
                  </td>
                  <td>
                    <StatusBadge label={r.label.label} colour={r.label.colour} fallback="—" />
                  </td>
                  <td>{r.submitted_at ? formatDateTime(r.submitted_at) : t("list.notSubmitted")}</td>
                  <td>
                    <span className={ui.row}>
                      {!r.is_submitted ? (
                        <Link to={uploadFilePath(r, r.activity_kind?.id)} aria-label={t("list.continueOf", { name: r.applicant_name ?? r.registration_number })}>{t("list.continue")}</Link>
                      ) : null}
                      {r.status === "REUPLOAD" ? (
                        <Link to={`/application-status/application-status-detail?id=${r.id}#reupload-title`} aria-label={t("list.reuploadOf", { name: r.applicant_name ?? r.registration_number })}>
                          {t("list.reupload")}
                        </Link>
                      ) : null}
                      <Link to={`/application-status/application-status-detail?id=${r.id}`} aria-label={t("list.detailOf", { name: r.applicant_name ?? r.registration_number })}>
                        {t("list.detail")}
                      </Link>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager meta={page.meta} params={params} noun={t("list.noun")} />
    </>
  );
}
