import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { additionalRequest } from "#domain/forms/additional";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { accessToken, orUnavailable } from "~/utils/api.server";
import { requireUser } from "~/utils/guards.server";
import { toastCookie } from "~/utils/session.server";
import { ADAPTATION_LIST_ROLES, APPLICATION_LIST_ROLES } from "#domain/roles";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as additionalRequestRules } from "#domain/forms/live/additionalRequest.generated";
import { useLiveValidation } from "~/utils/live-validation";

// /application/:id/additional-requirements (roles 1, 5, 6, 7) and /application-list/:id/additional-requirements
// (roles 2, 4): a reviewer of the open stage of an SPE file asks for an extra document.

export const handle = titled("additionalRequest");

/** The list this page belongs to, from its URL: /application-list/… for roles 2 and 4, /application/… for the others. */
function area(request: Request) {
  const list = new URL(request.url).pathname.startsWith("/application-list/") ? "/application-list" : "/application";
  return { list, roles: list === "/application-list" ? APPLICATION_LIST_ROLES : ADAPTATION_LIST_ROLES };
}

async function load(context: LoaderFunctionArgs["context"], id: string) {
  const token = await accessToken(context);
  const r = await context.api.call("GET", `/applications/${encodeURIComponent(id)}/additional-requirements`, { token });
  if (!r.ok && r.status === 404) throw new Response("Not Found", { status: 404 });
  return orUnavailable(r).data;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { list, roles } = area(request);
  await requireUser(request, context, { roles });
  const id = params.id ?? "";
  return { id, back: `${list}/${encodeURIComponent(id)}`, ...(await load(context, id)) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { list, roles } = area(request);
  await requireUser(request, context, { roles });
  const id = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: additionalRequest(), formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const token = await accessToken(context);
  const r = await context.api.call("POST", `/review/applications/${encodeURIComponent(id)}/additional-requirements`, { token, body: submission.value });
  if (!r.ok) {
    if (r.status === 404) throw new Response("Not Found", { status: 404 });
    return data(submission.reply({ formErrors: [r.error.message] }), { status: r.status >= 500 ? 503 : r.status });
  }
  return redirect(`${list}/${encodeURIComponent(id)}`, {
    headers: { "Set-Cookie": await toastCookie({ severity: "success", message: (await i18next.getFixedT(request, "review"))("toast.additionalRequested") }) },
  });
}

export default function RequestAdditional() {
  const { t } = useTranslation("applicant");
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"additionalRequest">>({
    id: "additional-request",
    lastResult,
    ...useLiveValidation(additionalRequestRules),
  });
  return (
    <>
      <h1>{t("additionalReview.title")}</h1>
      <section className={ui.card} aria-labelledby="existing-title">
        <h2 id="existing-title">{t("additionalReview.existing")}</h2>
        {loaded.items.length === 0 ? (
          <p className={ui.flush}>{t("additionalReview.none")}</p>
        ) : (
          <ul className={ui.checklist}>
            {loaded.items.map((item) => (
              <li key={item.id}>
                <strong>{item.title}</strong>
                {item.description ? ` — ${item.description}` : ""}:{" "}
                {item.file ? (
                  <a href={`/files/${item.file.file_id}`}>{t("additionalReview.answered", { name: item.file.original_name })}</a>
                ) : (
                  t("additionalReview.pending")
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={ui.card} aria-labelledby="request-title">
        <h2 id="request-title">{t("additionalReview.title")}</h2>
        {loaded.may_request ? (
          <>
            <p>{t("additionalReview.lead")}</p>
            <ErrorSummary
              form={form}
              fields={[
                { meta: fields.title, label: t("additional.fields.title") },
                { meta: fields.description, label: t("additional.fields.description") },
              ]}
            />
            <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
              <Field meta={fields.title} label={t("additional.fields.title")} />
              <Field meta={fields.description} label={`${t("additional.fields.description")} ${t("achievement.optional")}`} />
              <SubmitButton>{t("additionalReview.submit")}</SubmitButton>
            </Form>
          </>
        ) : (
          <p className={ui.flush}>{t("additionalReview.notAllowed")}</p>
        )}
      </section>
      <p>
        <Link to={loaded.back}>{t("additionalReview.back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
