import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PATHWAYS } from "#domain/constants";
import { accountSchemas } from "#domain/forms/accounts";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, RadioGroup, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { requireAnonymous } from "~/utils/guards.server";
import { readRegisterWnaDraft, saveRegisterWnaDraft } from "~/routes/accounts/__register-wna.server";
import { formErrorsFor } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as wnaWelcomeRules } from "#domain/forms/live/wnaWelcome.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("foreignRegistration", { faq: "signUp" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  const draft = await readRegisterWnaDraft(request);
  // Coming back through "ubah": the earlier answers are chosen again.
  return { answers: draft ? { is_kek: draft.isKek ? "ya" : "tidak", jalur_id: draft.jalurId } : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const submission = parseWithZod(await request.formData(), { schema: accountSchemas().wnaWelcome, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const setCookie = await saveRegisterWnaDraft(request, { isKek: submission.value.is_kek === "ya", jalurId: submission.value.jalur_id });
  return redirect("/wna/sign-up", { headers: { "Set-Cookie": setCookie } });
}

/** /wna/sign-up/welcome: step 1 of the foreign-national sign-up — KEK and the pathway preference (spec §3). */
export default function WnaSignUpWelcome() {
  const { t } = useTranslation("accounts");
  const { answers } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"wnaWelcome">>({
    id: "wna-welcome",
    lastResult,
    defaultValue: answers ?? undefined,
    ...useLiveValidation(wnaWelcomeRules),
  });
  return (
    <section className={`${ui.card} ${ui.narrow}`} aria-labelledby="wna-welcome-title">
      <p className={ui.muted}>{t("wna.step", { step: 1, total: 2 })}</p>
      <h1 id="wna-welcome-title">{t("wna.title")}</h1>
      <p>{t("wna.welcomeLead")}</p>
      <ErrorSummary
        form={form}
        fields={[
          { meta: fields.is_kek, label: t("accounts:fields.is_kek") },
          { meta: fields.jalur_id, label: t("accounts:fields.jalur_id") },
        ]}
      />
      <Form method="post" {...getFormProps(form)}>
        <RadioGroup
          meta={fields.is_kek}
          legend={t("wna.kekQuestion")}
          hint={t("wna.kekHint")}
          options={[
            { value: "ya", label: t("wna.kek.ya") },
            { value: "tidak", label: t("wna.kek.tidak") },
          ]}
        />
        <RadioGroup
          meta={fields.jalur_id}
          legend={t("wna.pathwayQuestion")}
          options={PATHWAYS.CODES.map((code) => ({ value: code, label: t(`pathways.${code}.label`), description: t(`pathways.${code}.description`) }))}
        />
        <SubmitButton>{t("wna.next")}</SubmitButton>
      </Form>
      <p>
        {t("wna.citizenQuestion")} <Link to="/sign-up">{t("wna.citizenLink")}</Link>
      </p>
      <p>
        {t("signUp.haveAccount")} <Link to="/wna/login">{t("signUp.login")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
