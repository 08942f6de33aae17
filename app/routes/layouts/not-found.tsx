import { ERROR_SCREEN } from "#domain/constants";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { titled } from "~/utils/page-title";

export const handle = titled("notFound");

/** Unknown routes answer 404 'This page could not be found' (spec §8). */
export function loader() {
  throw new Response(ERROR_SCREEN.NOT_FOUND, { status: 404 });
}

export function action() {
  throw new Response(ERROR_SCREEN.NOT_FOUND, { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
