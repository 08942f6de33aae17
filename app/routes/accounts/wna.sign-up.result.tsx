import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PRODUCT_NAME } from "#domain/menu";
import { SignUpResult } from "~/routes/accounts/SignUpResult";
import type { loader } from "./sign-up.result";

// The foreign-national result (spec §2 /wna/sign-up/result): the same page, leading to /wna/login.
export { ErrorBoundary, handle, loader } from "./sign-up.result";

export const meta: MetaFunction = () => [{ title: `Periksa Surel Anda — ${PRODUCT_NAME}` }];

export default function ForeignSignUpResult() {
  const { email } = useLoaderData<typeof loader>();
  return <SignUpResult email={email} loginPath="/wna/login" />;
}
