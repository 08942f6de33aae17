import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Component, useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ERROR_SCREEN } from "#domain/constants";
import { reportBoundaryError } from "~/utils/monitoring";
import * as ui from "./ui.css";

/** Spec §2 "Error screen". */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="error-title">
      <h1 id="error-title">{t("error.message", ERROR_SCREEN.MESSAGE)}</h1>
      <Link to="/" className={ui.button}>
        {t("error.button", ERROR_SCREEN.BUTTON)}
      </Link>
    </section>
  );
}

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="error-title">
      <h1 id="error-title">{t("error.notFound", ERROR_SCREEN.NOT_FOUND)}</h1>
      <p>{t("error.notFoundHint")}</p>
      <Link to="/" className={ui.button}>
        {t("error.button", ERROR_SCREEN.BUTTON)}
      </Link>
    </section>
  );
}

/**
 * The one error boundary every route uses (CONVENTIONS habit 6): 404 → 'This page could not be found',
 * 403 → a clear refusal, 503 (the API or its database cannot answer) → "try again in a moment", anything
 * else → the spec's error screen, reported to Sentry.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    if (status >= 500) reportBoundaryError(error);
  }, [error, status]);
  if (status === 404) return <NotFoundScreen />;
  // 403: a refusal, back to the start; 503: the API or its database cannot answer, this page again.
  if (status === 403 || status === 503) {
    return (
      <section className={ui.card} aria-labelledby="error-title">
        <h1 id="error-title">{t(status === 403 ? "error.forbidden" : "error.unavailable")}</h1>
        <a href={status === 403 ? "/" : ""} className={ui.button}>
          {t(status === 403 ? "error.button" : "error.retry")}
        </a>
      </section>
    );
  }
  return <ErrorScreen />;
}

/** spec §8 "Error while showing the error page": a generic fallback with a link home. */
export class SafeBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    reportBoundaryError(error);
  }
  render() {
    if (this.state.failed) {
      return (
        <main id="main">
          <p>Terjadi kesalahan yang tidak terduga.</p>
          <a href="/">Ke beranda</a>
        </main>
      );
    }
    return this.props.children;
  }
}
