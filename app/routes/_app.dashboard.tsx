import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "#domain/menu";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { guardDashboard } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: `Beranda — ${PRODUCT_NAME}` }];

type VerificationState = "verified" | "pending" | "rejected" | "notSubmitted";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await guardDashboard(request, context);
  const first = me.userVerification[0];
  const state: VerificationState = me.user.is_hospital_verified
    ? "verified"
    : !first
      ? "notSubmitted"
      : first.is_rejected
        ? "rejected"
        : first.is_approved
          ? "verified"
          : "pending";
  return { name: me.user.full_name, state, reason: first?.reason ?? null };
}

const COLOUR: Record<VerificationState, keyof typeof ui.badgeColour> = { verified: "green", pending: "yellow", rejected: "red", notSubmitted: "none" };
const NEXT: Record<VerificationState, string> = { verified: "nextVerified", pending: "nextPending", rejected: "nextRejected", notSubmitted: "nextNotSubmitted" };

/** "/dashboard" ('Beranda') for role 8: the facility's verification state and what to do next. */
export default function Dashboard() {
  const { t } = useTranslation();
  const { name, state, reason } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("dashboard.title")}</h1>
      <section className={ui.card} aria-labelledby="verification-title">
        <h2 id="verification-title">{t("dashboard.greeting", { name })}</h2>
        <p>
          {t("dashboard.verification")}: <span className={`${ui.badge} ${ui.badgeColour[COLOUR[state]]}`}>{t(`dashboard.${state}`)}</span>
        </p>
        {state === "rejected" && reason ? <p>{t("dashboard.rejectedReason", { reason })}</p> : null}
        <p>{t(`dashboard.${NEXT[state]}`)}</p>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
