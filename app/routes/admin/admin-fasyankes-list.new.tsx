import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { facilityTypeOptions } from "#domain/facility";
import { facilityAdminSchemas } from "#domain/forms/admin-facilities";
import { ROLE } from "#domain/roles";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { adminApi, redirectWithToast } from "~/utils/admin.server";
import { requireUser } from "~/utils/guards.server";
import { formErrorsFor, i18next } from "~/utils/i18n.server";
import { refusalReply } from "~/utils/form-reply.server";
import { titled } from "~/utils/page-title";
import { rules as facilityAdminCreateRules } from "#domain/forms/live/facilityAdminCreate.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("facilityAdminAdd");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.ADMIN] });
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.ADMIN] });
  const submission = parseWithZod(await request.formData(), { schema: facilityAdminSchemas().facilityAdminCreate, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const res = await adminApi(context, "POST", "/admin/facilities", { body: submission.value });
  if (!res.ok) {
    // A taken e-mail belongs next to the e-mail field.
    const error = res.error.code === "EMAIL_TAKEN" ? { ...res.error, details: [{ path: "email", message: res.error.message }] } : res.error;
    return data(refusalReply(submission, error), { status: res.status >= 500 ? 503 : 400 });
  }
  const created = res.body.data;
  const t = await i18next.getFixedT(request, "admin");
  return redirectWithToast(`/admin-fasyankes-list/${created.id}`, t("fasyankes.createdToast", { name: created.full_name, email: created.email }));
}

/** /admin-fasyankes-list/new: a facility admin and its facility, created by the Admin; its data waits for verification. */
export default function NewFacilityAdmin() {
  const { t } = useTranslation(["admin", "accounts", "facility"]);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"facilityAdminCreate">>({
    id: "new-facility-admin",
    lastResult,
    ...useLiveValidation(facilityAdminCreateRules),
  });
  return (
    <>
      <p>
        <Link to="/admin-fasyankes-list">{t("fasyankes.back")}</Link>
      </p>
      <section className={ui.card} aria-labelledby="new-facility-title">
        <h1 id="new-facility-title">{t("fasyankes.newTitle")}</h1>
        <p>{t("fasyankes.newLead")}</p>
        <ErrorSummary
          form={form}
          fields={[
            { meta: fields.full_name, label: t("accounts:fields.full_name") },
            { meta: fields.email, label: t("accounts:fields.email") },
            { meta: fields.facility_name, label: t("facility:fields.facility_name") },
            { meta: fields.facility_type, label: t("facility:fields.facility_type") },
            { meta: fields.address, label: t("facility:fields.address") },
            { meta: fields.licence_number, label: t("facility:fields.licence_number") },
            { meta: fields.contact_phone, label: t("facility:fields.contact_phone") },
            { meta: fields.contact_email, label: t("facility:fields.contact_email") },
          ]}
        />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <h2>{t("fasyankes.accountSection")}</h2>
          <Field meta={fields.full_name} label={t("accounts:fields.full_name")} autoComplete="off" />
          <Field meta={fields.email} label={t("accounts:fields.email")} type="email" autoComplete="off" />
          <h2>{t("fasyankes.facilitySection")}</h2>
          <Field meta={fields.facility_name} label={t("facility:fields.facility_name")} autoComplete="off" />
          <SelectField meta={fields.facility_type} label={t("facility:fields.facility_type")} options={facilityTypeOptions(t)} />
          <TextareaField meta={fields.address} label={t("facility:fields.address")} />
          <Field meta={fields.licence_number} label={t("facility:fields.licence_number")} autoComplete="off" />
          <Field meta={fields.contact_phone} label={t("facility:fields.contact_phone")} type="tel" inputMode="numeric" autoComplete="off" />
          <Field meta={fields.contact_email} label={`${t("facility:fields.contact_email")} ${t("form.optional")}`} type="email" autoComplete="off" />
          <SubmitButton>{t("fasyankes.create")}</SubmitButton>
        </Form>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
