import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MB, type DocumentForm, type DocumentRequirement } from "#domain/documents";
import { formatSize } from "~/components/StatusBadge";
import * as ui from "~/components/ui.css";
import * as a from "~/features/documents/documents.css";
import { ResumableProgress, useResumableUpload, useUnfinishedUpload } from "~/features/documents/resumable";

// One document's own form, one per requirement: its field, its button, and how the file goes — resumable
// (tus) with JavaScript, a plain post without.

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
 * With JavaScript every document goes resumably (tus) to `<endpoint>/tus` (a facility's forms: their own
 * `endpoint`), which the portal forwards to the API with the session's token.
 */
export const DEFAULT_UPLOAD_ENDPOINT = "/submission-form/upload";

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
 * One document's own small form: its field and its button, one file (or one merged set) per post, so a
 * post that fails costs this document only and every other stored document stays. Without JavaScript it
 * posts natively to `action`; with it, the document uploads resumably (`useResumableUpload`,
 * docs/decisions/027-resumable-uploads.md): one chosen file at once, several files of a merged document by
 * the button, as the document's multipart body.
 */
export function OneDocumentForm({
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
  // With JavaScript, one chosen file starts uploading at once, resumably; several files of a merged
  // document go together by the form's button, by the same path.
  const resumable = useResumableUpload({
    endpoint: endpoint ?? DEFAULT_UPLOAD_ENDPOINT,
    applicationId,
    requirementId: requirement.id,
    form,
    onBusy: (busy) => onBusy(requirement.id, busy),
    onStored,
  });
  const [chosenName, setChosenName] = useState("");
  const [submitError, setSubmitError] = useState<string | null>(null);
  const send = (files: File[], input: HTMLInputElement) => {
    setSubmitError(null);
    setChosenName(files[0].name);
    void resumable.start(files).finally(() => {
      // The files went (or were refused): the field is ready for the next choice.
      input.value = "";
    });
  };
  const onChosen = (files: FileList, input: HTMLInputElement) => {
    if (files.length === 1) send(Array.from(files), input);
  };
  // The button (several files of a merged document, or one chosen while an upload of it was refused):
  // with JavaScript the form never posts; what is chosen goes by the resumable upload.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resumable.state !== null) return;
    const input = event.currentTarget.elements.namedItem(`doc_${requirement.id}`) as HTMLInputElement | null;
    if (!input?.files || input.files.length === 0) return setSubmitError(t("documents.nothingChosen"));
    if (!input.checkValidity()) return input.reportValidity();
    send(Array.from(input.files), input);
  };
  const running = resumable.state !== null;
  // After a reload mid-upload: say that choosing the same file again continues it (until something is chosen).
  const unfinished = useUnfinishedUpload(applicationId, requirement.id, form);
  const resumeHint = unfinished && !chosenName ? t("documents.unfinished", { name: unfinished.name, size: formatSize(unfinished.size) }) : null;
  const ownError = resumable.error ?? submitError ?? error ?? formError;
  return (
    <Form
      method="post"
      action={withQuery(action, { doc: String(requirement.id) })}
      encType="multipart/form-data"
      reloadDocument
      onSubmit={onSubmit}
      className={a.documentForm}
    >
      <DocumentField
        requirement={requirement}
        reason={reason}
        current={current}
        error={ownError}
        live={submitError !== null || resumable.error !== null}
        onChosen={onChosen}
        disabled={running}
      />
      <div className={ui.row}>
        <button type="submit" className={ui.secondaryButton} disabled={running}>
          {button} <span className="visually-hidden">{`${requirement.order_num}. ${requirement.name}`}</span>
        </button>
      </div>
      {resumeHint ? <p className={ui.hint}>{resumeHint}</p> : null}
      <ResumableProgress state={resumable.state} name={chosenName} onCancel={() => void resumable.cancel()} />
      {/* Beside the progress the person watches: leaving the page stops the upload. */}
      {running ? <p className={a.leaveNote}>{t("documents.stayOnPage")}</p> : null}
      {resumable.note && !resumable.error ? (
        <p role="status" className={ui.hint}>
          {resumable.note}
        </p>
      ) : null}
    </Form>
  );
}

/** `?id=1&intent=upload` plus more parameters (the action stays relative to the page). */
function withQuery(action: string, extra: Record<string, string>): string {
  const [path, query = ""] = action.split("?");
  const params = new URLSearchParams(query);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return `${path}?${params}`;
}
