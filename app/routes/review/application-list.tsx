import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ReviewListPage } from "~/routes/review/__review-list";
import { requireUser } from "~/utils/guards.server";
import { REVIEW_AREAS } from "~/routes/review/__review-query";
import { loadReviewList, reviewArea } from "~/routes/review/__review.server";
import { titled } from "~/utils/page-title";
import type { HydrationHandle } from "~/utils/hydration";

// Both review lists (DESIGN §3, §4 "Review bodies"): /application, the adaptation applications of
// roles 1, 5, 6, 7, and /application-list, the applications of roles 2 and 4. The address says which,
// as it does for the detail page under each.
// Served without hydration (docs/decisions/035-lists-without-hydration.md): tabs, filters and pager are links
// and a GET form, the same with JavaScript as without.
export const handle = titled(
  (data?: { area?: { base: string } }) => (data?.area?.base === REVIEW_AREAS.list.base ? "applicationList" : "adaptationApplicationList"),
  { hydrate: false } satisfies HydrationHandle,
);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const area = reviewArea(request);
  const me = await requireUser(request, context, { roles: area.roles });
  return loadReviewList(request, context, me, area);
}

export default function ReviewApplicationList() {
  const { t } = useTranslation("review");
  const data = useLoaderData<typeof loader>();
  return <ReviewListPage data={data} title={t(`list.${data.area.title}`)} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
