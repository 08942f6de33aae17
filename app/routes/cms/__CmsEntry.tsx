import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { ActiveBadge, ActiveToggle } from "~/components/admin-parts";

/**
 * The page of one /master-cms entry (an announcement, a test schedule): back to the list, the title, the
 * entry's state, its form (the fields are the children) and, for a saved entry, the switch that hides or
 * shows it on the public pages.
 */
export function CmsEntryPage({
  back,
  title,
  entry,
  since,
  form,
  summary,
  texts,
  children,
}: {
  back: string;
  title: string;
  entry: { is_active: boolean } | null;
  /** What follows the state badge (an announcement's publication time). */
  since?: ReactNode;
  form: FormMetadata<any>;
  summary: Array<{ meta: FieldMetadata<any>; label: string }>;
  texts: { save: string; deactivateLead: string; activateLead: string; deactivate: string; activate: string };
  children: ReactNode;
}) {
  const { t } = useTranslation("cms");
  return (
    <>
      <p>
        <Link to={back}>{t("back")}</Link>
      </p>
      <h1>{title}</h1>
      {entry ? (
        <p>
          <ActiveBadge active={entry.is_active} />
          {since ? <> {since}</> : null}
        </p>
      ) : null}
      <section className={ui.card}>
        <ErrorSummary form={form} fields={summary} />
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="save" />
          {children}
          <SubmitButton>{texts.save}</SubmitButton>
        </Form>
      </section>
      {entry ? (
        <ActiveToggle
          active={entry.is_active}
          lead={entry.is_active ? texts.deactivateLead : texts.activateLead}
          label={entry.is_active ? texts.deactivate : texts.activate}
        />
      ) : null}
    </>
  );
}
