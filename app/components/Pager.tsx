import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageMeta } from "~/utils/admin.server";
import * as a from "~/components/admin.css";
import * as ui from "~/components/ui.css";

// Paging for the server-rendered lists, in its own module so a list page loads only this of the admin code.

/** The query string of a list with some filters changed; page 1 is left out. */
export function listSearch(params: Record<string, string>, changes: Record<string, string | undefined> = {}): string {
  const merged: Record<string, string> = { ...params };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === "") delete merged[k];
    else merged[k] = v;
  }
  if (merged.page === "1") delete merged.page;
  const s = new URLSearchParams(merged).toString();
  return s ? `?${s}` : "";
}

/** "Menampilkan 1–25 dari 40" and page links, kept with the current filters. */
export function Pager({ meta, params, noun }: { meta: PageMeta; params: Record<string, string>; noun: string }) {
  const { t } = useTranslation("common");
  const first = meta.total === 0 ? 0 : (meta.page - 1) * meta.per_page + 1;
  const last = Math.min(meta.total, meta.page * meta.per_page);
  const pages: Array<number | null> = [];
  for (let p = 1; p <= meta.pages; p++) {
    if (p === 1 || p === meta.pages || Math.abs(p - meta.page) <= 2) pages.push(p);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return (
    <nav aria-label={t("pager.label")}>
      <p className={ui.muted}>{t("pager.showing", { first, last, total: meta.total, noun })}</p>
      {meta.pages > 1 ? (
        <ul className={a.pager}>
          {pages.map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={p}>
                <Link
                  className={a.pageLink}
                  to={listSearch(params, { page: String(p) })}
                  aria-current={p === meta.page ? "page" : undefined}
                  aria-label={t("pager.page", { page: p })}
                >
                  {p}
                </Link>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </nav>
  );
}
