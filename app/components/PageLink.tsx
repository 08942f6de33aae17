import { Form, Link } from "@remix-run/react";
import { createContext, useContext, type AnchorHTMLAttributes, type FormHTMLAttributes } from "react";

// The layouts' links and forms (sidebar, top bar, navbar) on a page served without hydration
// (app/utils/hydration.ts): no script will read the router's work for them, so they render as the plain
// anchor and form Remix's <Link> and <Form> would render, without it. On every other page, Remix's.

/** True while the server renders a page without hydration (root.tsx). */
export const PlainPage = createContext(false);

/** Remix's <Link to>, or the plain anchor on a page without hydration. */
export function PageLink({ to, ...props }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (useContext(PlainPage)) return <a href={to} {...props} />;
  return <Link to={to} {...props} />;
}

/** Remix's <Form method="post" action>, or the plain form on a page without hydration. */
export function PagePostForm({ action, ...props }: { action: string } & Pick<FormHTMLAttributes<HTMLFormElement>, "className" | "children">) {
  if (useContext(PlainPage)) return <form method="post" action={action} {...props} />;
  return <Form method="post" action={action} {...props} />;
}
