import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
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
import { OneFileForm } from "~/features/documents/OneFileForm";
import { postOneFile } from "~/features/documents/documents.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";
import { titled } from "~/utils/page-title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { guidebook: (await loadCms(request, context)).guidebook };
}

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = titled("cmsGuidebook", STREAMS_UPLOAD);

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: CMS_ROLES });
  // The API checks the type by content and the 5 MB limit while reading.
  const refused = await postOneFile(request, context, "/admin/cms/guidebook");
  if (refused) return refused;
  const t = await i18next.getFixedT(request, "cms");
  return redirectWithToast("/master-cms#panduan", t("toast.guidebook"));
}

/** /master-cms/guidebook: replaces the PDF behind the navbar's 'BUKU PANDUAN'. */
export default function GuidebookUpload() {
  const { t } = useTranslation("cms");
  const { guidebook } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
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
        <OneFileForm
          name="file"
          label={t("fields.guidebook")}
          hint={t("guidebook.fileHint", { max: GUIDEBOOK_MAX_MB })}
          accept=".pdf,application/pdf"
          error={error}
        >
          <button type="submit" className={ui.button}>
            {t("guidebook.submit")}
          </button>
        </OneFileForm>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
