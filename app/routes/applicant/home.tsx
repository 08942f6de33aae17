import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isClosed } from "#domain/workflow";
import { PlainBadge, StatusBadge } from "~/components/StatusBadge";
import * as a from "~/routes/applicant/__applicant.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { currentSummary, myProfile } from "~/routes/applicant/__applicant.server";
import { guardApplicantArea } from "~/utils/guards.server";
import { i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";

// The title begins with the greeting the heading says ("Halo, dr. … — Permohonan Adaptasi — …").
export const handle = titled((data?: { greeting: string }) => ({ key: "applicationHome", subject: data?.greeting }), { faq: "index" });

type Step = "personal" | "pathway" | "documents" | "submission" | "status";
/** Where the status step stands once the application is sent. */
type StepState = "inReview" | "reuploadAsked" | "decided";

/** The steps each step needs first: until they are done its page only sends the applicant elsewhere. */
const NEEDS: Record<Step, Step[]> = {
  personal: [],
  pathway: [],
  documents: ["pathway"],
  submission: ["personal", "pathway", "documents"],
  status: ["submission"],
};

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
  const [profile, application] = await Promise.all([myProfile(context), currentSummary(context)]);
  // The status step is done only when the file is closed for good: while it is under review (or waits
  // for corrected files) it says so, never "Selesai".
  const closed =
    Boolean(application) && isClosed({ is_submitted: application!.is_submitted, status: application!.status, stage_id: application!.tahap?.id ?? null });
  const statusState: StepState | undefined = !application?.is_submitted
    ? undefined
    : application.status === "REUPLOAD"
      ? "reuploadAsked"
      : closed
        ? "decided"
        : "inReview";
  const progress: Array<{ step: Step; done: boolean; state?: StepState }> = [
    { step: "personal", done: profile.complete },
    { step: "pathway", done: Boolean(application) },
    { step: "documents", done: Boolean(application) && application!.missing_count === 0 },
    { step: "submission", done: Boolean(application?.is_submitted) },
    { step: "status", done: closed, state: statusState },
  ];
  const isDone = (step: Step) => progress.some((s) => s.step === step && s.done);
  // A step not done whose prerequisites are missing cannot start yet: it names the first one to finish.
  const steps = progress.map((s) => ({ ...s, waitsFor: s.done ? undefined : NEEDS[s.step].find((need) => !isDone(need)) }));
  // The status step is never "next": once submitted, the next action is following the status (or a reupload).
  const next: Step | "reupload" = application?.status === "REUPLOAD" ? "reupload" : (steps.find((s) => !s.done && s.step !== "status")?.step ?? "status");
  const greeting = (await i18next.getFixedT(request, "applicant"))("workspace.greeting", { name: me.user.full_name });
  return {
    greeting,
    steps,
    next,
    application: application
      ? { label: application.label, status: application.status, is_submitted: application.is_submitted, tahap: application.tahap }
      : null,
    missing: application?.missing_count ?? null,
  };
}

/** "/" for role 3: the applicant's workspace — the steps, what is done, the status label and the next action (DESIGN §4.2). */
export default function ApplicantHome() {
  const { t } = useTranslation("applicant");
  const { greeting, steps, next, application, missing } = useLoaderData<typeof loader>();
  return (
    <>
      <section className={ui.hero} aria-labelledby="home-title">
        <h1 id="home-title">{greeting}</h1>
        <p>{t("workspace.lead")}</p>
        <p>
          {t("workspace.status")}: {application ? <StatusBadge of={application} /> : <PlainBadge text={t("workspace.noApplication")} />}
        </p>
        <p>
          {t("workspace.next")}:{" "}
          <Link to={ACTION_PATH[next]} className={ui.button}>
            {t(`workspace.actions.${next}`)}
          </Link>
        </p>
      </section>
      <section className={ui.card} aria-labelledby="steps-title">
        <h2 id="steps-title">{t("workspace.title")}</h2>
        <ol className={ui.checklist}>
          {steps.map(({ step, done, state, waitsFor }, i) => (
            // The step's name, then its state on a line of its own: on a phone nothing wraps under the number or dangles.
            <li key={step} className={a.step}>
              <span>{i + 1}.</span>
              {waitsFor ? (
                <strong>{t(`workspace.steps.${step}`)}</strong>
              ) : (
                <Link to={ACTION_PATH[step]}>
                  <strong>{t(`workspace.steps.${step}`)}</strong>
                </Link>
              )}
              <span className={a.stepState}>
                {waitsFor ? (
                  <span className={ui.muted}>
                    {t("workspace.notYet", { step: steps.findIndex((s) => s.step === waitsFor) + 1, name: t(`workspace.steps.${waitsFor}`) })}
                  </span>
                ) : state ? (
                  <span className={done ? a.stepDone : ui.muted}>
                    {done ? "✓ " : null}
                    {t(`workspace.${state}`)}
                  </span>
                ) : done ? (
                  <span className={a.stepDone}>✓ {t("workspace.done")}</span>
                ) : (
                  <span className={ui.muted}>{t("workspace.todo")}</span>
                )}
                {step === "documents" && !done && missing ? <span className={ui.muted}> ({t("workspace.missingCount", { count: missing })})</span> : null}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section className={ui.card} aria-labelledby="info-title">
        <h2 id="info-title">{t("workspace.infoTitle")}</h2>
        <ul>
          <li>
            <Link to="/evaluation-requirements">{t("workspace.infoRequirements")}</Link>
          </li>
          <li>
            <Link to="/test-schedule">{t("workspace.infoSchedule")}</Link>
          </li>
          <li>
            <Link to="/waktu-proses">{t("processingTimes.link", { ns: "common" })}</Link>
          </li>
        </ul>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
