import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, data, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { roleOf } from "#domain/auth-user";
import { profileSchema } from "#domain/forms/profile";
import { PROFILE_FIELD_NAMES, type ProfileFieldName } from "#domain/forms/profile.choices";
import { ROLE } from "#domain/roles";
import type { FormInput } from "#domain/forms/registry";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { FacilityPersonalData } from "~/features/facilities/FacilityProfile";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import { ProfileFields } from "~/components/ProfileFields";
import * as ui from "~/components/ui.css";

import { accessToken, orUnavailable, type ApiBody } from "~/utils/api.server";
import { currentApplication, myProfile, type Profile } from "~/routes/applicant/__applicant.server";
import { loadFacilityPersonalData, submitFacilityPersonalData } from "~/features/facilities/facility.server";
import { requireUser } from "~/utils/guards.server";
import { toastCookie } from "~/utils/session.server";
import { formErrorsFor, formTextsFor, i18next } from "~/utils/i18n.server";
import { readDateFields } from "~/utils/date-fields.server";
import { refusal, sentFields } from "~/utils/form-reply.server";
import { titled } from "~/utils/page-title";
import { rules as profileRules } from "#domain/forms/live/profile.generated";
import { readDateParts } from "#domain/date-parts";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("personalData");

// Role 3 edits the applicant's biodata; role 8 the facility data it sends for verification (DESIGN §4).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireUser(request, context, { roles: [ROLE.APPLICANT, ROLE.ADMIN_FASYANKES] });
  if (roleOf(me) === ROLE.ADMIN_FASYANKES) return loadFacilityPersonalData(context);
  const [profile, application, institutions, specializations] = await Promise.all([
    myProfile(context),
    currentApplication(context),
    context.api.call("GET", "/institutions").then(orUnavailable),
    context.api.call("GET", "/specializations").then(orUnavailable),
  ]);
  return {
    kind: "applicant" as const,
    profile,
    specialist: application?.jalur_id === "SPE",
    institutions: institutions.data,
    specializations: specializations.data,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requireUser(request, context, { roles: [ROLE.APPLICANT, ROLE.ADMIN_FASYANKES] });
  if (roleOf(me) === ROLE.ADMIN_FASYANKES) return submitFacilityPersonalData(await request.formData(), context, request);
  const texts = await formTextsFor(request);
  const formData = await request.formData();
  const dateErrors = readDateFields(formData, ["birth_date"], texts);
  const submission = parseWithZod(formData, { schema: profileSchema(new Date()), formatError: await formErrorsFor(request) });
  if (submission.status !== "success" || dateErrors) return data(submission.reply(dateErrors && { fieldErrors: dateErrors }), { status: 400 });
  const token = await accessToken(context);
  // The API parses the same schema, whose graduation_year takes the form's string: it gets what the form sent.
  const body = sentFields<ApiBody<"PUT", "/me/profile">>(submission);
  const r = await context.api.call("PUT", "/me/profile", { token, body });
  if (!r.ok) return refusal(submission, r);
  return redirect("/", {
    headers: { "Set-Cookie": await toastCookie({ severity: "success", message: (await i18next.getFixedT(request, "applicant"))("toast.personalDataSaved") }) },
  });
}

/** The profile as the form's first values: numbers as the strings a form sends, nulls left out. */
function defaults(profile: Profile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(profile)) if (v !== null && v !== undefined && typeof v !== "boolean") out[k] = String(v);
  return out;
}

/** /personal-data: the applicant's biodata (DESIGN §4.3), or the facility admin's data (role 8). */
export default function PersonalData() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (loaded.kind === "facility") {
    return <FacilityPersonalData data={loaded.facility} editable={loaded.editable} positions={loaded.positions} lastResult={lastResult} />;
  }
  return <ApplicantPersonalData loaded={loaded} lastResult={lastResult} />;
}

function ApplicantPersonalData({
  loaded,
  lastResult,
}: {
  loaded: Extract<SerializeFrom<typeof loader>, { kind: "applicant" }>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("applicant");
  const { profile, specialist, institutions, specializations } = loaded;
  const [form, fields] = useForm<FormInput<"profile">>({
    id: "personal-data",
    lastResult,
    defaultValue: defaults(profile),
    ...useLiveValidation(profileRules, readDateParts),
  });
  const summary = PROFILE_FIELD_NAMES.filter((k) => k !== "photo" && (k !== "specialization_id" || specialist)).map((k) => ({
    meta: fields[k as Exclude<ProfileFieldName, "photo">],
    label: t(`personal.fields.${k}`),
  }));
  return (
    <>
      <h1>{t("personal.title")}</h1>
      <p>{t("personal.lead")}</p>
      <p>{profile.complete ? t("personal.complete") : t("personal.incomplete")}</p>
      <section className={ui.card} aria-labelledby="photo-title">
        <h2 id="photo-title">{t("personal.photo")}</h2>
        <p>{profile.photo_file_id ? t("personal.photoCurrent") : t("personal.photoNone")}</p>
        <Link to="/personal-data/upload-file">{t("personal.photoLink")}</Link>
      </section>
      <section className={ui.card}>
        <ErrorSummary form={form} fields={summary} />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <ProfileFields
            fields={fields}
            own
            afterName={
              <div className={ui.field}>
                <span className={ui.label}>{t("personal.email")}</span>
                <span>{profile.email}</span>
                <span className={ui.hint}>{t("personal.emailHint")}</span>
              </div>
            }
            institutions={institutions}
            specializations={specialist ? specializations : null}
            words={{
              identityType: (v) => t(`personal.identityType.${v}`),
              birthDateHint: t("personal.birthDateHint"),
              specializationHint: t("personal.specializationHint"),
            }}
          />
          <SubmitButton>{t("personal.submit")}</SubmitButton>
        </Form>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
