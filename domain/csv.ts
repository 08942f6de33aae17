// CSV as the portal writes it (the review list's export, /kinerja's charts): one way to quote a cell.

/** A text cell: quoted, and with a ' before a leading = + - @ (or tab / CR) so no spreadsheet runs it as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Lines of cells, each ended by CRLF, after a byte-order mark so a spreadsheet reads UTF-8. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
