import { MONITORING } from "#domain/constants";

// Error reporting (spec §1): Sentry starts only when a DSN is configured, and its code is loaded
// only then, so pages without it stay light.
type SentryLike = { captureException: (e: unknown) => void };

declare global {
  interface Window {
    __sentry?: SentryLike;
    ENV?: { SENTRY_DSN?: string; SENTRY_RELEASE?: string };
  }
}

export async function startClientMonitoring(dsn: string | undefined, release?: string): Promise<void> {
  if (!dsn || typeof window === "undefined") return;
  const Sentry = await import("@sentry/remix");
  Sentry.init({
    dsn,
    release,
    tracesSampleRate: MONITORING.TRACES_SAMPLE_RATE,
    replaysSessionSampleRate: MONITORING.REPLAYS_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: MONITORING.REPLAYS_ON_ERROR_SAMPLE_RATE,
    integrations: [Sentry.replayIntegration({ maskAllInputs: MONITORING.MASK_ALL_INPUTS, maskAllText: false })],
  });
  window.__sentry = Sentry;
}

/** Reports an error caught by an error boundary in the browser; the server reports in handleError. */
export function reportBoundaryError(error: unknown): void {
  if (typeof window !== "undefined") window.__sentry?.captureException(error);
}
