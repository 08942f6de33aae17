import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OnlySpe } from "~/routes/applicant/__OnlySpe";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as f from "~/components/forms.css";
import * as ui from "~/components/ui.css";
import { accessToken } from "~/utils/api.server";
import { portfolio, speApplication } from "~/routes/applicant/__applicant.server";
import { requireUser } from "~/utils/guards.server";
import { toastCookie } from "~/utils/session.server";
import { APPLICANT_ROLES } from "#domain/roles";
import { titled } from "~/utils/page-title";
import { i18next } from "~/utils/i18n.server";

export const handle = titled("portfolio");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await speApplication(context);
  if (!application) return { spe: false as const };
  return { spe: true as const, ...(await portfolio(context, application.id)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: APPLICANT_ROLES });
  const application = await speApplication(context);
  if (!application) throw redirect("/portfolio");
  const index = Number((await request.formData()).get("index"));
  const current = await portfolio(context, application.id);
  const token = await accessToken(context);
  const r = await context.api.call("PUT", `/applications/${application.id}/portfolio`, {
    token,
    body: { entries: current.entries.filter((_, i) => i !== index) },
  });
  if (!r.ok) return data({ error: r.error.message }, { status: r.status >= 500 ? 503 : 400 });
  return redirect("/portfolio", {
    headers: { "Set-Cookie": await toastCookie({ severity: "success", message: (await i18next.getFixedT(request, "applicant"))("toast.portfolioSaved") }) },
  });
}

/** /portfolio: the SPE applicant's portfolio entries (DESIGN §4.8); /portfolio/form adds one. */
export default function Portfolio() {
  const { t } = useTranslation("applicant");
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!loaded.spe) {
    return <OnlySpe title={t("portfolio.title")} message={t("portfolio.onlySpe")} />;
  }
  return (
    <>
      <h1>{t("portfolio.title")}</h1>
      <p>{t("portfolio.lead")}</p>
      {result?.error ? (
        <div className={ui.errorSummary} role="alert">
          <p className={ui.flush}>{result.error}</p>
        </div>
      ) : null}
      <section className={ui.card}>
        {loaded.entries.length === 0 ? (
          <p>{t("portfolio.empty")}</p>
        ) : (
          <ul className={ui.checklist}>
            {loaded.entries.map((entry, i) => (
              <li key={`${entry.title}-${i}`}>
                <Form method="post" className={ui.row}>
                  <span>
                    <strong>{entry.title}</strong> — {entry.kind}
                    {entry.institution ? `, ${entry.institution}` : ""}
                    {entry.year ? ` (${entry.year})` : ""}
                    {entry.description ? <span className={ui.hint}> {entry.description}</span> : null}
                  </span>
                  <input type="hidden" name="index" value={i} />
                  <button type="submit" className={f.linkButton} aria-label={t("achievement.removeNamed", { title: entry.title })}>
                    {t("achievement.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Link to="/portfolio/form" className={ui.button}>
          {t("portfolio.add")}
        </Link>
      </section>
      <p>
        <Link to="/portfolio/additional-requirements">{t("portfolio.additionalLink")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
