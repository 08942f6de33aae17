import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { LoginForm } from "~/routes/accounts/__LoginForm";
import { requireAnonymous } from "~/utils/guards.server";
import { loginAction } from "~/routes/accounts/__login.server";
import { titled } from "~/utils/page-title";

export const handle = titled("login", { faq: "login" });

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
