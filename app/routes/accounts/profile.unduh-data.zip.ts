import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataSubject, waitOnPage } from "~/routes/accounts/__data-export.server";
import { accessToken } from "~/utils/api.server";
import { i18next } from "~/utils/i18n.server";

// The ZIP of /profile/unduh-data: the API builds it and the portal passes its body through as it
// arrives (never held whole), like a file download (files.$id.ts). A dropped download resumes: the
// browser's Range and If-Range go to the API, its 206 (or 416) and the headers that make it resumable
// (size, range, ETag) come back.
const PASSED_HEADERS = ["content-type", "content-disposition", "content-length", "content-range", "accept-ranges", "etag"];
const ASKED_HEADERS = ["range", "if-range"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const subject = await dataSubject(request, context);
  const token = await accessToken(context);
  const asked: Record<string, string> = {};
  for (const h of ASKED_HEADERS) {
    const v = request.headers.get(h);
    if (v) asked[h] = v;
  }
  const r = subject.registration
    ? await context.api.fetchRaw("GET", `/registrations/${encodeURIComponent(subject.registration.id)}/data-export`, { token, headers: asked })
    : await context.api.fetchRaw("GET", "/me/data-export", { token, headers: asked });
  if (r?.status === 416) return new Response(null, { status: 416, headers: { "content-range": r.headers.get("content-range") ?? "" } });
  if (!r || !r.ok) {
    if (r?.status === 429) {
      await r.body?.cancel();
      return waitOnPage(subject, Math.max(1, Number(r.headers.get("retry-after")) || 60));
    }
    const t = await i18next.getFixedT(request);
    await r?.body?.cancel();
    if (!r || r.status >= 500) throw new Response(t("dataExport.unavailable"), { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw new Response(t("error.fileNotFound"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const headers = new Headers({ "cache-control": "private, no-store" });
  for (const h of PASSED_HEADERS) {
    const v = r.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(r.body, { status: r.status === 206 ? 206 : 200, headers });
}
