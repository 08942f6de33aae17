import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { JALUR_IDS, type JalurId } from "#domain/documents";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { accessToken } from "~/utils/api.server";
import { currentApplication } from "~/routes/applicant/__applicant.server";
import { requirements } from "~/features/documents/documents.server";
import { requireUser } from "~/utils/guards.server";
import { toastCookie } from "~/utils/session.server";
import { APPLICANT_ROLES } from "#domain/roles";
import { titled } from "~/utils/page-title";
import { i18next } from "~/utils/i18n.server";

export const handle = titled("registrationPathConfirmation");

const isJalur = (value: unknown): value is JalurId => JALUR_IDS.includes(value as JalurId);

function chosenJalur(request: Request): JalurId {
  const jalur = new URL(request.url).searchParams.get("jalur");
  if (!isJalur(jalur)) throw redirect("/registration-path");
  return jalur;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const jalur = chosenJalur(request);
  const application = await currentApplication(context);
  if (application?.is_submitted) throw redirect("/application-status");
  return { jalur, requirements: await requirements(context, jalur) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const jalur = (await request.formData()).get("jalur_id");
  if (!isJalur(jalur)) return data({ error: (await i18next.getFixedT(request, "applicant"))("confirm.invalid") }, { status: 400 });
  const token = await accessToken(context);
  const body = { jalur_id: jalur };
  const application = await currentApplication(context);
  const r = application
    ? await context.api.call("PUT", `/applications/${application.id}/jalur`, { token, body })
    : await context.api.call("POST", "/applications", { token, body });
  if (!r.ok) return data({ error: r.error.message }, { status: r.status >= 500 ? 503 : 400 });
  const message = (await i18next.getFixedT(request, "applicant"))("toast.pathwaySaved");
  return redirect("/submission-form/adaptation-form", { headers: { "Set-Cookie": await toastCookie({ severity: "success", message }) } });
}

/** /registration-path/confirmation: the chosen pathway and its documents; confirming creates the draft. */
export default function RegistrationPathConfirmation() {
  const { t } = useTranslation("applicant");
  const { jalur, requirements } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>{t("confirm.title")}</h1>
      <p>{t("confirm.lead")}</p>
      {result?.error ? (
        <div className={ui.errorSummary} role="alert">
          <p className={ui.flush}>{result.error}</p>
        </div>
      ) : null}
      <section className={ui.card} aria-labelledby="chosen-title">
        <h2 id="chosen-title">
          {t("confirm.chosen")}: {t(`jalur.${jalur}`)}
        </h2>
        <p className={ui.muted}>{t(`jalurDescription.${jalur}`)}</p>
        <h3>{t("confirm.documents")}</h3>
        <ol>
          {requirements.map((r) => (
            <li key={r.id}>
              {r.name}
              <br />
              <span className={ui.hint}>{r.help_text}</span>
            </li>
          ))}
        </ol>
        <p>{t("confirm.keepsData")}</p>
        <Form method="post" className={ui.row}>
          <input type="hidden" name="jalur_id" value={jalur} />
          <SubmitButton>{t("confirm.submit")}</SubmitButton>
          <Link to="/registration-path">{t("confirm.change")}</Link>
        </Form>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
