import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ReferenceListPage } from "~/routes/admin/__admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceListAction, referenceListLoader } from "~/routes/admin/__admin-reference.server";
import { titled } from "~/utils/page-title";

export const handle = titled("institutionList");

export const loader = (args: LoaderFunctionArgs) => referenceListLoader("institution", args);
export const action = (args: ActionFunctionArgs) => referenceListAction("institution", args);

/** /institution-list. */
export default function Page() {
  return <ReferenceListPage kind="institution" base="/institution-list" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
