import type { LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { viewerKind } from "#domain/file-view";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { formatSize } from "~/components/StatusBadge";
import * as d from "~/components/details.css";
import * as ui from "~/components/ui.css";
import * as r from "~/routes/review/__review.css";
import * as v from "~/routes/review/__viewer.css";
import { reviewArea, reviewDetail } from "~/routes/review/__review.server";
import { formatDateTime } from "~/utils/format";
import { defaultT } from "~/utils/i18n.server";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";

// /application/:id/documents/:docId and /application-list/:id/documents/:docId: one document of the
// application (docId = its requirement id) in the document viewer, a page per document. It is the viewer
// without JavaScript and on a phone; its neighbours, its versions (?version=N) and the decision form on the
// detail page are each one link away. Plain links, an <iframe> and an <img>: no script of its own
// (docs/decisions/022-document-viewer.md).

export const handle = titled((data?: { document: { name: string } }) => ({ key: "applicationDocument", subject: data?.document.name }));

async function notFound(): Promise<never> {
  throw new Response((await defaultT("review"))("errors.notFound"), { status: 404 });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const area = reviewArea(request);
  await requireUser(request, context, { roles: area.roles });
  const detail = await reviewDetail(context, params.id ?? "");
  const docs = detail.documents;
  const index = docs.findIndex((doc) => String(doc.requirement_id) === params.docId);
  if (index < 0) return notFound();
  const doc = docs[index];
  const versions = [...doc.versions].sort((a, b) => b.version - a.version);
  const asked = new URL(request.url).searchParams.get("version");
  const shown = asked === null ? (versions.find((v) => v.is_current) ?? versions[0]) : versions.find((v) => String(v.version) === asked);
  if (!shown) return notFound();
  const neighbour = (i: number) => (docs[i] ? { id: docs[i].requirement_id, name: docs[i].name } : null);
  return {
    detailHref: `${area.base}/${encodeURIComponent(detail.application.id)}`,
    number: detail.application.registration_number,
    decides: Boolean(detail.may_decide && detail.open_stage),
    index,
    total: docs.length,
    previous: neighbour(index - 1),
    next: neighbour(index + 1),
    document: { id: doc.requirement_id, name: doc.name },
    versions: versions.map((v) => ({ version: v.version, is_current: v.is_current })),
    shown: { ...shown, kind: viewerKind(shown.detected_type) },
  };
}

export default function ApplicationDocument() {
  const { t } = useTranslation("review");
  const data = useLoaderData<typeof loader>();
  const { detailHref, document: doc, shown } = data;
  const base = `${detailHref}/documents`;
  const inline = `/files/${shown.file_id}?inline=1`;
  const label = t("viewer.frameTitle", { name: `${doc.name} — ${shown.original_name}`, version: shown.version });
  const decision = data.decides ? (
    <a href={`${detailHref}#keputusan`} className={ui.button}>
      {t("decision.skip")}
    </a>
  ) : (
    <Link to={detailHref}>{t("viewer.backToDetail")}</Link>
  );
  return (
    <>
      <p>
        <Link to={detailHref}>{t("viewer.backToDetail")}</Link>
      </p>
      <p className={ui.flush}>
        {t("viewer.counter", { index: data.index + 1, total: data.total })} · <span className={d.number}>{data.number ?? "—"}</span>
      </p>
      <h1 className={v.title}>{doc.name}</h1>
      {data.versions.length > 1 ? (
        <nav aria-label={t("viewer.versions")}>
          <ul className={r.pager}>
            {data.versions.map((each) => (
              <li key={each.version}>
                <Link
                  to={`${base}/${doc.id}?version=${each.version}`}
                  className={r.pageLink}
                  aria-current={each.version === shown.version ? "page" : undefined}
                >
                  {t("detail.version", { version: each.version })} · {each.is_current ? t("detail.current") : t("detail.replaced")}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className={v.facts}>
        <strong>{t("detail.version", { version: shown.version })}</strong> · {shown.is_current ? t("detail.current") : t("detail.replaced")} ·{" "}
        {shown.original_name} ({formatSize(shown.size)}) · {formatDateTime(shown.uploaded_at)}
      </p>
      <div className={v.stage}>
        {shown.kind === "pdf" ? (
          <iframe src={inline} title={label} className={v.frame} />
        ) : shown.kind === "image" ? (
          <img src={inline} alt={label} className={v.image} />
        ) : (
          <p className={v.notShown}>{t("viewer.notShown")}</p>
        )}
      </div>
      <p className={ui.row}>
        {shown.kind ? (
          <a href={inline} target="_blank" rel="noopener">
            {t("viewer.newTab")}
          </a>
        ) : null}
        <a
          href={`/files/${shown.file_id}`}
          download={shown.original_name}
          aria-label={t("detail.downloadLabel", { name: shown.original_name, version: shown.version })}
        >
          {t("detail.download")}
        </a>
      </p>
      <nav aria-label={t("viewer.documents")} className={v.nav}>
        {data.previous ? (
          <Link to={`${base}/${data.previous.id}`} rel="prev">
            {t("viewer.previous")}
            <span className={v.neighbour}>{data.previous.name}</span>
          </Link>
        ) : null}
        {data.next ? (
          <Link to={`${base}/${data.next.id}`} rel="next" className={v.next}>
            {t("viewer.next")}
            <span className={v.neighbour}>{data.next.name}</span>
          </Link>
        ) : null}
      </nav>
      <p>{decision}</p>
    </>
  );
}

/** An unknown document or version, or an application this role may not see: a 404 with a way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("review");
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />;
  return (
    <section className={ui.card} aria-labelledby="error-title">
      <h1 id="error-title">{t("viewer.notFound")}</h1>
      <p>{t("detail.notFoundHint")}</p>
      <Link to="../.." relative="path" className={ui.button}>
        {t("viewer.backToDetail")}
      </Link>
    </section>
  );
}
