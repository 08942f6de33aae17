import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { APPLICANT_ROLES } from "#domain/roles";
import * as a from "~/components/admin.css";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { accessToken } from "~/utils/api.server";
import { logoutResponse } from "~/utils/auth.server";
import { requireUser } from "~/utils/guards.server";
import { i18next } from "~/utils/i18n.server";
import { titled } from "~/utils/page-title";

export const handle = titled("deleteAccount");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [...APPLICANT_ROLES] });
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context, { roles: [...APPLICANT_ROLES] });
  const t = await i18next.getFixedT(request, "common");
  // Only the Yes button's post deletes; anything else changes nothing.
  if ((await request.formData()).get("intent") !== "confirm") return data({ message: t("deleteAccount.refused") }, { status: 400 });
  const auth = await context.auth();
  const r = await context.api.call("DELETE", "/me/account", { token: await accessToken(context) });
  if (!r.ok) return data({ message: r.error.message }, { status: r.status >= 500 ? 503 : r.status === 409 ? 409 : 400 });
  // The account's sessions went with it: the cookie goes too.
  return logoutResponse(context.api, auth, "/welcome", { severity: "success", message: t("deleteAccount.done") });
}

/** /profile/hapus-akun: an applicant who never submitted deletes their account, after Yes/No. */
export default function DeleteAccount() {
  const { t } = useTranslation("common");
  const refused = useActionData<typeof action>();
  return (
    <>
      <h1>{t("deleteAccount.title")}</h1>
      {refused ? (
        <p role="alert" className={ui.card}>
          {refused.message}
        </p>
      ) : null}
      <section className={ui.card} aria-labelledby="delete-question">
        <p>{t("deleteAccount.lead")}</p>
        <ul>
          <li>{t("deleteAccount.item1")}</li>
          <li>{t("deleteAccount.item2")}</li>
          <li>{t("deleteAccount.item3")}</li>
        </ul>
        <p>{t("deleteAccount.submitted")}</p>
        <p id="delete-question">
          <strong>{t("deleteAccount.question")}</strong>
        </p>
        <div className={ui.row}>
          <Form method="post">
            <button type="submit" name="intent" value="confirm" className={a.dangerButton} aria-describedby="delete-question">
              {t("confirm.yes")}
            </button>
          </Form>
          <Link to="/profile" className={ui.secondaryButton}>
            {t("confirm.no")}
          </Link>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
