import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApplicantOrVerifiedFacility } from "~/features/registrations/registrations.server";
import { accessToken } from "~/utils/api.server";
import { i18next } from "~/utils/i18n.server";

// A decision letter's PDF (?nomor=): the holder's own, or a facility's for a professional it registered.
// The API makes it; its bytes pass through.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApplicantOrVerifiedFacility(request, context);
  const number = (new URL(request.url).searchParams.get("nomor") ?? "").slice(0, 60);
  const token = await accessToken(context);
  const r = number ? await context.api.fetchRaw("GET", "/me/letters/pdf", { token, query: { number } }) : null;
  if (!r || !r.ok) {
    await r?.body?.cancel();
    const t = await i18next.getFixedT(request);
    if (r && r.status >= 500) throw new Response(t("verify:verify.unavailable"), { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw new Response(t("error.fileNotFound"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" });
  for (const h of ["content-type", "content-disposition"]) {
    const v = r.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(r.body, { status: 200, headers });
}
