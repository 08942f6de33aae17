import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "#domain/menu";
import { ReferenceListPage } from "~/routes/admin/admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceListAction, referenceListLoader } from "~/routes/admin/admin-reference.server";

export const meta: MetaFunction = () => [{ title: `Master Jabatan — ${PRODUCT_NAME}` }];

export const loader = (args: LoaderFunctionArgs) => referenceListLoader("position", args);
export const action = (args: ActionFunctionArgs) => referenceListAction("position", args);

/** /master-position. */
export default function Page() {
  return <ReferenceListPage kind="position" base="/master-position" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
