import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { AccessEntry } from "#contracts/access-log";
import { accessLines, VISIT_GAP_MS } from "~/features/access-log/access-log.server";

// /profile/akses-data and /access-log: one line per visit, with what it opened.

let next = 100;
const entry = (minutesAgo: number, over: Partial<AccessEntry> = {}): AccessEntry => ({
  id: next--,
  created_at: new Date(Date.parse("2026-11-20T03:00:00Z") - minutesAgo * 60_000).toISOString(),
  kind: "DETAIL",
  actor_role: 2,
  actor_name: "Rina Marlina",
  applicant_name: "dr. Andi Pratama",
  registration_number: "ADP-2026-000001",
  document_name: null,
  version: null,
  stage_id: 1,
  filter: null,
  ...over,
});
const doc = (minutesAgo: number, document_name: string, version = 1, over: Partial<AccessEntry> = {}) =>
  entry(minutesAgo, { kind: "DOCUMENT", document_name, version, ...over });

async function lines(data: AccessEntry[]) {
  const context = {
    auth: async () => ({ kind: "anonymous" }),
    api: { call: async () => ({ ok: true, status: 200, body: { data, meta: { page: 1, per_page: 25, total: data.length, pages: 1 } } }) },
  } as unknown as AppLoadContext;
  return (await accessLines(new Request("http://portal.test/profile/akses-data"), context, "/me/access-log", {})).lines;
}

describe("the access log's lines", () => {
  it("say one visit to a file once, with each thing it opened in order, however many reads it took", async () => {
    // Newest first, as the API answers: the detail, the viewer (it reads the detail again), the document shown, its download.
    const visit = [doc(0, "Curriculum Vitae (CV)"), doc(1, "Curriculum Vitae (CV)"), entry(2), entry(3)];
    const [line, ...more] = await lines(visit);
    expect(more).toEqual([]);
    expect(line.what).toBe("Membuka berkas ADP-2026-000001: rincian berkas; dokumen Curriculum Vitae (CV), versi 1");
    // When the visit began, by whom.
    expect(line.iso).toBe(visit[3].created_at);
    expect(line.who).toBe("Admin — Rina Marlina");
  });

  it("keep apart what is not one visit: another person, another file, a long pause, an export", async () => {
    const gap = VISIT_GAP_MS / 60_000 + 1;
    const result = await lines([
      doc(0, "Ijazah", 2),
      entry(1, { actor_name: "Siti Nurhaliza", actor_role: 4 }),
      entry(2, { registration_number: "ADP-2026-000002" }),
      entry(3),
      entry(3 + gap),
      entry(4 + gap, { kind: "EXPORT", filter: { tab: "semua" } }),
    ]);
    expect(result.map((l) => l.what)).toEqual([
      "Membuka dokumen Ijazah, versi 2",
      "Membuka rincian berkas ADP-2026-000001",
      "Membuka rincian berkas ADP-2026-000002",
      "Membuka rincian berkas ADP-2026-000001",
      "Membuka rincian berkas ADP-2026-000001",
      "Mengunduh daftar permohonan, termasuk berkas ADP-2026-000001 (saringan: tab = semua)",
    ]);
  });
});
