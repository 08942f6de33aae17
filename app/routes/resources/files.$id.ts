import type { LoaderFunctionArgs } from "@remix-run/node";
import { accessToken } from "~/utils/api.server";
import { requireUser } from "~/utils/guards.server";
import { i18next } from "~/utils/i18n.server";

// Downloads go through the portal, which holds the session; the API decides who may read the file.
// The server (server/security.ts) adds nosniff to every response, this one too.
const PASSED_HEADERS = ["content-type", "content-disposition", "content-length", "content-security-policy", "x-frame-options"];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const token = await accessToken(context);
  // ?inline=1 opens a PDF or an image in the browser's own viewer ("Lihat"); the API decides which types may.
  const inline = new URL(request.url).searchParams.get("inline") === "1" ? "1" : undefined;
  const r = await context.api.fetchRaw("GET", `/files/${encodeURIComponent(params.id ?? "")}`, { token, query: { inline } });
  // Any refusal reads as "not found" (ids reveal nothing); only an unreachable or failing API is a 503.
  if (!r || !r.ok) {
    const t = await i18next.getFixedT(request);
    if (!r || r.status >= 500) throw new Response(t("error.fileUnavailable"), { status: 503 });
    throw new Response(t("error.fileNotFound"), { status: 404 });
  }
  // The file's own policy (the API's `sandbox`) replaces the page policy server/security.ts set before the route ran,
  // and its X-Frame-Options the server's DENY: a PDF or image shown inline may sit in the document viewer's
  // frame (SAMEORIGIN), a download never (docs/decisions/022-document-viewer.md).
  context.omitHeader?.("Content-Security-Policy");
  context.omitHeader?.("X-Frame-Options");
  const headers = new Headers({ "cache-control": "private, no-store", "content-security-policy": "sandbox", "x-frame-options": "DENY" });
  for (const h of PASSED_HEADERS) {
    const v = r.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(r.body, { status: 200, headers });
}
