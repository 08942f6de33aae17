// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRoute } from "../../../tests/render";
import { UserListTabs } from "./__UserListTabs";

afterEach(cleanup);

describe("UserListTabs: the Super Admin's pages beyond the sidebar's five items", () => {
  it("links the user list, the access log, retention and deletion requests at their own URLs, marking the current one", async () => {
    renderInRoute(<UserListTabs />, "/retention");
    const nav = await screen.findByRole("navigation", { name: "Halaman pengguna dan data pribadi" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Daftar Pengguna", "/user-list"],
      ["Log Akses", "/access-log"],
      ["Penyimpanan Data", "/retention"],
      ["Permintaan Hapus Akun", "/deletion-requests"],
    ]);
    expect(links.filter((l) => l.getAttribute("aria-current") === "page").map((l) => l.textContent)).toEqual(["Penyimpanan Data"]);
  });
});
