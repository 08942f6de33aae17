import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "#domain/menu";
import { ReferenceEntryPage } from "~/routes/admin/admin";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { referenceEntryAction, referenceEntryLoader } from "~/routes/admin/admin-reference.server";

export const meta: MetaFunction = () => [{ title: `Pengaturan Daftar Spesialisasi — ${PRODUCT_NAME}` }];

export const loader = (args: LoaderFunctionArgs) => referenceEntryLoader("specialization", args);
export const action = (args: ActionFunctionArgs) => referenceEntryAction("specialization", args);

/** /specialization-list/:id. */
export default function Page() {
  return <ReferenceEntryPage kind="specialization" base="/specialization-list" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
