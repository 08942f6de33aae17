// Addresses an admin may put in the navbar and the FAQ settings (/master-cms). Kept apart from the
// form schemas so the navbar, on every page, does not carry the validation library to the browser.

/** An absolute https:// address with a host, and nothing a browser would run. */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s/]+/i.test(value)) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** A navbar address: https://… or a path on this site ("/…", never "//host", which leaves the site). */
export function isNavbarHref(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  return isHttpsUrl(value);
}
