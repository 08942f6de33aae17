import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Form, useBlocker, useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DocumentForm, DocumentRequirement } from "#domain/documents";
import * as ui from "~/components/ui.css";
import * as a from "~/features/documents/documents.css";
import { OneDocumentForm, type CurrentFile, type DocumentErrors } from "~/features/documents/DocumentField";

// The documents of an upload page — the applicant's and the facility's, first upload and reupload: what a
// post had refused, what is still missing, one form per document (DocumentField.tsx), and the page's buttons.

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

interface SendButton {
  action: string;
  label: string;
}

/**
 * A page's documents, as every upload page shows them: what a post had refused, what is still missing (a
 * reupload counts only the documents uploaded again since the reviewer asked), then the documents' forms —
 * in a card of their own unless the page's section is one (`framed={false}`). A page that may have nothing
 * to ask for says so with `empty`.
 */
export function DocumentsPanel({
  application,
  framed = true,
  empty,
  ...forms
}: Omit<Parameters<typeof DocumentUploadForm>[0], "applicationId" | "current"> & {
  application: { id: string; documents: Array<CurrentFile & { requirement_id: number }>; reupload: Array<{ requirement_id: number; fixed: boolean }> };
  framed?: boolean;
  empty?: ReactNode;
}) {
  const current = new Map(application.documents.map((d) => [d.requirement_id, d]));
  const stored =
    forms.form === "reupload"
      ? new Map(
          application.reupload.flatMap((r) => (r.fixed && current.has(r.requirement_id) ? [[r.requirement_id, current.get(r.requirement_id)!] as const] : [])),
        )
      : current;
  const requirements = forms.items.map((i) => i.requirement);
  const nothing = empty !== undefined && forms.items.length === 0;
  const body = nothing ? empty : <DocumentUploadForm {...forms} applicationId={application.id} current={current} />;
  return (
    <>
      <DocumentErrorSummary errors={forms.errors} requirements={requirements} />
      {nothing ? null : <MissingDocuments requirements={requirements} current={stored} />}
      {framed ? <section className={ui.card}>{body}</section> : body}
    </>
  );
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
