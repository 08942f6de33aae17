import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PATHWAYS } from "#domain/constants";
import { DataTable } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { requirementsIn } from "~/utils/api.server";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";

export const handle = titled("requirements");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const r = await context.api.call("GET", "/document-requirements");
  if (!r.ok) throw new Response(r.error.message, { status: 503 });
  return { requirements: requirementsIn(r.body.data, context.api.language) };
}

/** /evaluation-requirements: the required documents of each pathway, rendered from the data (spec §5). */
export default function EvaluationRequirements() {
  const { t } = useTranslation();
  const { requirements } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("requirements.title")}</h1>
      <p>{t("requirements.lead")}</p>
      {PATHWAYS.CODES.map((jalur) => (
        <section key={jalur} className={ui.card} aria-labelledby={`jalur-${jalur}`}>
          <h2 id={`jalur-${jalur}`}>{t(`requirements.jalur.${jalur}`)}</h2>
          <DataTable
            caption={t(`requirements.jalur.${jalur}`)}
            captionClassName="visually-hidden"
            scrollClassName=""
            rows={requirements.filter((r) => r.jalur_id === jalur)}
            columns={[
              { header: "#", cell: (r) => r.order_num },
              {
                header: t("requirements.document"),
                cell: (r) => (
                  <>
                    {r.name}
                    <br />
                    <span className={ui.hint}>{r.help_text}</span>
                  </>
                ),
              },
              { header: t("requirements.types"), cell: (r) => r.allowed_extnames.toUpperCase().split(",").join(", ") },
              { header: t("requirements.maxSize"), cell: (r) => `${r.max_size} MB${r.merged ? ` — ${t("requirements.merged")}` : ""}` },
            ]}
          />
        </section>
      ))}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
