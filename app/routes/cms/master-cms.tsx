import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { ApiBody } from "~/utils/api.server";
import { cmsSchemas, type FaqForm, type NavbarLinksForm, type WelcomeForm } from "#domain/forms/cms";
import { NAVBAR_LINKS_MAX, WELCOME_ANNOUNCEMENTS } from "#domain/forms/cms.labels";
import { ActiveBadge } from "~/components/admin-parts";
import * as a from "~/components/admin.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { ErrorSummary, Field, SubmitButton, TextareaField } from "~/components/forms";
import * as ui from "~/components/ui.css";
import { adminApi, redirectWithToast } from "~/utils/admin.server";
import { CMS_ROLES, loadCms } from "~/routes/cms/__cms.server";
import { formatDate, formatDateTime } from "~/utils/format";
import { GUIDEBOOK_PATH } from "~/utils/guidebook";
import { requireUser } from "~/utils/guards.server";
import { i18next, formErrorsFor } from "~/utils/i18n.server";
import { refusalReply } from "~/utils/form-reply.server";
import { titled } from "~/utils/page-title";
import { DataTable } from "~/components/DataTable";
import { rules as faqRules } from "#domain/forms/live/faq.generated";
import { rules as navbarLinksRules } from "#domain/forms/live/navbarLinks.generated";
import { rules as welcomeRules } from "#domain/forms/live/welcome.generated";
import { useLiveValidation } from "~/utils/live-validation";

export const handle = titled("cms");

/** The three settings forms of this page: intent → schema, API endpoint, section anchor. */
const FORMS = {
  welcome: { schema: "welcome", api: "/admin/cms/welcome", anchor: "sambutan" },
  navbar: { schema: "navbarLinks", api: "/admin/cms/navbar-links", anchor: "navbar" },
  faq: { schema: "faq", api: "/admin/cms/faq", anchor: "faq" },
} as const;
type Intent = keyof typeof FORMS;

const isIntent = (v: unknown): v is Intent => typeof v === "string" && v in FORMS;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { cms: await loadCms(request, context) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: CMS_ROLES });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const t = await i18next.getFixedT(request, "cms");
  if (!isIntent(intent)) return redirectWithToast("/master-cms", t("toast.unknown"), "error");
  const { schema, api, anchor } = FORMS[intent];
  const submission = parseWithZod(formData, {
    schema: cmsSchemas()[schema] as z.ZodType<ApiBody<"PUT", typeof api>>,
    formatError: await formErrorsFor(request),
  });
  if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
  const r = await adminApi(context, "PUT", api, { body: submission.value });
  if (!r.ok) return data({ intent, reply: refusalReply(submission, r.error) }, { status: r.status >= 500 ? 503 : 400 });
  return redirectWithToast(`/master-cms#${anchor}`, t(`toast.${intent}`));
}

/** The reply of the form that was sent; the other forms start clean. */
function useReply(intent: Intent): SubmissionResult<string[]> | undefined {
  const result = useActionData<typeof action>();
  return result && "intent" in result && result.intent === intent ? (result.reply as SubmissionResult<string[]>) : undefined;
}

/** The browser's copy of each intent's form rules (domain/forms/live/*.generated.ts: constraints and live checks). */
const FORM_RULES = { welcome: welcomeRules, navbar: navbarLinksRules, faq: faqRules } satisfies Record<Intent, unknown>;

function useCmsForm<T extends Record<string, unknown>>(intent: Intent, defaultValue: Record<string, unknown>) {
  return useForm<T>({
    id: `cms-${intent}`,
    lastResult: useReply(intent),
    defaultValue: defaultValue as never,
    ...useLiveValidation(FORM_RULES[intent]),
  });
}

function WelcomeSection() {
  const { t } = useTranslation("cms");
  const { cms } = useLoaderData<typeof loader>();
  const [form, fields] = useCmsForm<WelcomeForm>("welcome", cms.welcome);
  return (
    <section id="sambutan" className={ui.card} aria-labelledby="sambutan-title">
      <h2 id="sambutan-title">{t("sections.welcome")}</h2>
      <p>{t("welcome.lead")}</p>
      <ErrorSummary
        form={form}
        fields={[
          { meta: fields.title, label: t("fields.title") },
          { meta: fields.lead, label: t("fields.lead") },
        ]}
      />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="welcome" />
        <Field meta={fields.title} label={t("fields.title")} />
        <TextareaField meta={fields.lead} label={t("fields.lead")} />
        <SubmitButton>{t("welcome.save")}</SubmitButton>
      </Form>
    </section>
  );
}

function AnnouncementsSection() {
  const { t } = useTranslation("cms");
  const { cms } = useLoaderData<typeof loader>();
  return (
    <section id="pengumuman" className={ui.card} aria-labelledby="pengumuman-title">
      <h2 id="pengumuman-title">{t("sections.announcements")}</h2>
      <p>{t("announcements.lead", { count: WELCOME_ANNOUNCEMENTS })}</p>
      <p>
        <Link to="/master-cms/announcements/new" className={ui.secondaryButton}>
          {t("announcements.add")}
        </Link>
      </p>
      {cms.announcements.length === 0 ? (
        <p className={ui.muted}>{t("announcements.empty")}</p>
      ) : (
        <DataTable
          caption={t("announcements.caption")}
          captionClassName={ui.muted}
          rows={cms.announcements}
          columns={[
            { header: t("announcements.colTitle"), cell: (n) => n.title },
            { header: t("announcements.colPublished"), cell: (n) => formatDate(n.published_at) },
            { header: t("announcements.colStatus"), cell: (n) => <ActiveBadge active={n.is_active} /> },
            {
              header: <span className={ui.muted}>{t("announcements.colActions")}</span>,
              cell: (n) => (
                <Link to={`/master-cms/announcements/${n.id}`} aria-label={t("announcements.editLabel", { title: n.title })}>
                  {t("announcements.edit")}
                </Link>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

function ScheduleSection() {
  const { t } = useTranslation("cms");
  const { cms } = useLoaderData<typeof loader>();
  return (
    <section id="jadwal" className={ui.card} aria-labelledby="jadwal-title">
      <h2 id="jadwal-title">{t("sections.schedule")}</h2>
      <p>{t("schedule.lead")}</p>
      <p>
        <Link to="/master-cms/test-schedules/new" className={ui.secondaryButton}>
          {t("schedule.add")}
        </Link>
      </p>
      {cms.test_schedules.length === 0 ? (
        <p className={ui.muted}>{t("schedule.empty")}</p>
      ) : (
        <DataTable
          caption={t("schedule.caption")}
          captionClassName={ui.muted}
          rows={cms.test_schedules}
          columns={[
            { header: t("schedule.colTitle"), cell: (e) => e.title },
            { header: t("schedule.colStart"), cell: (e) => formatDateTime(e.starts_at) },
            { header: t("schedule.colLocation"), cell: (e) => e.location },
            { header: t("schedule.colStatus"), cell: (e) => <ActiveBadge active={e.is_active} /> },
            {
              header: <span className={ui.muted}>{t("schedule.colActions")}</span>,
              cell: (e) => (
                <Link to={`/master-cms/test-schedules/${e.id}`} aria-label={t("schedule.editLabel", { title: e.title })}>
                  {t("schedule.edit")}
                </Link>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

function NavbarSection() {
  const { t } = useTranslation("cms");
  const { cms } = useLoaderData<typeof loader>();
  // A fixed set of rows, so links are added and removed without JavaScript.
  const rows = Array.from({ length: NAVBAR_LINKS_MAX }, (_, i) => cms.navbar_links[i] ?? { label: "", href: "" });
  const [form, fields] = useCmsForm<NavbarLinksForm>("navbar", { links: rows });
  const list = fields.links.getFieldList();
  const cells = Array.from({ length: NAVBAR_LINKS_MAX }, (_, i) => list[i]?.getFieldset());
  const summary = cells.flatMap((cell, i) =>
    cell
      ? [
          { meta: cell.label, label: t("navbar.label", { n: i + 1 }) },
          { meta: cell.href, label: t("navbar.href", { n: i + 1 }) },
        ]
      : [],
  );
  return (
    <section id="navbar" className={ui.card} aria-labelledby="navbar-title">
      <h2 id="navbar-title">{t("sections.navbar")}</h2>
      <p>{t("navbar.lead", { max: NAVBAR_LINKS_MAX })}</p>
      <ErrorSummary form={form} fields={summary} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="navbar" />
        {cells.map((cell, i) =>
          cell ? (
            <fieldset key={i} className={a.slaGroup}>
              <legend className={a.slaLegend}>{t("navbar.row", { n: i + 1 })}</legend>
              <Field meta={cell.label} label={t("navbar.label", { n: i + 1 })} />
              <Field meta={cell.href} label={t("navbar.href", { n: i + 1 })} hint={t("navbar.addressHint")} />
            </fieldset>
          ) : null,
        )}
        <SubmitButton>{t("navbar.save")}</SubmitButton>
      </Form>
    </section>
  );
}

function FaqSection() {
  const { t } = useTranslation("cms");
  const { cms } = useLoaderData<typeof loader>();
  const [form, fields] = useCmsForm<FaqForm>("faq", cms.faq);
  const items = [
    { meta: fields.base, label: t("fields.faq_base") },
    { meta: fields.login, label: t("fields.faq_login") },
    { meta: fields.signUp, label: t("fields.faq_signUp") },
    { meta: fields.index, label: t("fields.faq_index") },
  ];
  return (
    <section id="faq" className={ui.card} aria-labelledby="faq-title">
      <h2 id="faq-title">{t("sections.faq")}</h2>
      <p>{t("faq.lead")}</p>
      <ErrorSummary form={form} fields={items} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="faq" />
        {items.map((item) => (
          <Field key={item.label} meta={item.meta} label={item.label} hint={t("faq.hint")} />
        ))}
        <SubmitButton>{t("faq.save")}</SubmitButton>
      </Form>
    </section>
  );
}

function GuidebookSection() {
  const { t } = useTranslation("cms");
  const { cms } = useLoaderData<typeof loader>();
  const { original_name: name, updated_at: at } = cms.guidebook;
  return (
    <section id="panduan" className={ui.card} aria-labelledby="panduan-title">
      <h2 id="panduan-title">{t("sections.guidebook")}</h2>
      <p>{t("guidebook.lead")}</p>
      <p>{name && at ? t("guidebook.uploaded", { name, at: formatDateTime(at) }) : t("guidebook.bundled")}</p>
      <p className={ui.row}>
        <a href={GUIDEBOOK_PATH} target="_blank" rel="noopener noreferrer">
          {t("guidebook.view")}
        </a>
        <Link to="/master-cms/guidebook" className={ui.secondaryButton}>
          {t("guidebook.upload")}
        </Link>
      </p>
    </section>
  );
}

/** /master-cms (Admin, role 2): what the public pages show, each part its own form or list. */
export default function MasterCms() {
  const { t } = useTranslation("cms");
  const sections = [
    ["sambutan", "welcome"],
    ["pengumuman", "announcements"],
    ["jadwal", "schedule"],
    ["navbar", "navbar"],
    ["faq", "faq"],
    ["panduan", "guidebook"],
  ] as const;
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("lead")}</p>
      <nav aria-label={t("sectionsLabel")}>
        <ul className={ui.row}>
          {sections.map(([anchor, key]) => (
            <li key={anchor}>
              <a href={`#${anchor}`}>{t(`sections.${key}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className={ui.stack}>
        <WelcomeSection />
        <AnnouncementsSection />
        <ScheduleSection />
        <NavbarSection />
        <FaqSection />
        <GuidebookSection />
      </div>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
