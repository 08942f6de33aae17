import { expect } from "vitest";
import { requirementsFor } from "#domain/documents";
import type { TestApi } from "./helpers";

// The requests of the tus protocol as a test sends them to /api/v1/uploads (docs/decisions/027-resumable-uploads.md),
// for the disk store's tests and the S3 store's alike.

export const TUS = { "tus-resumable": "1.0.0" } as const;

/** REG's 5 MB document, the one the tus tests upload to. */
export const FIVE_MB_DOC = requirementsFor("REG").find((r) => r.max_size === 5)!;

/** An Upload-Metadata header: each key with its value in base64. */
export function tusMetadata(m: Record<string, string>): string {
  return Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
}

/** A fresh REG draft of the caller's, its id. */
export async function tusDraft(api: TestApi, token: string): Promise<string> {
  const res = await api.request("/api/v1/applications", { token, json: { jalur_id: "REG" } });
  expect(res.status).toBe(201);
  return (await res.json()).data.id as string;
}

/** The creation of an upload of `size` bytes for one document of `application` (answered as it comes). */
export function tusCreate(
  api: TestApi,
  token: string,
  application: string,
  size: number,
  {
    requirement = FIVE_MB_DOC.id,
    filename = "ijazah.pdf",
    form = "adaptation",
    multipart,
  }: { requirement?: number; filename?: string; form?: string; /** a multipart body's content type */ multipart?: string } = {},
) {
  const metadata = tusMetadata({ application, requirement: String(requirement), form, filename, ...(multipart ? { multipart } : {}) });
  return api.request("/api/v1/uploads", {
    method: "POST",
    token,
    headers: { ...TUS, "upload-length": String(size), "upload-metadata": metadata },
  });
}

/** One chunk at `offset`. */
export function tusPatch(api: TestApi, token: string, location: string, offset: number, chunk: Buffer) {
  return api.request(location, {
    method: "PATCH",
    token,
    headers: { ...TUS, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body: new Uint8Array(chunk),
  });
}

/** Where the server got to. */
export function tusHead(api: TestApi, token: string, location: string) {
  return api.request(location, { method: "HEAD", token, headers: TUS });
}
