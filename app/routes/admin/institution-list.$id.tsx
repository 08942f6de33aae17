import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "#domain/menu";
import { ReferenceEntryPage } from "~/routes/admin/admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceEntryAction, referenceEntryLoader } from "~/routes/admin/admin-reference.server";

export const meta: MetaFunction = () => [{ title: `Pengaturan Daftar Institusi — ${PRODUCT_NAME}` }];

export const loader = (args: LoaderFunctionArgs) => referenceEntryLoader("institution", args);
export const action = (args: ActionFunctionArgs) => referenceEntryAction("institution", args);

/** /institution-list/:id. */
export default function Page() {
  return <ReferenceEntryPage kind="institution" base="/institution-list" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
