import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ReferenceListPage } from "~/routes/admin/__admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceListAction, referenceListLoader } from "~/routes/admin/__admin-reference.server";
import { titled } from "~/utils/page-title";

export const handle = titled("specializationList");

export const loader = (args: LoaderFunctionArgs) => referenceListLoader("specialization", args);
export const action = (args: ActionFunctionArgs) => referenceListAction("specialization", args);

/** /specialization-list. */
export default function Page() {
  return <ReferenceListPage kind="specialization" base="/specialization-list" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
