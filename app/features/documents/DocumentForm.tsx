import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { Form, Link, useBlocker, useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MB, type DocumentForm, type DocumentRequirement } from "#domain/documents";
import { formatDateTime } from "~/utils/format";
import * as a from "~/features/documents/documents.css";
import * as ui from "~/components/ui.css";
import { ResumableProgress, useResumableUpload, useUnfinishedUpload } from "~/features/documents/resumable";

// A document's form, one per requirement, on the applicant's, the facility's and the reupload's pages: its field
// (resumable with JavaScript, a plain post without), its errors, what is still missing, and the stored documents.

import { formatSize } from "~/components/StatusBadge";

export { formatSize };

export interface CurrentFile {
  file_id: string;
  original_name: string;
  size: number;
}

/** Per-document errors keyed by requirement id, plus errors about the whole form. */
export interface DocumentErrors {
  documents: Record<string, string>;
  form: string[];
  /** the document whose own form was posted, when the refusal was of the whole post */
  doc?: number;
}

/**
 * With JavaScript: the form goes by XMLHttpRequest to /submission-form/upload (a facility's forms: to
 * `endpoint`) so an upload progress bar can show; the answer is a place to go or the errors to show.
 * Without it the form posts natively.
 */
export const DEFAULT_UPLOAD_ENDPOINT = "/submission-form/upload";

export function useUploadProgress(form: DocumentForm, endpoint = DEFAULT_UPLOAD_ENDPOINT, onBusy?: (busy: boolean) => void) {
  const { t } = useTranslation("applicant");
  const [percent, setPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<DocumentErrors | null>(null);
  // One upload at a time: a double click would send the form twice, and the later answer (the
  // submission already made) would decide where the page goes.
  const sending = useRef(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    onBusy?.(true);
    const element = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // A button without its own formaction answers the page's address for `formAction`: the form's action counts then.
    const query = new URL(submitter?.hasAttribute("formaction") ? submitter.formAction : element.action, window.location.href).searchParams;
    query.set("form", form);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${endpoint}?${query}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => setPercent(e.lengthComputable ? Math.round((e.loaded / e.total) * 100) : 0);
    xhr.onload = () => {
      const body = xhr.response as { redirectTo?: string; errors?: DocumentErrors } | null;
      // Done: the page may go on to its answer without the warning that leaving stops an upload.
      if (body?.redirectTo) {
        onBusy?.(false);
        return window.location.assign(body.redirectTo);
      }
      // A guard's redirect (e.g. the session ended) was followed: show that page.
      if (!body && new URL(xhr.responseURL || window.location.href).pathname !== endpoint) return window.location.assign(xhr.responseURL);
      sending.current = false;
      onBusy?.(false);
      setPercent(null);
      setErrors(body?.errors ?? { documents: {}, form: [t("documents.failed")] });
    };
    xhr.onerror = () => {
      sending.current = false;
      onBusy?.(false);
      setPercent(null);
      setErrors({ documents: {}, form: [t("documents.failed")] });
    };
    setErrors(null);
    setPercent(0);
    xhr.send(new FormData(element));
  };
  return { onSubmit, percent, errors };
}

/** The upload's progress while the XMLHttpRequest runs. */
export function UploadProgress({ percent }: { percent: number | null }) {
  const { t } = useTranslation("applicant");
  if (percent === null) return null;
  return (
    <p role="status" className={ui.stack}>
      <span>{t("documents.uploading", { percent })}</span>
      <progress className={a.progress} max={100} value={percent} aria-label={t("documents.uploading", { percent })} />
    </p>
  );
}

/**
 * The summary at the top: each document's message links to its input (GOV.UK pattern). It shows only in the
 * answer to a refused post, which opens on it (`autofocus`, as ErrorSummary).
 */
export function DocumentErrorSummary({ errors, requirements }: { errors: DocumentErrors | undefined; requirements: DocumentRequirement[] }) {
  const { t } = useTranslation("applicant");
  if (!errors) return null;
  const onDocuments = requirements.filter((r) => errors.documents[r.id]);
  // The API's general "not valid" line adds nothing to the documents' own lines: it is shown, and
  // counted, only when no document has one.
  const formErrors = onDocuments.length > 0 ? [] : errors.form;
  const count = formErrors.length + onDocuments.length;
  if (count === 0) return null;
  return (
    <div className={ui.errorSummary} role="alert" aria-labelledby="documents-summary-title" tabIndex={-1} autoFocus>
      <h2 id="documents-summary-title">{t("documents.errorTitle", { count })}</h2>
      <ul>
        {formErrors.map((e) => (
          <li key={e}>{e}</li>
        ))}
        {onDocuments.map((r) => {
          const message = errors.documents[r.id];
          // A message that already names its document ("… harus diunggah") is not prefixed again.
          return (
            <li key={r.id}>
              <a href={`#doc_${r.id}`}>{message.includes(r.name) ? message : `${r.name}: ${message}`}</a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** ["jpg","png","pdf"] → "JPG, PNG atau PDF", as the server words it. */
function typeList(extnames: string[], join: string): string {
  const upper = extnames.map((e) => e.toUpperCase());
  return upper.length > 1 ? `${upper.slice(0, -1).join(", ")} ${join} ${upper.at(-1)}` : (upper[0] ?? "");
}

/** The browser's pre-check of a chosen file (JavaScript only); the server's check stays the one that counts. */
function precheck(files: FileList, requirement: DocumentRequirement, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  const extnames = requirement.allowed_extnames.split(",");
  let total = 0;
  for (const file of Array.from(files)) {
    const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
    if (!extnames.includes(ext)) return t("documents.wrongType", { types: typeList(extnames, t("documents.typeListJoin")) });
    if (file.size === 0) return t("documents.empty");
    total += file.size;
  }
  return total > requirement.max_size * MB ? t("validation:size", { size: requirement.max_size * 1024 }) : null;
}

/**
 * One hint per document. A merged item's stored help text asks the applicant to merge the files into one
 * PDF, while the portal merges several chosen files itself: its hint says the latter, once.
 */
export function documentHint(requirement: DocumentRequirement, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (!requirement.merged) return requirement.help_text;
  return t("documents.mergedHint", { types: typeList(requirement.allowed_extnames.split(","), t("documents.typeListJoin")), size: requirement.max_size });
}

/** One file input per requirement: name, help text, the file already uploaded, and its error. */
export function DocumentField({
  requirement,
  current,
  error,
  reason,
  live,
  onChosen,
  disabled,
}: {
  requirement: DocumentRequirement;
  current?: CurrentFile;
  error?: string;
  reason?: string;
  live?: boolean;
  /** JavaScript: told of files chosen that pass the browser's pre-check (a resumable upload starts) */
  onChosen?: (files: FileList, input: HTMLInputElement) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(["applicant", "validation"]);
  const [clientError, setClientError] = useState<string | null>(null);
  const id = `doc_${requirement.id}`;
  const shown = clientError ?? error;
  const take = (input: HTMLInputElement) => {
    const message = input.files && input.files.length > 0 ? precheck(input.files, requirement, t) : null;
    input.setCustomValidity(message ?? "");
    setClientError(message);
    if (!message && input.files && input.files.length > 0) onChosen?.(input.files, input);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => take(event.currentTarget);
  // A file chosen while the page's scripts were still loading (a slow phone, a page just reloaded) fired its
  // change with nothing listening; the field keeps it through hydration, so it is taken up now, once.
  const input = useRef<HTMLInputElement>(null);
  const takeOnHydration = useRef(take);
  useEffect(() => {
    if (input.current?.files?.length) takeOnHydration.current(input.current);
  }, []);
  const describedBy = [reason ? `${id}-reason` : null, `${id}-hint`, current ? `${id}-current` : null, shown ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={a.document}>
      <label htmlFor={id} className={ui.label}>{`${requirement.order_num}. ${requirement.name}`}</label>
      {reason ? (
        <p id={`${id}-reason`} className={a.reason} role="note">
          <strong>{t("reupload.reason")}:</strong> {reason}
        </p>
      ) : null}
      <p id={`${id}-hint`} className={ui.hint}>
        {documentHint(requirement, t)}
      </p>
      <p id={`${id}-current`} className={ui.hint}>
        {t("documents.current")}:{" "}
        {current ? (
          <a href={`/files/${current.file_id}`} aria-label={t("documents.download", { name: current.original_name })}>
            {current.original_name}
          </a>
        ) : (
          t("documents.none")
        )}
        {current ? ` (${formatSize(current.size)})` : null}
      </p>
      {/* An answer that came without a new page (JavaScript) is announced where it is shown. */}
      {shown ? (
        <p id={`${id}-error`} className={ui.fieldError} role={live && !clientError ? "alert" : undefined}>
          {shown}
        </p>
      ) : null}
      <div className={a.picker}>
        <label htmlFor={id} className={a.pickButton}>
          {t("documents.pick")}
        </label>
        <input
          type="file"
          id={id}
          name={id}
          className={a.fileInput}
          multiple={requirement.merged || undefined}
          accept={requirement.allowed_extnames
            .split(",")
            .map((e) => `.${e}`)
            .join(",")}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy}
          ref={input}
          onChange={onChange}
          disabled={disabled || undefined}
        />
      </div>
    </div>
  );
}

/**
 * The documents still missing, linked to their fields: after each post the page says what is left, so a
 * phone that lost its signal knows which documents to send again (and that the others are stored).
 */
export function MissingDocuments({ requirements, current }: { requirements: DocumentRequirement[]; current: Map<number, CurrentFile> }) {
  const { t } = useTranslation("applicant");
  const missing = requirements.filter((r) => !current.has(r.id));
  return (
    <section className={a.missing} aria-labelledby="missing-title">
      <h2 id="missing-title" className={a.missingTitle}>
        {missing.length === 0 ? t("documents.allStored") : t("documents.missingTitle", { count: missing.length, total: requirements.length })}
      </h2>
      {missing.length > 0 ? (
        <ul className={ui.flush}>
          {missing.map((r) => (
            <li key={r.id}>
              <a href={`#doc_${r.id}`}>{`${r.order_num}. ${r.name}`}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * One document's own small form: its field and its button, one file (or one merged set) per post, so a
 * post that fails costs this document only and every other stored document stays. Without JavaScript it
 * posts natively to `action`; with it, one chosen file uploads at once, resumably (`useResumableUpload`,
 * docs/decisions/027-resumable-uploads.md), and several files of a merged document go by the button to
 * the JSON endpoint with a progress bar (`useUploadProgress`).
 */
function OneDocumentForm({
  requirement,
  reason,
  current,
  error,
  formError,
  action,
  form,
  endpoint,
  button,
  onBusy,
  applicationId,
  onStored,
}: {
  requirement: DocumentRequirement;
  reason?: string;
  current?: CurrentFile;
  error?: string;
  formError?: string;
  action: string;
  form: DocumentForm;
  endpoint?: string;
  button: string;
  onBusy: (id: number, busy: boolean) => void;
  applicationId: string;
  onStored: () => void;
}) {
  const { t } = useTranslation("applicant");
  const upload = useUploadProgress(form, endpoint, (busy) => onBusy(requirement.id, busy));
  // With JavaScript, one chosen file starts uploading at once, resumably (several files of a merged
  // document go together by the form's button, as before).
  const resumable = useResumableUpload({
    endpoint: endpoint ?? DEFAULT_UPLOAD_ENDPOINT,
    applicationId,
    requirementId: requirement.id,
    form,
    onBusy: (busy) => onBusy(requirement.id, busy),
    onStored,
  });
  const [chosenName, setChosenName] = useState("");
  const onChosen = (files: FileList, input: HTMLInputElement) => {
    if (files.length !== 1) return;
    setChosenName(files[0].name);
    void resumable.start(files[0]).finally(() => {
      // The file went (or was refused): the field is ready for the next choice.
      input.value = "";
    });
  };
  const running = resumable.state !== null;
  // After a reload mid-upload: say that choosing the same file again continues it (until something is chosen).
  const unfinished = useUnfinishedUpload(applicationId, requirement.id, form);
  const resumeHint = unfinished && !chosenName ? t("documents.unfinished", { name: unfinished.name, size: formatSize(unfinished.size) }) : null;
  const ownError = resumable.error ?? (upload.errors ? (upload.errors.documents[requirement.id] ?? upload.errors.form[0]) : (error ?? formError));
  return (
    <Form
      method="post"
      action={withQuery(action, { doc: String(requirement.id) })}
      encType="multipart/form-data"
      reloadDocument
      onSubmit={upload.onSubmit}
      className={a.documentForm}
    >
      <DocumentField
        requirement={requirement}
        reason={reason}
        current={current}
        error={ownError}
        live={upload.errors !== null || resumable.error !== null}
        onChosen={onChosen}
        disabled={running}
      />
      <div className={ui.row}>
        <button type="submit" className={ui.secondaryButton} disabled={upload.percent !== null || running}>
          {button} <span className="visually-hidden">{`${requirement.order_num}. ${requirement.name}`}</span>
        </button>
      </div>
      {resumeHint ? <p className={ui.hint}>{resumeHint}</p> : null}
      <UploadProgress percent={upload.percent} />
      <ResumableProgress state={resumable.state} name={chosenName} onCancel={() => void resumable.cancel()} />
      {/* Beside the progress the person watches: leaving the page stops the upload. */}
      {running || upload.percent !== null ? <p className={a.leaveNote}>{t("documents.stayOnPage")}</p> : null}
      {resumable.note && !resumable.error ? (
        <p role="status" className={ui.hint}>
          {resumable.note}
        </p>
      ) : null}
    </Form>
  );
}

interface SendButton {
  action: string;
  label: string;
}

/**
 * A page's documents, as every upload page shows them: what a post had refused, what is still missing (of
 * `stored`, the documents that count as there: a reupload counts only those uploaded again), then the
 * documents' forms — in a card of their own unless the page's section is one (`framed={false}`). A page that
 * may have nothing to ask for says so with `empty`.
 */
export function DocumentsPanel({
  stored,
  framed = true,
  empty,
  ...forms
}: Parameters<typeof DocumentUploadForm>[0] & { stored: Map<number, CurrentFile>; framed?: boolean; empty?: ReactNode }) {
  const requirements = forms.items.map((i) => i.requirement);
  const nothing = empty !== undefined && forms.items.length === 0;
  const body = nothing ? empty : <DocumentUploadForm {...forms} />;
  return (
    <>
      <DocumentErrorSummary errors={forms.errors} requirements={requirements} />
      {nothing ? null : <MissingDocuments requirements={requirements} current={stored} />}
      {framed ? <section className={ui.card}>{body}</section> : body}
    </>
  );
}

/** `?id=1&intent=upload` plus more parameters (the action stays relative to the page). */
function withQuery(action: string, extra: Record<string, string>): string {
  const [path, query = ""] = action.split("?");
  const params = new URLSearchParams(query);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return `${path}?${params}`;
}

/**
 * The document forms every upload page shares — the applicant's and the facility's, first upload and
 * reupload: one small form per document (OneDocumentForm), then `send`, the page's own form of buttons
 * (save a draft, go on to the check), which posts no file. While a document is uploading those buttons are
 * disabled: leaving the page then would lose the upload.
 */
export function DocumentUploadForm({
  form,
  endpoint,
  errors,
  items,
  current,
  action,
  button,
  applicationId,
  send,
}: {
  form: DocumentForm;
  endpoint?: string;
  errors: DocumentErrors | undefined;
  items: Array<{ requirement: DocumentRequirement; reason?: string }>;
  current: Map<number, CurrentFile>;
  /** the documents' post, e.g. "?intent=upload" (`doc=<id>` is added) */
  action: string;
  /** the text of each document's button */
  button: string;
  /** the application the documents are for (a resumable upload names it) */
  applicationId: string;
  /** the page's buttons after the documents, each with its address: a draft's save, and the step to the check */
  send?: { save?: SendButton; check: SendButton };
}) {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  // The same, at once: a finished upload goes on to its answer in the same moment it says it is done.
  const busyNow = useRef(new Set<number>());
  const uploadingNow = useCallback(() => busyNow.current.size > 0, []);
  // A document stored by a resumable upload shows as stored once the page's data is read again (the others keep
  // uploading). After a refused step (?intent=check that found something missing) the address still names that
  // step: the form's own address is read instead, so the page stays the form and does not turn into the check.
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const refresh = () => {
    const params = new URLSearchParams(location.search);
    if (!params.has("intent")) return revalidator.revalidate();
    for (const step of ["intent", "doc", "key"]) params.delete(step);
    const query = params.toString();
    navigate(`${location.pathname}${query ? `?${query}` : ""}`, { replace: true, preventScrollReset: true });
  };
  const onBusy = (id: number, on: boolean) => {
    if (on) busyNow.current.add(id);
    else busyNow.current.delete(id);
    setBusy((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  // A refusal of the whole post (a quota, the rate limit) is shown at the document it came from.
  const postedDoc = errors && errors.form.length > 0 ? errors.doc : undefined;
  const uploading = busy.size > 0;
  return (
    <>
      <SlowSignalNote />
      <LeaveWarning uploading={uploadingNow} />
      {items.map(({ requirement, reason }) => (
        <OneDocumentForm
          key={requirement.id}
          requirement={requirement}
          reason={reason}
          current={current.get(requirement.id)}
          error={errors?.documents[requirement.id]}
          formError={postedDoc === requirement.id ? errors?.form[0] : undefined}
          action={action}
          form={form}
          endpoint={endpoint}
          button={button}
          onBusy={onBusy}
          applicationId={applicationId}
          onStored={refresh}
        />
      ))}
      {send ? (
        <fieldset className={a.actions} disabled={uploading}>
          {/* These post no file: every document is stored by its own form above. */}
          <Form method="post" reloadDocument className={ui.row}>
            {send.save ? (
              <button type="submit" className={ui.secondaryButton} formAction={send.save.action}>
                {send.save.label}
              </button>
            ) : null}
            <button type="submit" className={ui.button} formAction={send.check.action}>
              {send.check.label}
            </button>
          </Form>
        </fieldset>
      ) : null}
    </>
  );
}

/** About 50 kB/s, a weak mobile signal: one megabyte in some 20 seconds. */
const SECONDS_PER_MB_WEAK_SIGNAL = 20;

/** Without JavaScript nothing shows a post's progress: above the documents, before any send, how long a weak signal takes. */
export function SlowSignalNote() {
  const { t } = useTranslation("applicant");
  return (
    <noscript>
      <p className={a.leaveNote}>{t("documents.noScriptSlow", { seconds: SECONDS_PER_MB_WEAK_SIGNAL, example: 1.5 * SECONDS_PER_MB_WEAK_SIGNAL })}</p>
    </noscript>
  );
}

/**
 * While a document uploads, leaving the page stops it: beside its progress the page says so plainly
 * (OneDocumentForm); here the browser warns before a reload or a closed tab (beforeunload), and a link
 * inside the portal first asks whether to leave.
 */
function LeaveWarning({ uploading }: { uploading: () => boolean }) {
  const { t } = useTranslation("applicant");
  const blocker = useBlocker(({ currentLocation, nextLocation }) => uploading() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (uploading()) e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [uploading]);
  if (blocker.state === "blocked")
    return (
      <section className={ui.errorSummary} role="alertdialog" aria-labelledby="leave-title" aria-describedby="leave-lead">
        {/* The question takes the focus, so a phone scrolls to it and a screen reader reads it. */}
        <h2 id="leave-title" tabIndex={-1} ref={(h) => h?.focus()}>
          {t("documents.leaveTitle")}
        </h2>
        <p id="leave-lead">{t("documents.leaveLead")}</p>
        <div className={ui.row}>
          <button type="button" className={ui.button} onClick={() => blocker.reset()}>
            {t("documents.leaveStay")}
          </button>
          <button type="button" className={ui.secondaryButton} onClick={() => blocker.proceed()}>
            {t("documents.leaveGo")}
          </button>
        </div>
      </section>
    );
  return null;
}

type StoredDocument = { requirement_id: number; name: string; file_id: string; original_name: string; size: number; uploaded_at: string; version: number };

/** The detail's current documents, each a download through /files/:id; `historyHref` links every version of them. */
export function ApplicationDocuments({ documents, historyHref }: { documents: StoredDocument[]; historyHref?: string }) {
  const { t } = useTranslation("applicant");
  return (
    <section className={ui.card} aria-labelledby="documents-title">
      <h2 id="documents-title">{t("detail.documents")}</h2>
      {documents.length === 0 ? (
        <p>{t("detail.noDocuments")}</p>
      ) : (
        <ul>
          {documents.map((d) => (
            <li key={d.requirement_id}>
              {d.name}:{" "}
              <a href={`/files/${d.file_id}`} aria-label={t("documents.download", { name: d.original_name })}>
                {d.original_name}
              </a>{" "}
              <span className={ui.muted}>
                ({formatSize(d.size)}, {t("detail.version", { version: d.version })}, {formatDateTime(d.uploaded_at)})
              </span>
            </li>
          ))}
        </ul>
      )}
      {historyHref && documents.length > 0 ? (
        <p>
          <Link to={historyHref}>{t("fileHistory.link")}</Link>
        </p>
      ) : null}
    </section>
  );
}
