import type { AppLoadContext } from "@remix-run/node";
import type { Verification } from "#contracts/letters";
import type { ApiResult } from "~/utils/api.server";

// A public check's answer for the pages: the result, or why there is none (too many checks, the API away).
export type Checked = { result: Verification } | { wait: number } | { unavailable: true };

export function checked(r: ApiResult<{ data: Verification }>): Checked {
  if (r.ok) return { result: r.body.data };
  if (r.status === 429) return { wait: Math.max(1, Math.ceil((r.retryAfterSec ?? 60) / 60)) };
  return { unavailable: true };
}

export const verifyToken = async (context: AppLoadContext, token: string) =>
  checked(await context.api.call("POST", "/public/letters/verify-token", { body: { token: token.slice(0, 2000) } }));
