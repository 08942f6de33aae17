import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { OneFileForm } from "~/features/documents/OneFileForm";
import { postOneFile } from "~/features/documents/documents.server";
import { requireUser } from "~/utils/guards.server";
import { toastCookie } from "~/utils/session.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";
import { APPLICANT_ROLES } from "#domain/roles";
import { titled } from "~/utils/page-title";
import { i18next } from "~/utils/i18n.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  return null;
}

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = titled("photoUpload", STREAMS_UPLOAD);

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  // The API checks the type by content and the 2 MB limit.
  const refused = await postOneFile(request, context, "/me/profile/photo");
  if (refused) return refused;
  return redirect("/personal-data", {
    headers: { "Set-Cookie": await toastCookie({ severity: "success", message: (await i18next.getFixedT(request, "applicant"))("toast.photoSaved") }) },
  });
}

/** /personal-data/upload-file: the applicant's photo (jpg/png, 2 MB). */
export default function PhotoUpload() {
  const { t } = useTranslation("applicant");
  const result = useActionData<typeof action>();
  const error = result?.error;
  return (
    <section className={`${ui.card} ${ui.narrow}`} aria-labelledby="photo-title">
      <h1 id="photo-title">{t("photo.title")}</h1>
      <p>{t("photo.lead")}</p>
      <OneFileForm name="photo" label={t("photo.label")} hint={t("photo.hint")} accept=".jpg,.jpeg,.png" error={error} pick={t("documents.pick")}>
        <p className={ui.row}>
          <button type="submit" className={ui.button}>
            {t("photo.submit")}
          </button>
          <Link to="/personal-data">{t("photo.back")}</Link>
        </p>
      </OneFileForm>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
