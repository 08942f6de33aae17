import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ReferenceEntryPage } from "~/routes/admin/admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceEntryAction, referenceEntryLoader } from "~/routes/admin/admin-reference.server";
import { titled } from "~/utils/page-title";

export const handle = titled("institutionList");

export const loader = (args: LoaderFunctionArgs) => referenceEntryLoader("institution", args);
export const action = (args: ActionFunctionArgs) => referenceEntryAction("institution", args);

/** /institution-list/:id. */
export default function Page() {
  return <ReferenceEntryPage kind="institution" base="/institution-list" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
