import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import { SignUpResult } from "~/routes/accounts/__SignUpResult";
import { takeSignedUpEmail } from "~/routes/accounts/__register-wna.server";
import { titled } from "~/utils/page-title";

export const handle = titled("checkEmail", { faq: "signUp" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The address is shown once, as a reminder; a refresh shows the same page without it.
  const { email, setCookie } = await takeSignedUpEmail(request);
  if (setCookie) context.appendSetCookie(setCookie);
  return { email };
}

export default function CitizenSignUpResult() {
  const { email } = useLoaderData<typeof loader>();
  return <SignUpResult email={email} loginPath="/login" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
