import type { LoaderFunctionArgs } from "@remix-run/node";
import { unavailableResponse } from "~/utils/api.server";

// /.well-known/adaptasi-keys.json: the decision letters' public keys (JWK Set), for a check without the network.
export async function loader({ context }: LoaderFunctionArgs) {
  const r = await context.api.call("GET", "/public/letter-keys");
  if (!r.ok) return unavailableResponse();
  return new Response(JSON.stringify(r.body), {
    headers: { "Content-Type": "application/jwk-set+json", "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
