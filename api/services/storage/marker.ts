import { normalAddress } from "../live-service";

// The owner marker's format and what a storage driver offers for it (the disk folder's and the bucket's
// drivers write it; api/services/storage/owner.ts decides from it who may write and delete).

/** The marker's name, beside the storage keys (which are `xx/…` and never clash with it). */
export const OWNER_MARKER = "portal-owner.json";

/** What a driver offers for the marker. */
export interface StorageMarker {
  /** the PUBLIC_URL the marker names, or null when there is no marker */
  readOwner(): Promise<string | null>;
  writeOwner(publicUrl: string, by: string): Promise<void>;
  /** true when no storage key holds anything yet */
  isEmpty(): Promise<boolean>;
}

/** The marker's text: the owner, who wrote it and when. */
export function markerText(publicUrl: string, by: string): string {
  return `${JSON.stringify({ public_url: normalAddress(publicUrl), written_by: by, written_at: new Date().toISOString() }, null, 2)}\n`;
}

/** The owner a marker's text names, or null when it names none a URL can be read from. */
export function ownerOf(text: string): string | null {
  try {
    const url = (JSON.parse(text) as { public_url?: unknown }).public_url;
    return typeof url === "string" ? normalAddress(url) : null;
  } catch {
    return null;
  }
}
