// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ConfirmPanel } from "~/components/ConfirmPanel";
import { StatusBadge } from "~/components/StatusBadge";
import { renderInRoute } from "../../tests/render";

afterEach(cleanup);

describe("ConfirmPanel (spec §9 'Confirm labels: Yes/No')", () => {
  it("repeats every posted field as a hidden input of a plain POST form whose Yes adds confirm=yes; No is a link back", async () => {
    const fields = [
      ["intent", "deactivate"],
      ["reason", "Masa tugas berakhir"],
      ["documents[0].requirement_id", "1"],
      ["documents[0].requirement_id", "2"],
    ] as const;
    const { container } = renderInRoute(<ConfirmPanel question="Nonaktifkan akun dr. Wulan?" fields={fields} back="/user-list/u1" />, "/user-list/u1");
    const dialog = await screen.findByRole("alertdialog", { name: "Konfirmasi" });
    expect(dialog.textContent).toContain("Nonaktifkan akun dr. Wulan?");
    const yes = screen.getByRole("button", { name: "Yes" });
    expect(yes.getAttribute("name")).toBe("confirm");
    expect(yes.getAttribute("value")).toBe("yes");
    const form = yes.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    const hidden = [...form.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((i) => [i.name, i.value]);
    expect(hidden).toEqual(fields.map((f) => [...f]));
    expect(screen.getByRole("link", { name: "No" }).getAttribute("href")).toBe("/user-list/u1");
    expect(container.querySelectorAll("button")).toHaveLength(1);
  });

  it("is reachable by its id and asks for the focus, so a page rendered without JavaScript opens on the question", async () => {
    const { container } = renderInRoute(<ConfirmPanel question="Putuskan?" fields={[]} back="/x" />, "/x");
    const dialog = await screen.findByRole("alertdialog", { name: "Konfirmasi" });
    expect(dialog.id).toBe("confirm");
    const heading = screen.getByRole("heading", { name: "Konfirmasi" });
    expect(heading.getAttribute("tabindex")).toBe("-1");
    expect(document.activeElement).toBe(heading);
    expect(container.querySelector("#confirm h2")).toBe(heading);
  });
});

describe("StatusBadge: the label and what it means", () => {
  // The API's label: spec §4's rule and its Indonesian words; the badge words the rule from the locale files.
  const of = (status: "PASSED" | "IN-PROGRESS" | "FAILED" | null, stage: number | null, rule: number | null, is_submitted = true) => ({
    status,
    is_submitted,
    tahap: stage === null ? null : { id: stage },
    label: { rule: rule ?? 13, colour: rule ? ("green" as const) : ("none" as const) },
  });

  it("shows 'Selesai' with its stage and what comes next", async () => {
    const { container } = renderInRoute(<StatusBadge of={of("PASSED", 1, 11)} />);
    await screen.findByText("Selesai");
    expect(container.textContent).toBe("Selesai · Pemeriksaan Dokumen — menunggu Penyetaraan");
  });

  it("reads a review row's `stage` too", async () => {
    const { container } = renderInRoute(<StatusBadge of={{ ...of("PASSED", null, 5), stage: { id: 2 } }} />);
    await screen.findByText("Setara");
    expect(container.textContent).toBe("Setara · Penyetaraan — menunggu Evaluasi Kompetensi");
  });

  it("rule 13 (no label) says the stage and its outcome in words instead of '—'", async () => {
    const { container } = renderInRoute(<StatusBadge of={of("FAILED", 4, null)} />);
    await screen.findByText("Pembekalan — tidak lulus, proses berhenti");
    expect(container.textContent).toBe("Pembekalan — tidak lulus, proses berhenti");
  });
});
