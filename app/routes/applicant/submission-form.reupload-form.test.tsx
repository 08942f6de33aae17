// @vitest-environment jsdom
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { requirementsFor } from "#domain/documents";
import { i18nConfig } from "~/i18n";
import { usePageTitle } from "~/utils/page-title";
import { reuploadEmptyErrors } from "~/features/documents/documents.server";
import ReuploadForm, { handle } from "./submission-form.reupload-form";

afterEach(cleanup);

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ ...i18nConfig, initImmediate: false });

const all = requirementsFor("REG");
const [identity, , , , , experience] = all;
const licence = all[6];

describe("/submission-form/reupload-form", () => {
  it("lists only the flagged documents, each with the reviewer's reason and its current file", async () => {
    const loader = () => ({
      application: {
        documents: [
          {
            requirement_id: experience.id,
            name: experience.name,
            file_id: "f6",
            original_name: "pengalaman.pdf",
            size: 4096,
            uploaded_at: "2026-11-01T00:00:00Z",
            version: 1,
          },
        ],
        reupload: [{ requirement_id: experience.id, reason: "Surat izin praktik tidak terbaca.", fixed: false }],
      },
      items: [{ requirement: experience, reason: "Surat izin praktik tidak terbaca." }],
      note: "Mohon unggah ulang dengan pindaian berwarna.",
    });
    const Stub = createRemixStub([{ path: "/submission-form/reupload-form", Component: ReuploadForm, loader }]);
    render(
      <I18nextProvider i18n={i18n}>
        <Stub initialEntries={["/submission-form/reupload-form"]} />
      </I18nextProvider>,
    );
    const input = await screen.findByLabelText(`6. ${experience.name}`);
    expect(input.getAttribute("name")).toBe(`doc_${experience.id}`);
    expect(input.getAttribute("aria-describedby")).toContain(`doc_${experience.id}-reason`);
    expect(screen.getByText("Surat izin praktik tidak terbaca.")).toBeTruthy();
    // The reviewer's general note, as the mail has it, above the documents.
    expect(within(screen.getByRole("region", { name: "Catatan peninjau" })).getByText("Mohon unggah ulang dengan pindaian berwarna.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Unduh pengalaman.pdf" }).getAttribute("href")).toBe("/files/f6");
    expect(screen.queryByLabelText(`1. ${identity.name}`)).toBeNull();
    const form = input.closest("form")!;
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    // The document's own form: its one file field and its button, which names the document for a screen reader.
    expect(form.querySelectorAll("input[type=file]")).toHaveLength(1);
    expect(form.getAttribute("action")).toContain(`doc=${experience.id}`);
    expect(within(form).getByRole("button", { name: /^UNGGAH\s+6\. Dokumen pengalaman/ })).toBeTruthy();
    // KIRIM PERBAIKAN is its own form without files: it leads to "Periksa kembali".
    const send = screen.getByRole("button", { name: "KIRIM PERBAIKAN" });
    expect(send.closest("form")!.getAttribute("enctype")).toBeNull();
    expect(send.getAttribute("formaction")).toBe("?intent=check");
    // What is still to be sent again, above the documents.
    const missing = screen.getByRole("region", { name: "Belum diunggah: 1 dari 1 dokumen" });
    expect(
      within(missing)
        .getByRole("link", { name: `6. ${experience.name}` })
        .getAttribute("href"),
    ).toBe(`#doc_${experience.id}`);
  });

  it("answers KIRIM PERBAIKAN before any upload with each flagged document still missing, under the form's own title", async () => {
    const reasons = { [experience.id]: "Tidak terbaca.", [licence.id]: "Kedaluwarsa." };
    const flagged = [experience, licence].map((r) => ({ requirement_id: r.id, reason: reasons[r.id], fixed: false }));
    const loader = () => ({
      application: { documents: [], reupload: flagged },
      items: [experience, licence].map((r) => ({ requirement: r, reason: reasons[r.id] })),
      note: null,
      // The refused post answers at the check's address (?intent=check), whose loader prepares the check.
      check: { items: [] },
    });
    const errors = reuploadEmptyErrors(flagged, all, i18n.getFixedT("id", "applicant"));
    const Shell = () => (
      <>
        <p data-testid="title">{usePageTitle()}</p>
        <Outlet />
      </>
    );
    const Stub = createRemixStub([
      {
        id: "root",
        path: "/",
        Component: Shell,
        children: [{ id: "reupload", path: "submission-form/reupload-form", Component: ReuploadForm, handle, loader }],
      },
    ]);
    render(
      <I18nextProvider i18n={i18n}>
        <Stub
          initialEntries={["/submission-form/reupload-form?intent=check"]}
          hydrationData={{ loaderData: { root: null, reupload: loader() }, actionData: { reupload: { errors } } }}
        />
      </I18nextProvider>,
    );
    const summary = await screen.findByRole("alert");
    expect(within(summary).getByRole("heading").textContent).toBe("Ada 2 dokumen yang perlu diperbaiki");
    expect(
      within(summary)
        .getByRole("link", { name: `6. ${experience.name} belum diunggah ulang` })
        .getAttribute("href"),
    ).toBe(`#doc_${experience.id}`);
    expect(
      within(summary)
        .getByRole("link", { name: `7. ${licence.name} belum diunggah ulang` })
        .getAttribute("href"),
    ).toBe(`#doc_${licence.id}`);
    // The page shows the form again, and its title says so, as its heading does.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Perbaikan Berkas");
    expect(screen.getByTestId("title").textContent).toBe("Galat: Perbaikan Berkas — Adaptasi Nakes LLN");
  });
});
