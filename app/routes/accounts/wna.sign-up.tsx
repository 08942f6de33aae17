import { getFormProps, useForm } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { COUNTRIES } from "#domain/countries";
import { accountSchemas } from "#domain/forms/accounts";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SelectField, SubmitButton } from "~/components/forms";
import * as f from "~/components/forms.css";
import * as d from "~/components/details.css";
import { ContactAndPasswordFields, contactSummary, FullNameField } from "~/routes/accounts/__SignUpFields";
import * as ui from "~/components/ui.css";
import { caughtByHoneypot, submitSignUp } from "~/routes/accounts/__accounts.server";
import { requireAnonymous } from "~/utils/guards.server";
import { finishSignUp, readRegisterWnaDraft, saveRegisterWnaDraft, type RegisterWnaDraft } from "~/routes/accounts/__register-wna.server";
import { titled } from "~/utils/page-title";
import { rules as foreignSignUpRules } from "#domain/forms/live/foreignSignUp.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("foreignSignUp", { faq: "signUp" });

const COUNTRY_OPTIONS = COUNTRIES.map(([value, label]) => ({ value, label }));

// "Ubah" posts the form, so the passport number typed so far is kept in the draft (spec §3) before
// going back to step 1; nothing else is checked on the way.
const INTENT = "intent";
const CHANGE_CHOICES = "change-choices";

async function requireDraft(request: Request): Promise<RegisterWnaDraft> {
  const draft = await readRegisterWnaDraft(request);
  if (!draft) throw redirect("/wna/sign-up/welcome");
  return draft;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  const draft = await requireDraft(request);
  return { draft };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const draft = await requireDraft(request);
  const formData = await request.formData();
  if (caughtByHoneypot(formData)) return redirect("/wna/sign-up/result", { headers: { "Set-Cookie": await finishSignUp(request, null) } });
  // The KEK answer and the pathway come from the draft (step 1), never from the posted form.
  formData.set("is_kek", draft.isKek ? "ya" : "tidak");
  formData.set("jalur_id", draft.jalurId);
  // spec §3: the typed passport number is kept in the draft, valid or not.
  const typed = formData.get("foreign_id");
  const setCookie = await saveRegisterWnaDraft(request, { foreignId: typeof typed === "string" ? typed.trim() : "" });
  if (formData.get(INTENT) === CHANGE_CHOICES) return redirect("/wna/sign-up/welcome", { headers: { "Set-Cookie": setCookie } });
  const schema = accountSchemas().foreignSignUp;
  return submitSignUp(request, context, formData, {
    schema,
    endpoint: "/register/foreign",
    resultPath: "/wna/sign-up/result",
    headers: { "Set-Cookie": setCookie },
  });
}

/** /wna/sign-up: step 2 of the foreign-national sign-up — identity, contact and password. */
export default function WnaSignUp() {
  const { t } = useTranslation("accounts");
  const { draft } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const isKek = draft.isKek ? "ya" : "tidak";
  const [form, fields] = useForm<FormInput<"foreignSignUp">>({
    id: "wna-sign-up",
    lastResult,
    defaultValue: { foreign_id: draft.foreignId, is_kek: isKek, jalur_id: draft.jalurId },
    ...useLiveValidation(foreignSignUpRules),
  });
  return (
    <section className={`${ui.card} ${ui.narrow}`} aria-labelledby="wna-sign-up-title">
      <p className={ui.muted}>{t("wna.step", { step: 2, total: 2 })}</p>
      <h1 id="wna-sign-up-title">{t("wna.signUpTitle")}</h1>
      <section className={ui.card} aria-labelledby="wna-choices-title">
        <h2 id="wna-choices-title">{t("wna.choicesTitle")}</h2>
        <dl className={d.facts}>
          <dt>{t("fields.is_kek")}</dt>
          <dd>{t(`wna.kek.${isKek}`)}</dd>
          <dt>{t("fields.jalur_id")}</dt>
          <dd>{t(`pathways.${draft.jalurId}.label`, draft.jalurId)}</dd>
        </dl>
        {/* The form's first submit button is its default: Enter in a field signs up, it never goes back. */}
        <button type="submit" form={form.id} hidden tabIndex={-1} aria-hidden="true" />
        <button type="submit" form={form.id} name={INTENT} value={CHANGE_CHOICES} className={f.linkButton} aria-label={t("wna.changeChoicesLabel")}>
          {t("wna.changeChoices")}
        </button>
      </section>
      <ErrorSummary
        form={form}
        fields={[
          { meta: fields.foreign_id, label: t("accounts:fields.foreign_id") },
          { meta: fields.nationality, label: t("accounts:fields.nationality") },
          ...contactSummary(fields, t),
          // Step 1's answers ride along in hidden fields for the browser's check (the server reads the draft).
          { meta: fields.is_kek, label: t("accounts:fields.is_kek") },
          { meta: fields.jalur_id, label: t("accounts:fields.jalur_id") },
        ]}
      />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="is_kek" value={isKek} />
        <input type="hidden" name="jalur_id" value={draft.jalurId} />
        <Field meta={fields.foreign_id} label={t("fields.foreign_id")} autoComplete="off" hint={t("hints.foreign_id")} />
        <SelectField meta={fields.nationality} label={t("fields.nationality")} options={COUNTRY_OPTIONS} autoComplete="off" />
        <FullNameField meta={fields.full_name} />
        <ContactAndPasswordFields fields={fields} />
        <SubmitButton>{t("signUp.submit")}</SubmitButton>
      </Form>
      <p>
        {t("signUp.haveAccount")} <Link to="/wna/login">{t("signUp.login")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
