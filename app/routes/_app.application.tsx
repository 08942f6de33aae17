import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "#domain/menu";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { requireUser } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: `Daftar Permohonan Adaptasi — ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [1, 5, 6, 7] });
  return null;
}

/** /application: the adaptation application list of roles 1, 5, 6, 7 (DESIGN §3). */
export default function ApplicationList() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("lists.adaptationTitle")}</h1>
      <p className={ui.card}>{t("lists.empty")}</p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
