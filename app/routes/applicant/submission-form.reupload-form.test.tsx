// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { requirementsFor } from "#domain/documents";
import { i18nConfig } from "~/i18n";
import ReuploadForm from "./submission-form.reupload-form";

afterEach(cleanup);

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ ...i18nConfig, initImmediate: false });

const [identity, , , , , experience] = requirementsFor("REG");

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
});
