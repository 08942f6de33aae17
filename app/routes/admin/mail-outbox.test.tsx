// @vitest-environment jsdom
import type { AppLoadContext } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18nConfig } from "~/i18n";

// /mail-outbox: the failed mails with "Kirim ulang", a plain POST form (works without JavaScript),
// which the action turns into POST /admin/mail-outbox/{id}/resend.

const adminApi = vi.fn();
vi.mock("~/utils/guards.server", () => ({ requireUser: vi.fn(async () => ({ user: { id: "me", role_id: 1 } })) }));
vi.mock("~/utils/session.server", () => ({ toastCookie: vi.fn(async ({ message }: { message: string }) => `toast=${encodeURIComponent(message)}`) }));
vi.mock("~/utils/admin.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/utils/admin.server")>()),
  adminApi: (...args: unknown[]) => adminApi(...args),
}));

const { default: MailOutbox, action } = await import("~/routes/admin/mail-outbox");

afterEach(cleanup);
beforeEach(() => adminApi.mockReset());

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ ...i18nConfig, initImmediate: false });

const MAIL = {
  id: "0b8a4a9e-8d59-4c1e-9f5e-0d2f4a4d7c11",
  kind: "activation",
  recipient: "ana@contoh.id",
  subject: "Aktivasi akun Adaptasi Nakes LLN / Activate your account",
  attempts: 8,
  last_error: "451 Mail server busy",
  created_at: "2026-11-20T03:00:00.000Z",
};

const SENDING = { mail: "sending", jobs: true, pending: 0 };

function renderWith(mails: unknown[], delivery: unknown = SENDING) {
  const Stub = createRemixStub([{ path: "/mail-outbox", Component: MailOutbox, loader: () => ({ mails, delivery }) }]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/mail-outbox"]} />
    </I18nextProvider>,
  );
}

describe("/mail-outbox", () => {
  it("lists each failed mail with a 'Kirim ulang' POST form naming it", async () => {
    renderWith([MAIL]);
    expect(await screen.findByRole("heading", { level: 1, name: "Surel Gagal Terkirim" })).toBeTruthy();
    const row = screen.getByRole("row", { name: /ana@contoh\.id/ });
    expect(within(row).getByText("451 Mail server busy")).toBeTruthy();
    expect(within(row).getByText("8")).toBeTruthy();
    const button = within(row).getByRole("button", { name: "Kirim ulang: ana@contoh.id" });
    expect(button.textContent).toBe("Kirim ulang");
    const form = button.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(new FormData(form).get("id")).toBe(MAIL.id);
  });

  it("says so when nothing failed", async () => {
    renderWith([]);
    expect(await screen.findByText("Tidak ada surel yang gagal terkirim.")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says when this instance holds all mail, on a copy of the database, in either language", async () => {
    renderWith([], { mail: "held", jobs: false, reason: "public-url-mismatch", pending: 3 });
    const notice = await screen.findByRole("status");
    expect(within(notice).getByRole("heading", { level: 2 }).textContent).toBe("Surel ditahan: basis data ini sebuah salinan");
    expect(notice.textContent).toContain("npm run ops:adopt");
    expect(notice.textContent).toContain("Surel yang menunggu di antrean: 3.");
    cleanup();
    await i18n.changeLanguage("en");
    try {
      renderWith([], { mail: "redirected", jobs: false, reason: "public-url-mismatch", pending: 0 });
      const redirected = await screen.findByRole("status");
      expect(within(redirected).getByRole("heading", { level: 2 }).textContent).toBe("All e-mail goes to one mailbox");
      expect(redirected.textContent).toContain("Scheduled reminders do not run until an operator runs npm run ops:adopt");
    } finally {
      await i18n.changeLanguage("id");
    }
  });

  it("sends the mail again through the API and comes back with a toast", async () => {
    adminApi.mockResolvedValue({ ok: true, status: 200, body: { data: { id: MAIL.id, status: "pending" } } });
    const request = new Request("http://localhost/mail-outbox", {
      method: "POST",
      body: new URLSearchParams({ id: MAIL.id, recipient: MAIL.recipient }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const answer = (await action({ request, context: {} as AppLoadContext, params: {} })) as Response;
    expect(adminApi).toHaveBeenCalledWith({}, "POST", `/admin/mail-outbox/${MAIL.id}/resend`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/mail-outbox");
    expect(decodeURIComponent(answer.headers.get("set-cookie") ?? "")).toContain("Surel ke ana@contoh.id dikirim ulang.");
  });
});
