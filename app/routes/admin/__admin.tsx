import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { ReferenceKind } from "#domain/forms/admin.labels";
import type { FormInput } from "#domain/forms/registry";
import { COUNTRIES, countryName } from "#domain/countries";
import { ActiveBadge, SearchFilter, StatusFilter } from "~/components/admin-parts";
import type { referenceEntryLoader, referenceListLoader, referenceEntryAction, referenceListAction } from "~/routes/admin/__admin-reference.server";
import * as a from "~/components/admin.css";
import { ConfirmPanel } from "~/components/ConfirmPanel";
import { ErrorSummary, Field, SelectField, SubmitButton } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { Pager } from "~/components/Pager";
import { DataTable } from "~/components/DataTable";
import { rules as institutionRules } from "#domain/forms/live/institution.generated";
import { rules as positionRules } from "#domain/forms/live/position.generated";
import { rules as specializationRules } from "#domain/forms/live/specialization.generated";
import { useLiveValidation } from "~/utils/live-validation";

/** The browser's copy of each reference kind's rules (spec §5 live checks). */
const ENTRY_RULES = { specialization: specializationRules, institution: institutionRules, position: positionRules } satisfies Record<ReferenceKind, unknown>;

// Shared pieces of the admin pages. Every form posts and works without JavaScript.

const COUNTRY_OPTIONS = COUNTRIES.map(([value, label]) => ({ value, label }));

// --- Reference lists --------------------------------------------------------------------------

function useEntryForm(kind: ReferenceKind, id: string, lastResult: unknown, defaultValue?: Record<string, string>) {
  return useForm<FormInput<typeof kind>>({
    id,
    lastResult: lastResult as never,
    defaultValue,
    ...useLiveValidation(ENTRY_RULES[kind]),
  });
}

function EntryFields({ kind, fields }: { kind: ReferenceKind; fields: Record<string, FieldMetadata<any>> }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <Field meta={fields.name} label={t("fields.name")} />
      {kind === "institution" ? <SelectField meta={fields.country} label={t("fields.country")} options={COUNTRY_OPTIONS} /> : null}
    </>
  );
}

const entryErrorFields = (kind: ReferenceKind, fields: Record<string, FieldMetadata<any>>, t: TFunction) => [
  { meta: fields.name, label: t("fields.name") },
  ...(kind === "institution" ? [{ meta: fields.country, label: t("fields.country") }] : []),
];

/** /specialization-list, /institution-list, /master-position: search, paging and a form to add. */
export function ReferenceListPage({ kind, base }: { kind: ReferenceKind; base: string }) {
  const { t } = useTranslation("admin");
  const { entries, meta, params } = useLoaderData<typeof referenceListLoader>();
  const lastResult = useActionData<typeof referenceListAction>();
  const [form, fields] = useEntryForm(kind, `${kind}-new`, lastResult);
  const noun = t(`lists.${kind}.noun`);
  return (
    <>
      <h1>{t(`lists.${kind}.title`)}</h1>
      <p>{t(`lists.${kind}.lead`)}</p>
      <section className={ui.card} aria-labelledby={`${kind}-new-title`}>
        <h2 id={`${kind}-new-title`}>{t(`lists.${kind}.add`)}</h2>
        <ErrorSummary form={form} fields={entryErrorFields(kind, fields, t)} />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <EntryFields kind={kind} fields={fields} />
          <SubmitButton>{t("lists.addSubmit")}</SubmitButton>
        </Form>
      </section>
      <section aria-labelledby={`${kind}-list-title`}>
        <h2 id={`${kind}-list-title`}>{t("lists.entries", { noun })}</h2>
        <Form method="get" className={a.filters} role="search">
          <SearchFilter label={t("lists.search")} value={params.q} />
          <StatusFilter value={params.status} />
          <div />
          <button type="submit" className={ui.secondaryButton}>
            {t("filters.apply")}
          </button>
        </Form>
        {entries.length === 0 ? (
          <p className={ui.card}>{t("lists.empty")}</p>
        ) : (
          <DataTable
            caption={t("lists.caption", { noun })}
            captionClassName={ui.muted}
            rows={entries}
            columns={[
              { header: t("fields.name"), cell: (e) => e.name },
              kind === "institution" && { header: t("fields.country"), cell: (e) => countryName(e.country ?? "") ?? e.country },
              { header: t("filters.status"), cell: (e) => <ActiveBadge active={e.is_active} /> },
              { header: t("lists.usage"), cell: (e) => (e.in_use ? t("lists.inUse") : t("lists.unused")) },
              {
                header: <span className={ui.muted}>{t("lists.actions")}</span>,
                cell: (e) => (
                  <Link to={`${base}/${e.id}`} aria-label={t("lists.editNamed", { name: e.name })}>
                    {t("lists.edit")}
                  </Link>
                ),
              },
            ]}
          />
        )}
        <Pager meta={meta} params={params} noun={noun} />
      </section>
    </>
  );
}

/** /<list>/:id: edit, deactivate or reactivate, and delete when nothing refers to the entry. */
export function ReferenceEntryPage({ kind, base }: { kind: ReferenceKind; base: string }) {
  const { t } = useTranslation("admin");
  const { entry } = useLoaderData<typeof referenceEntryLoader>();
  const answer = useActionData<typeof referenceEntryAction>();
  const confirm = answer && typeof answer === "object" && "confirm" in answer ? answer.confirm : null;
  const [form, fields] = useEntryForm(kind, `${kind}-edit`, confirm ? undefined : answer, { name: entry.name, country: entry.country ?? "" });
  if (confirm) {
    return (
      <>
        <h1>{entry.name}</h1>
        <ConfirmPanel
          question={t("reference.confirmDelete", { noun: t(`reference.noun.${kind}`), name: entry.name })}
          fields={confirm}
          back={`${base}/${entry.id}`}
        />
      </>
    );
  }
  return (
    <>
      <p>
        <Link to={base}>{t("lists.back", { title: t(`lists.${kind}.title`) })}</Link>
      </p>
      <h1>{entry.name}</h1>
      <p>
        <ActiveBadge active={entry.is_active} /> {entry.in_use ? t("lists.inUseLong") : t("lists.unusedLong")}
      </p>
      <section className={ui.card} aria-labelledby="entry-edit-title">
        <h2 id="entry-edit-title">{t("lists.editTitle")}</h2>
        <ErrorSummary form={form} fields={entryErrorFields(kind, fields, t)} />
        <Form method="post" {...getFormProps(form)} className={ui.formBlock}>
          <EntryFields kind={kind} fields={fields} />
          <SubmitButton name="intent" value="update">
            {t("form.save")}
          </SubmitButton>
        </Form>
      </section>
      <section className={ui.card} aria-labelledby="entry-status-title">
        <h2 id="entry-status-title">{t("lists.statusTitle")}</h2>
        <p>{entry.is_active ? t("lists.deactivateHint") : t("lists.activateHint")}</p>
        <Form method="post" className={ui.row}>
          {entry.is_active ? (
            <button type="submit" name="intent" value="deactivate" className={ui.secondaryButton}>
              {t("lists.deactivate")}
            </button>
          ) : (
            <button type="submit" name="intent" value="activate" className={ui.secondaryButton}>
              {t("lists.activate")}
            </button>
          )}
          {entry.in_use ? null : (
            <button type="submit" name="intent" value="delete" className={a.dangerButton}>
              {t("lists.delete")}
            </button>
          )}
        </Form>
        {entry.in_use ? <p className={ui.muted}>{t("lists.cannotDelete")}</p> : null}
      </section>
    </>
  );
}
