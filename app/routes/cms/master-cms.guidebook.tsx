import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GUIDEBOOK_MAX_MB } from "#domain/forms/cms.labels";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { redirectWithToast } from "~/utils/admin.server";
import { CMS_ROLES, loadCms } from "~/routes/cms/__cms.server";
import { formatDateTime } from "~/utils/format";
import { GUIDEBOOK_PATH } from "~/utils/guidebook";
import { requireUser } from "~/utils/guards.server";
import { i18next } from "~/utils/i18n.server";
import { formStatus, accessToken } from "~/utils/api.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";
import { titled } from "~/utils/page-title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { guidebook: (await loadCms(request, context)).guidebook };
}

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = titled("cmsGuidebook", STREAMS_UPLOAD);

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: CMS_ROLES });
  const token = await accessToken(context);
  // Streamed untouched to the API, which checks the type by content and the 5 MB limit while reading.
  const r = await context.api.upload("/admin/cms/guidebook", request.body, request.headers.get("content-type") ?? "", { token });
  if (!r.ok) return data({ error: r.error.details?.[0]?.message ?? r.error.message }, { status: formStatus(r.status) });
  const t = await i18next.getFixedT(request, "cms");
  return redirectWithToast("/master-cms#panduan", t("toast.guidebook"));
}

/** /master-cms/guidebook: replaces the PDF behind the navbar's 'BUKU PANDUAN'. */
export default function GuidebookUpload() {
  const { t } = useTranslation("cms");
  const { guidebook } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const describedBy = error ? "file-hint file-error" : "file-hint";
  return (
    <>
      <p>
        <Link to="/master-cms#panduan">{t("back")}</Link>
      </p>
      <section className={`${ui.card} ${ui.narrow}`} aria-labelledby="guidebook-title">
        <h1 id="guidebook-title">{t("guidebook.uploadTitle")}</h1>
        <p>{t("guidebook.uploadLead")}</p>
        <p>
          {guidebook.original_name && guidebook.updated_at
            ? t("guidebook.uploaded", { name: guidebook.original_name, at: formatDateTime(guidebook.updated_at) })
            : t("guidebook.bundled")}{" "}
          <a href={GUIDEBOOK_PATH} target="_blank" rel="noopener noreferrer">
            {t("guidebook.view")}
          </a>
        </p>
        {error ? (
          <div className={ui.errorSummary} role="alert" tabIndex={-1} autoFocus>
            <a href="#file">{error}</a>
          </div>
        ) : null}
        {/* noValidate: the portal's message, not the browser's bubble, says that a file is missing. */}
        <Form method="post" encType="multipart/form-data" reloadDocument noValidate>
          <div className={ui.field}>
            <label htmlFor="file" className={ui.label}>
              {t("fields.guidebook")}
            </label>
            <p id="file-hint" className={ui.hint}>
              {t("guidebook.fileHint", { max: GUIDEBOOK_MAX_MB })}
            </p>
            {error ? (
              <p id="file-error" className={ui.fieldError}>
                {error}
              </p>
            ) : null}
            <input
              type="file"
              id="file"
              name="file"
              accept=".pdf,application/pdf"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
          </div>
          <button type="submit" className={ui.button}>
            {t("guidebook.submit")}
          </button>
        </Form>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
