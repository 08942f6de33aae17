// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { meFor } from "../../../tests/mocks/api";
import { renderInRoute } from "../../../tests/render";
import { Sidebar } from "./Sidebar";
import { TopBar } from "./TopBar";

afterEach(cleanup);

describe("Sidebar", () => {
  it("shows role 1's items under the product's name and marks the active one", async () => {
    renderInRoute(<Sidebar me={meFor(1)} />, "/user-list");
    const nav = await screen.findByRole("navigation", { name: "Menu samping" });
    expect(within(nav).getByText("Adaptasi Nakes LLN")).toBeTruthy();
    expect(within(nav).getAllByRole("link").map((a) => a.textContent).filter((t) => !t?.includes("Tutup"))).toEqual([
      "Daftar Permohonan Adaptasi", "Daftar Pengguna", "Pengaturan SLA", "Pengaturan Daftar Spesialisasi", "Pengaturan Daftar Institusi",
    ]);
    expect(within(nav).getByRole("link", { name: "Daftar Pengguna" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Daftar Permohonan Adaptasi" }).getAttribute("href")).toBe("/application");
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

describe("TopBar", () => {
  it("shows name, role label and Profil + Logout for a verified facility admin", async () => {
    renderInRoute(<TopBar me={meFor(8, { is_hospital_verified: true, full_name: "Ibu Sari" })} />);
    expect(await screen.findByText("Ibu Sari")).toBeTruthy();
    expect(screen.getByText("Admin Fasyankes")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Profil" }).getAttribute("href")).toBe("/personal-data");
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
  });

  it("shows 'Penyelenggara' and only Logout for a reviewer outside the facility side", async () => {
    renderInRoute(<TopBar me={meFor(6)} />);
    expect(await screen.findByText("Penyelenggara")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Profil" })).toBeNull();
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "PROFILE" }).getAttribute("href")).toBe("/profile");
  });
});
