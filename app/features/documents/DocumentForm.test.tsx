// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { requirementsFor } from "#domain/documents";
import { renderInRoute } from "../../../tests/render";
import { DocumentErrorSummary } from "~/features/documents/DocumentForm";
import { formatSize } from "~/components/StatusBadge";
import { DocumentField } from "~/features/documents/DocumentField";

afterEach(cleanup);

const [identity, cv, certificate] = requirementsFor("REG");

function choose(input: HTMLInputElement, files: File[]) {
  Object.defineProperty(input, "files", { value: files, configurable: true });
  fireEvent.change(input);
}

describe("DocumentField", () => {
  it("renders name, help text, accept list and the current file's download link", async () => {
    renderInRoute(<DocumentField requirement={cv} current={{ file_id: "f1", original_name: "cv.docx", size: 2048 }} />, "/submission-form/adaptation-form");
    const input = (await screen.findByLabelText(`2. ${cv.name}`)) as HTMLInputElement;
    expect(input.getAttribute("accept")).toBe(".doc,.docx,.pdf");
    expect(input.multiple).toBe(false);
    expect(screen.getByRole("link", { name: "Unduh cv.docx" }).getAttribute("href")).toBe("/files/f1");
    expect(screen.getByText(/2 KB/)).toBeTruthy();
  });

  it("lets merged items take several files", async () => {
    renderInRoute(<DocumentField requirement={certificate} />, "/submission-form/adaptation-form");
    expect(((await screen.findByLabelText(`3. ${certificate.name}`)) as HTMLInputElement).multiple).toBe(true);
  });

  it("gives each document a large 'Pilih berkas' control for the native input, and one hint that agrees with itself", async () => {
    renderInRoute(<DocumentField requirement={certificate} />, "/submission-form/adaptation-form");
    const input = (await screen.findByLabelText("Pilih berkas")) as HTMLInputElement;
    expect(input.type).toBe("file");
    expect(input.id).toBe(`doc_${certificate.id}`);
    const hint = document.getElementById(`doc_${certificate.id}-hint`)!;
    expect(hint.textContent).toBe(
      "Tipe berkas JPG, JPEG, PNG atau PDF. Ada beberapa berkas? Pilih semuanya sekaligus; portal menggabungkannya menjadi satu PDF. Ukuran total maksimal 5MB.",
    );
    // Not both "merge them yourself" and "choose several".
    expect(hint.textContent).not.toMatch(/gabungkan menjadi/);
    cleanup();
    renderInRoute(<DocumentField requirement={cv} />, "/submission-form/adaptation-form");
    expect((await screen.findByText(cv.help_text)).id).toBe(`doc_${cv.id}-hint`);
  });

  it("shows the reviewer's reason as a highlighted note above the document's control", async () => {
    renderInRoute(<DocumentField requirement={cv} reason="CV tidak bertanggal." />, "/submission-form/reupload-form");
    const note = await screen.findByRole("note");
    expect(note.textContent).toBe("Alasan peninjau: CV tidak bertanggal.");
    expect(note.id).toBe(`doc_${cv.id}-reason`);
  });

  it("pre-checks type, emptiness and size in the server's words, and clears once a good file is chosen", async () => {
    renderInRoute(<DocumentField requirement={identity} />, "/submission-form/adaptation-form");
    const input = (await screen.findByLabelText(`1. ${identity.name}`)) as HTMLInputElement;
    choose(input, [new File(["MZ"], "setup.exe")]);
    expect(await screen.findByText("Tipe berkas harus JPG, JPEG, PNG atau PDF.")).toBeTruthy();
    expect(input.validationMessage).toBe("Tipe berkas harus JPG, JPEG, PNG atau PDF.");
    choose(input, [new File([], "kosong.pdf")]);
    expect(await screen.findByText("Berkas kosong.")).toBeTruthy();
    choose(input, [new File([new Uint8Array(2 * 1024 * 1024 + 1)], "besar.pdf")]);
    expect(await screen.findByText("harus lebih kecil dari 2048KB")).toBeTruthy();
    choose(input, [new File(["%PDF-1.7"], "ok.pdf")]);
    expect(screen.queryByText("harus lebih kecil dari 2048KB")).toBeNull();
    expect(input.validationMessage).toBe("");
  });
});

describe("DocumentErrorSummary", () => {
  it("counts the documents, not the API's general line, and names each document once", async () => {
    renderInRoute(
      <DocumentErrorSummary
        requirements={[identity, cv, certificate]}
        errors={{ form: ["Data tidak valid"], documents: { [cv.id]: `${cv.name} harus diunggah`, [certificate.id]: "harus lebih kecil dari 2048KB" } }}
      />,
      "/submission-form/adaptation-form",
    );
    expect((await screen.findByRole("heading")).textContent).toBe("Ada 2 dokumen yang perlu diperbaiki");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      `${cv.name} harus diunggah`,
      `${certificate.name}: harus lebih kecil dari 2048KB`,
    ]);
  });

  it("shows a general line when no document has one", async () => {
    renderInRoute(
      <DocumentErrorSummary requirements={[cv]} errors={{ form: ["Pilih berkas untuk dokumen yang perlu diperbaiki, lalu kirim lagi."], documents: {} }} />,
      "/submission-form/reupload-form",
    );
    expect((await screen.findByRole("heading")).textContent).toBe("Ada 1 dokumen yang perlu diperbaiki");
    expect(screen.getByRole("listitem").textContent).toMatch(/^Pilih berkas/);
  });
});

describe("formatSize", () => {
  it("shows kilobytes below a megabyte and megabytes above", () => {
    expect(formatSize(10)).toBe("1 KB");
    expect(formatSize(3 * 1024 * 1024)).toBe("3.0 MB");
  });
});
