import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { roleOf } from "#domain/auth-user";
import { ROLE } from "#domain/roles";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { LabelCounts, NextStep, RecentActivity } from "~/routes/facility/__dashboard";
import { VerificationBadge } from "~/features/facilities/FacilityProfile";
import * as ui from "~/components/ui.css";
import { loadFacilityDashboard } from "~/features/facilities/facility.server";
import { guardDashboard } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";

export const handle = titled("facilityHome");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await guardDashboard(request, context);
  // Role 400 may open the dashboard too (spec §2) but has no facility to show.
  const dashboard = roleOf(me) === ROLE.ADMIN_FASYANKES ? await loadFacilityDashboard(context) : null;
  return { name: me.user.full_name, dashboard };
}

/** "/dashboard" ('Beranda') for role 8: the facility's verification state, its registrations by label and recent activity. */
export default function Dashboard() {
  const { t } = useTranslation("facility");
  const { name, dashboard } = useLoaderData<typeof loader>();
  if (!dashboard) {
    return (
      <>
        <h1>{t("dashboard.title")}</h1>
        <p>{t("dashboard.greeting", { name })}</p>
      </>
    );
  }
  const { state, reason } = dashboard;
  return (
    <>
      <h1>{t("dashboard.title")}</h1>
      <section className={ui.card} aria-labelledby="verification-title">
        <h2 id="verification-title">{t("dashboard.greeting", { name })}</h2>
        <p>
          {t("dashboard.verification")}: <VerificationBadge state={state} />
        </p>
        {state === "rejected" && reason ? <p>{t("dashboard.rejectedReason", { reason })}</p> : null}
        <NextStep state={state} />
      </section>
      <section className={ui.card} aria-labelledby="counts-title">
        <h2 id="counts-title">{t("dashboard.countsTitle")}</h2>
        <LabelCounts dashboard={dashboard} />
      </section>
      <section className={ui.card} aria-labelledby="recent-title">
        <h2 id="recent-title">{t("dashboard.recentTitle")}</h2>
        <RecentActivity recent={dashboard.recent} />
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
