// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRoute } from "../../../tests/render";
import { SubmissionSuccess } from "~/routes/applicant/__SubmissionSuccess";
import { FacilityCheck } from "~/routes/facility/__registration-check";
import { FacilityStatusDetail } from "~/features/registrations/FacilityDocuments";
import type { Registration } from "~/features/registrations/registrations.server";

afterEach(cleanup);

// A facility's registration is of a health professional, not the reader's own application.
const registration = {
  application: {
    id: "a1",
    jalur_id: "OTH",
    registration_number: "ADP-2026-000014",
    status: "IN-PROGRESS",
    is_submitted: true,
    submitted_at: "2026-11-09T02:00:00Z",
    tahap: { id: 21 },
    stage_started_at: "2026-11-09T02:00:00Z",
    stage_deadline: "2026-11-23T02:00:00Z",
    holder_roles: [2, 4],
    label: { rule: 1, colour: "yellow" },
    documents: [],
    reupload: [],
    timeline: [],
  },
  professional: { full_name: "Dr. Li Wei", email: "li.wei@contoh.test" },
  activity_kind: { id: 3, name: "Pelatihan" },
} as unknown as Registration;

describe("the facility's pages speak of a registration", () => {
  it("the check names the pathway once as a heading, then its pathway and kind of activity, and asks to send the registration", async () => {
    renderInRoute(<FacilityCheck registration={registration} check={{ documents: [], missingDocuments: [] }} idempotencyKey="k" />);
    const pathway = await screen.findByRole("region", { name: "Jalur pendaftaran" });
    expect(within(pathway).getAllByText("Jalur pendaftaran")).toHaveLength(1);
    expect(within(pathway).getByText("Jalur").nextElementSibling?.textContent).toBe("Lainnya");
    expect(within(pathway).getByText("Jenis kegiatan").nextElementSibling?.textContent).toBe("Pelatihan");
    expect(screen.getByText(/^Pendaftaran belum dikirim\./)).toBeTruthy();
    expect(screen.getByText(/^Kirim pendaftaran sekarang\?/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/permohonan/i);
  });

  it("the success page says the registration was sent, naming whom it is for", async () => {
    renderInRoute(<SubmissionSuccess kind="success" registrationNumber="ADP-2026-000014" professional="Dr. Li Wei" />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Pendaftaran Terkirim");
    expect(document.body.textContent).not.toMatch(/permohonan|Anda telah dikirim/i);
    expect(screen.getByRole("link", { name: "Lihat Status Pengajuan" }).getAttribute("href")).toBe("/application-status");
    cleanup();
    renderInRoute(<SubmissionSuccess kind="successReupload" registrationNumber="ADP-2026-000014" professional="Dr. Li Wei" />);
    expect(await screen.findByText(/pendaftaran ini kembali diperiksa/)).toBeTruthy();
    cleanup();
    // The applicant's own stays an application.
    renderInRoute(<SubmissionSuccess kind="success" registrationNumber="ADP-2026-000001" />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Permohonan Terkirim");
  });

  it("the status detail names the current stage once", async () => {
    renderInRoute(
      <FacilityStatusDetail registration={registration} reuploadItems={[]} errors={undefined} />,
      "/application-status/application-status-detail?id=a1",
    );
    const facts = (await screen.findByRole("region", { name: "Dr. Li Wei" })).querySelector("dl")!;
    expect(facts.textContent!.match(/Pemeriksaan Dokumen/g)).toHaveLength(1);
    expect(within(facts).getByText("Tahap saat ini").nextElementSibling?.textContent).toBe("Pemeriksaan Dokumen");
    expect(within(facts).getByText("Dalam Proses")).toBeTruthy();
  });
});
