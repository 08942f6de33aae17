// @vitest-environment jsdom
import { Link, Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nConfig } from "~/i18n";
import { ANNOUNCE_PENDING_AFTER_MS, PendingAnnouncer } from "./PendingAnnouncer";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ ...i18nConfig, initImmediate: false });

describe("the navigation's pending state", () => {
  it('is said politely ("Memuat…") once a navigation takes longer than a moment, and no more once it arrives', async () => {
    let arrive = () => {};
    const slow = () => new Promise<null>((resolve) => (arrive = () => resolve(null)));
    const Shell = () => (
      <>
        <PendingAnnouncer />
        <Link to="/next">Berikutnya</Link>
        <Outlet />
      </>
    );
    const Stub = createRemixStub([
      {
        path: "/",
        Component: Shell,
        children: [
          { index: true, Component: () => <p>Awal</p> },
          { path: "next", Component: () => <p>Tiba</p>, loader: slow },
        ],
      },
    ]);
    render(
      <I18nextProvider i18n={i18n}>
        <Stub initialEntries={["/"]} />
      </I18nextProvider>,
    );
    await screen.findByText("Awal");
    // The live region is on the page before anything is said in it, so that what is said is announced.
    const region = document.querySelector<HTMLElement>('[aria-live="polite"]')!;
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.textContent).toBe("");
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("link", { name: "Berikutnya" }));
    await act(async () => vi.advanceTimersByTime(ANNOUNCE_PENDING_AFTER_MS - 1));
    expect(region.textContent).toBe("");
    await act(async () => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe("Memuat…");
    vi.useRealTimers();
    await act(async () => arrive());
    await screen.findByText("Tiba");
    expect(region.textContent).toBe("");
  });
});
