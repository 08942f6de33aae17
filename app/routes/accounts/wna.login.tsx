import { LoginForm } from "~/routes/accounts/__LoginForm";
import { titled } from "~/utils/page-title";

// The foreign-national login (spec §2 /wna/login): the same guard and action as /login.
import { handle as loginHandle } from "./login";
export { action, ErrorBoundary, loader } from "./login";

export const handle = titled("foreignLogin", loginHandle);

export default function WnaLogin() {
  return <LoginForm variant="foreign" />;
}
