import type { PublicConfig } from "#contracts/config";
import type { AppLoadContext } from "@remix-run/node";
import { DEFAULT_COMMITTEE_NAME } from "#domain/roles";

// The shape is the API's contract (contracts/config.ts), not a copy of it.
export type { PublicConfig };

const FALLBACK: PublicConfig = { navbarLinks: [], faq: { base: "/", login: "/", signUp: "/", index: "/" }, committeeName: DEFAULT_COMMITTEE_NAME };

/**
 * Navbar extra links and FAQ addresses (edited on /master-cms) and the committee's name after role 1's
 * label (edited on /sla-setting); read fresh so edits show at once.
 */
export async function getPublicConfig(context: AppLoadContext): Promise<PublicConfig> {
  const r = await context.api.call("GET", "/config/public");
  return r.ok ? r.body.data : FALLBACK;
}
