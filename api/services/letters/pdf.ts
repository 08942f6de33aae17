import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { stageKey } from "#domain/workflow";
import enLetter from "#locales/en/letter.json";
import idLetter from "#locales/id/letter.json";
import enWorkflow from "#locales/en/workflow.json";
import idWorkflow from "#locales/id/workflow.json";
import type { LetterFacts, LetterRow } from "./letters";

// The letter as a PDF, made on the server with pdf-lib: Indonesian, with English beside each line for a
// foreign national. The QR is a PNG image of the verification address (/verifikasi/<token>); its token
// carries the letter's facts signed, so the paper can be checked offline against the published keys.

type Words = typeof idLetter;

const IN_WIN_ANSI = /^[\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2019\u201c\u201d\u2022]$/;

/**
 * The standard fonts write WinAnsi only. A letter it has stays as it is ("José Ñúñez"); one it lacks loses
 * its last accents until it has it ("ễ" → "ê", "ă" → "a"); anything else becomes "?".
 */
export function winAnsi(text: string): string {
  return Array.from(text.normalize("NFC"), (ch) => {
    if (IN_WIN_ANSI.test(ch)) return ch;
    let parts = Array.from(ch.normalize("NFD"));
    while (parts.length > 1 && /^[\u0300-\u036f]$/.test(parts[parts.length - 1]!)) {
      parts = parts.slice(0, -1);
      const composed = parts.join("").normalize("NFC");
      if (IN_WIN_ANSI.test(composed)) return composed;
    }
    const compatible = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    return Array.from(compatible).every((c) => IN_WIN_ANSI.test(c)) && compatible ? compatible : "?";
  }).join("");
}

const fill = (template: string, params: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? "");

const dateIn = (lng: "id-ID" | "en-GB", d: Date) =>
  new Intl.DateTimeFormat(lng, { timeZone: "Asia/Jakarta", day: "numeric", month: "long", year: "numeric" }).format(d);

/** The address the QR opens. */
export const verificationUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, "")}/verifikasi/${token}`;

export interface LetterPdfInput {
  letter: LetterRow;
  facts: LetterFacts;
  publicUrl: string;
  /** the committee's name (settings), after the issuer */
  committee: string;
}

export async function letterPdf({ letter, facts, publicUrl, committee }: LetterPdfInput): Promise<Uint8Array> {
  const bilingual = facts.foreign;
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`${idLetter.title} ${letter.number}`));
  doc.setLanguage(bilingual ? "id-ID, en" : "id-ID");
  doc.setProducer("Portal Adaptasi Nakes LLN");
  doc.setCreationDate(letter.issuedAt);
  doc.setModificationDate(letter.issuedAt);
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const margin = 56;
  const width = page.getWidth() - 2 * margin;
  let y = page.getHeight() - margin;

  const write = (text: string, font: PDFFont, size: number, x = margin, maxWidth = width, color = rgb(0, 0, 0)) => {
    for (const line of wrap(winAnsi(text), font, size, maxWidth)) {
      page.drawText(line, { x, y: y - size, size, font, color });
      y -= size * 1.35;
    }
  };
  const both = (key: Exclude<keyof Words, "jalur" | "professions">) => (bilingual ? `${idLetter[key]} / ${enLetter[key]}` : idLetter[key]);

  write(idLetter.issuer, bold, 11);
  if (bilingual) write(enLetter.issuer, italic, 9, margin, width, rgb(0.3, 0.3, 0.3));
  write(committee, regular, 10);
  y -= 12;
  page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 1 });
  y -= 18;
  write(idLetter.title, bold, 15);
  if (bilingual) write(enLetter.title, italic, 11, margin, width, rgb(0.3, 0.3, 0.3));
  write(`${both("number")}: ${letter.number}`, regular, 11);
  y -= 10;
  write(idLetter.intro, regular, 10.5);
  if (bilingual) write(enLetter.intro, italic, 9.5, margin, width, rgb(0.3, 0.3, 0.3));
  y -= 6;

  const profession = (w: Words) => (facts.profession ? (w.professions[facts.profession as keyof Words["professions"]] ?? facts.profession) : w.none);
  const rows: [string, string][] = [
    [both("name"), facts.name],
    [both("profession"), bilingual ? `${profession(idLetter)} / ${profession(enLetter)}` : profession(idLetter)],
    [both("pathway"), bilingual ? `${idLetter.jalur[facts.jalur]} / ${enLetter.jalur[facts.jalur]}` : idLetter.jalur[facts.jalur]],
    [both("registration"), facts.registrationNumber],
    [both("outcome"), bilingual ? `${idLetter[facts.outcome]} / ${enLetter[facts.outcome]}` : idLetter[facts.outcome]],
    [both("decided"), bilingual ? `${dateIn("id-ID", facts.decidedAt)} / ${dateIn("en-GB", facts.decidedAt)}` : dateIn("id-ID", facts.decidedAt)],
  ];
  const labelWidth = 170;
  for (const [label, value] of rows) {
    const top = y;
    write(label, regular, 10.5, margin, labelWidth - 8);
    const afterLabel = y;
    y = top;
    write(value, bold, 10.5, margin + labelWidth, width - labelWidth);
    y = Math.min(y, afterLabel) - 2;
  }
  y -= 10;

  // The stages, each with its decision and date.
  write(`${both("stages")} — ${both("stageResult")} — ${both("stageDate")}`, bold, 10);
  for (const s of facts.stages) {
    const key = stageKey(s.stageId);
    const name = key ? (bilingual ? `${idWorkflow.stage[key]} / ${enWorkflow.stage[key]}` : idWorkflow.stage[key]) : String(s.stageId);
    const result = bilingual ? `${idLetter[s.status]} / ${enLetter[s.status]}` : idLetter[s.status];
    write(`• ${name} — ${result} — ${dateIn("id-ID", s.decidedAt)}`, regular, 10, margin + 8, width - 8);
  }
  y -= 14;

  // The QR (bottom right) and what it is for.
  const address = verificationUrl(publicUrl, letter.token);
  const png = await QRCode.toBuffer(address, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 3 });
  const image = await doc.embedPng(png);
  const side = 150;
  const qrTop = Math.min(y, 330);
  page.drawImage(image, { x: margin + width - side, y: qrTop - side, width: side, height: side });
  y = qrTop;
  const textWidth = width - side - 16;
  write(`${both("issuedBy")}:`, regular, 10, margin, textWidth);
  write(`${idLetter.issuer} — ${committee}`, bold, 10, margin, textWidth);
  write(`${both("issuedAt")}: ${dateIn("id-ID", letter.issuedAt)}`, regular, 10, margin, textWidth);
  y -= 8;
  const site = `${publicUrl.replace(/\/$/, "")}/verifikasi`;
  write(fill(idLetter.verify, { url: site }), regular, 8.5, margin, textWidth);
  if (bilingual) write(fill(enLetter.verify, { url: site }), italic, 8, margin, textWidth, rgb(0.3, 0.3, 0.3));
  write(fill(idLetter.electronic, { kid: letter.keyId }), regular, 8.5, margin, textWidth);
  if (bilingual) write(fill(enLetter.electronic, { kid: letter.keyId }), italic, 8, margin, textWidth, rgb(0.3, 0.3, 0.3));
  drawFooter(page, regular, letter.number, margin);
  return doc.save({ useObjectStreams: false });
}

function drawFooter(page: PDFPage, font: PDFFont, number: string, margin: number) {
  page.drawText(winAnsi(number), { x: margin, y: margin / 2, size: 8, font, color: rgb(0.4, 0.4, 0.4) });
}

/** Lines of at most maxWidth points, broken at spaces (a word longer than the line is cut). */
function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= maxWidth) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > maxWidth && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > maxWidth) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}
