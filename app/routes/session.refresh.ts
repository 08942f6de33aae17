import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";

/**
 * The browser's keep-alive (45-minute timer and tab visible again, spec §4): refreshes the tokens
 * when at least a minute has passed, and reports whether the session still stands.
 */
export async function action({ context }: ActionFunctionArgs) {
  const auth = await context.auth({ forceRefresh: true });
  if (auth.kind === "anonymous") return data({ ok: false }, { status: 401 });
  return { ok: true, expiresAt: auth.session.expiresAt };
}

export function loader() {
  return redirect("/");
}
