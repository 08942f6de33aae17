// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRoute } from "../../../tests/render";
import ApplicantHome from "./home";

afterEach(cleanup);

describe('"/" task list', () => {
  it("puts each step's state under its name, with no separator to dangle when a phone wraps the line", async () => {
    const loader = () => ({
      greeting: "Halo, dr. Andi",
      steps: [
        { step: "personal", done: true },
        { step: "pathway", done: true },
        { step: "documents", done: false },
        { step: "submission", done: false, waitsFor: "documents" },
        { step: "status", done: false, waitsFor: "submission" },
      ],
      next: "documents",
      application: null,
      missing: 2,
    });
    renderInRoute(<ApplicantHome />, "/", loader);
    const steps = within((await screen.findByRole("heading", { name: "Permohonan Adaptasi" })).closest("section")!).getAllByRole("listitem");
    expect(steps).toHaveLength(5);
    for (const step of steps) {
      // The number, the name, and the state as one block of its own: three children, none of them a lone "—".
      expect(Array.from(step.children, (c) => c.textContent)).not.toContain("—");
      expect(step.children).toHaveLength(3);
    }
    expect(steps[0].children[2].textContent).toBe("✓ Selesai");
    expect(steps[2].children[2].textContent).toBe("Belum selesai (2 dokumen belum diunggah)");
  });
});
