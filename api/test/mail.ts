import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

// Reads the messages the mailer writes (outbox .eml files, or what an SMTP server received): enough
// MIME for nodemailer's output — headers with encoded words, multipart, quoted-printable and base64.

export interface ParsedMail {
  /** lower-cased header names, unfolded and decoded */
  headers: Record<string, string>;
  subject: string;
  /** the recipient's address */
  to: string;
  text: string;
  html: string;
  raw: string;
  /** outbox only */
  file?: string;
}

const decodeQuotedPrintable = (s: string) => {
  const bytes: number[] = [];
  const flat = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(flat.slice(i + 1, i + 3))) {
      bytes.push(parseInt(flat.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(flat[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
};

const decodeEncodedWords = (value: string) =>
  value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : "";
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain and text/html leaves of an entity. */
function leaves(raw: string, out: { text: string; html: string }) {
  const { headers, body } = splitEntity(raw);
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) if (!part.startsWith("--")) leaves(part.replace(/^\r?\n/, ""), out);
  } else if (/^text\/html/i.test(type)) {
    out.html += decodeBody(headers, body);
  } else if (/^text\/plain/i.test(type)) {
    out.text += decodeBody(headers, body);
  }
}

export function parseMail(raw: string): ParsedMail {
  const { headers } = splitEntity(raw);
  const parts = { text: "", html: "" };
  leaves(raw, parts);
  // The address is the last <…>; the display name before it may hold anything, "<" included.
  const to = /<([^<>]+)>\s*$/.exec(headers.to ?? "")?.[1] ?? headers.to ?? "";
  return { headers, subject: headers.subject ?? "", to, ...parts, raw };
}

/** Every message in the outbox, oldest first; optionally only those to one address. */
export async function readOutbox(dir: string, to?: string): Promise<ParsedMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).sort();
  const mails = await Promise.all(files.map(async (file) => ({ ...parseMail(await readFile(path.join(dir, file), "utf8")), file })));
  return to ? mails.filter((m) => m.to === to.toLowerCase()) : mails;
}

/** The token of the link to `page` (e.g. "/account-activation") in a mail's text part. */
export function tokenFrom(mail: ParsedMail, page: string): string {
  const match = new RegExp(`${page.replace(/[/-]/g, "\\$&")}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in mail "${mail.subject}"`);
  return match[1];
}
