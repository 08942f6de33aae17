import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "#domain/menu";
import { ReferenceListPage } from "~/routes/admin/admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceListAction, referenceListLoader } from "~/routes/admin/admin-reference.server";

export const meta: MetaFunction = () => [{ title: `Pengaturan Daftar Institusi — ${PRODUCT_NAME}` }];

export const loader = (args: LoaderFunctionArgs) => referenceListLoader("institution", args);
export const action = (args: ActionFunctionArgs) => referenceListAction("institution", args);

/** /institution-list. */
export default function Page() {
  return <ReferenceListPage kind="institution" base="/institution-list" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
