import fc from "fast-check";

// The grammar of request shapes the fuzzer draws from (tests/fuzz/README.md). Each arbitrary builds a
// plain, printable description of a request (a "shape"), never bytes: fast-check shrinks the description
// and `render()` (below) turns it into the bytes on the wire, so a failing case prints as the smallest
// description that still fails, and its bytes.
//
// Nothing here is a list of known bad inputs: every piece is a choice among the grammar's alternatives
// (a field name is segments, brackets and indices; a multipart body is a preamble, parts with headers
// and content, a closing delimiter and an epilogue; …), so the fuzzer reaches shapes nobody wrote down.

// ---------------------------------------------------------------------------------------------------
// Small pieces

/**
 * Repetitions multiply (10,000 parts of 70,000 characters): what a body repeats stops past this many
 * bytes. Four times the portal's form limit (1 MB) and above a document's (documents stream to the API).
 */
export const BODY_BUDGET = 4 * 1024 * 1024;

/** How many of `times` copies of a piece of `size` bytes fit in the budget (at least one). */
export const fitting = (times: number, size: number) => Math.max(1, Math.min(times, Math.floor(BODY_BUDGET / Math.max(1, size))));

/** Text of every class: ASCII, Latin-1, BMP, astral, controls, the characters that delimit forms and headers. */
export const anyText = (maxLength = 24): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(..."\r\n\0\t \"';=&%+[].,:\\/-_*\u0085\u2028\u202e\ufeff\ud800é名😀"), maxLength }) },
  );

/** Numbers as a client may write them in an index, a length, an offset. */
export const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.nat({ max: 20 }).map(String),
  fc.constantFrom(
    "0",
    "-1",
    "1000",
    "1001",
    "99999999",
    "4294967296",
    "9007199254740993",
    "1e9",
    "0x10",
    " 1",
    "1.5",
    "-0",
    "NaN",
    "Infinity",
    "",
    "00000000000000000001",
  ),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);

/** How many times a piece is repeated: most shapes are small, some reach the thousands (many parts, many fields). */
export const repeatCount: fc.Arbitrary<number> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(1) },
  { weight: 3, arbitrary: fc.integer({ min: 2, max: 50 }) },
  { weight: 1, arbitrary: fc.constantFrom(199, 200, 201, 1001, 3000, 10_000) },
);

// ---------------------------------------------------------------------------------------------------
// Field names: segments joined by dots and brackets (the forms' own syntax), with indices of every size

/** A name segment: the forms' real names, and others. */
const segment: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom("email", "password", "intent", "doc", "file", "files", "items", "redirectTo", "name", "a", "x", "value", "csrf", "_action"),
  },
  { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "length") },
  { weight: 2, arbitrary: anyText(12) },
);

const nameStep: fc.Arbitrary<{ sep: "." | "[]" | "[" | "]" | "" | ".."; seg: string }> = fc.record({
  sep: fc.constantFrom(".", "[]", "[", "]", "", ".."),
  seg: fc.oneof(segment, numberText),
});

export interface FieldName {
  head: string;
  steps: Array<{ sep: string; seg: string }>;
  /** the whole name repeated (long names) */
  times: number;
}

export const fieldName: fc.Arbitrary<FieldName> = fc.record({
  head: segment,
  steps: fc.array(nameStep, { maxLength: 4 }),
  times: fc.oneof({ weight: 10, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constantFrom(20, 200, 5000) }),
});

export function nameText(n: FieldName): string {
  const one = n.head + n.steps.map(({ sep, seg }) => (sep === "[]" ? `[${seg}]` : `${sep}${seg}`)).join("");
  return n.times === 1 ? one : one.repeat(fitting(n.times, one.length));
}

// ---------------------------------------------------------------------------------------------------
// Percent-encodings of every class

export type Encoding =
  "raw" | "component" | "every-byte" | "lower-hex" | "plus-space" | "bad-percent" | "cut-percent" | "overlong" | "surrogate" | "nul" | "latin1-bytes";

export const encoding: fc.Arbitrary<Encoding> = fc.constantFrom(
  "component",
  "raw",
  "every-byte",
  "lower-hex",
  "plus-space",
  "bad-percent",
  "cut-percent",
  "overlong",
  "surrogate",
  "nul",
  "latin1-bytes",
);

/** A text encoded for an urlencoded body or a query string; returns latin1 text (one char per byte). */
export function encodeAs(text: string, how: Encoding): string {
  const utf8 = Buffer.from(text, "utf8");
  const hex = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  switch (how) {
    case "raw":
      return utf8.toString("latin1");
    case "component":
      return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "?"));
    case "every-byte":
      return [...utf8].map(hex).join("");
    case "lower-hex":
      return [...utf8].map((b) => hex(b).toLowerCase()).join("");
    case "plus-space":
      return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "?")).replace(/%20/g, "+");
    case "bad-percent":
      return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "?"))}%G1%%ZZ`;
    case "cut-percent":
      return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "?"))}%E2%82`;
    case "overlong":
      return `%C0%AE%C0%AF${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "?"))}%E0%80%AF`;
    case "surrogate":
      return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "?"))}%ED%A0%80%ED%BF%BF`;
    case "nul":
      return `%00${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "?"))}%00`;
    case "latin1-bytes":
      return Buffer.from(text, "latin1").toString("latin1") + "\xff\xfe";
  }
}

// ---------------------------------------------------------------------------------------------------
// urlencoded bodies and query strings

export interface Pair {
  name: FieldName;
  nameEncoding: Encoding;
  /** null: a name without "=" */
  value: string | null;
  valueEncoding: Encoding;
  /** extra "=" signs after the value */
  extraEquals: boolean;
}

const pair: fc.Arbitrary<Pair> = fc.record({
  name: fieldName,
  nameEncoding: encoding,
  value: fc.option(fc.oneof(anyText(), numberText, fc.constantFrom("upload", "save", "submit", "request", "1", "true", "on")), { freq: 8 }),
  valueEncoding: encoding,
  extraEquals: fc.boolean(),
});

export interface Pairs {
  pairs: Pair[];
  separator: "&" | ";" | "&&" | "&amp;";
  leading: boolean;
  trailing: boolean;
  /** the whole list repeated (thousands of fields) */
  times: number;
}

export const pairs: fc.Arbitrary<Pairs> = fc.record({
  pairs: fc.array(pair, { maxLength: 6 }),
  separator: fc.constantFrom("&", "&", "&", ";", "&&", "&amp;"),
  leading: fc.boolean(),
  trailing: fc.boolean(),
  times: repeatCount,
});

export function pairsText(p: Pairs): string {
  const one = p.pairs.map((x) => {
    const name = encodeAs(nameText(x.name), x.nameEncoding);
    if (x.value === null) return name;
    return `${name}=${encodeAs(x.value, x.valueEncoding)}${x.extraEquals ? "==" : ""}`;
  });
  const all: string[] = [];
  const n = fitting(
    p.times,
    one.reduce((sum, x) => sum + x.length + 1, 0),
  );
  for (let i = 0; i < n; i++) all.push(...one);
  return `${p.leading ? p.separator : ""}${all.join(p.separator)}${p.trailing ? p.separator : ""}`;
}

// ---------------------------------------------------------------------------------------------------
// JSON: a tree of texts, so duplicate keys, odd numbers and broken texts are representable

export type Json =
  | { t: "null" | "true" | "false" }
  | { t: "number"; text: string }
  | { t: "string"; value: string; escapes: boolean }
  | { t: "array"; items: Json[]; times: number }
  | { t: "object"; entries: Array<{ key: string; value: Json }>; times: number }
  | { t: "deep"; depth: number; open: "[" | '{"a":' };

const jsonNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.constantFrom(
    "0",
    "-0",
    "1e999",
    "-1e999",
    "1E+2",
    "0.0000000000000000000001",
    "123456789012345678901234567890",
    "9007199254740993",
    "01",
    "1.",
    ".5",
    "+1",
    "NaN",
    "Infinity",
    "0x10",
  ),
);

export function jsonArb(keys: string[]): fc.Arbitrary<Json> {
  const key = keys.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: anyText(10) }) : anyText(10);
  const { node } = fc.letrec<{ node: Json }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom<Json>({ t: "null" }, { t: "true" }, { t: "false" }),
      fc.record({ t: fc.constant("number" as const), text: jsonNumber }),
      fc.record({ t: fc.constant("string" as const), value: fc.oneof(anyText(), fc.constantFrom("x".repeat(70_000))), escapes: fc.boolean() }),
      fc.record({ t: fc.constant("array" as const), items: fc.array(tie("node"), { maxLength: 4 }), times: repeatCount }),
      fc.record({
        t: fc.constant("object" as const),
        // the same key may come twice: the entries are a list, not a map
        entries: fc.array(fc.record({ key, value: tie("node") }), { maxLength: 5 }),
        times: repeatCount,
      }),
      fc.record({
        t: fc.constant("deep" as const),
        depth: fc.constantFrom(10, 100, 1000, 10_000, 100_000),
        open: fc.constantFrom("[" as const, '{"a":' as const),
      }),
    ),
  }));
  return node;
}

export function jsonText(j: Json): string {
  switch (j.t) {
    case "null":
    case "true":
    case "false":
      return j.t;
    case "number":
      return j.text;
    case "string":
      return j.escapes
        ? JSON.stringify(j.value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
        : JSON.stringify(j.value);
    case "array": {
      const one = j.items.map(jsonText);
      return `[${Array.from({ length: fitting(j.times, one.join(",").length + 1) }, () => one)
        .flat()
        .join(",")}]`;
    }
    case "object": {
      const one = j.entries.map((e) => `${JSON.stringify(e.key)}:${jsonText(e.value)}`);
      return `{${Array.from({ length: fitting(j.times, one.join(",").length + 1) }, () => one)
        .flat()
        .join(",")}}`;
    }
    case "deep":
      return `${j.open.repeat(j.depth)}1${(j.open === "[" ? "]" : "}").repeat(j.depth)}`;
  }
}

export interface JsonBody {
  value: Json;
  /** the text cut after this fraction (null: whole) */
  cut: number | null;
  prefix: "" | "\ufeff" | " \n\t" | "//c\n" | ")]}'\n";
  suffix: "" | "x" | ",}" | "\n\n{}" | "\0";
}

export const jsonBody = (keys: string[]): fc.Arbitrary<JsonBody> =>
  fc.record({
    value: jsonArb(keys),
    cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { freq: 6 }),
    prefix: fc.constantFrom("", "", "", "\ufeff", " \n\t", "//c\n", ")]}'\n"),
    suffix: fc.constantFrom("", "", "", "x", ",}", "\n\n{}", "\0"),
  });

export function jsonBodyText(b: JsonBody): string {
  const text = jsonText(b.value);
  const cut = b.cut === null ? text : text.slice(0, Math.floor(text.length * b.cut));
  return `${b.prefix}${cut}${b.suffix}`;
}

// ---------------------------------------------------------------------------------------------------
// multipart

export type Quoting = "quoted" | "bare" | "single" | "unterminated" | "escaped" | "key-only" | "spaced";

export interface Param {
  key: string;
  value: FieldName | string;
  quoting: Quoting;
}

const extValue = fc.oneof(
  fc.constantFrom("UTF-8''x", "utf-8'en'%E2%82%AC", "UTF-8'x", "''", "ISO-8859-1''%FF", "UTF-8''", "UTF-8''%", "x''y", "UTF-8''%ZZ", "UTF-8''%C0%AE"),
  anyText(10).map((t) => `UTF-8''${encodeURIComponent(t.replace(/[\ud800-\udfff]/g, "?"))}`),
);

const param: fc.Arbitrary<Param> = fc.oneof(
  fc.record({
    key: fc.constantFrom("name", "name", "filename", "NAME", "Name"),
    value: fc.oneof(fieldName, anyText()),
    quoting: fc.constantFrom<Quoting>("quoted", "quoted", "bare", "single", "unterminated", "escaped", "key-only", "spaced"),
  }),
  fc.record({ key: fc.constantFrom("name*", "filename*"), value: extValue, quoting: fc.constantFrom<Quoting>("bare", "bare", "quoted", "key-only") }),
  fc.record({
    key: fc.oneof(fc.constantFrom("size", "creation-date", "", "name ", " name", "na\u0000me"), anyText(6)),
    value: anyText(),
    quoting: fc.constantFrom<Quoting>("quoted", "bare"),
  }),
);

export interface Disposition {
  type: string;
  params: Param[];
  /** joiner between parameters */
  joiner: "; " | ";" | " ; " | ", " | ";;";
}

const disposition: fc.Arbitrary<Disposition> = fc.record({
  type: fc.oneof(
    { weight: 8, arbitrary: fc.constant("form-data") },
    { weight: 2, arbitrary: fc.constantFrom("FORM-DATA", "attachment", "inline", "", "form-data ", "formdata") },
    { weight: 1, arbitrary: anyText(8) },
  ),
  // no name at all, one name, a name and a filename, the same parameter twice: all in the grammar
  params: fc.array(param, { maxLength: 4 }),
  joiner: fc.constantFrom("; ", "; ", "; ", ";", " ; ", ", ", ";;"),
});

function paramText(p: Param): string {
  const v = typeof p.value === "string" ? p.value : nameText(p.value);
  const flat = v.replace(/\r|\n/g, "");
  switch (p.quoting) {
    case "quoted":
      return `${p.key}="${flat.replace(/"/g, "%22")}"`;
    case "bare":
      return `${p.key}=${flat}`;
    case "single":
      return `${p.key}='${flat}'`;
    case "unterminated":
      return `${p.key}="${flat}`;
    case "escaped":
      return `${p.key}="${flat.replace(/["\\]/g, "\\$&")}\\""`;
    case "key-only":
      return p.key;
    case "spaced":
      return `${p.key} = "${flat}"`;
  }
}

export function dispositionText(d: Disposition): string {
  return [d.type, ...d.params.map(paramText)].join(d.joiner);
}

export type PartHeader =
  | { h: "disposition"; d: Disposition }
  | { h: "content-type"; value: string }
  | { h: "other"; name: string; value: string }
  | { h: "folded"; d: Disposition }
  | { h: "no-colon"; text: string };

const partContentType = fc.oneof(
  fc.constantFrom(
    "text/plain",
    "application/pdf",
    "image/jpeg",
    "application/octet-stream",
    "text/plain; charset=utf-16",
    "multipart/mixed; boundary=inner",
    "",
    'x/y; a="b',
  ),
  anyText(10),
);

const partHeader: fc.Arbitrary<PartHeader> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ h: fc.constant("disposition" as const), d: disposition }) },
  { weight: 2, arbitrary: fc.record({ h: fc.constant("content-type" as const), value: partContentType }) },
  {
    weight: 1,
    arbitrary: fc.record({
      h: fc.constant("other" as const),
      name: fc.oneof(fc.constantFrom("Content-Transfer-Encoding", "Content-Length", "X-A", "Content-Disposition "), anyText(8)),
      value: anyText(16),
    }),
  },
  { weight: 1, arbitrary: fc.record({ h: fc.constant("folded" as const), d: disposition }) },
  { weight: 1, arbitrary: fc.record({ h: fc.constant("no-colon" as const), text: anyText(12) }) },
);

export type Content =
  | { c: "text"; text: string; times: number }
  | { c: "bytes"; bytes: number[]; times: number }
  | { c: "boundary-inside"; before: string; dashes: boolean; after: string }
  | { c: "pdf"; size: number }
  | { c: "nested"; parts: Array<{ headers: PartHeader[]; text: string }>; closed: boolean };

const content: fc.Arbitrary<Content> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      c: fc.constant("text" as const),
      text: anyText(40),
      times: fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constantFrom(1000, 70_000) }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      c: fc.constant("bytes" as const),
      bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }),
      times: fc.constantFrom(1, 1, 1, 100, 20_000),
    }),
  },
  { weight: 2, arbitrary: fc.record({ c: fc.constant("boundary-inside" as const), before: anyText(8), dashes: fc.boolean(), after: anyText(8) }) },
  { weight: 1, arbitrary: fc.record({ c: fc.constant("pdf" as const), size: fc.constantFrom(0, 100, 5000, 300_000) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      c: fc.constant("nested" as const),
      parts: fc.array(fc.record({ headers: fc.array(partHeader, { maxLength: 2 }), text: anyText(12) }), { maxLength: 3 }),
      closed: fc.boolean(),
    }),
  },
);

export interface Part {
  headers: PartHeader[];
  /** what ends each header line and the blank line */
  eol: "\r\n" | "\n" | "\r" | "";
  /** the blank line between headers and content is missing */
  noBlank: boolean;
  content: Content;
}

const part: fc.Arbitrary<Part> = fc.record({
  headers: fc.array(partHeader, { maxLength: 3 }),
  eol: fc.oneof({ weight: 12, arbitrary: fc.constant("\r\n" as const) }, { weight: 1, arbitrary: fc.constantFrom("\n" as const, "\r" as const, "" as const) }),
  noBlank: fc.oneof({ weight: 15, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  content,
});

export interface Multipart {
  boundary: string;
  /** how the boundary is written in Content-Type */
  typeForm: "plain" | "quoted" | "missing" | "twice" | "mixed-type" | "upper" | "charset-first" | "empty";
  preamble: string;
  parts: Part[];
  /** the list of parts repeated (thousands of parts) */
  times: number;
  closing: "proper" | "missing" | "no-dashes" | "no-crlf" | "extra-dashes";
  epilogue: string;
  /** the body cut after this fraction of its bytes (Content-Length says the cut length): truncation at any byte */
  cut: number | null;
}

const boundaryArb = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,30}$/) },
  { weight: 1, arbitrary: fc.constantFrom("x", "-", "--", " x", "a b", 'a"b', "x".repeat(70), "x".repeat(71), "x".repeat(2000), "é", "\u0000") },
);

export const multipart: fc.Arbitrary<Multipart> = fc.record({
  boundary: boundaryArb,
  typeForm: fc.oneof(
    { weight: 10, arbitrary: fc.constant("plain" as const) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "quoted" as const,
        "missing" as const,
        "twice" as const,
        "mixed-type" as const,
        "upper" as const,
        "charset-first" as const,
        "empty" as const,
      ),
    },
  ),
  preamble: fc.oneof({ weight: 8, arbitrary: fc.constant("") }, { weight: 1, arbitrary: anyText(20) }),
  parts: fc.array(part, { maxLength: 5 }),
  times: repeatCount,
  closing: fc.oneof(
    { weight: 8, arbitrary: fc.constant("proper" as const) },
    { weight: 1, arbitrary: fc.constantFrom("missing" as const, "no-dashes" as const, "no-crlf" as const, "extra-dashes" as const) },
  ),
  epilogue: fc.oneof({ weight: 8, arbitrary: fc.constant("") }, { weight: 1, arbitrary: anyText(20) }),
  cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { freq: 8 }),
});

function headerLine(h: PartHeader, eol: string): string {
  switch (h.h) {
    case "disposition":
      return `Content-Disposition: ${dispositionText(h.d)}`;
    case "content-type":
      return `Content-Type: ${h.value}`;
    case "other":
      return `${h.name}: ${h.value}`;
    case "folded": {
      const [first, ...rest] = [h.d.type, ...h.d.params.map(paramText)];
      return `Content-Disposition: ${first}${rest.map((r) => `;${eol} ${r}`).join("")}`;
    }
    case "no-colon":
      return h.text;
  }
}

function contentBytes(c: Content, boundary: string): Buffer {
  switch (c.c) {
    case "text":
      return Buffer.from(c.text.repeat(fitting(c.times, Buffer.byteLength(c.text))), "utf8");
    case "bytes":
      return Buffer.concat(Array.from({ length: fitting(c.times, c.bytes.length) }, () => Buffer.from(c.bytes)));
    case "boundary-inside":
      return Buffer.from(`${c.before}\r\n--${boundary}${c.dashes ? "--" : ""}${c.after}`, "utf8");
    case "pdf":
      return Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(c.size, 0x20), Buffer.from("\n%%EOF\n")]);
    case "nested": {
      const inner = c.parts.map((p) => `--inner\r\n${p.headers.map((h) => headerLine(h, "\r\n")).join("\r\n")}\r\n\r\n${p.text}\r\n`).join("");
      return Buffer.from(`${inner}${c.closed ? "--inner--\r\n" : ""}`, "utf8");
    }
  }
}

export function multipartContentType(m: Multipart): string {
  const b = m.boundary;
  switch (m.typeForm) {
    case "plain":
      return `multipart/form-data; boundary=${b}`;
    case "quoted":
      return `multipart/form-data; boundary="${b.replace(/"/g, '\\"')}"`;
    case "missing":
      return "multipart/form-data";
    case "twice":
      return `multipart/form-data; boundary=${b}; boundary=other`;
    case "mixed-type":
      return `multipart/mixed; boundary=${b}`;
    case "upper":
      return `MULTIPART/FORM-DATA; BOUNDARY=${b}`;
    case "charset-first":
      return `multipart/form-data; charset=utf-8; boundary=${b}`;
    case "empty":
      return "multipart/form-data; boundary=";
  }
}

export function multipartBytes(m: Multipart): Buffer {
  const chunks: Buffer[] = [];
  if (m.preamble) chunks.push(Buffer.from(`${m.preamble}\r\n`, "utf8"));
  const one: Buffer[] = [];
  for (const p of m.parts) {
    const head = p.headers.map((h) => headerLine(h, p.eol)).join(p.eol);
    one.push(
      Buffer.from(`--${m.boundary}${p.eol}${head}${p.headers.length > 0 ? p.eol : ""}${p.noBlank ? "" : p.eol}`, "utf8"),
      contentBytes(p.content, m.boundary),
      Buffer.from("\r\n"),
    );
  }
  const n = fitting(
    m.times,
    one.reduce((sum, b) => sum + b.length, 0),
  );
  for (let i = 0; i < n; i++) chunks.push(...one);
  switch (m.closing) {
    case "proper":
      chunks.push(Buffer.from(`--${m.boundary}--\r\n`, "utf8"));
      break;
    case "missing":
      break;
    case "no-dashes":
      chunks.push(Buffer.from(`--${m.boundary}\r\n`, "utf8"));
      break;
    case "no-crlf":
      chunks.push(Buffer.from(`--${m.boundary}--`, "utf8"));
      break;
    case "extra-dashes":
      chunks.push(Buffer.from(`--${m.boundary}------\r\n`, "utf8"));
      break;
  }
  if (m.epilogue) chunks.push(Buffer.from(m.epilogue, "utf8"));
  const all = Buffer.concat(chunks);
  return m.cut === null ? all : all.subarray(0, Math.floor(all.length * m.cut));
}

// ---------------------------------------------------------------------------------------------------
// tus (resumable uploads): the Upload-* headers and their neighbours

export interface Tus {
  method: "POST" | "PATCH" | "HEAD" | "DELETE" | "OPTIONS" | "GET";
  /** what follows the tus base: nothing, an id, something else */
  tail: "" | "/" | "/known" | string;
  headers: Array<[string, string]>;
  body: { size: number; fill: number };
}

const base64 = (t: string) => Buffer.from(t, "utf8").toString("base64");
const metadataArb = fc.oneof(
  fc
    .array(
      fc.record({
        key: fc.oneof(fc.constantFrom("application", "requirement", "form", "filename", "filetype", "multipart", "", "a b"), anyText(8)),
        value: fc.option(anyText(16)),
        valid: fc.boolean(),
      }),
      { maxLength: 5 },
    )
    .map((entries) => entries.map((e) => (e.value === null ? e.key : `${e.key} ${e.valid ? base64(e.value) : e.value}`)).join(",")),
  fc.constantFrom("", ",", " ", "filename", "filename !!!", "doc MQ==,doc Mg==", "x".repeat(10_000)),
  // A merged set's body announces its multipart type: a good one, one past the boundary's 70, another type, a bare key.
  fc
    .constantFrom("multipart/form-data; boundary=x", `multipart/form-data; boundary=${"b".repeat(71)}`, "text/plain", "multipart/form-data", "")
    .chain((type) =>
      fc.constantFrom(`multipart ${base64(type)}`, `application ${base64("x")},requirement ${base64("1")},multipart ${base64(type)}`, "multipart"),
    ),
);

const tusHeader: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(fc.constant("Tus-Resumable"), fc.oneof(fc.constantFrom("1.0.0", "1.0.0", "0.2.2", "", "1.0.0, 1.0.0"), anyText(6))),
  fc.tuple(fc.constant("Upload-Length"), numberText),
  fc.tuple(fc.constant("Upload-Offset"), numberText),
  fc.tuple(fc.constant("Upload-Metadata"), metadataArb),
  fc.tuple(fc.constant("Upload-Defer-Length"), fc.constantFrom("1", "0", "true", "")),
  fc.tuple(fc.constant("Upload-Concat"), fc.constantFrom("partial", "final;/x /y", "final;", "final;" + " /a".repeat(200), "")),
  fc.tuple(fc.constant("Upload-Checksum"), fc.constantFrom("sha1 Kq5sNclPz7QV2+lfQIuc6R7oRu0=", "md5 x", "", "sha1")),
  fc.tuple(fc.constant("X-HTTP-Method-Override"), fc.constantFrom("PATCH", "DELETE", "GET", "POST", "x")),
  fc.tuple(
    fc.constant("Content-Type"),
    fc.constantFrom("application/offset+octet-stream", "application/offset+octet-stream", "application/octet-stream", "multipart/form-data; boundary=x", ""),
  ),
);

export const tus: fc.Arbitrary<Tus> = fc.record({
  method: fc.constantFrom("POST", "POST", "PATCH", "PATCH", "HEAD", "DELETE", "OPTIONS", "GET"),
  tail: fc.oneof(
    fc.constantFrom("", "/", "/known", "/known", "/../x", "/%00", "/" + "a".repeat(300)),
    anyText(10).map((t) => `/${encodeURIComponent(t.replace(/[\ud800-\udfff]/g, "?"))}`),
  ),
  headers: fc.array(tusHeader, { maxLength: 7 }),
  body: fc.record({ size: fc.constantFrom(0, 0, 1, 100, 5000, 70_000), fill: fc.integer({ min: 0, max: 255 }) }),
});

// ---------------------------------------------------------------------------------------------------
// The request around the body: query, cookies, Origin, other headers, framing

export interface Cookies {
  /** the session of the case's role (when it has one) */
  session: "keep" | "drop" | "garbled" | "twice";
  extra: Array<{ name: string; value: string }>;
  times: number;
  /** in one Cookie header, or one header per cookie */
  split: boolean;
}

const cookieName = fc.oneof(fc.constantFrom("__session", "toast", "a", "", " ", "__Host-x", "x=y"), anyText(8));
export const cookies: fc.Arbitrary<Cookies> = fc.record({
  session: fc.oneof(
    { weight: 12, arbitrary: fc.constant("keep" as const) },
    { weight: 1, arbitrary: fc.constantFrom("drop" as const, "garbled" as const, "twice" as const) },
  ),
  extra: fc.oneof(
    { weight: 6, arbitrary: fc.constant<Array<{ name: string; value: string }>>([]) },
    {
      weight: 2,
      arbitrary: fc.array(
        fc.record({
          name: cookieName,
          value: fc.oneof({ weight: 6, arbitrary: anyText(20) }, { weight: 1, arbitrary: fc.constantFrom("x".repeat(4000), "x".repeat(9000)) }),
        }),
        { maxLength: 4 },
      ),
    },
  ),
  times: fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constantFrom(50, 300) }),
  split: fc.boolean(),
});

export type Origin = { o: "same" | "absent" | "null" | "other" | "twice" | "sec-fetch" } | { o: "odd"; value: string };

export const origin: fc.Arbitrary<Origin> = fc.oneof(
  { weight: 14, arbitrary: fc.constant({ o: "same" as const }) },
  { weight: 1, arbitrary: fc.constantFrom<Origin>({ o: "absent" }, { o: "null" }, { o: "other" }, { o: "twice" }, { o: "sec-fetch" }) },
  {
    weight: 1,
    arbitrary: fc.record({
      o: fc.constant("odd" as const),
      value: fc.oneof(
        fc.constantFrom(
          "",
          "http://",
          "http://[::1",
          "javascript:alert(1)",
          "HTTP://127.0.0.1",
          "http://127.0.0.1:99999",
          "http://127.0.0.1/path",
          "http://x".padEnd(2000, "x"),
          "http://127.0.0.1:0",
        ),
        anyText(20),
      ),
    }),
  },
);

export interface Extras {
  headers: Array<[string, string]>;
  times: number;
  /** an obsolete line folding of the last header */
  folded: boolean;
}

export const extras: fc.Arbitrary<Extras> = fc.record({
  headers: fc.oneof(
    { weight: 6, arbitrary: fc.constant<Array<[string, string]>>([]) },
    {
      weight: 2,
      arbitrary: fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              "X-Forwarded-For",
              "Accept-Language",
              "Accept",
              "User-Agent",
              "Referer",
              "Sec-Fetch-Site",
              "X-Requested-With",
              "Accept-Encoding",
              "Range",
              "Expect",
              "If-None-Match",
              "X-A",
            ),
            fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,20}$/),
          ),
          fc.oneof(
            { weight: 8, arbitrary: anyText(20).map((t) => t.replace(/[\r\n\0]/g, "")) },
            { weight: 4, arbitrary: fc.constantFrom("100-continue", "bytes=0-1", "*", "id-ID,en;q=0.5", "127.0.0.1, 10.0.0.1") },
            { weight: 1, arbitrary: fc.constantFrom("x".repeat(8000), "x".repeat(20_000)) },
          ),
        ),
        { maxLength: 3 },
      ),
    },
  ),
  // many headers: up to past Node's count limit (2,000); a huge value is sent once
  times: fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constantFrom(30, 100, 2100) }),
  folded: fc.oneof({ weight: 20, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

/**
 * How the body is framed: as announced (Content-Length), chunked, chunked with a broken size, announced
 * shorter than sent, or announced longer than sent and then the sender stops (half-close: the server may
 * not answer, but must live).
 */
export type Framing = "length" | "chunked" | "bad-chunked" | "short-length" | "half-close" | "both";

export const framing: fc.Arbitrary<Framing> = fc.oneof(
  { weight: 20, arbitrary: fc.constant("length" as const) },
  { weight: 3, arbitrary: fc.constant("chunked" as const) },
  { weight: 1, arbitrary: fc.constantFrom("bad-chunked" as const, "short-length" as const, "half-close" as const, "both" as const) },
);

export interface Query {
  pairs: Pairs | null;
  /** Remix's own query names */
  special: Array<"_data" | "index" | "_routes" | "intent" | "doc" | "redirectTo">;
  specialValue: string;
}

export const query: fc.Arbitrary<Query> = fc.record({
  pairs: fc.option(pairs, { freq: 3 }),
  special: fc.subarray(["_data", "index", "_routes", "intent", "doc", "redirectTo"] as const, { maxLength: 2 }),
  specialValue: fc.oneof(fc.constantFrom("", "routes/accounts/login", "root", "upload", "1", "%ff", "//evil.example", "x".repeat(2000)), numberText),
});

export function queryText(q: Query, fixed: string): string {
  const parts: string[] = [];
  if (fixed) parts.push(fixed);
  for (const s of q.special) parts.push(`${s}=${encodeURIComponent(q.specialValue)}`.replace("%25ff", "%ff"));
  // a query string is part of the head (16 KB in all): long names and thousands of pairs belong to bodies
  const short = q.pairs && { ...q.pairs, times: Math.min(q.pairs.times, 50), pairs: q.pairs.pairs.map((p) => ({ ...p, name: { ...p.name, times: 1 } })) };
  if (short) parts.push(pairsText(short).replace(/[\x00-\x20\x7f-\xff#]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`));
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

// ---------------------------------------------------------------------------------------------------
// Bodies

export type Body =
  | { b: "none" }
  | { b: "multipart"; m: Multipart }
  | { b: "urlencoded"; p: Pairs; type: string }
  | { b: "json"; j: JsonBody; type: string }
  | { b: "other"; type: string; text: string };

export const bodyArb = (jsonKeys: string[], weights: { multipart: number; urlencoded: number; json: number }): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: weights.multipart, arbitrary: fc.record({ b: fc.constant("multipart" as const), m: multipart }) },
    {
      weight: weights.urlencoded,
      arbitrary: fc.record({
        b: fc.constant("urlencoded" as const),
        p: pairs,
        type: fc.constantFrom(
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded; charset=utf-8",
          "APPLICATION/X-WWW-FORM-URLENCODED",
          "application/x-www-form-urlencoded; charset=iso-8859-1",
        ),
      }),
    },
    {
      weight: weights.json,
      arbitrary: fc.record({
        b: fc.constant("json" as const),
        j: jsonBody(jsonKeys),
        type: fc.constantFrom(
          "application/json",
          "application/json",
          "application/json; charset=utf-8",
          "application/vnd.api+json",
          "text/json",
          "application/json; charset=utf-16",
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ b: "none" as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        b: fc.constant("other" as const),
        type: fc.constantFrom(
          "",
          "text/plain",
          "application/xml",
          "application/octet-stream",
          "application/offset+octet-stream",
          "x",
          ";",
          "multipart/",
          "application/x-www-form-urlencoded;;;",
        ),
        text: anyText(200),
      }),
    },
  );

export function bodyBytes(b: Body): { type: string | null; bytes: Buffer } {
  switch (b.b) {
    case "none":
      return { type: null, bytes: Buffer.alloc(0) };
    case "multipart":
      return { type: multipartContentType(b.m), bytes: multipartBytes(b.m) };
    case "urlencoded":
      return { type: b.type, bytes: Buffer.from(pairsText(b.p), "latin1") };
    case "json":
      return { type: b.type, bytes: Buffer.from(jsonBodyText(b.j), "utf8") };
    case "other":
      return { type: b.type, bytes: Buffer.from(b.text, "utf8") };
  }
}
