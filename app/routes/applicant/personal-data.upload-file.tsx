import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import * as a from "~/features/documents/documents.css";
import { requireUser } from "~/utils/guards.server";
import { toastCookie } from "~/utils/session.server";
import { formStatus, accessToken } from "~/utils/api.server";
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
  const token = await accessToken(context);
  // Streamed untouched to the API, which checks the type by content and the 2 MB limit.
  const r = await context.api.upload("/me/profile/photo", request.body, request.headers.get("content-type") ?? "", { token });
  if (!r.ok) return data({ error: r.error.details?.[0]?.message ?? r.error.message }, { status: formStatus(r.status) });
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
      {error ? (
        <div className={ui.errorSummary} role="alert" tabIndex={-1} autoFocus>
          <a href="#photo">{error}</a>
        </div>
      ) : null}
      {/* noValidate: the portal's message, not the browser's bubble, says that a file is missing. */}
      <Form method="post" encType="multipart/form-data" reloadDocument noValidate>
        <div className={ui.field}>
          <label htmlFor="photo" className={ui.label}>
            {t("photo.label")}
          </label>
          <p id="photo-hint" className={ui.hint}>
            {t("photo.hint")}
          </p>
          {error ? (
            <p id="photo-error" className={ui.fieldError}>
              {error}
            </p>
          ) : null}
          <div className={a.picker}>
            <label htmlFor="photo" className={a.pickButton}>
              {t("documents.pick")}
            </label>
            <input
              type="file"
              id="photo"
              name="photo"
              className={a.fileInput}
              accept=".jpg,.jpeg,.png"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "photo-hint photo-error" : "photo-hint"}
            />
          </div>
        </div>
        <p className={ui.row}>
          <button type="submit" className={ui.button}>
            {t("photo.submit")}
          </button>
          <Link to="/personal-data">{t("photo.back")}</Link>
        </p>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
