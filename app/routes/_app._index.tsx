import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "#domain/menu";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { guardApplicantArea } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: `Permohonan Adaptasi — ${PRODUCT_NAME}` }];
export const handle = { faq: "index" };

const STEPS = ["personal", "pathway", "documents", "submission", "status"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await guardApplicantArea(request, context);
  return { name: me.user.full_name, foreign: me.user.is_foreign };
}

/** "/" for role 3: the applicant's adaptation workspace (spec §2, DESIGN §4). */
export default function ApplicantHome() {
  const { t } = useTranslation();
  const { name } = useLoaderData<typeof loader>();
  return (
    <>
      <section className={ui.hero} aria-labelledby="home-title">
        <h1 id="home-title">{t("applicant.greeting", { name })}</h1>
        <p>{t("applicant.lead")}</p>
        <p>
          {t("applicant.status")}: <span className={`${ui.badge} ${ui.badgeColour.none}`}>{t("applicant.noApplication")}</span>
        </p>
      </section>
      <section className={ui.card} aria-labelledby="steps-title">
        <h2 id="steps-title">{t("applicant.title")}</h2>
        <ol className={ui.checklist}>
          {STEPS.map((step, i) => (
            <li key={step}>
              {i + 1}. <strong>{t(`applicant.steps.${step}`)}</strong> — <span className={ui.muted}>{t("applicant.todo")}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className={ui.card} aria-labelledby="info-title">
        <h2 id="info-title">{t("applicant.infoTitle")}</h2>
        <ul>
          <li><Link to="/evaluation-requirements">{t("applicant.infoRequirements")}</Link></li>
          <li><Link to="/test-schedule">{t("applicant.infoSchedule")}</Link></li>
        </ul>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
