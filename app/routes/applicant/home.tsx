import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/StatusBadge";
import * as a from "~/routes/applicant/applicant.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { currentApplication, myProfile } from "~/routes/applicant/applicant.server";
import { guardApplicantArea } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";

export const handle = titled("applicationHome", { faq: "index" });

type Step = "personal" | "pathway" | "documents" | "submission" | "status";

const ACTION_PATH: Record<Step | "reupload", string> = {
  personal: "/personal-data",
  pathway: "/registration-path",
  documents: "/submission-form/adaptation-form",
  submission: "/submission-form/adaptation-form",
  status: "/application-status",
  reupload: "/submission-form/reupload-form",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await guardApplicantArea(request, context);
  const [profile, application] = await Promise.all([myProfile(context), currentApplication(context)]);
  const steps: Array<{ step: Step; done: boolean }> = [
    { step: "personal", done: profile.complete },
    { step: "pathway", done: Boolean(application) },
    { step: "documents", done: Boolean(application) && application!.missing.length === 0 },
    { step: "submission", done: Boolean(application?.is_submitted) },
    { step: "status", done: Boolean(application?.is_submitted) },
  ];
  // The status step is never "next": once submitted, the next action is following the status (or a reupload).
  const next: Step | "reupload" =
    application?.status === "REUPLOAD" ? "reupload" : (steps.find((s) => !s.done && s.step !== "status")?.step ?? "status");
  return { name: me.user.full_name, steps, next, label: application?.label ?? null, missing: application?.missing.length ?? null };
}

/** "/" for role 3: the applicant's workspace — the steps, what is done, the status label and the next action (DESIGN §4.2). */
export default function ApplicantHome() {
  const { t } = useTranslation("applicant");
  const { name, steps, next, label, missing } = useLoaderData<typeof loader>();
  return (
    <>
      <section className={ui.hero} aria-labelledby="home-title">
        <h1 id="home-title">{t("workspace.greeting", { name })}</h1>
        <p>{t("workspace.lead")}</p>
        <p>
          {t("workspace.status")}:{" "}
          {label ? <StatusBadge label={label.label} colour={label.colour} fallback="—" /> : <StatusBadge label={null} colour="none" fallback={t("workspace.noApplication")} />}
        </p>
        <p>
          {t("workspace.next")}: <Link to={ACTION_PATH[next]} className={ui.button}>{t(`workspace.actions.${next}`)}</Link>
        </p>
      </section>
      <section className={ui.card} aria-labelledby="steps-title">
        <h2 id="steps-title">{t("workspace.title")}</h2>
        <ol className={ui.checklist}>
          {steps.map(({ step, done }, i) => (
            <li key={step} className={a.step}>
              <span>{i + 1}.</span>
              <Link to={ACTION_PATH[step]}>
                <strong>{t(`workspace.steps.${step}`)}</strong>
              </Link>
              <span>—</span>
              {done ? <span className={a.stepDone}>✓ {t("workspace.done")}</span> : <span className={ui.muted}>{t("workspace.todo")}</span>}
              {step === "documents" && !done && missing ? <span className={ui.muted}>({t("workspace.missingCount", { count: missing })})</span> : null}
            </li>
          ))}
        </ol>
      </section>
      <section className={ui.card} aria-labelledby="info-title">
        <h2 id="info-title">{t("workspace.infoTitle")}</h2>
        <ul>
          <li><Link to="/evaluation-requirements">{t("workspace.infoRequirements")}</Link></li>
          <li><Link to="/test-schedule">{t("workspace.infoSchedule")}</Link></li>
        </ul>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
