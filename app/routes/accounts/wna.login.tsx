import type { MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "#domain/menu";
import { LoginForm } from "~/routes/accounts/LoginForm";

// The foreign-national login (spec §2 /wna/login): the same guard and action as /login.
export { action, ErrorBoundary, handle, loader } from "./login";

export const meta: MetaFunction = () => [{ title: `Masuk WNA — ${PRODUCT_NAME}` }];

export default function WnaLogin() {
  return <LoginForm variant="foreign" />;
}
