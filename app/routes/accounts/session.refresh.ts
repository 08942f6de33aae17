import { redirect, type ActionFunctionArgs } from "@remix-run/node";

/**
 * The browser's keep-alive (45-minute timer and tab visible again, spec §4): refreshes the tokens
 * when at least a minute has passed, and reports whether the session still stands — 401 once it is
 * gone. A resource route answers with a Response of its own: Remix drops the status of `data()` here.
 */
export async function action({ context }: ActionFunctionArgs) {
  const auth = await context.auth({ forceRefresh: true });
  if (auth.kind === "anonymous") return Response.json({ ok: false }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return Response.json({ ok: true, expiresAt: auth.session.expiresAt }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return redirect("/");
}
