// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import i18next from "i18next";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "~/i18n";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requirementsFor } from "#domain/documents";
import { renderInRoute } from "../../../tests/render";
import { DocumentUploadForm, SlowSignalNote } from "~/features/documents/DocumentForm";
import { DocumentField } from "~/features/documents/DocumentField";
import { ResumableProgress, type ResumableState } from "~/features/documents/resumable";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const [, cv] = requirementsFor("REG");
const MB = 1024 * 1024;

describe("a resumable upload's progress says one state at a time", () => {
  const progress = (state: ResumableState) => renderInRoute(<ResumableProgress state={state} name="cv.pdf" onCancel={() => {}} />);
  const line = async () => (await screen.findByRole("status")).textContent;

  it("the signal lost: that alone, not also where it resumes from", async () => {
    progress({ sent: 0.79 * MB, total: MB, remainingSec: 30, resumedFrom: 0.79 * MB, waiting: true });
    expect(await line()).toBe("Sambungan terputus pada 79%. Unggahan akan dilanjutkan otomatis saat sinyal kembali.");
  });

  it("resuming: where from, until the next part arrives; then the sending and the time left", async () => {
    progress({ sent: 0.79 * MB, total: MB, remainingSec: null, resumedFrom: 0.79 * MB, waiting: false });
    expect(await line()).toBe("Melanjutkan unggahan dari 79%…");
    cleanup();
    progress({ sent: 0.85 * MB, total: MB, remainingSec: 30, resumedFrom: 0.79 * MB, waiting: false });
    expect(await line()).toBe("Mengunggah… 85% (sisa sekitar 30 detik)");
  });
});

describe("after a reload mid-upload", () => {
  it("says that choosing the same file again continues the upload", async () => {
    // What tus-js-client keeps of an unfinished upload, under the fingerprint of this document of this application.
    localStorage.setItem(
      `tus::adaptasi:a1:${cv.id}:adaptation:cv.pdf:${3 * MB}:1700000000000::42`,
      JSON.stringify({ size: 3 * MB, metadata: { filename: "cv.pdf" }, creationTime: "x", uploadUrl: "/submission-form/upload/tus/u1" }),
    );
    // Another application's leaves this one alone.
    localStorage.setItem(`tus::adaptasi:a2:${cv.id}:adaptation:lain.pdf:1:1::1`, JSON.stringify({ size: 1, metadata: { filename: "lain.pdf" } }));
    renderInRoute(
      <DocumentUploadForm
        form="adaptation"
        errors={undefined}
        items={[{ requirement: cv }]}
        current={new Map()}
        action="?intent=upload"
        button="UNGGAH"
        applicationId="a1"
      />,
      "/submission-form/adaptation-form",
    );
    expect(
      await screen.findByText("Unggahan cv.pdf (3.0 MB) belum selesai. Pilih berkas yang sama lagi untuk melanjutkannya dari bagian yang sudah terkirim."),
    ).toBeTruthy();
    expect(screen.queryByText(/lain\.pdf/)).toBeNull();
  });
});

describe("without JavaScript", () => {
  it("says above the documents, before any send, that a weak signal takes a while, by the file's size", () => {
    const i18n = i18next.createInstance();
    void i18n.use(initReactI18next).init({ ...i18nConfig, initImmediate: false });
    // As the server sends it: what a browser without JavaScript shows (a client render leaves <noscript> empty).
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <SlowSignalNote />
      </I18nextProvider>,
    );
    expect(html).toMatch(/^<noscript>/);
    expect(html).toContain("setiap 1 MB berkas butuh sekitar 20 detik (berkas 1,5 MB: sekitar 30 detik)");
    expect(html).toContain("biarkan halaman ini terbuka");
  });
});

describe("a file chosen before the page's scripts ran", () => {
  it("is taken up once the page hydrates: its change fired with nothing listening, the field kept the file", async () => {
    const i18n = i18next.createInstance();
    void i18n.use(initReactI18next).init({ ...i18nConfig, initImmediate: false });
    const onChosen = vi.fn();
    const field = (
      <I18nextProvider i18n={i18n}>
        <DocumentField requirement={cv} onChosen={onChosen} />
      </I18nextProvider>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(field);
    document.body.append(container);
    // As the browser holds it: the server's markup, a file chosen in it before any script listened.
    const input = container.querySelector<HTMLInputElement>("input[type=file]")!;
    const file = new File(["%PDF-1.4"], "cv.pdf", { type: "application/pdf" });
    Object.defineProperty(input, "files", { value: Object.assign([file], { item: (i: number) => [file][i] ?? null }) });
    const root = await act(async () => hydrateRoot(container, field));
    expect(onChosen).toHaveBeenCalledTimes(1);
    expect((onChosen.mock.calls[0]![0] as File[])[0]!.name).toBe("cv.pdf");
    act(() => root.unmount());
    container.remove();
  });
});
