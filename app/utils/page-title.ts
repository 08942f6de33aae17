import { useMatches } from "@remix-run/react";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
// Remix's own router (it re-exports from here): its state holds every route's action data, where
// useActionData gives only the calling route's, and root.tsx renders the <title> above the pages.
import { UNSAFE_DataRouterStateContext as RouterState } from "react-router-dom";

// A page's <title> is a text like any other, so it lives in the locale files (common.json `title.*`)
// and is read with the request's `t`. A page names its title's key in its `handle`; root.tsx renders
// one <title> from the deepest page that names one, on the server (JavaScript off) and on every
// client navigation alike. common is the namespace every page already loads, so no title waits for a chunk.

/** The keys of the page titles, as the Indonesian locale holds them. */
export type TitleKey = keyof (typeof import("#locales/id/common.json"))["title"];

/**
 * What a page names as its title: a key, or from its loader data (and whether it answers a refused post: a
 * "Periksa kembali" refused shows its form again) a key (a page that shows two states) or
 * a key with the subject its heading names (a person, an entry): "Yuliana Putri — Detail Admin Fasyankes — …",
 * so the browser's title begins with the page's heading.
 */
export type TitleChoice = TitleKey | { key: TitleKey; subject?: string | null };
export type PageTitle<Data = never> = TitleKey | ((data: Data | undefined, refused: boolean) => TitleChoice);

export interface TitleHandle {
  title?: PageTitle<unknown>;
}

/** A route's `handle` naming its title: `export const handle = titled("login", { faq: "login" })`. */
export function titled<Data = never, Handle extends object = object>(title: PageTitle<Data>, handle?: Handle): Handle & TitleHandle {
  return { ...(handle as Handle), title: title as PageTitle<unknown> };
}

/** Whether a page below the root names its own title. */
export function hasPageTitle(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((match) => Boolean((match.handle as TitleHandle | undefined)?.title));
}

/**
 * Whether actions' answers hold a refused post, in the shapes the portal's actions answer with: a conform
 * reply whose status is "error" (alone or under a key, e.g. `{ result }`, `{ reply }`), `{ error: "…" }`,
 * or the documents' `{ errors }`. Read from the JSON, the smallest code for the page's JavaScript.
 */
export const isRefusal = (data: unknown) => /"status":"error"|"errors?":("[^"]|\{")/.test(JSON.stringify(data) ?? "");

/** Whether the page answers a refused post (its title then starts with "Galat: "), with JavaScript or without. */
export function useRefusedPost(): boolean {
  return isRefusal(useContext(RouterState)?.actionData);
}

/** The current page's title in the request's language; the product's name where no page names one. */
export function usePageTitle(): string {
  const matches = useMatches();
  const { t } = useTranslation();
  const match = [...matches].reverse().find((m) => (m.handle as TitleHandle | undefined)?.title);
  const title = (match?.handle as TitleHandle | undefined)?.title;
  const refused = useRefusedPost();
  const choice: TitleChoice = typeof title === "function" ? title(match?.data, refused) : (title ?? "default");
  const { key, subject } = typeof choice === "string" ? { key: choice, subject: null } : choice;
  const text = t(`title.${key}`, { product: t("product.name") });
  const named = subject ? `${subject} — ${text}` : text;
  return refused ? t("form.errorTitle", { title: named }) : named;
}
