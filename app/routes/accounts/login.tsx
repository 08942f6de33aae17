import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "#domain/menu";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { LoginForm } from "~/routes/accounts/LoginForm";
import { requireAnonymous } from "~/utils/guards.server";
import { loginAction } from "~/routes/accounts/login.server";

export const meta: MetaFunction = () => [{ title: `Masuk — ${PRODUCT_NAME}` }];
export const handle = { faq: "login" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  return loginAction(request, context);
}

export default function Login() {
  return <LoginForm variant="citizen" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
