import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ReviewListPage } from "~/routes/review/review-list";
import { requireUser } from "~/utils/guards.server";
import { REVIEW_AREAS } from "~/routes/review/review-query";
import { loadReviewList } from "~/routes/review/review.server";
import { titled } from "~/utils/page-title";

export const handle = titled("adaptationApplicationList");

const AREA = REVIEW_AREAS.adaptation;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireUser(request, context, { roles: AREA.roles });
  return loadReviewList(request, context, me, AREA);
}

/** /application: the adaptation application list of roles 1, 5, 6, 7 (DESIGN §3, §4 "Review bodies"). */
export default function ApplicationList() {
  const { t } = useTranslation("review");
  const data = useLoaderData<typeof loader>();
  return <ReviewListPage data={data} title={t("list.adaptationTitle")} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
