import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "#domain/menu";
import { ReferenceEntryPage } from "~/routes/admin/admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceEntryAction, referenceEntryLoader } from "~/routes/admin/admin-reference.server";

export const meta: MetaFunction = () => [{ title: `Master Jabatan — ${PRODUCT_NAME}` }];

export const loader = (args: LoaderFunctionArgs) => referenceEntryLoader("position", args);
export const action = (args: ActionFunctionArgs) => referenceEntryAction("position", args);

/** /master-position/:id. */
export default function Page() {
  return <ReferenceEntryPage kind="position" base="/master-position" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
