import type { AppLoadContext } from "@remix-run/node";
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
  const lines: AccessLine[] = result.data.map((e) => {
    const what =
      e.kind === "DETAIL"
        ? t("accessLog.kind.DETAIL", { registration: e.registration_number ?? "" })
        : e.kind === "DOCUMENT"
          ? e.document_name
            ? t("accessLog.kind.DOCUMENT", { document: e.document_name, version: e.version ?? 1 })
            : t("accessLog.kind.DOCUMENT_OTHER")
          : e.kind === "EXPORT" && e.registration_number
            ? t("accessLog.kind.EXPORT_MINE", { registration: e.registration_number, filter: filterText(e.filter) })
            : t(`accessLog.kind.${e.kind}`, { filter: filterText(e.filter) });
    return {
      id: e.id,
      when: `${format.format(new Date(e.created_at))} WIB`,
      iso: e.created_at,
      who: t("accessLog.actor", { role: roleWords(t, e.actor_role) ?? t("accessLog.unknownRole"), name: e.actor_name }),
      what,
      stage: e.stage_id === null ? "—" : stageWords(t, e.stage_id),
      applicant: e.applicant_name ?? "—",
    };
  });
  return { lines, meta: result.meta };
}
