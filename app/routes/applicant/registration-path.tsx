import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { JALUR_IDS } from "#domain/documents";
import { applicantSchemas } from "#domain/forms/applicant";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, RadioGroup, SubmitButton } from "~/components/forms";
import { RegistrationIntro } from "~/features/registrations/RegistrationIntro";
import * as ui from "~/components/ui.css";
import * as p from "~/routes/applicant/__registration-path.css";
import { currentApplication } from "~/routes/applicant/__applicant.server";
import { requirements } from "~/features/documents/documents.server";
import { requireUser } from "~/utils/guards.server";
import { activityKinds, requireApplicantOrVerifiedFacility } from "~/features/registrations/registrations.server";
import { APPLICANT_ROLES, ROLE } from "#domain/roles";
import { formErrorsFor } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";
import { rules as pathwayRules } from "#domain/forms/live/pathway.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled((data?: { kind?: string }) => (data?.kind === "facility" ? "registration" : "registrationPath"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireApplicantOrVerifiedFacility(request, context);
  // A facility admin (role 8) registers professionals: this page introduces /register-competency-evaluation.
  if (me.user.role_id === ROLE.ADMIN_FASYANKES) return { kind: "facility" as const, kinds: await activityKinds(context) };
  const application = await currentApplication(context);
  // A foreign national chose a pathway when signing up (/wna/sign-up/welcome): it is the first offer.
  const preferred = me.user.preferred_jalur;
  return { kind: "applicant" as const, application, preferred, requirements: await requirements(context) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const submission = parseWithZod(await request.formData(), { schema: applicantSchemas().pathway, formatError: await formErrorsFor(request) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // Choosing changes nothing yet; the confirmation page creates the draft or changes its pathway.
  return redirect(`/registration-path/confirmation?jalur=${submission.value.jalur_id}`);
}

/** /registration-path: REG, SPE or OTH, each with its required documents (DESIGN §4.4). */
export default function RegistrationPath() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === "facility") return <RegistrationIntro kinds={loaded.kinds} />;
  return <ApplicantRegistrationPath application={loaded.application} preferred={loaded.preferred} requirements={loaded.requirements} />;
}

function ApplicantRegistrationPath({ application, preferred, requirements }: Omit<Extract<SerializeFrom<typeof loader>, { kind: "applicant" }>, "kind">) {
  const { t } = useTranslation("applicant");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FormInput<"pathway">>({
    id: "registration-path",
    lastResult,
    defaultValue: { jalur_id: application?.jalur_id ?? preferred ?? undefined },
    ...useLiveValidation(pathwayRules),
  });
  const locked = Boolean(application?.is_submitted);
  // With JavaScript the summary takes the focus when the choice is missing, so the answer to the click is read and seen.
  const summary = useRef<HTMLDivElement>(null);
  const missing = fields.jalur_id.errors;
  useEffect(() => {
    if (missing?.length) summary.current?.querySelector<HTMLElement>('[role="alert"]')?.focus();
  }, [lastResult, missing]);
  const documentsOf = (jalur: (typeof JALUR_IDS)[number]) => (
    <details className={p.documents}>
      <summary>{t("pathway.documentsOf", { jalur: t(`jalur.${jalur}`) })}</summary>
      <ol>
        {requirements
          .filter((r) => r.jalur_id === jalur)
          .map((r) => (
            <li key={r.id}>{r.name}</li>
          ))}
      </ol>
    </details>
  );
  return (
    <>
      <h1>{t("pathway.title")}</h1>
      <p>{t("pathway.lead")}</p>
      {application ? <p>{t("pathway.current", { jalur: t(`jalur.${application.jalur_id}`) })}</p> : null}
      <section className={ui.card}>
        {locked ? (
          <>
            <p>{t("pathway.locked")}</p>
            {JALUR_IDS.map((jalur) => (
              <div key={jalur}>{documentsOf(jalur)}</div>
            ))}
          </>
        ) : (
          <>
            <div ref={summary}>
              <ErrorSummary form={form} fields={[{ meta: fields.jalur_id, label: t("pathway.label") }]} />
            </div>
            <Form method="post" {...getFormProps(form)}>
              <RadioGroup
                meta={fields.jalur_id}
                legend={t("pathway.legend")}
                options={JALUR_IDS.map((jalur) => ({
                  value: jalur,
                  label: t(`jalur.${jalur}`),
                  description: t(`jalurDescription.${jalur}`),
                  details: documentsOf(jalur),
                }))}
              />
              <SubmitButton>{t("pathway.continue")}</SubmitButton>
            </Form>
          </>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
