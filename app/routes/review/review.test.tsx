// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { pageNamespaces, requestI18n, trackNamespaces } from "~/entry.server";
import { i18nConfig } from "~/i18n";
import ApplicationDetail from "~/routes/review/application.$id";
import { REVIEW_AREAS } from "~/routes/review/__review-query";
import { type ReviewDetail, type ReviewRow } from "~/routes/review/__review.server";
import { applicantShown, labelledAnswers } from "~/utils/applicant-shown.server";
import { activeFilters, ReviewListPage, type ListPageData } from "./__review-list";
import { SlaState } from "~/components/SlaState";

afterEach(cleanup);

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ ...i18nConfig, initImmediate: false });

function renderAt(path: string, routes: Parameters<typeof createRemixStub>[0], texts: typeof i18n = i18n) {
  const Stub = createRemixStub(routes);
  return render(
    <I18nextProvider i18n={texts}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

const row = (n: number, extra: Partial<ReviewRow> = {}): ReviewRow => ({
  id: `app-${n}`,
  registration_number: `ADP-2026-${String(n).padStart(5, "0")}`,
  applicant_name: `Pemohon ${n}`,
  applicant_email: `p${n}@contoh.test`,
  jalur_id: "REG",
  status: "IN-PROGRESS",
  is_submitted: true,
  stage: { id: 1 },
  open_stage: { id: 1 },
  label: { rule: 1, colour: "yellow" },
  submitted_at: "2026-05-01T03:00:00Z",
  deadline_at: "2026-05-15T03:00:00Z",
  days_left: 4,
  overdue: false,
  may_decide: true,
  submitted_by_facility: false,
  ...extra,
});

function listData(extra: Partial<ListPageData> = {}): ListPageData {
  return {
    area: REVIEW_AREAS.list,
    role: 2,
    rows: [row(1), row(2, { days_left: -3, overdue: true })],
    meta: { page: 2, page_size: 25, total: 60, pages: 3, counts: { action: 60, all: 80 } },
    query: { tab: "action", q: "pemohon", jalur: "REG", page: 2 },
    dropped: [],
    error: null,
    ...extra,
  };
}

function renderList(data: ListPageData, path = "/application-list?q=pemohon&jalur=REG&page=2") {
  const Component = () => <ReviewListPage data={data} title="Daftar Permohonan" />;
  return renderAt(path, [
    { path: "/application-list", Component },
    { path: "/application", Component },
  ]);
}

describe("activeFilters", () => {
  it("counts the folding filters, not the search, the tab or the page", () => {
    expect(activeFilters({ q: "ADP", page: 2 })).toBe(0);
    expect(activeFilters({ jalur: "REG", overdue: "1", sort: "name" })).toBe(3);
  });
});

describe("ReviewListPage", () => {
  it("shows the tabs with counts, the rows with label, deadline and SLA state, and links to the detail", async () => {
    renderList(listData());
    const tabs = await screen.findByRole("navigation", { name: "Tampilan daftar" });
    expect(within(tabs).getByRole("link", { name: "Perlu Tindakan Saya (60)" }).getAttribute("aria-current")).toBe("page");
    expect(within(tabs).getByRole("link", { name: "Semua (80)" }).getAttribute("href")).toBe("/application-list?tab=all&q=pemohon&jalur=REG");
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getByRole("link", { name: /ADP-2026-00001/ })
        .getAttribute("href"),
    ).toBe("/application-list/app-1");
    expect(within(table).getByText("Sisa 4 hari")).toBeTruthy();
    expect(within(table).getByText("Terlambat 3 hari")).toBeTruthy();
    expect(within(table).getAllByText("Dalam Proses")).toHaveLength(2);
    expect(screen.getByText("Menampilkan 26–27 dari 60 permohonan")).toBeTruthy();
  });

  it("pages with links that keep the filters, and exports the same query", async () => {
    renderList(listData());
    const pager = await screen.findByRole("navigation", { name: "Halaman" });
    expect(within(pager).getByRole("link", { name: "‹ Sebelumnya" }).getAttribute("href")).toBe("/application-list?q=pemohon&jalur=REG");
    expect(within(pager).getByRole("link", { name: "Berikutnya ›" }).getAttribute("href")).toBe("/application-list?q=pemohon&jalur=REG&page=3");
    expect(within(pager).getByRole("link", { name: "Halaman 2" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Unduh CSV" }).getAttribute("href")).toBe("/application-list/export?q=pemohon&jalur=REG");
  });

  it("gives the links to pages between the first and the last the cursor of their side of this page", async () => {
    const meta = { page: 5, page_size: 25, total: 250, pages: 10, counts: { action: 250, all: 300 } };
    renderList(
      listData({ meta, query: { tab: "action", q: "pemohon", page: 5 }, cursors: { before: "SEBELUM", after: "SESUDAH" } }),
      "/application-list?q=pemohon&page=5",
    );
    const pager = await screen.findByRole("navigation", { name: "Halaman" });
    const href = (name: string) => within(pager).getByRole("link", { name }).getAttribute("href");
    expect(href("‹ Sebelumnya")).toBe("/application-list?q=pemohon&page=4&cursor=SEBELUM");
    expect(href("Berikutnya ›")).toBe("/application-list?q=pemohon&page=6&cursor=SESUDAH");
    expect(href("Halaman 3")).toBe("/application-list?q=pemohon&page=3&cursor=SEBELUM");
    expect(href("Halaman 7")).toBe("/application-list?q=pemohon&page=7&cursor=SESUDAH");
    // The first and the last page are cheap by their number; the current page is itself.
    expect(href("Halaman 1")).toBe("/application-list?q=pemohon");
    expect(href("Halaman 10")).toBe("/application-list?q=pemohon&page=10");
    expect(href("Halaman 5")).toBe("/application-list?q=pemohon&page=5");
    // Tabs, the export and the filters' reset never carry one.
    expect(screen.getByRole("link", { name: "Unduh CSV" }).getAttribute("href")).toBe("/application-list/export?q=pemohon");
  });

  it("keeps the filters in a GET form that works without JavaScript", async () => {
    renderList(listData());
    const search = (await screen.findByLabelText("Cari")) as HTMLInputElement;
    expect(search.value).toBe("pemohon");
    const form = search.closest("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect((screen.getByLabelText("Jalur") as HTMLSelectElement).value).toBe("REG");
    expect(screen.getByLabelText("Hanya yang terlambat")).toBeTruthy();
  });

  it("gives role 1 the 'all' tab only, and says when nothing matches or a value was dropped", async () => {
    renderList(
      listData({
        area: REVIEW_AREAS.adaptation,
        role: 1,
        rows: [],
        query: { tab: "all" },
        meta: { page: 1, page_size: 25, total: 0, pages: 0, counts: { action: 0, all: 0 } },
        dropped: ["stage"],
      }),
      "/application",
    );
    const tabs = await screen.findByRole("navigation", { name: "Tampilan daftar" });
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Semua (0)"]);
    expect(screen.getByText("Tidak ada permohonan yang sesuai.")).toBeTruthy();
    expect(screen.getByText("Nilai berikut tidak valid dan diabaikan: tahap.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Halaman" })).toBeNull();
  });

  it("shows the API's refusal beside the filters", async () => {
    renderList(listData({ rows: [], error: "Data tidak valid. q: terlalu panjang" }));
    expect((await screen.findByRole("alert")).textContent).toContain("q: terlalu panjang");
  });
});

describe("SlaState", () => {
  it("reads days left, today and overdue", async () => {
    renderAt("/", [
      {
        path: "/",
        Component: () => (
          <p>
            <SlaState daysLeft={2} /> | <SlaState daysLeft={0} /> | <SlaState daysLeft={-5} overdue /> | <SlaState daysLeft={null} />
          </p>
        ),
      },
    ]);
    expect((await screen.findByText(/Sisa 2 hari/)).closest("p")!.textContent).toBe("Sisa 2 hari | Batas waktu hari ini | Terlambat 5 hari | ");
  });
});

/** An audit row's stage and status fields, empty, as the API answers them for rows that change no state. */
const NO_STATES = { from_stage_id: null, from_status: null, to_stage_id: null, to_status: null, details: null } as const;

const detail = (extra: Partial<ReviewDetail> = {}): ReviewDetail => ({
  application: {
    id: "app-1",
    registration_number: "ADP-2026-00001",
    jalur_id: "REG",
    status: "IN-PROGRESS",
    is_submitted: true,
    tahap: { id: 1 },
    label: { rule: 1, colour: "yellow" },
    submitted_at: "2026-05-01T03:00:00Z",
    stage_started_at: "2026-05-01T03:00:00Z",
    stage_deadline: "2026-05-15T03:00:00Z",
    holder_roles: [2, 4],
    documents: [],
    missing: [],
    reupload: [],
    achievements_done: false,
    timeline: [],
  },
  applicant: {
    full_name: "dr. Sari Wulandari",
    email: "sari@contoh.test",
    kind: "WNI",
    institution_name: "Universitas Manila",
    specialization_name: null,
    identity_type: "NIK",
    identity_number: "3201010101010001",
    gender: "P",
    nationality: "ID",
    // What the API also answers (contracts/profile.ts), not filled in for this applicant.
    birth_place: null,
    birth_date: null,
    address: null,
    phone: null,
    profession: null,
    institution_id: null,
    graduation_country: null,
    graduation_year: null,
    specialization_id: null,
    photo_file_id: null,
    complete: false,
  },
  submitted_by: { name: "dr. Sari Wulandari", email: "sari@contoh.test", facility: false },
  documents: [
    {
      requirement_id: 1,
      name: "Identitas",
      merged: false,
      versions: [
        { file_id: "f1", original_name: "ktp.png", size: 2048, detected_type: "image/png", uploaded_at: "2026-05-01T03:00:00Z", version: 1, is_current: false },
        {
          file_id: "f1b",
          original_name: "ktp-baru.png",
          size: 2048,
          detected_type: "image/png",
          uploaded_at: "2026-05-03T03:00:00Z",
          version: 2,
          is_current: true,
        },
      ],
    },
    {
      requirement_id: 5,
      name: "Logbook",
      merged: true,
      versions: [
        {
          file_id: "f5",
          original_name: "logbook.pdf",
          size: 4096,
          detected_type: "application/pdf",
          uploaded_at: "2026-05-01T03:00:00Z",
          version: 1,
          is_current: true,
        },
      ],
    },
  ],
  portfolio: [],
  achievements: { items: [], done: false },
  audit: [
    { id: 1, at: "2026-05-01T03:00:00Z", action: "SUBMIT", actor_name: "dr. Sari Wulandari", actor_role: 3, note: null, internal_note: null, ...NO_STATES },
    {
      id: 2,
      at: "2026-05-02T03:00:00Z",
      action: "DECISION",
      actor_name: "Rina Marlina",
      actor_role: 2,
      note: "Foto KTP buram",
      internal_note: "Sudah dicek dua kali",
      ...NO_STATES,
    },
  ],
  sla: { stage: { id: 1 }, started_at: "2026-05-01T03:00:00Z", deadline_at: "2026-05-15T03:00:00Z", days: 14, days_left: 4, overdue: false },
  open_stage: { id: 1 },
  may_decide: true,
  decisions: ["PASSED", "FAILED", "REUPLOAD"],
  ...extra,
});

function renderDetail(d: ReviewDetail, texts: typeof i18n = i18n) {
  return renderAt(
    "/application-list/app-1",
    [
      {
        path: "/application-list/:id",
        Component: ApplicationDetail,
        loader: () => ({ base: "/application-list", detail: d, shown: labelledAnswers(applicantShown(d.applicant), i18n.getFixedT("id", "applicant")) }),
      },
    ],
    texts,
  );
}

describe("/application-list/:id", () => {
  it("shows documents with every version (images inline, PDFs to view and download), the SLA and the audit with its internal note", async () => {
    renderDetail(detail());
    expect(await screen.findByRole("heading", { name: "Detail Permohonan ADP-2026-00001" })).toBeTruthy();
    expect(screen.getByText(/Sisa 4 hari/)).toBeTruthy();
    expect(screen.getByRole("img", { name: "Pratinjau Identitas — ktp-baru.png" }).getAttribute("src")).toBe("/files/f1b");
    expect(screen.getByRole("img", { name: "Pratinjau Identitas — ktp.png" }).getAttribute("src")).toBe("/files/f1");
    // Each version opens in the document viewer's page; a PDF or an image also in the frame beside the form (wide screens).
    const view = screen.getByRole("link", { name: "Buka logbook.pdf (versi 1) di penampil dokumen" });
    expect(view.getAttribute("href")).toBe("/application-list/app-1/documents/5?version=1");
    const beside = screen.getByRole("link", { name: "Tampilkan logbook.pdf (versi 1) di samping formulir keputusan" });
    expect(beside.getAttribute("href")).toBe("/files/f5?inline=1");
    expect(beside.getAttribute("target")).toBe("penampil");
    expect(screen.getByTitle("Penampil dokumen").getAttribute("name")).toBe("penampil");
    expect(screen.getByRole("link", { name: "Unduh logbook.pdf (versi 1)" })).toBeTruthy();
    const audit = screen.getByRole("region", { name: "Riwayat" });
    expect(within(audit).getByText("Catatan internal")).toBeTruthy();
    expect(within(audit).getByText(/Sudah dicek dua kali/)).toBeTruthy();
    expect(within(audit).getByText(/Rina Marlina \(Admin\)/)).toBeTruthy();
  });

  it("offers the decisions the API allows, with a reason per current document for REUPLOAD and the stage in a hidden field", async () => {
    renderDetail(detail());
    const form = (await screen.findByRole("radio", { name: "Perbaikan Berkas" })).closest("form")!;
    expect(within(form).getByRole("radio", { name: "Lulus" })).toBeTruthy();
    expect(within(form).getByRole("radio", { name: "Tidak Lulus" })).toBeTruthy();
    expect((form.querySelector('input[name="stage_id"]') as HTMLInputElement).value).toBe("1");
    expect(within(form).getByRole("checkbox", { name: "Identitas" }).getAttribute("name")).toBe("documents[0].selected");
    expect(within(form).getByLabelText("Alasan — Logbook").getAttribute("name")).toBe("documents[1].reason");
    expect(within(form).getByLabelText("Catatan untuk pemohon")).toBeTruthy();
  });

  it("offers no REUPLOAD where the stage has none, and no form to a role that may not act", async () => {
    renderDetail(detail({ decisions: ["PASSED", "FAILED"], open_stage: { id: 2 } }));
    await screen.findByRole("radio", { name: "Lulus" });
    expect(screen.queryByRole("radio", { name: "Perbaikan Berkas" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "Identitas" })).toBeNull();
    cleanup();
    renderDetail(detail({ may_decide: false, decisions: [], open_stage: { id: 2 } }));
    expect(await screen.findByText("Tahap Penyetaraan sedang berjalan dan tidak diputuskan oleh peran Anda.")).toBeTruthy();
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.queryByRole("button", { name: "SIMPAN KEPUTUSAN" })).toBeNull();
  });
});

// The server inlines, for the browser, every namespace a page's render looked up or declared (entry.server
// pageNamespaces): a reviewer's page that touched one word of the applicant's namespace carried all of it
// (4.4 KB gzip), which put the heaviest file's detail over its page-weight budget.
describe("the texts a reviewer's page sends the browser", () => {
  async function namespacesOf(show: (texts: typeof i18n) => Promise<void>) {
    const view = await requestI18n("id");
    const looked = trackNamespaces(view, "id");
    await show(view);
    return [...pageNamespaces(view, looked)].sort();
  }

  it("the detail: no applicant namespace; the pathway's name from workflow, the fields' labels said by the loader", async () => {
    const used = await namespacesOf(async (texts) => {
      renderDetail(detail(), texts);
      expect(await screen.findByRole("heading", { name: "Detail Permohonan ADP-2026-00001" })).toBeTruthy();
    });
    expect(used).not.toContain("applicant");
    expect(used).toEqual(expect.arrayContaining(["common", "review", "workflow"]));
    expect(screen.getByText("Nama Lengkap")).toBeTruthy();
    expect(screen.getByText("Reguler")).toBeTruthy();
  });

  it("the list: no applicant namespace, the pathways named from workflow", async () => {
    const used = await namespacesOf(async (texts) => {
      renderAt("/application-list", [{ path: "/application-list", Component: () => <ReviewListPage data={listData()} title="Daftar Permohonan" /> }], texts);
      expect(await screen.findByRole("table")).toBeTruthy();
    });
    expect(used).not.toContain("applicant");
    expect(within(screen.getByRole("table")).getAllByText("Reguler")).toHaveLength(2);
  });
});

describe("the history's role names", () => {
  it("follow domain/roles: role 1's with the committee's name from the root's config, an unknown role by its number", async () => {
    const d = detail({
      audit: [
        { id: 3, at: "2026-05-03T03:00:00Z", action: "DECISION", actor_name: "Ketua", actor_role: 1, note: null, internal_note: null, ...NO_STATES },
        { id: 4, at: "2026-05-04T03:00:00Z", action: "DECISION", actor_name: "Tamu", actor_role: 999, note: null, internal_note: null, ...NO_STATES },
      ],
    });
    renderAt("/application-list/app-1", [
      {
        id: "root",
        loader: () => ({ config: { committeeName: "Komite Uji Coba" } }),
        children: [
          {
            path: "/application-list/:id",
            Component: ApplicationDetail,
            loader: () => ({ base: "/application-list", detail: d, shown: labelledAnswers(applicantShown(d.applicant), i18n.getFixedT("id", "applicant")) }),
          },
        ],
      },
    ]);
    const audit = await screen.findByRole("region", { name: "Riwayat" });
    expect(within(audit).getByText("Ketua (Super Admin Komite Uji Coba)")).toBeTruthy();
    expect(within(audit).getByText("Tamu (999)")).toBeTruthy();
  });
});
