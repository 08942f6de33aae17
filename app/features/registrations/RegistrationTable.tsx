import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { uploadFilePath } from "#domain/forms/registration.paths";
import type { RegistrationPage } from "~/features/registrations/registrations.server";
import { formatDateTime } from "~/utils/format";
import * as a from "~/components/admin.css";
import { Pager, listSearch } from "~/components/Pager";
import { StatusBadge } from "~/components/StatusBadge";
import * as ui from "~/components/ui.css";
import { DataTable } from "~/components/DataTable";

// The facility admin's (role 8) "Pendaftaran" and "Status Pengajuan" (DESIGN §4): The facility's registrations list (Status Pengajuan, Pendaftaran).
// One module per page, so each page loads only its own part.

/** The facility's registrations: search, a table with the label of each, paging; drafts link to their upload page. */
export function RegistrationTable({ page, params }: { page: RegistrationPage; params: Record<string, string> }) {
  const { t } = useTranslation(["registration", "applicant"]);
  return (
    <>
      <Form method="get" className={a.filters} role="search">
        <div className={a.filterField}>
          <label htmlFor="q" className={ui.label}>
            {t("list.search")}
          </label>
          <input id="q" name="q" type="search" className={ui.input} defaultValue={params.q ?? ""} maxLength={100} />
        </div>
        <button type="submit" className={ui.secondaryButton}>
          {t("list.searchButton")}
        </button>
        {params.q ? <Link to={listSearch(params, { q: undefined, page: undefined })}>{t("list.clear")}</Link> : null}
      </Form>
      {page.data.length === 0 ? (
        <p className={ui.card}>{params.q ? t("list.noMatch") : t("list.empty")}</p>
      ) : (
        <DataTable
          caption={t("list.caption")}
          captionClassName={ui.muted}
          rows={page.data}
          columns={[
            { header: t("list.number"), cell: (r) => r.registration_number },
            {
              header: t("list.name"),
              cell: (r) => (
                <>
                  {r.applicant_name ?? "—"}
                  <br />
                  <span className={ui.muted}>{r.applicant_email}</span>
                </>
              ),
            },
            {
              header: t("list.jalur"),
              cell: (r) => (
                <>
                  {t(`applicant:jalur.${r.jalur_id}`)}
                  {r.activity_kind ? ` — ${r.activity_kind.name}` : null}
                </>
              ),
            },
            { header: t("list.label"), cell: (r) => <StatusBadge of={r} /> },
            { header: t("list.submittedAt"), cell: (r) => (r.submitted_at ? formatDateTime(r.submitted_at) : t("list.notSubmitted")) },
            {
              header: t("list.actions"),
              cell: (r) => {
                const name = r.applicant_name ?? r.registration_number;
                return (
                  <span className={ui.row}>
                    {!r.is_submitted ? (
                      <Link to={uploadFilePath(r, r.activity_kind?.id)} aria-label={t("list.continueOf", { name })}>
                        {t("list.continue")}
                      </Link>
                    ) : null}
                    {r.status === "REUPLOAD" ? (
                      <Link to={`/application-status/application-status-detail?id=${r.id}#reupload-title`} aria-label={t("list.reuploadOf", { name })}>
                        {t("list.reupload")}
                      </Link>
                    ) : null}
                    <Link to={`/application-status/application-status-detail?id=${r.id}`} aria-label={t("list.detailOf", { name })}>
                      {t("list.detail")}
                    </Link>
                  </span>
                );
              },
            },
          ]}
        />
      )}
      <Pager meta={page.meta} params={params} noun={t("list.noun")} />
    </>
  );
}
