import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import * as ui from "~/components/ui.css";
import * as a from "~/features/documents/documents.css";

/**
 * A page that takes one file (the applicant's photo, the guidebook): its refusal, then one plain multipart
 * post with the file's field (`name`, its hint and its error) and the page's buttons (`children`). With
 * `pick`, the field is the large "Pilih berkas" picker of the document forms.
 */
export function OneFileForm({
  name,
  label,
  hint,
  accept,
  error,
  pick,
  children,
}: {
  name: string;
  label: string;
  hint: string;
  accept: string;
  error: string | undefined;
  pick?: string;
  children: ReactNode;
}) {
  const input = (
    <input
      type="file"
      id={name}
      name={name}
      className={pick ? a.fileInput : undefined}
      accept={accept}
      required
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${name}-hint ${name}-error` : `${name}-hint`}
    />
  );
  return (
    <>
      {error ? (
        <div className={ui.errorSummary} role="alert" tabIndex={-1} autoFocus>
          <a href={`#${name}`}>{error}</a>
        </div>
      ) : null}
      {/* noValidate: the portal's message, not the browser's bubble, says that a file is missing. */}
      <Form method="post" encType="multipart/form-data" reloadDocument noValidate>
        <div className={ui.field}>
          <label htmlFor={name} className={ui.label}>
            {label}
          </label>
          <p id={`${name}-hint`} className={ui.hint}>
            {hint}
          </p>
          {error ? (
            <p id={`${name}-error`} className={ui.fieldError}>
              {error}
            </p>
          ) : null}
          {pick ? (
            <div className={a.picker}>
              <label htmlFor={name} className={a.pickButton}>
                {pick}
              </label>
              {input}
            </div>
          ) : (
            input
          )}
        </div>
        {children}
      </Form>
    </>
  );
}
