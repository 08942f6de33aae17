import { Timeline } from "~/components/Timeline";
import { useWorkflowWords } from "~/utils/workflow-words";

type TimelineEntry = {
  at: string;
  action: string;
  actor_role: number;
  from_stage_id: number | null;
  from_status: string | null;
  to_stage_id: number | null;
  to_status: string | null;
  note: string | null;
};

/** The detail's history with the notes meant for the applicant (the applicant's and the facility's detail). */
export function ApplicationTimeline({ timeline }: { timeline: TimelineEntry[] }) {
  const words = useWorkflowWords();
  return <Timeline events={timeline.map((entry, i) => ({ ...entry, key: `${entry.at}-${i}`, who: words.role(entry.actor_role) ?? null }))} />;
}
