import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ReferenceEntryPage } from "~/routes/admin/__admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceEntryAction, referenceEntryLoader } from "~/routes/admin/__admin-reference.server";
import { titled } from "~/utils/page-title";

// The title begins with the entry's name, as its heading does.
export const handle = titled((data?: { entry: { name: string } }) => ({ key: "masterPosition", subject: data?.entry.name }));

export const loader = (args: LoaderFunctionArgs) => referenceEntryLoader("position", args);
export const action = (args: ActionFunctionArgs) => referenceEntryAction("position", args);

/** /master-position/:id. */
export default function Page() {
  return <ReferenceEntryPage kind="position" base="/master-position" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
