import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { STAFF_ROLES } from "#domain/roles";
import { formatDateTime } from "~/utils/format";
import type { AuditEntry } from "~/utils/admin.server";
import { useRoleName } from "~/utils/role-name";
import * as a from "~/components/admin.css";
import * as ui from "~/components/ui.css";

// Small pieces the admin and CMS pages share: a status badge, the on/off card, the
// audit list and the staff roles. Apart from the reference-list pages (admin.tsx), so a page that shows
// a badge does not load the reference forms and the country list.

/** The roles a staff account may have, as the staff forms' options; role 1's name carries the committee's name. */
export function useRoleOptions(): Array<{ value: string; label: string }> {
  const role = useRoleName();
  return STAFF_ROLES.map((r) => ({ value: String(r), label: role(r) }));
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation("admin");
  return <span className={`${ui.badge} ${active ? ui.badgeColour.green : ui.badgeColour.none}`}>{active ? t("status.active") : t("status.inactive")}</span>;
}

/**
 * The card that switches an entry on or off (announcements, test schedules): what it changes, and one
 * button posting the intent, so it works without JavaScript.
 */
export function ActiveToggle({ active, lead, label }: { active: boolean; lead: string; label: string }) {
  return (
    <section className={ui.card}>
      <p>{lead}</p>
      <Form method="post">
        <button type="submit" name="intent" value={active ? "deactivate" : "activate"} className={ui.secondaryButton}>
          {label}
        </button>
      </Form>
    </section>
  );
}

/** The admin actions recorded about one record, newest first. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation("admin");
  // Role 1's name carries the committee's name, as in the top bar and the review history.
  const role = useRoleName();
  const show = (field: string, value: unknown) => (field === "role_id" ? role(Number(value)) : value === null || value === undefined ? "—" : String(value));
  if (entries.length === 0) return <p className={ui.muted}>{t("audit.empty")}</p>;
  return (
    <ol className={a.audit}>
      {entries.map((e) => (
        <li key={e.id} className={a.auditEntry}>
          <p className={ui.flush}>
            <strong>{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</strong> — {formatDateTime(e.created_at)}
          </p>
          <p className={`${ui.flush} ${ui.muted}`}>{t("audit.by", { name: e.actor_name ?? "—", role: role(e.actor_role) })}</p>
          {e.reason ? <p className={ui.flush}>{t("audit.reason", { reason: e.reason })}</p> : null}
          {e.details && e.action === "USER_UPDATE" ? (
            <ul>
              {Object.entries(e.details as Record<string, { from: unknown; to: unknown }>).map(([field, change]) => (
                <li key={field}>
                  {t("audit.change", {
                    field: t(`audit.fields.${field}`, { defaultValue: field }),
                    from: show(field, change.from),
                    to: show(field, change.to),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The search box of an admin list's GET filter form. */
export function SearchFilter({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className={a.filterField}>
      <label htmlFor="q" className={ui.label}>
        {label}
      </label>
      <input id="q" name="q" type="search" className={ui.input} defaultValue={value ?? ""} maxLength={100} />
    </div>
  );
}

/** The active/inactive choice of an admin list's GET filter form. */
export function StatusFilter({ value }: { value: string | undefined }) {
  const { t } = useTranslation("admin");
  return (
    <div className={a.filterField}>
      <label htmlFor="status" className={ui.label}>
        {t("filters.status")}
      </label>
      <select id="status" name="status" className={ui.input} defaultValue={value ?? ""}>
        <option value="">{t("filters.anyStatus")}</option>
        <option value="active">{t("status.active")}</option>
        <option value="inactive">{t("status.inactive")}</option>
      </select>
    </div>
  );
}
