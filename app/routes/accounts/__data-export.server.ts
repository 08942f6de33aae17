import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { AuthUser } from "#contracts/me";
import { ROLE } from "#domain/roles";
import { registrationOf, requireApplicantOrVerifiedFacility } from "~/features/registrations/registrations.server";

// "Download my data" (docs/decisions/028-data-export.md): whose data the page and its ZIP are about.
// The applicant: their own, whatever the URL says. A verified facility admin: the professional of one of
// its registrations (?id=); without one, or with another facility's, the not-found screen.

export const DATA_EXPORT_PAGE = "/profile/unduh-data";

export interface DataSubject {
  me: AuthUser;
  /** the facility's registration (application id) and its professional; null for the applicant */
  registration: { id: string; name: string; registration_number: string | null } | null;
}

export async function dataSubject(request: Request, context: AppLoadContext): Promise<DataSubject> {
  const me = await requireApplicantOrVerifiedFacility(request, context);
  if (me.user.role_id !== ROLE.ADMIN_FASYANKES) return { me, registration: null };
  const r = await registrationOf(context, request);
  return { me, registration: { id: r.application.id, name: r.professional.full_name, registration_number: r.application.registration_number } };
}

/** The page again, saying how long to wait (the API's Retry-After, in seconds). */
export function waitOnPage(subject: DataSubject, retryAfterSec: number) {
  const params = new URLSearchParams({ ...(subject.registration ? { id: subject.registration.id } : {}), tunggu: String(retryAfterSec) });
  return redirect(`${DATA_EXPORT_PAGE}?${params}`, 303);
}

/** ?tunggu= as the page reads it: seconds, 1 to a day; anything else is no wait. */
export function waitOf(url: URL): number | null {
  const raw = url.searchParams.get("tunggu") ?? "";
  if (!/^\d{1,5}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 86_400 ? n : null;
}
