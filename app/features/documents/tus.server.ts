import type { AppLoadContext } from "@remix-run/node";
import { requirements } from "~/features/documents/documents.server";
import { accessToken, API_UNAVAILABLE, type TusMethod } from "~/utils/api.server";
import { i18next } from "~/utils/i18n.server";
import { toastCookie } from "~/utils/session.server";

// The portal's door to the API's resumable uploads (the applicant's and a facility's upload routes) (docs/decisions/027-resumable-uploads.md). The browser
// speaks tus to a route of the portal (`<upload route>/tus/<id>`), which needs the session; each request
// goes on to /api/v1/uploads with the session's access token — the browser never sees it — its chunk
// streamed through unread (server/request-body.ts lets an upload route's tus body pass), and the API's
// answer comes back with its Location made the portal's.

/** The headers of the tus protocol a request may carry on to the API. */
const REQUEST_HEADERS = ["tus-resumable", "upload-offset", "upload-length", "upload-metadata", "upload-defer-length", "content-type"];
/** …and those of its answers, back to the browser. */
const RESPONSE_HEADERS = [
  "tus-resumable",
  "tus-version",
  "tus-extension",
  "tus-max-size",
  "upload-offset",
  "upload-length",
  "upload-metadata",
  "upload-expires",
  "content-type",
  "retry-after",
];

const METHODS: readonly TusMethod[] = ["POST", "HEAD", "PATCH", "DELETE"];
/** An upload's id as tus-node-server makes it (16 random bytes, hex). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

const json = (status: number, error: { code: string; message: string }): Response =>
  new Response(JSON.stringify({ error }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Tus-Resumable": "1.0.0", "Cache-Control": "no-store" },
  });

/**
 * Forwards one tus request to the API. `base` is the route's own address (`/submission-form/upload/tus`),
 * `splat` what follows it: empty to create an upload, its id to continue, ask about or cancel it. The
 * caller has checked the session and the role.
 */
export async function forwardTus(request: Request, context: AppLoadContext, base: string, splat: string | undefined): Promise<Response> {
  const method = request.method.toUpperCase() as TusMethod;
  const id = splat ? splat.replace(/\/$/, "") : null;
  const t = await i18next.getFixedT(request, "applicant");
  const notFound = () => json(404, { code: "NOT_FOUND", message: t("resumable.notFound") });
  // Not tus (a GET, a form's post): there is nothing here to see or post to.
  if (!METHODS.includes(method) || !request.headers.has("tus-resumable")) return notFound();
  if (id === null ? method !== "POST" : method === "POST" || !UPLOAD_ID.test(id)) return notFound();
  const headers: Record<string, string> = {};
  for (const name of REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const token = await accessToken(context);
  const answer = await context.api.tus(method, id, { token, headers, body: method === "PATCH" ? request.body : null });
  if (!answer) return json(503, API_UNAVAILABLE);
  const out = new Headers({ "Cache-Control": "no-store" });
  for (const name of RESPONSE_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  // The API's /api/v1/uploads/<id> becomes this route's <base>/<id>.
  const location = answer.headers.get("location");
  const created = location ? /\/uploads\/([0-9a-f]{32})$/.exec(location)?.[1] : undefined;
  if (created) out.set("Location", `${base}/${created}`);
  if (method === "PATCH" && answer.status === 200) {
    // The last chunk: the API checked and attached the document. The page reads its data again and says
    // so as a multipart upload's answer does ("Dokumen tersimpan: 3. …").
    const text = await answer.text();
    let saved: number[] = [];
    try {
      saved = (JSON.parse(text) as { data?: { saved?: number[] } }).data?.saved ?? [];
    } catch {
      // not the API's answer: passed on as it is
    }
    if (saved.length > 0) out.append("Set-Cookie", await storedToast(request, context, saved));
    return new Response(text, { status: 200, headers: out });
  }
  const empty = method === "HEAD" || answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, headers: out });
}

async function storedToast(request: Request, context: AppLoadContext, saved: number[]): Promise<string> {
  const t = await i18next.getFixedT(request, "applicant");
  const byId = new Map((await requirements(context)).map((r) => [r.id, `${r.order_num}. ${r.name}`]));
  return toastCookie({ severity: "success", message: t("toast.documentSaved", { names: saved.map((id) => byId.get(id) ?? String(id)).join(", ") }) });
}

/**
 * The session's check for a tus request (one that says `Tus-Resumable`): a redirect it throws (the session
 * ended, another role) becomes a 401 the upload script understands, instead of a login page where it
 * expects the protocol's answer. Any other request is refused as every page refuses it.
 */
export async function tusGuard(request: Request, check: () => Promise<unknown>): Promise<Response | null> {
  try {
    await check();
    return null;
  } catch (thrown) {
    if (request.headers.has("tus-resumable") && thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const t = await i18next.getFixedT(request, "applicant");
      return json(401, { code: "INVALID_TOKEN", message: t("resumable.sessionEnded") });
    }
    throw thrown;
  }
}

/** The route's own address: the request's path less the splat. */
export function tusBase(request: Request, splat: string | undefined): string {
  const pathname = new URL(request.url).pathname.replace(/\/$/, "");
  return splat ? pathname.slice(0, pathname.length - splat.replace(/\/$/, "").length - 1) : pathname;
}
