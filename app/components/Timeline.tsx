import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/utils/format";
import { useWorkflowWords } from "~/utils/workflow-words";
import * as d from "./details.css";
import * as ui from "./ui.css";
import * as s from "./Timeline.css";

/** One event of an application's history, as the applicant's, the facility's and the reviewer's detail pages have it. */
export interface TimelineEvent {
  key: string | number;
  at: string;
  action: string;
  /** Who acted: a name and/or a role, already in words. */
  who: string | null;
  from_stage_id: number | null;
  from_status: string | null;
  to_stage_id: number | null;
  to_status: string | null;
  /** The note meant for the applicant. */
  note: string | null;
  /** Reviewers only: the note kept among them. */
  internalNote?: string | null;
  /** A reupload request's documents, each with its reason. */
  documents?: Array<{ name: string; reason: string }>;
}

type Outcome = "passedNext" | "passedFinal" | "failed" | "reupload" | null;

/** What a decision did, read from where the file went: on to the next stage, closed, or back to the applicant. */
export function decisionOutcome(e: Pick<TimelineEvent, "action" | "from_stage_id" | "to_stage_id" | "to_status">): Outcome {
  if (e.action !== "DECISION") return null;
  if (e.to_status === "FAILED") return "failed";
  if (e.to_status === "REUPLOAD") return "reupload";
  if (e.to_stage_id !== null && e.to_stage_id !== e.from_stage_id) return "passedNext";
  if (e.to_status === "PASSED") return "passedFinal";
  return null;
}

/** The stage an event belongs to: a decision's is the one decided; a submission's the one it enters. */
function stageOf(e: TimelineEvent): number | null {
  return e.action === "DECISION" ? (e.from_stage_id ?? e.to_stage_id) : (e.to_stage_id ?? e.from_stage_id);
}

/** The history of an application as an ordered list: when, what, which stage, the decision, who, and the note. */
export function Timeline({
  events,
  title,
  headingId = "timeline-title",
  forReviewers = false,
}: {
  events: TimelineEvent[];
  title?: string;
  headingId?: string;
  forReviewers?: boolean;
}) {
  const { t } = useTranslation();
  const words = useWorkflowWords();
  return (
    <section className={ui.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{title ?? t("timeline.title")}</h2>
      {events.length === 0 ? (
        <p>{t("timeline.empty")}</p>
      ) : (
        <ol className={s.list}>
          {events.map((e) => {
            const outcome = decisionOutcome(e);
            const stageId = stageOf(e);
            const stage = stageId === null ? null : words.stage(stageId);
            const mark = outcome === "failed" ? s.failed : outcome === "reupload" ? s.reupload : "";
            return (
              <li key={e.key} className={`${s.entry} ${mark}`}>
                <p className={s.when}>
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                </p>
                <h3 className={s.title}>{t(`timeline.actions.${e.action}`, { defaultValue: e.action })}</h3>
                <dl className={d.facts}>
                  {stage ? (
                    <>
                      <dt>{t("timeline.stage")}</dt>
                      <dd>{stage}</dd>
                    </>
                  ) : null}
                  {outcome ? (
                    <>
                      <dt>{t("timeline.decision")}</dt>
                      <dd>{t(`timeline.outcomes.${outcome}`, { stage: e.to_stage_id !== null ? words.stage(e.to_stage_id) : "" })}</dd>
                    </>
                  ) : null}
                  <dt>{t("timeline.who")}</dt>
                  <dd>{e.who ?? t("timeline.system")}</dd>
                  {e.documents && e.documents.length > 0 ? (
                    <>
                      <dt>{t("timeline.documents")}</dt>
                      <dd>
                        <ul>
                          {e.documents.map((doc) => (
                            <li key={doc.name}>
                              {doc.name}: {doc.reason}
                            </li>
                          ))}
                        </ul>
                      </dd>
                    </>
                  ) : null}
                  {e.note ? (
                    <>
                      <dt>{t(forReviewers ? "timeline.noteForApplicant" : "timeline.note")}</dt>
                      <dd>{e.note}</dd>
                    </>
                  ) : null}
                  {e.internalNote ? (
                    <>
                      <dt>{t("timeline.internalNote")}</dt>
                      <dd className={s.internal}>{e.internalNote}</dd>
                    </>
                  ) : null}
                </dl>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
