import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PATHWAYS } from "#domain/constants";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import * as w from "~/routes/accounts/__welcome.css";
import { formatDate } from "~/utils/format";
import { requireAnonymous } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";

export const handle = titled("welcome", { faq: "index" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  // Edited on /master-cms and read fresh, so a change shows at once; without the API, the built-in texts.
  const r = await context.api.call("GET", "/cms/welcome");
  return { content: r.ok ? r.body.data : null };
}

/** The page for users who are not logged in (spec §1, §2). */
export default function Welcome() {
  const { t } = useTranslation();
  const { content } = useLoaderData<typeof loader>();
  const announcements = content?.announcements ?? [];
  const steps = t("welcome.steps", { returnObjects: true }) as string[];
  return (
    <>
      <section className={ui.hero} aria-labelledby="welcome-title">
        <h1 id="welcome-title">{content?.welcome.title ?? t("welcome.title")}</h1>
        <p>{content?.welcome.lead ?? t("welcome.lead")}</p>
        <div className={w.ctas}>
          <div className={w.cta}>
            <h2 className={w.ctaTitle}>{t("welcome.citizenTitle")}</h2>
            <div className={ui.row}>
              <Link to="/login" className={ui.button}>
                {t("welcome.ctaCitizen")}
              </Link>
              <Link to="/sign-up" className={ui.secondaryButton} aria-label={t("welcome.signUpCitizenLabel")}>
                {t("welcome.signUp")}
              </Link>
            </div>
          </div>
          <div className={w.cta}>
            <h2 className={w.ctaTitle}>{t("welcome.foreignTitle")}</h2>
            <div className={ui.row}>
              <Link to="/wna/login" className={ui.button}>
                {t("welcome.ctaForeign")}
              </Link>
              <Link to="/wna/sign-up/welcome" className={ui.secondaryButton} aria-label={t("welcome.signUpForeignLabel")}>
                {t("welcome.signUp")}
              </Link>
            </div>
          </div>
        </div>
      </section>
      <section className={ui.card} aria-labelledby="steps-title">
        <h2 id="steps-title">{t("welcome.stepsTitle")}</h2>
        <ol>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p>
          <Link to="/waktu-proses">{t("processingTimes.link")}</Link>
        </p>
        <p>
          <Link to="/verifikasi">{t("verify.link")}</Link>
        </p>
      </section>
      <section className={ui.card} aria-labelledby="pathways-title">
        <h2 id="pathways-title">{t("welcome.pathwaysTitle")}</h2>
        <ul>
          {PATHWAYS.CODES.map((code) => (
            <li key={code}>
              <strong>{code}</strong> — {t(`welcome.pathways.${code}`)}
            </li>
          ))}
        </ul>
      </section>
      <section id="pengumuman" className={ui.card} aria-labelledby="announcements-title">
        <h2 id="announcements-title">{t("welcome.announcementsTitle")}</h2>
        {announcements.length === 0 ? (
          <p>{t("welcome.announcementsEmpty")}</p>
        ) : (
          announcements.map((n) => (
            <article key={n.id} aria-labelledby={`pengumuman-${n.id}`}>
              <h3 id={`pengumuman-${n.id}`}>{n.title}</h3>
              <p className={ui.hint}>
                <time dateTime={n.published_at}>{formatDate(n.published_at)}</time>
              </p>
              {n.body.split(/\n+/).map((line, i) => (
                <p key={i}>{line}</p>
              ))}
            </article>
          ))
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
