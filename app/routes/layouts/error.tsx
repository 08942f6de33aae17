import { ErrorScreen, GeneralErrorBoundary } from "~/components/ErrorScreen";
import { titled } from "~/utils/page-title";

export const handle = titled("error");

/** spec §2 "/error": the error screen as a page of its own. */
export default function ErrorPage() {
  return <ErrorScreen />;
}

export const ErrorBoundary = GeneralErrorBoundary;
