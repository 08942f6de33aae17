// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { meFor } from "../../../tests/mocks/api";
import { renderInRoute } from "../../../tests/render";
import { Sidebar } from "./__Sidebar";
import { PortalLinks } from "~/components/Navbar";
import { TopBar, UserInfo } from "./__TopBar";

afterEach(cleanup);

const LINKS = { extraLinks: [{ label: "KKI", href: "https://kki.go.id" }], faqHref: "https://faq.example/umum" };
const FOUR = ["JADWAL UJI KOMPETENSI", "DOKUMEN PERSYARATAN", "BUKU PANDUAN", "FAQ"];

describe("Sidebar", () => {
  it("shows role 1's items under the product's name and marks the active one", async () => {
    renderInRoute(<Sidebar me={meFor(1)} />, "/user-list");
    const nav = await screen.findByRole("navigation", { name: "Menu samping" });
    expect(within(nav).getByText("Adaptasi Nakes LLN")).toBeTruthy();
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent)
        .filter((t) => !t?.includes("Tutup")),
    ).toEqual(["Daftar Permohonan Adaptasi", "Daftar Pengguna", "Pengaturan SLA", "Pengaturan Daftar Spesialisasi", "Pengaturan Daftar Institusi"]);
    expect(within(nav).getByRole("link", { name: "Daftar Pengguna" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Daftar Permohonan Adaptasi" }).getAttribute("href")).toBe("/application");
  });

  it("keeps role 1's five items on a page reached by the user list's tabs, with Daftar Pengguna active", async () => {
    renderInRoute(<Sidebar me={meFor(1)} />, "/access-log");
    const nav = await screen.findByRole("navigation", { name: "Menu samping" });
    expect(within(nav).queryByRole("link", { name: "Log Akses" })).toBeNull();
    expect(within(nav).getByRole("link", { name: "Daftar Pengguna" }).getAttribute("aria-current")).toBe("page");
  });

  it("disables Data Personal while a facility's verification is pending", async () => {
    const me = { ...meFor(8), userVerification: [{ id: 1, is_approved: false, is_rejected: false, reason: null, created_at: "2026-01-01T00:00:00.000Z" }] };
    renderInRoute(<Sidebar me={me} />, "/dashboard");
    const nav = await screen.findByRole("navigation", { name: "Menu samping" });
    expect(within(nav).getByText("Evaluasi Kompetensi")).toBeTruthy();
    expect(within(nav).queryByRole("link", { name: "Data Personal" })).toBeNull();
    expect(within(nav).getByText("Data Personal").getAttribute("aria-disabled")).toBe("true");
  });
});

describe("Sidebar as the phone menu", () => {
  it("carries the navbar's links (spec §2) after its own items, with FAQ", async () => {
    renderInRoute(<Sidebar me={meFor(2)} links={<PortalLinks loggedIn {...LINKS} linkClass="" />} />, "/application-list");
    const nav = await screen.findByRole("navigation", { name: "Menu samping" });
    for (const name of FOUR) expect(within(nav).getByRole("link", { name: new RegExp(`^${name}`) })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "JADWAL UJI KOMPETENSI" }).getAttribute("href")).toBe("/test-schedule");
    expect(within(nav).getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe(LINKS.faqHref);
    expect(within(nav).getByRole("link", { name: "KKI" }).getAttribute("href")).toBe("https://kki.go.id");
  });

  it("closes on Escape with JavaScript: the address loses #menu-samping", async () => {
    window.location.hash = "#menu-samping";
    renderInRoute(<Sidebar me={meFor(2)} />, "/application-list");
    await screen.findByRole("navigation", { name: "Menu samping" });
    act(() => {
      fireEvent.keyDown(document, { key: "Escape" });
    });
    expect(window.location.hash).toBe("");
  });
});

describe("TopBar", () => {
  it("shows the navbar's four links to every logged-in role (spec §2: FAQ always)", async () => {
    for (const role of [1, 2, 4, 5, 6, 7, 8]) {
      renderInRoute(<TopBar me={meFor(role)} links={LINKS} />);
      const links = await screen.findByRole("navigation", { name: "Tautan portal" });
      expect(
        within(links)
          .getAllByRole("link")
          .map((a) => a.textContent?.replace(/\s*\(membuka tab baru\)/, "")),
      ).toEqual(["JADWAL UJI KOMPETENSI", "DOKUMEN PERSYARATAN", "BUKU PANDUAN", "KKI", "FAQ"]);
      expect(within(links).getByRole("link", { name: "DOKUMEN PERSYARATAN" }).getAttribute("href")).toBe("/evaluation-requirements");
      expect(
        within(links)
          .getByRole("link", { name: /^BUKU PANDUAN/ })
          .getAttribute("target"),
      ).toBe("_blank");
      cleanup();
    }
  });

  it("shows role 1 as 'Penyelenggara' (decision 003) followed by 'Super Admin' and the committee's name (spec §6)", async () => {
    renderInRoute(<TopBar me={meFor(1, { full_name: "Ketua" })} links={LINKS} committeeName="Komite Uji Coba" />);
    const summary = await screen.findByLabelText("Menu pengguna: Ketua");
    expect(within(summary).getByText("Penyelenggara")).toBeTruthy();
    expect(within(summary).getByText("Super Admin Komite Uji Coba")).toBeTruthy();
  });

  it("uses the default committee name when none is configured", async () => {
    renderInRoute(<TopBar me={meFor(1)} links={LINKS} />);
    expect(await screen.findByText("Super Admin Komite Adaptasi")).toBeTruthy();
  });

  it("shows name, role label and Profil + Logout for a verified facility admin", async () => {
    renderInRoute(<TopBar me={meFor(8, { is_hospital_verified: true, full_name: "Ibu Sari" })} links={LINKS} />);
    expect(await screen.findByText("Ibu Sari")).toBeTruthy();
    expect(screen.getByText("Admin Fasyankes")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Profil" }).getAttribute("href")).toBe("/personal-data");
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
  });

  it("shows 'Penyelenggara' and only Logout for a reviewer outside the facility side", async () => {
    renderInRoute(<TopBar me={meFor(6)} links={LINKS} />);
    expect(await screen.findByText("Penyelenggara")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Profil" })).toBeNull();
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "PROFILE" }).getAttribute("href")).toBe("/profile");
  });
});

describe("UserInfo (role 3's bar under the navbar)", () => {
  it("gives an applicant their name, role label, PROFILE → /profile and Logout", async () => {
    renderInRoute(<UserInfo me={meFor(3, { full_name: "dr. Andi" })} />);
    const summary = await screen.findByLabelText("Menu pengguna: dr. Andi");
    expect(within(summary).getByText("dr. Andi")).toBeTruthy();
    expect(within(summary).getByText("Penyelenggara")).toBeTruthy();
    expect(within(summary).getByText("Pemohon")).toBeTruthy();
    expect(screen.getByRole("link", { name: "PROFILE" }).getAttribute("href")).toBe("/profile");
    expect(screen.getByRole("button", { name: "Logout" }).closest("form")?.getAttribute("action")).toBe("/logout");
  });
});
