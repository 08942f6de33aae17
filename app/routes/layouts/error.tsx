import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "#domain/menu";
import { ErrorScreen, GeneralErrorBoundary } from "~/components/ErrorScreen";

export const meta: MetaFunction = () => [{ title: `Terjadi Kesalahan — ${PRODUCT_NAME}` }];

/** spec §2 "/error": the error screen as a page of its own. */
export default function ErrorPage() {
  return <ErrorScreen />;
}

export const ErrorBoundary = GeneralErrorBoundary;
