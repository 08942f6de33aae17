import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ReferenceEntryPage } from "~/routes/admin/__admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceEntryAction, referenceEntryLoader } from "~/routes/admin/__admin-reference.server";
import { titled } from "~/utils/page-title";

// The title begins with the entry's name, as its heading does.
export const handle = titled((data?: { entry: { name: string } }) => ({ key: "institutionList", subject: data?.entry.name }));

export const loader = (args: LoaderFunctionArgs) => referenceEntryLoader("institution", args);
export const action = (args: ActionFunctionArgs) => referenceEntryAction("institution", args);

/** /institution-list/:id. */
export default function Page() {
  return <ReferenceEntryPage kind="institution" base="/institution-list" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
