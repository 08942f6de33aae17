import type { AppLoadContext } from "@remix-run/node";
import type { AccessEntry as Entry } from "#contracts/access-log";
import { TIME_ZONE } from "#domain/time-zone";
import { accessToken, orUnavailable } from "~/utils/api.server";
import { i18next } from "~/utils/i18n.server";
import { roleWords } from "~/utils/role-name";
import { stageWords } from "~/utils/workflow-words";

// The access log's rows as plain sentences, made on the server: the pages render them without JavaScript.

/** One record as a person reads it. */
export interface AccessLine {
  id: number;
  when: string;
  iso: string;
  who: string;
  what: string;
  stage: string;
  applicant: string;
}

const FILTER_NAMES: Record<string, string> = {
  tab: "tab",
  q: "cari",
  jalur: "jalur",
  stage: "tahap",
  label: "status",
  overdue: "lewat tenggat",
  sort: "urutan",
  dir: "arah",
  applicant: "pemohon",
  staff: "petugas",
  from: "dari",
  to: "sampai",
  page: "halaman",
  scope: "lingkup",
};

/** Reads within this long of each other, by one person of one file, are one visit (a detail, its documents viewed and downloaded). */
export const VISIT_GAP_MS = 30 * 60_000;

/**
 * The entries (newest first) as visits: a person's reads of one file's detail and documents close together
 * are one visit, whatever each page read on the way (the viewer reads the detail too, a download reads the
 * file again); exports, data downloads and log searches stay one entry each. Each visit is newest first.
 */
export function visitsOf(entries: readonly Entry[]): Entry[][] {
  const visits: Entry[][] = [];
  const reads = (e: Entry) => (e.kind === "DETAIL" || e.kind === "DOCUMENT") && e.registration_number !== null;
  for (const e of entries) {
    const visit = visits.at(-1);
    const last = visit?.at(-1);
    const same =
      visit &&
      last &&
      reads(e) &&
      reads(last) &&
      e.actor_role === last.actor_role &&
      e.actor_name === last.actor_name &&
      e.registration_number === last.registration_number &&
      Date.parse(last.created_at) - Date.parse(e.created_at) <= VISIT_GAP_MS;
    if (same) visit.push(e);
    else visits.push([e]);
  }
  return visits;
}

export async function accessLines(request: Request, context: AppLoadContext, path: "/me/access-log" | "/admin/access-log", query: Record<string, string>) {
  const token = await accessToken(context);
  const result = orUnavailable(await context.api.call("GET", path, { token, query }));
  const t = await i18next.getFixedT(request, "common");
  const lng = (await i18next.getLocale(request)) === "en" ? "en-GB" : "id-ID";
  const format = new Intl.DateTimeFormat(lng, { timeZone: TIME_ZONE, dateStyle: "long", timeStyle: "short" });
  const filterText = (f: Record<string, string> | null) => {
    const parts = Object.entries(f ?? {}).map(([k, v]) => `${FILTER_NAMES[k] ?? k} = ${v}`);
    return parts.length ? parts.join(", ") : t("accessLog.noFilter");
  };
  /** What a visit opened, once each, in the order it was opened: "rincian berkas", "dokumen CV, versi 2". */
  const opened = (e: Entry) =>
    e.kind === "DETAIL"
      ? t("accessLog.part.DETAIL")
      : e.document_name
        ? t("accessLog.part.DOCUMENT", { document: e.document_name, version: e.version ?? 1 })
        : t("accessLog.part.DOCUMENT_OTHER");
  const entryWords = (e: Entry) =>
    e.kind === "DETAIL"
      ? t("accessLog.kind.DETAIL", { registration: e.registration_number ?? "" })
      : e.kind === "DOCUMENT"
        ? e.document_name
          ? t("accessLog.kind.DOCUMENT", { document: e.document_name, version: e.version ?? 1 })
          : t("accessLog.kind.DOCUMENT_OTHER")
        : e.kind === "PUBLIC_VERIFY"
          ? t("accessLog.kind.PUBLIC_VERIFY", { letter: e.filter?.letter ?? "" })
          : e.kind === "EXPORT" && e.registration_number
            ? t("accessLog.kind.EXPORT_MINE", { registration: e.registration_number, filter: filterText(e.filter) })
            : t(`accessLog.kind.${e.kind}`, { filter: filterText(e.filter) });
  // One line per visit: when it began, and each thing it opened.
  const lines: AccessLine[] = visitsOf(result.data).map((visit) => {
    const [newest, first] = [visit[0], visit.at(-1)!];
    const parts = [...new Set([...visit].reverse().map(opened))];
    return {
      id: newest.id,
      when: `${format.format(new Date(first.created_at))} WIB`,
      iso: first.created_at,
      // A public verification names nobody: no visitor data is kept.
      who:
        newest.kind === "PUBLIC_VERIFY"
          ? t("accessLog.public")
          : t("accessLog.actor", { role: roleWords(t, newest.actor_role) ?? t("accessLog.unknownRole"), name: newest.actor_name }),
      what: parts.length === 1 ? entryWords(newest) : t("accessLog.visit", { registration: newest.registration_number, parts: parts.join("; ") }),
      stage: newest.stage_id === null ? "—" : stageWords(t, newest.stage_id),
      applicant: newest.applicant_name ?? "—",
    };
  });
  return { lines, meta: result.meta };
}
