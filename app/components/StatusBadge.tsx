import { MB } from "#domain/documents";
import type { LabelColour } from "#domain/status-label";
import * as ui from "./ui.css";

// Small pieces shown on lists and status pages, in their own module so those pages don't load the upload code.

/** The spec §4 label in its colour; "no label" shows the given fallback. */
export function StatusBadge({ label, colour, fallback }: { label: string | null; colour: LabelColour; fallback: string }) {
  return <span className={`${ui.badge} ${ui.badgeColour[label ? colour : "none"]}`}>{label ?? fallback}</span>;
}

export function formatSize(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
