import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ReferenceListPage } from "~/routes/admin/__admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceListAction, referenceListLoader } from "~/routes/admin/__admin-reference.server";
import { titled } from "~/utils/page-title";

export const handle = titled("masterPosition");

export const loader = (args: LoaderFunctionArgs) => referenceListLoader("position", args);
export const action = (args: ActionFunctionArgs) => referenceListAction("position", args);

/** /master-position. */
export default function Page() {
  return <ReferenceListPage kind="position" base="/master-position" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
