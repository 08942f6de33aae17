import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Performance } from "#contracts/performance";
import type { JalurId } from "#domain/documents";
import type { PerformanceChart } from "#domain/performance";
import { stageById } from "#domain/workflow";
import { DataTable } from "~/components/DataTable";
import * as ui from "~/components/ui.css";
import { useWorkflowWords } from "~/utils/workflow-words";
import { performanceHref, type PerformanceFilters } from "./__kinerja-query";
import * as k from "./__kinerja.css";

// The four charts of /kinerja, drawn on the server as SVG (no script, no inline style: the CSP forbids it;
// colours are classes). Each SVG is an image with its <title> and <desc>, and the table beside it holds
// every number it draws, so a screen reader or a reader without the picture loses nothing.

const W = 320;

/** Numbers and dates in the page's language. */
function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language?.startsWith("en") ? "en-GB" : "id-ID";
  const one = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const week = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const month = new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" });
  return {
    n: (v: number | null) => (v === null ? "—" : one.format(v)),
    week: (d: string) => week.format(new Date(`${d}T00:00:00Z`)),
    month: (m: string) => month.format(new Date(`${m}-01T00:00:00Z`)),
  };
}

/** An SVG that reads as one image: its title and description name it, the table beside it holds its numbers. */
function Svg({ id, title, desc, height, children }: { id: string; title: string; desc: string; height: number; children: ReactNode }) {
  return (
    <svg className={k.chart} viewBox={`0 0 ${W} ${height}`} role="img" aria-labelledby={`${id}-t ${id}-d`} xmlns="http://www.w3.org/2000/svg">
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{desc}</desc>
      {children}
    </svg>
  );
}

function Legend({ items }: { items: Array<[keyof typeof k.swatch, string]> }) {
  return (
    <ul className={k.legend}>
      {items.map(([swatch, text]) => (
        <li key={swatch} className={k.legendItem}>
          <span className={k.swatch[swatch]} aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  );
}

interface Bar {
  key: string | number;
  label: string;
  total: number;
  part: number;
  value: string;
}

/** Horizontal bars, each label above its bar: `part` (drawn over `total`) in the second colour. */
function Bars({ id, title, desc, bars, max, share }: { id: string; title: string; desc: string; bars: Bar[]; max: number; share?: boolean }) {
  const ROW = 40;
  const LONGEST = 200;
  const scale = (v: number) => (max > 0 ? (v / max) * LONGEST : 0);
  return (
    <Svg id={id} title={title} desc={desc} height={Math.max(ROW, bars.length * ROW)}>
      {bars.map((b, i) => {
        const y = i * ROW;
        return (
          <g key={b.key}>
            <text x={0} y={y + 13} className={k.label}>
              {b.label}
            </text>
            {share ? null : <rect x={0} y={y + 18} width={scale(b.total)} height={14} className={k.barTotal} />}
            <rect x={0} y={y + 18} width={scale(b.part)} height={14} className={share ? k.barShare : k.barPart} />
            <text x={(share ? scale(b.part) : scale(b.total)) + 6} y={y + 30} className={k.small}>
              {b.value}
            </text>
          </g>
        );
      })}
    </Svg>
  );
}

interface Series {
  values: Array<number | null>;
  line: string;
  dot?: string;
}

/** Lines over evenly spaced points (a null breaks the line), a dotted limit, the first, middle and last label below. */
function Lines({ id, title, desc, labels, series, limit }: { id: string; title: string; desc: string; labels: string[]; series: Series[]; limit?: number }) {
  const H = 150;
  const [left, right, top, bottom] = [34, W - 8, 12, 118];
  const max = Math.max(1, limit ?? 0, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const x = (i: number) => left + (labels.length > 1 ? (i * (right - left)) / (labels.length - 1) : 0);
  const y = (v: number) => bottom - (v / max) * (bottom - top);
  const r1 = (v: number) => Math.round(v * 10) / 10;
  const path = (values: Array<number | null>) =>
    values
      .map((v, i) => (v === null ? null : `${i === 0 || values[i - 1] === null ? "M" : "L"}${r1(x(i))} ${r1(y(v))}`))
      .filter(Boolean)
      .join("");
  const ticks = [...new Set([0, Math.floor((labels.length - 1) / 2), labels.length - 1])];
  return (
    <Svg id={id} title={title} desc={desc} height={H}>
      <path d={`M${left} ${top}V${bottom}H${right}`} className={k.axis} fill="none" />
      <text x={left - 4} y={top + 4} textAnchor="end" className={k.small}>
        {r1(max)}
      </text>
      <text x={left - 4} y={bottom} textAnchor="end" className={k.small}>
        0
      </text>
      {limit === undefined ? null : <path d={`M${left} ${r1(y(limit))}H${right}`} className={k.lineLimit} />}
      {series.map((s, si) => (
        <g key={si}>
          <path d={path(s.values)} className={s.line} />
          {s.dot ? s.values.map((v, i) => (v === null ? null : <circle key={i} cx={r1(x(i))} cy={r1(y(v))} r={2.5} className={s.dot} />)) : null}
        </g>
      ))}
      {ticks.map((i) => (
        <text key={i} x={x(i)} y={H - 12} textAnchor={i === 0 ? "start" : i === labels.length - 1 ? "end" : "middle"} className={k.small}>
          {labels[i]}
        </text>
      ))}
    </Svg>
  );
}

function CsvLink({ chart, filters, name }: { chart: PerformanceChart; filters: PerformanceFilters; name: string }) {
  const { t } = useTranslation("admin");
  return (
    <a href={performanceHref(`/kinerja/${chart}.csv`, filters)} className={k.csv} download>
      {t("performance.csv", { chart: name })}
    </a>
  );
}

function ChartSection({ id, title, explain, children, csv }: { id: string; title: string; explain: string; children: ReactNode; csv: ReactNode }) {
  return (
    <section className={ui.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className={ui.hint}>{explain}</p>
      {children}
      {csv}
    </section>
  );
}

export function QueueChart({ data, filters }: { data: Performance; filters: PerformanceFilters }) {
  const { t } = useTranslation(["admin", "workflow"]);
  const words = useWorkflowWords();
  const f = useFormats();
  const name = (stage: number, jalur: JalurId) => t("workflow:stageOfPathway", { stage: words.stage(stage), jalur: t(`workflow:jalur.${jalur}`) });
  const waiting = data.queue.reduce((s, q) => s + q.waiting, 0);
  const overdue = data.queue.reduce((s, q) => s + q.overdue, 0);
  const top = [...data.queue].sort((a, b) => b.waiting - a.waiting)[0];
  const title = t("performance.queue.title");
  return (
    <ChartSection id="k-antrean" title={title} explain={t("performance.queue.explain")} csv={<CsvLink chart="antrean" filters={filters} name={title} />}>
      <div className={k.pair}>
        <figure className={k.figure}>
          <Bars
            id="k-antrean-svg"
            title={title}
            desc={t("performance.queue.desc", {
              waiting,
              overdue,
              stages: data.queue.length,
              top: top && top.waiting > 0 ? `${name(top.stage_id, top.jalur_id)}, ${top.waiting}` : t("performance.queue.none"),
            })}
            max={Math.max(1, ...data.queue.map((q) => q.waiting))}
            bars={data.queue.map((q) => ({
              key: q.stage_id,
              label: name(q.stage_id, q.jalur_id),
              total: q.waiting,
              part: q.overdue,
              value: `${f.n(q.waiting)} / ${f.n(q.overdue)}`,
            }))}
          />
          <Legend
            items={[
              ["total", t("performance.queue.waiting")],
              ["part", t("performance.queue.overdue")],
            ]}
          />
        </figure>
        <div className={k.tableWrap}>
          <DataTable
            caption={t("performance.queue.caption")}
            scrollClassName=""
            rows={data.queue.map((q) => ({ ...q, id: q.stage_id }))}
            columns={[
              { header: t("performance.queue.stage"), cell: (q) => name(q.stage_id, q.jalur_id) },
              { header: t("performance.queue.waiting"), cell: (q) => f.n(q.waiting) },
              { header: t("performance.queue.overdue"), cell: (q) => f.n(q.overdue) },
              { header: t("performance.queue.sla"), cell: (q) => f.n(q.sla_days) },
            ]}
          />
        </div>
      </div>
    </ChartSection>
  );
}

export function WeeklyChart({ data, filters }: { data: Performance; filters: PerformanceFilters }) {
  const { t } = useTranslation(["admin", "workflow"]);
  const f = useFormats();
  const jalurs = [...new Set(data.weeks.map((w) => w.jalur_id))];
  const title = t("performance.weekly.title");
  return (
    <ChartSection id="k-mingguan" title={title} explain={t("performance.weekly.explain")} csv={<CsvLink chart="mingguan" filters={filters} name={title} />}>
      {jalurs.map((j) => {
        const rows = data.weeks.filter((w) => w.jalur_id === j);
        const jalur = t(`workflow:jalur.${j}`);
        const busiest = [...rows].sort((a, b) => b.received + b.decided - (a.received + a.decided))[0];
        return (
          <div key={j} className={k.stageBlock}>
            <h3>{jalur}</h3>
            <div className={k.pair}>
              <figure className={k.figure}>
                <Lines
                  id={`k-mingguan-${j}`}
                  title={`${title}: ${jalur}`}
                  desc={t("performance.weekly.desc", {
                    jalur,
                    received: rows.reduce((s, w) => s + w.received, 0),
                    decided: rows.reduce((s, w) => s + w.decided, 0),
                    busiest: busiest ? f.week(busiest.week) : "—",
                  })}
                  labels={rows.map((w) => f.week(w.week))}
                  series={[
                    { values: rows.map((w) => w.received), line: k.lineMain },
                    { values: rows.map((w) => w.decided), line: k.lineSecond },
                  ]}
                />
                <Legend
                  items={[
                    ["main", t("performance.weekly.received")],
                    ["second", t("performance.weekly.decided")],
                  ]}
                />
              </figure>
              <div className={k.tableWrap}>
                <DataTable
                  caption={t("performance.weekly.caption", { jalur })}
                  scrollClassName=""
                  rows={rows.map((w) => ({ ...w, id: w.week }))}
                  columns={[
                    { header: t("performance.weekly.week"), cell: (w) => f.week(w.week) },
                    { header: t("performance.weekly.received"), cell: (w) => f.n(w.received) },
                    { header: t("performance.weekly.decided"), cell: (w) => f.n(w.decided) },
                  ]}
                />
              </div>
            </div>
          </div>
        );
      })}
    </ChartSection>
  );
}

export function StageDaysChart({ data, filters }: { data: Performance; filters: PerformanceFilters }) {
  const { t } = useTranslation(["admin", "workflow"]);
  const words = useWorkflowWords();
  const f = useFormats();
  const title = t("performance.stageDays.title");
  return (
    <ChartSection
      id="k-lama-tahap"
      title={title}
      explain={t("performance.stageDays.explain")}
      csv={<CsvLink chart="lama-tahap" filters={filters} name={title} />}
    >
      {data.sla.map(({ stage_id, days: sla }) => {
        const rows = data.stage_months.filter((m) => m.stage_id === stage_id);
        const stage = t("workflow:stageOfPathway", { stage: words.stage(stage_id), jalur: t(`workflow:jalur.${stageById(stage_id)?.jalur ?? "REG"}`) });
        const worst = [...rows].filter((m) => m.p90_days !== null).sort((a, b) => b.p90_days! - a.p90_days!)[0];
        return (
          <div key={stage_id} className={k.stageBlock}>
            <h3>{stage}</h3>
            <div className={k.pair}>
              <figure className={k.figure}>
                <Lines
                  id={`k-lama-${stage_id}`}
                  title={`${title}: ${stage}`}
                  desc={t("performance.stageDays.desc", {
                    stage,
                    sla,
                    decided: rows.reduce((s, m) => s + m.decided, 0),
                    worst: worst ? `${f.month(worst.month)}, ${t("performance.days", { value: f.n(worst.p90_days) })}` : "—",
                  })}
                  labels={rows.map((m) => f.month(m.month))}
                  series={[
                    { values: rows.map((m) => m.median_days), line: k.lineMain, dot: k.dotMain },
                    { values: rows.map((m) => m.p90_days), line: k.lineSecond, dot: k.dotSecond },
                  ]}
                  limit={sla}
                />
                <Legend
                  items={[
                    ["main", t("performance.stageDays.median")],
                    ["second", t("performance.stageDays.p90")],
                    ["limit", `${t("performance.stageDays.sla")} (${t("performance.days", { value: sla })})`],
                  ]}
                />
              </figure>
              <div className={k.tableWrap}>
                <DataTable
                  caption={t("performance.stageDays.caption", { stage, sla })}
                  scrollClassName=""
                  rows={rows.map((m) => ({ ...m, id: m.month }))}
                  columns={[
                    { header: t("performance.stageDays.month"), cell: (m) => f.month(m.month) },
                    { header: t("performance.stageDays.decided"), cell: (m) => f.n(m.decided) },
                    { header: t("performance.stageDays.median"), cell: (m) => f.n(m.median_days) },
                    { header: t("performance.stageDays.p90"), cell: (m) => f.n(m.p90_days) },
                  ]}
                />
              </div>
            </div>
          </div>
        );
      })}
    </ChartSection>
  );
}

export function BodiesChart({ data, filters }: { data: Performance; filters: PerformanceFilters }) {
  const { t } = useTranslation("admin");
  const words = useWorkflowWords();
  const f = useFormats();
  const title = t("performance.bodies.title");
  const name = (role: number) => words.role(role) ?? String(role);
  const percent = (v: number | null) => (v === null ? "—" : `${f.n(v)}%`);
  return (
    <ChartSection id="k-sla-badan" title={title} explain={t("performance.bodies.explain")} csv={<CsvLink chart="sla-badan" filters={filters} name={title} />}>
      <div className={k.pair}>
        <figure className={k.figure}>
          <Bars
            id="k-sla-badan-svg"
            title={title}
            desc={t("performance.bodies.desc")}
            max={100}
            share
            bars={data.bodies.map((b) => ({
              key: b.role_id,
              label: name(b.role_id),
              total: 100,
              part: b.within_sla_percent ?? 0,
              value: percent(b.within_sla_percent),
            }))}
          />
        </figure>
        <div className={k.tableWrap}>
          <DataTable
            caption={t("performance.bodies.caption")}
            scrollClassName=""
            rows={data.bodies.map((b) => ({ ...b, id: b.role_id }))}
            columns={[
              { header: t("performance.bodies.body"), cell: (b) => name(b.role_id) },
              { header: t("performance.bodies.decided"), cell: (b) => f.n(b.decided) },
              { header: t("performance.bodies.within"), cell: (b) => f.n(b.within_sla) },
              { header: t("performance.bodies.percent"), cell: (b) => percent(b.within_sla_percent) },
            ]}
          />
        </div>
      </div>
    </ChartSection>
  );
}
