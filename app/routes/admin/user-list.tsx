import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useWorkflowWords } from "~/utils/workflow-words";
import { ROLE, STAFF_ROLES } from "#domain/roles";
import { ActiveBadge, SearchFilter, StatusFilter, useRoleOptions } from "~/components/admin-parts";
import { Pager } from "~/components/Pager";
import * as a from "~/components/admin.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { adminLoad, listParams } from "~/utils/admin.server";
import { requireUser } from "~/utils/guards.server";
import { titled } from "~/utils/page-title";
import { breakable } from "~/components/data-table.css";
import { DataTable } from "~/components/DataTable";
import { UserListTabs } from "~/routes/admin/__UserListTabs";

export const handle = titled("userList");

const ROLE_VALUES = STAFF_ROLES.map(String);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [ROLE.SUPER_ADMIN] });
  const params = listParams(new URL(request.url), { role: ROLE_VALUES });
  const list = await adminLoad(context, "/admin/users", params);
  // Each role by its id: the page words it.
  return { users: list.data, meta: list.meta, params };
}

/** /user-list: the Super Admin's staff accounts. */
export default function UserList() {
  const { t } = useTranslation("admin");
  const words = useWorkflowWords();
  const roleOptions = useRoleOptions();
  const { users, meta, params } = useLoaderData<typeof loader>();
  return (
    <>
      <UserListTabs />
      <div className={a.toolbar}>
        <h1 className={ui.flush}>{t("users.title")}</h1>
        <Link to="/user-list/new" className={ui.button}>
          {t("users.add")}
        </Link>
      </div>
      <p>{t("users.lead")}</p>
      <Form method="get" className={a.filters} role="search">
        <SearchFilter label={t("users.search")} value={params.q} />
        <div className={a.filterField}>
          <label htmlFor="role" className={ui.label}>
            {t("filters.role")}
          </label>
          <select id="role" name="role" className={ui.input} defaultValue={params.role ?? ""}>
            <option value="">{t("filters.anyRole")}</option>
            {roleOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <StatusFilter value={params.status} />
        <button type="submit" className={ui.secondaryButton}>
          {t("filters.apply")}
        </button>
      </Form>
      {users.length === 0 ? (
        <p className={ui.card}>{t("users.empty")}</p>
      ) : (
        <DataTable
          caption={t("users.caption")}
          captionClassName={ui.muted}
          rows={users}
          columns={[
            { header: t("users.name"), cell: (u) => <Link to={`/user-list/${u.id}`}>{u.full_name}</Link> },
            { header: t("users.email"), className: breakable, cell: (u) => u.email },
            { header: t("users.role"), cell: (u) => words.role(u.role_id) ?? String(u.role_id) },
            { header: t("users.position"), cell: (u) => u.position?.name ?? "—" },
            { header: t("filters.status"), cell: (u) => <ActiveBadge active={u.is_active} /> },
          ]}
        />
      )}
      <Pager meta={meta} params={params} noun={t("users.noun")} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
