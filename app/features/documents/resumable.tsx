import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentForm } from "#domain/documents";
import * as a from "~/features/documents/documents.css";
import * as ui from "~/components/ui.css";

// Resumable uploads when JavaScript runs (docs/decisions/027-resumable-uploads.md): a document chosen
// starts uploading at once, in chunks of CHUNK_SIZE, over tus to the upload route's /tus (the portal
// forwards it to the API with the session's token). A connection that drops resumes from the last chunk
// the server acknowledged, on its own when the signal returns; after a reload, or a restart of the browser,
// choosing the same file again continues where it stopped (its address is kept in localStorage under the
// file's fingerprint). tus-js-client is loaded only here, when a file is chosen: no other page carries it.

/**
 * 256 KiB: on a 50 kB/s uplink a chunk takes about 5 s, so a dropped connection costs at most a few seconds
 * of sending again, while a 5 MB document takes 20 requests (their headers are under 1 % of the bytes).
 */
export const CHUNK_SIZE = 256 * 1024;

/** After a drop: try again at once, then wait longer; about 10 minutes in all before it gives up. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000, 120_000, 120_000, 120_000];

export interface ResumableState {
  /** bytes the server has acknowledged */
  sent: number;
  total: number;
  /** seconds left at the speed of this session, null until it is known */
  remainingSec: number | null;
  /** where this session started (a resumed upload: not 0) */
  resumedFrom: number;
  /** the connection dropped; retrying */
  waiting: boolean;
}

type TusUpload = import("tus-js-client").Upload;

/** The API's refusal (JSON error shape) in an error of tus-js-client, or null. */
function refusalOf(err: unknown): string | null {
  const body = (err as { originalResponse?: { getBody(): string } | null })?.originalResponse?.getBody();
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string; details?: Array<{ message: string }> } };
    return parsed.error?.details?.[0]?.message ?? parsed.error?.message ?? null;
  } catch {
    return null;
  }
}

/**
 * A merged set (several files for one document) as the document's multipart body, the field `doc_<id>` once
 * per file, as the plain post sends it: the API reads a finished upload with the post's intake. The boundary
 * follows from the files (a resumed upload must send the very bytes it began with).
 */
export function multipartBody(field: string, files: File[]): { body: Blob; contentType: string } {
  const boundary = `----adaptasi-${hashHex(files.map((f) => [f.name, f.size, f.lastModified].join(":")).join("/"))}`;
  // As a browser writes a part's name: quotes and line breaks escaped.
  const quoted = (name: string) => name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const parts: BlobPart[] = [];
  for (const f of files) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${quoted(f.name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      f,
      "\r\n",
    );
  }
  parts.push(`--${boundary}--\r\n`);
  return { body: new Blob(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Two 32-bit FNV-1a hashes of `text`, 16 hex digits: a boundary no file is likely to hold. */
function hashHex(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(text.length - 1 - i), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/** The fingerprint tus keeps an unfinished upload under: the same file for the same document of the same application. */
const fingerprintPrefix = (applicationId: string, requirementId: number, form: DocumentForm) => ["adaptasi", applicationId, requirementId, form, ""].join(":");

/** An upload of this document that stopped before it finished (a reload, a closed tab): its file's name and size. */
export interface UnfinishedUpload {
  name: string;
  size: number;
}

/**
 * The unfinished upload tus-js-client keeps in localStorage for this document (`tus::<fingerprint>::<n>`),
 * read after the page loaded: choosing that file again continues it, which the page then says.
 */
export function useUnfinishedUpload(applicationId: string, requirementId: number, form: DocumentForm): UnfinishedUpload | null {
  const [found, setFound] = useState<UnfinishedUpload | null>(null);
  useEffect(() => {
    const prefix = `tus::${fingerprintPrefix(applicationId, requirementId, form)}`;
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (!key?.startsWith(prefix)) continue;
        const stored = JSON.parse(localStorage.getItem(key) ?? "null") as { size?: number; metadata?: { filename?: string } } | null;
        if (stored?.metadata?.filename && typeof stored.size === "number") return setFound({ name: stored.metadata.filename, size: stored.size });
      }
    } catch {
      // No storage (a private window's rules): nothing to continue.
    }
  }, [applicationId, requirementId, form]);
  return found;
}

/**
 * One document's resumable upload. `start(files)` begins (or resumes) it — one file as it is, several (a
 * merged set) as the document's multipart body; `cancel()` stops it and deletes
 * what the server holds of it. `onBusy` is told while it runs; `onStored` once the API checked and attached it.
 */
export function useResumableUpload(opts: {
  endpoint: string;
  applicationId: string;
  requirementId: number;
  form: DocumentForm;
  onBusy: (busy: boolean) => void;
  onStored: () => void;
}) {
  const { t } = useTranslation("applicant");
  const [state, setState] = useState<ResumableState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const upload = useRef<TusUpload | null>(null);
  const latest = useRef(opts);
  latest.current = opts;
  useEffect(() => () => void upload.current?.abort(), []);

  const finish = () => {
    upload.current = null;
    setState(null);
    latest.current.onBusy(false);
  };

  async function start(files: File[]) {
    if (upload.current || files.length === 0) return;
    const { endpoint, applicationId, requirementId, form } = latest.current;
    const [file] = files;
    const set = files.length > 1 ? multipartBody(`doc_${requirementId}`, files) : null;
    const body: Blob = set?.body ?? file;
    setError(null);
    setNote(null);
    latest.current.onBusy(true);
    setState({ sent: 0, total: body.size, remainingSec: null, resumedFrom: 0, waiting: false });
    let Upload: typeof import("tus-js-client").Upload;
    try {
      ({ Upload } = await import("tus-js-client"));
    } catch {
      finish();
      setError(t("documents.failed"));
      return;
    }
    // Speed of this session: bytes acknowledged since it started, over the time since.
    let startedAt = Date.now();
    let from = 0;
    const u: TusUpload = new Upload(body, {
      endpoint: `${endpoint}/tus`,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata: {
        application: applicationId,
        requirement: String(requirementId),
        form,
        filename: file.name,
        filetype: file.type,
        ...(set ? { multipart: set.contentType } : {}),
      },
      // The same files for the same document of the same application resume; anything else starts anew.
      fingerprint: async () =>
        `${fingerprintPrefix(applicationId, requirementId, form)}${files.map((f) => [f.name, f.size, f.lastModified].join(":")).join("/")}`,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: () => {},
      onChunkComplete: (_chunk, accepted, total) => {
        const seconds = (Date.now() - startedAt) / 1000;
        const rate = seconds > 0 ? (accepted - from) / seconds : 0;
        setState({ sent: accepted, total, remainingSec: rate > 0 ? (total - accepted) / rate : null, resumedFrom: from, waiting: false });
      },
      onShouldRetry: (err) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        // The API's refusals (a check, a bound, the session) are final; a lost connection or a busy server is not.
        const retry = status === 0 || status === 409 || status === 423 || status >= 500;
        if (retry) setState((s) => (s ? { ...s, waiting: true } : s));
        return retry;
      },
      onAfterResponse: (req, res) => {
        // A HEAD answers where a resumed upload goes on from.
        if (req.getMethod() === "HEAD" && res.getStatus() === 200) {
          const offset = Number(res.getHeader("Upload-Offset") ?? 0);
          startedAt = Date.now();
          from = offset;
          // "Melanjutkan dari …" is the progress line's to say (one state at a time), not a note beside it.
          setState((s) => (s ? { ...s, sent: offset, resumedFrom: offset, waiting: false } : s));
        }
      },
      onSuccess: () => {
        finish();
        setNote(t("documents.stored"));
        latest.current.onStored();
      },
      onError: (err) => {
        finish();
        setError(refusalOf(err) ?? t("documents.failed"));
      },
    });
    upload.current = u;
    const previous = await u.findPreviousUploads().catch(() => []);
    if (previous.length > 0) u.resumeFromPreviousUpload(previous[0]);
    u.start();
  }

  async function cancel() {
    const u = upload.current;
    if (!u) return;
    finish();
    // Stops sending and deletes what the server holds (tus termination).
    await u.abort(true).catch(() => {});
    setNote(t("documents.cancelled"));
  }

  return { start, cancel, state, error, note };
}

/** "sisa sekitar 3 menit" / "sisa sekitar 40 detik": minutes from two minutes up, seconds in fives below. */
export function remainingText(seconds: number, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (seconds >= 120) return t("documents.remainingMinutes", { count: Math.round(seconds / 60) });
  return t("documents.remainingSeconds", { count: Math.max(5, Math.ceil(seconds / 5) * 5) });
}

/** The upload's progress, its time left and its cancel button, while it runs. */
export function ResumableProgress({ state, name, onCancel }: { state: ResumableState | null; name: string; onCancel: () => void }) {
  const { t } = useTranslation("applicant");
  if (!state) return null;
  const percent = state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0;
  const label = t("documents.uploading", { percent });
  // One state at a time: the signal lost; or resuming, until the first chunk after it arrives; or sending.
  const line = state.waiting
    ? t("documents.waitingSignal", { percent })
    : state.resumedFrom > 0 && state.sent === state.resumedFrom
      ? t("documents.resuming", { percent })
      : `${label}${state.remainingSec !== null ? ` (${remainingText(state.remainingSec, t)})` : ""}`;
  return (
    <div className={ui.stack}>
      <p role="status" className={ui.stack}>
        <span>{line}</span>
        <progress className={a.progress} max={100} value={percent} aria-label={label} data-sent={state.sent} data-resumed-from={state.resumedFrom} />
      </p>
      <div className={ui.row}>
        <button type="button" className={ui.secondaryButton} onClick={onCancel} aria-label={t("documents.cancelLabel", { name })}>
          {t("documents.cancel")}
        </button>
      </div>
    </div>
  );
}
