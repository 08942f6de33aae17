import { useLoaderData } from "@remix-run/react";
import { SignUpResult } from "~/routes/accounts/__SignUpResult";
import type { loader } from "./sign-up.result";
import { titled } from "~/utils/page-title";

// The foreign-national result (spec §2 /wna/sign-up/result): the same page, leading to /wna/login.
import { handle as resultHandle } from "./sign-up.result";
export { ErrorBoundary, loader } from "./sign-up.result";

export const handle = titled("checkEmail", resultHandle);

export default function ForeignSignUpResult() {
  const { email } = useLoaderData<typeof loader>();
  return <SignUpResult email={email} loginPath="/wna/login" />;
}
