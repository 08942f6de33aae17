import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { letterSchemas, type LetterVerifyInput } from "#domain/forms/letters";
import { rules as letterVerifyRules } from "#domain/forms/live/letterVerify.generated";
import { DateField } from "~/components/DateField";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { OfflineNote, VerificationResult } from "~/routes/verifikasi/__VerificationResult";
import { checked, type Checked } from "~/routes/verifikasi/__verify.server";
import { readDateFields } from "~/utils/date-fields.server";
import { formErrorsFor, formTextsFor } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("verify");

// Open to everyone (no guard, no login): a letter number with its holder's date of birth. A wrong number and
// a wrong date get the same "unknown" (the API's), so the form finds no letter by guessing numbers.
export async function action({ request, context }: ActionFunctionArgs) {
  const texts = await formTextsFor(request);
  const formData = await request.formData();
  const dateErrors = readDateFields(formData, ["birth_date"], texts);
  const submission = parseWithZod(formData, { schema: letterSchemas().letterVerify, formatError: await formErrorsFor(request) });
  if (submission.status !== "success" || dateErrors)
    return data({ reply: submission.reply(dateErrors && { fieldErrors: dateErrors }), checked: null }, { status: 400 });
  const r = await context.api.call("POST", "/public/letters/verify", { body: submission.value });
  const answer: Checked = checked(r);
  // The form is emptied after a check: the next visitor of a shared screen sees no date of birth.
  return data({ reply: submission.reply({ resetForm: true }), checked: answer }, { status: "wait" in answer ? 429 : "unavailable" in answer ? 503 : 200 });
}

/** /verifikasi: the public check of a decision letter by its number and the holder's date of birth. */
export default function VerifyLetter() {
  const { t } = useTranslation(["common", "verify"]);
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm<LetterVerifyInput>({ id: "letter-verify", lastResult: answer?.reply, ...useLiveValidation(letterVerifyRules) });
  const result = answer?.checked;
  return (
    <>
      <section className={ui.hero} aria-labelledby="verify-title">
        <h1 id="verify-title">{t("verify:verify.title")}</h1>
        <p>{t("verify:verify.lead")}</p>
      </section>
      {result && "result" in result ? <VerificationResult result={result.result} /> : null}
      {result && "wait" in result ? (
        <div className={ui.errorSummary} role="alert">
          <p>{t("verify:verify.rateLimited", { minutes: result.wait })}</p>
        </div>
      ) : null}
      {result && "unavailable" in result ? (
        <div className={ui.errorSummary} role="alert">
          <p>{t("verify:verify.unavailable")}</p>
        </div>
      ) : null}
      <section className={ui.card} aria-labelledby="verify-form-title">
        <h2 id="verify-form-title">{t("verify:verify.submit")}</h2>
        <ErrorSummary
          form={form}
          fields={[
            { meta: fields.number, label: t("verify:verify.fields.number") },
            { meta: fields.birth_date, label: t("verify:verify.fields.birth_date") },
          ]}
        />
        <Form method="post" className={ui.formBlock} {...getFormProps(form)}>
          <Field meta={fields.number} label={t("verify:verify.fields.number")} hint={t("verify:verify.numberHint")} autoComplete="off" />
          <DateField meta={fields.birth_date} label={t("verify:verify.fields.birth_date")} />
          <SubmitButton>{t("verify:verify.submit")}</SubmitButton>
        </Form>
      </section>
      <OfflineNote />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
