import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { dataSubject, DATA_EXPORT_PAGE, waitOf } from "~/routes/accounts/__data-export.server";
import { detailPath } from "~/features/registrations/registrations.server";
import { titled } from "~/utils/page-title";
import { formatSize } from "~/components/StatusBadge";
import { accessToken } from "~/utils/api.server";

export const handle = titled((data?: { registration: unknown }) => (data?.registration ? "dataExportFacility" : "dataExport"));

/** The wait of a 429 reaches the browser too (Remix sends only the headers a route names). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const wait = loaderHeaders.get("Retry-After");
  const headers: Record<string, string> = wait ? { "Retry-After": wait } : {};
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const subject = await dataSubject(request, context);
  const wait = waitOf(new URL(request.url));
  const registration = subject.registration;
  const zipHref = `${DATA_EXPORT_PAGE}/zip${registration ? `?id=${encodeURIComponent(registration.id)}` : ""}`;
  // The size goes on the link, so a weak signal knows what it is in for; without it the link still works.
  const token = await accessToken(context);
  const sized = registration
    ? await context.api.call("GET", `/registrations/${encodeURIComponent(registration.id)}/data-export/size`, { token })
    : await context.api.call("GET", "/me/data-export/size", { token });
  const body = {
    registration,
    zipHref,
    size: sized.ok ? sized.body.data.size : null,
    waitMinutes: wait === null ? null : Math.max(1, Math.ceil(wait / 60)),
    back: registration ? detailPath(registration.id) : "/profile",
  };
  // Sent back here by the download past the hour's allowance: the page says so, as a 429 with the wait.
  return wait === null ? body : data(body, { status: 429, headers: { "Retry-After": String(wait) } });
}

/** /profile/unduh-data: what the ZIP of one's data holds, and the link that downloads it (no JavaScript needed). */
export default function DataExportPage() {
  const { t, i18n } = useTranslation("common");
  const { registration, zipHref, size, waitMinutes, back } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{registration ? t("dataExport.facilityTitle", { name: registration.name }) : t("dataExport.title")}</h1>
      {waitMinutes !== null ? (
        <p className={ui.card} role="alert" data-testid="data-export-wait">
          {t("dataExport.wait", { minutes: waitMinutes })}
        </p>
      ) : null}
      <p>{registration ? t("dataExport.facilityLead", { registration: registration.registration_number ?? "—" }) : t("dataExport.lead")}</p>
      <section className={ui.card} aria-labelledby="data-export-holds">
        <h2 id="data-export-holds">{t("dataExport.holdsTitle")}</h2>
        <ul>
          <li>{t("dataExport.holds.account")}</li>
          <li>{t("dataExport.holds.personal")}</li>
          <li>{t("dataExport.holds.applications")}</li>
          <li>{t("dataExport.holds.accessLog")}</li>
          <li>{t("dataExport.holds.documents")}</li>
          <li>{t("dataExport.holds.index")}</li>
        </ul>
        <p>{t("dataExport.recorded")}</p>
        <p>
          <a href={zipHref} className={ui.button} download>
            {size === null
              ? t("dataExport.download")
              : t(registration ? "dataExport.downloadSized" : "dataExport.downloadMine", { size: formatSize(size, i18n.language) })}
          </a>
        </p>
        <p className={ui.muted}>{t("dataExport.resumeHint")}</p>
      </section>
      <p>
        <Link to={back}>{t("dataExport.back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
