import type { LoaderFunctionArgs } from "@remix-run/node";
import { roleOf } from "#domain/auth-user";
import { requireUser } from "~/utils/guards.server";
import { parseListQuery } from "~/routes/review/__review-query";
import { exportCsv, reviewArea } from "~/routes/review/__review.server";

// /application/export and /application-list/export: the CSV of the list's query, streamed from the API
// (GET /review/applications.csv) without the portal holding it.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const area = reviewArea(request);
  const me = await requireUser(request, context, { roles: area.roles });
  const { query } = parseListQuery(new URL(request.url).searchParams, roleOf(me));
  return exportCsv(context, query);
}
