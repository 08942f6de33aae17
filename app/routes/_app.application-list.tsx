import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "#domain/menu";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { requireUser } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: `Daftar Permohonan — ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: [2, 4] });
  return null;
}

/** /application-list: the application list of roles 2 and 4 (DESIGN §3). */
export default function ReviewApplicationList() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("lists.applicationTitle")}</h1>
      <p className={ui.card}>{t("lists.empty")}</p>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
