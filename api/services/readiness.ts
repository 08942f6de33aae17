import type { DeliveryState } from "./live-service";
import type { OwnedStorage } from "./storage/owner";

// /readyz (server/app.ts): ready once the database answers. The body says what an operator needs to see
// of an instance that is ready but not the live service: mail held or redirected (a copy of the database,
// api/services/live-service.ts) and storage read-only (it belongs to another PUBLIC_URL, storage/owner.ts).
// Read-only storage does not fail readiness: the instance serves every page and every file, only uploads
// answer 503 STORAGE_READ_ONLY; taking it out of the load balancer would make a marker mix-up on the live
// service an outage instead of an alert (docs/operations.md, "Readiness").

export interface Readiness {
  status: "ready";
  mail: DeliveryState["mail"];
  reason?: DeliveryState["reason"];
  /** present only when this instance may not store or remove files */
  storage?: "read-only";
}

/** The readiness answer; rejects when the database does not answer (the caller answers 503). */
export async function readiness(deps: {
  ping(): Promise<unknown>;
  delivery(): Promise<DeliveryState>;
  storage: Pick<OwnedStorage, "state">;
}): Promise<Readiness> {
  await deps.ping();
  const { mail, reason } = await deps.delivery();
  const { writable } = await deps.storage.state();
  return { status: "ready", mail, ...(reason ? { reason } : {}), ...(writable ? {} : { storage: "read-only" as const }) };
}
