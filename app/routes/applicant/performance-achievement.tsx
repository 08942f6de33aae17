import { getFormProps, useForm, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { achievementSchema, applicantSchemas } from "#domain/forms/applicant";
import type { FormInput } from "#domain/forms/registry";
import { OnlySpe } from "~/routes/applicant/__OnlySpe";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SelectField, SubmitButton } from "~/components/forms";
import * as f from "~/components/forms.css";
import * as ui from "~/components/ui.css";
import { accessToken, orUnavailable } from "~/utils/api.server";
import { speApplication } from "~/routes/applicant/__applicant.server";
import { requireUser } from "~/utils/guards.server";
import { toastCookie } from "~/utils/session.server";
import { APPLICANT_ROLES } from "#domain/roles";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as achievementRules } from "#domain/forms/live/achievement.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("achievements");

async function achievements(context: LoaderFunctionArgs["context"], id: string) {
  const token = await accessToken(context);
  return orUnavailable(await context.api.call("GET", `/applications/${id}/achievements`, { token })).data;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await speApplication(context);
  if (!application) return { spe: false as const };
  const [current, types] = await Promise.all([achievements(context, application.id), context.api.call("GET", "/achievement-types").then(orUnavailable)]);
  return { spe: true as const, ...current, types: types.data };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await speApplication(context);
  if (!application) throw redirect("/performance-achievement");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const current = await achievements(context, application.id);
  let next = current;
  let submission: Submission<z.input<typeof achievementSchema>, string[], z.output<typeof achievementSchema>> | null = null;
  if (intent === "add") {
    const parsed = parseWithZod(formData, { schema: applicantSchemas().achievement, formatError: await formErrorsFor(request) });
    submission = parsed;
    if (parsed.status !== "success") return data({ reply: parsed.reply(), error: null }, { status: 400 });
    const { year, description, ...rest } = parsed.value;
    next = { ...current, items: [...current.items, { ...rest, year: year ? Number(year) : null, description: description || null }] };
  } else if (intent === "remove") {
    const index = Number(formData.get("index"));
    next = { ...current, items: current.items.filter((_, i) => i !== index) };
  } else if (intent === "done") {
    next = { ...current, done: formData.get("done") === "on" };
  }
  const token = await accessToken(context);
  const r = await context.api.call("PUT", `/applications/${application.id}/achievements`, { token, body: next });
  if (!r.ok) {
    return data(
      { reply: submission?.reply({ formErrors: [r.error.message] }) ?? null, error: submission ? null : r.error.message },
      { status: r.status >= 500 ? 503 : 400 },
    );
  }
  return redirect("/performance-achievement", {
    headers: { "Set-Cookie": await toastCookie({ severity: "success", message: (await i18next.getFixedT(request, "applicant"))("toast.achievementsSaved") }) },
  });
}

/** /performance-achievement: achievements by type, and the section marked done (SPE extras, DESIGN §4.8). */
export default function PerformanceAchievement() {
  const { t } = useTranslation("applicant");
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"achievement">>({
    id: "achievement",
    lastResult: result?.reply,
    ...useLiveValidation(achievementRules),
  });
  if (!loaded.spe) {
    return <OnlySpe title={t("achievement.title")} message={t("achievement.onlySpe")} />;
  }
  const typeName = new Map(loaded.types.map((ty) => [ty.code, ty.name]));
  return (
    <>
      <h1>{t("achievement.title")}</h1>
      <p>{t("achievement.lead")}</p>
      {result?.error ? (
        <div className={ui.errorSummary} role="alert">
          <p className={ui.flush}>{result.error}</p>
        </div>
      ) : null}
      <section className={ui.card} aria-labelledby="list-title">
        <h2 id="list-title">{t("achievement.list")}</h2>
        {loaded.items.length === 0 ? (
          <p>{t("achievement.empty")}</p>
        ) : (
          <ul className={ui.checklist}>
            {loaded.items.map((item, i) => (
              <li key={`${item.title}-${i}`}>
                <Form method="post" className={ui.row}>
                  <span>
                    <strong>{item.title}</strong> — {typeName.get(item.type_code) ?? item.type_code}
                    {item.year ? ` (${item.year})` : ""}
                    {item.description ? <span className={ui.hint}> {item.description}</span> : null}
                  </span>
                  <input type="hidden" name="index" value={i} />
                  <button type="submit" name="intent" value="remove" className={f.linkButton} aria-label={t("achievement.removeNamed", { title: item.title })}>
                    {t("achievement.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className={ui.row}>
          <div className={f.choice}>
            <input type="checkbox" id="done" name="done" defaultChecked={loaded.done} className={f.choiceInput} />
            <label htmlFor="done" className={f.choiceLabel}>
              {t("achievement.done")}
            </label>
          </div>
          <button type="submit" name="intent" value="done" className={ui.secondaryButton}>
            {t("achievement.saveDone")}
          </button>
        </Form>
      </section>
      <section className={ui.card} aria-labelledby="add-title">
        <h2 id="add-title">{t("achievement.add")}</h2>
        <ErrorSummary
          form={form}
          fields={(["type_code", "title", "year", "description"] as const).map((k) => ({ meta: fields[k], label: t(`achievement.fields.${k}`) }))}
        />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <SelectField
            meta={fields.type_code}
            label={t("achievement.fields.type_code")}
            options={loaded.types.map((ty) => ({ value: ty.code, label: ty.name }))}
          />
          <Field meta={fields.title} label={t("achievement.fields.title")} />
          <Field meta={fields.year} label={`${t("achievement.fields.year")} ${t("achievement.optional")}`} inputMode="numeric" />
          <Field meta={fields.description} label={`${t("achievement.fields.description")} ${t("achievement.optional")}`} />
          <input type="hidden" name="intent" value="add" />
          <SubmitButton>{t("achievement.submit")}</SubmitButton>
        </Form>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
