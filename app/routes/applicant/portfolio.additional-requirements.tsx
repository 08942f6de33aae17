import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OnlySpe } from "~/routes/applicant/__OnlySpe";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { speApplication } from "~/routes/applicant/__applicant.server";
import { formatDate } from "~/utils/format";
import { requireUser } from "~/utils/guards.server";
import { toastCookie } from "~/utils/session.server";
import { formStatus, accessToken, orUnavailable } from "~/utils/api.server";
import { STREAMS_UPLOAD } from "~/utils/uploads";
import { APPLICANT_ROLES } from "#domain/roles";
import { titled } from "~/utils/page-title";
import { useRoleName } from "~/utils/role-name";
import { i18next } from "~/utils/i18n.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await speApplication(context);
  if (!application) return { spe: false as const };
  const token = await accessToken(context);
  const list = orUnavailable(await context.api.call("GET", `/applications/${application.id}/additional-requirements`, { token })).data;
  return { spe: true as const, ...list };
}

/** The multipart body streams to the API (server/request-body.ts). */
export const handle = titled("additionalDocuments", STREAMS_UPLOAD);

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await speApplication(context);
  if (!application) throw redirect("/portfolio/additional-requirements");
  // The body streams to the API untouched, so the request it answers travels in the URL.
  const requestId = new URL(request.url).searchParams.get("request") ?? "";
  if (!/^\d{1,9}$/.test(requestId))
    return data({ requestId, error: (await i18next.getFixedT(request, "applicant"))("errors.requestNotFound") }, { status: 400 });
  const token = await accessToken(context);
  const r = await context.api.upload(
    `/applications/${application.id}/additional-requirements/${requestId}/file`,
    request.body,
    request.headers.get("content-type") ?? "",
    { token },
  );
  if (!r.ok) return data({ requestId, error: r.error.details?.[0]?.message ?? r.error.message }, { status: formStatus(r.status) });
  return redirect("/portfolio/additional-requirements", {
    headers: { "Set-Cookie": await toastCookie({ severity: "success", message: (await i18next.getFixedT(request, "applicant"))("toast.additionalSaved") }) },
  });
}

/** /portfolio/additional-requirements: documents a reviewer asked an SPE applicant for (DESIGN §4.8). */
export default function AdditionalRequirements() {
  const { t } = useTranslation("applicant");
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const roleName = useRoleName();
  if (!loaded.spe) {
    return <OnlySpe title={t("additional.title")} message={t("portfolio.onlySpe")} />;
  }
  return (
    <>
      <h1>{t("additional.title")}</h1>
      <p>{t("additional.lead")}</p>
      {result?.error ? (
        <div className={ui.errorSummary} role="alert">
          <a href={`#file-${result.requestId}`}>{result.error}</a>
        </div>
      ) : null}
      {loaded.items.length === 0 ? (
        <section className={ui.card}>
          <p className={ui.flush}>{t("additional.empty")}</p>
        </section>
      ) : (
        loaded.items.map((item) => {
          const error = result?.requestId === String(item.id) ? result.error : null;
          const id = `file-${item.id}`;
          return (
            <section key={item.id} className={ui.card} aria-labelledby={`title-${item.id}`}>
              <h2 id={`title-${item.id}`}>{item.title}</h2>
              {item.description ? <p>{item.description}</p> : null}
              <p className={ui.hint}>{t("additional.requestedBy", { who: roleName(item.requested_by_role), date: formatDate(item.requested_at) })}</p>
              <p>
                {item.file ? (
                  <>
                    {t("additional.uploaded", { name: item.file.original_name, date: formatDate(item.file.uploaded_at) })}{" "}
                    <a href={`/files/${item.file.file_id}`}>{t("additional.download", { name: item.file.original_name })}</a>
                  </>
                ) : (
                  <strong>{t("additional.notYet")}</strong>
                )}
              </p>
              {loaded.may_answer ? (
                <Form method="post" action={`?request=${item.id}`} encType="multipart/form-data" reloadDocument noValidate>
                  <div className={ui.field}>
                    <label htmlFor={id} className={ui.label}>
                      {t("additional.fileLabel", { title: item.title })}
                    </label>
                    {item.file ? (
                      <p id={`${id}-hint`} className={ui.hint}>
                        {t("additional.replace")}
                      </p>
                    ) : null}
                    {error ? (
                      <p id={`${id}-error`} className={ui.fieldError}>
                        {error}
                      </p>
                    ) : null}
                    <input
                      type="file"
                      id={id}
                      name="file"
                      accept=".jpg,.jpeg,.png,.pdf"
                      required
                      aria-invalid={error ? true : undefined}
                      aria-describedby={[item.file ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined}
                    />
                  </div>
                  <button type="submit" className={ui.button}>
                    {t("additional.submit")}
                  </button>
                </Form>
              ) : null}
            </section>
          );
        })
      )}
      {!loaded.may_answer && loaded.items.length > 0 ? <p>{t("additional.closed")}</p> : null}
      <p>
        <Link to="/portfolio">{t("additional.back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
