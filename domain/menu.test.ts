import common from "#locales/id/common.json";
import { describe, expect, it } from "vitest";
import type { AuthUser } from "#contracts/me";
import { activeSidebarKey, sidebarTitle, userMenuEntries, visibleSidebarItems, SIDEBAR_ITEMS, USER_LIST_TABS } from "./menu";
import { ROLE_LABELS, roleLabel, roleName } from "./role-words";
import { ROLES_WITH_NAMES, roleNameFrom } from "./roles";

type Decision = Pick<AuthUser["userVerification"][number], "is_approved" | "is_rejected">;

function me(role: number, opts: { verified?: boolean; verification?: Decision[]; fasyankes?: boolean } = {}): AuthUser {
  return {
    id: "u",
    email: "x@y.z",
    name: "N",
    role,
    userVerification: (opts.verification ?? []).map((v, i) => ({ id: i + 1, reason: null, created_at: "2026-01-01T00:00:00.000Z", ...v })),
    user: {
      id: "u",
      email: "x@y.z",
      role_id: role,
      full_name: "N",
      is_hospital_verified: opts.verified ?? false,
      is_fasyankes: opts.fasyankes ?? false,
      is_foreign: false,
      is_active: true,
      nik: null,
      phone: null,
      foreign_id: null,
      nationality: null,
      is_kek: null,
      preferred_jalur: null,
    },
  };
}
const keys = (u: AuthUser) => visibleSidebarItems(u).map((i) => i.key);

describe("sidebar (spec §2, §6)", () => {
  it("has the thirteen rows of the spec, and nothing else", () => {
    expect(SIDEBAR_ITEMS.map((i) => common.sidebar[i.key as keyof typeof common.sidebar])).toEqual([
      "Daftar Permohonan Adaptasi",
      "Daftar Pengguna",
      "Pengaturan SLA",
      "Pengaturan Daftar Spesialisasi",
      "Pengaturan Daftar Institusi",
      "Data Admin Fasyankes",
      "Daftar Permohonan",
      "Master Jabatan",
      "Master CMS",
      "Beranda",
      "Data Personal",
      "Pendaftaran",
      "Status Pengajuan",
    ]);
  });
  it.each([
    [1, ["adaptation", "user-list", "sla-setting", "specialization-list", "institution-list"]],
    [2, ["admin-fasyankes-list", "application-list", "master-position", "master-cms"]],
    [3, []],
    [4, ["application-list"]],
    [5, ["adaptation"]],
    [6, ["adaptation"]],
    [7, ["adaptation"]],
    [400, ["dashboard"]],
  ])("role %i sees exactly its items", (role, expected) => {
    expect(keys(me(role))).toEqual(expected);
  });
  it("role 8 verified: personal data hidden, registration and status shown", () => {
    expect(keys(me(8, { verified: true, verification: [{ is_approved: true, is_rejected: false }] }))).toEqual(["dashboard", "register", "application-status"]);
  });
  it("role 8 not verified: registration and status hidden", () => {
    expect(keys(me(8))).toEqual(["dashboard", "personal-data"]);
    expect(visibleSidebarItems(me(8)).find((i) => i.key === "personal-data")?.disabled).toBe(false);
  });
  it("role 8 with a pending verification: personal data disabled", () => {
    const items = visibleSidebarItems(me(8, { verification: [{ is_approved: false, is_rejected: false }] }));
    expect(items.map((i) => [i.key, i.disabled])).toEqual([
      ["dashboard", false],
      ["personal-data", true],
    ]);
  });
  it("role 8 rejected: personal data enabled again", () => {
    const items = visibleSidebarItems(me(8, { verification: [{ is_approved: false, is_rejected: true }] }));
    expect(items.find((i) => i.key === "personal-data")?.disabled).toBe(false);
  });
  it("the adaptation item links to /application and is active there", () => {
    const items = visibleSidebarItems(me(1));
    expect(items[0].path).toBe("/");
    expect(items[0].href).toBe("/application");
    expect(activeSidebarKey(items, "/application/abc")).toBe("adaptation");
    expect(activeSidebarKey(items, "/user-list")).toBe("user-list");
    expect(activeSidebarKey(items, "/profile")).toBeUndefined();
  });
  it("keeps Daftar Pengguna highlighted on the pages its tabs reach (access log, retention, deletion requests)", () => {
    const items = visibleSidebarItems(me(1));
    expect(USER_LIST_TABS.map((tab) => tab.path)).toEqual(["/user-list", "/access-log", "/retention", "/deletion-requests"]);
    for (const tab of USER_LIST_TABS) expect(activeSidebarKey(items, tab.path)).toBe("user-list");
    expect(USER_LIST_TABS.map((tab) => common.userTabs[tab.key])).toEqual(["Daftar Pengguna", "Log Akses", "Penyimpanan Data", "Permintaan Hapus Akun"]);
  });
  it("keeps Pendaftaran highlighted through the registration flow of a verified facility", () => {
    const items = visibleSidebarItems(me(8, { verified: true }));
    expect(activeSidebarKey(items, "/registration-path")).toBe("register");
    expect(activeSidebarKey(items, "/register-competency-evaluation/path/regular/upload-file")).toBe("register");
    expect(activeSidebarKey(items, "/application-status/application-status-detail")).toBe("application-status");
  });
  it("titles the sidebar per role", () => {
    for (const r of [2, 4, 8]) expect(sidebarTitle(r)).toBe("Evaluasi Kompetensi");
    for (const r of [1, 3, 5, 6, 7, 400]) expect(sidebarTitle(r)).toBe("Adaptasi Nakes LLN");
  });
});

describe("user menu (spec §6)", () => {
  it("shows Profil and Logout to a verified facility admin only", () => {
    expect(userMenuEntries(me(8, { verified: true })).map((e) => e.key)).toEqual(["profil", "logout"]);
    expect(userMenuEntries(me(8, { verified: true }))[0].href).toBe("/personal-data");
    expect(userMenuEntries(me(8)).map((e) => e.key)).toEqual(["logout"]);
    for (const r of [1, 2, 3, 4, 5, 6, 7]) expect(userMenuEntries(me(r)).map((e) => e.key)).toEqual(["logout"]);
  });
});

describe("role label (spec §6)", () => {
  it("is 'Penyelenggara' when is_fasyankes is false", () => {
    expect(roleLabel({ role_id: 8, is_fasyankes: false })).toBe("Penyelenggara");
    expect(roleLabel({ role_id: 1, is_fasyankes: false })).toBe("Penyelenggara");
  });
  it("comes from the role map when is_fasyankes is true", () => {
    expect(roleLabel({ role_id: 8, is_fasyankes: true })).toBe("Admin Fasyankes");
    expect(roleLabel({ role_id: 4, is_fasyankes: true })).toBe("Sub-Komite Evaluasi Kompetensi");
    expect(roleLabel({ role_id: 1, is_fasyankes: true })).toBe("Super Admin Komite Adaptasi");
    expect(roleLabel({ role_id: 1, is_fasyankes: true }, "Komite Baru")).toBe("Super Admin Komite Baru");
  });
});

describe("role names (spec §6 table)", () => {
  it("follow role 1's 'Super Admin' with the committee's name, configured or the default", () => {
    expect(roleName(1, "Komite Adaptasi Nakes")).toBe("Super Admin Komite Adaptasi Nakes");
    expect(roleName(1)).toBe("Super Admin Komite Adaptasi");
    expect(ROLE_LABELS[1]).toBe("Super Admin Komite Adaptasi");
    expect(roleName(6, "Komite Lain")).toBe("Kolegium");
    expect(roleName(999)).toBeUndefined();
  });
  it("has words for every named role", () => {
    for (const id of ROLES_WITH_NAMES) expect(roleName(id)).toMatch(/\p{L}{3}/u);
  });
  it("are the locale files' words: any language's, by role id", () => {
    const english = (id: number) => ({ 1: "Super Admin", 6: "Collegium" })[id as 1 | 6] ?? `role ${id}`;
    expect(roleNameFrom(english, 6)).toBe("Collegium");
    expect(roleNameFrom(english, 1, "Adaptation Committee")).toBe("Super Admin Adaptation Committee");
    expect(roleNameFrom(english, 999)).toBeUndefined();
  });
});
