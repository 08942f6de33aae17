import { constants, inflateSync } from "node:zlib";
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFContext,
  type PDFObject,
} from "pdf-lib";

// A PDF may carry active content that a reader runs or opens by itself. Such PDFs are refused: nobody
// needs a script, a launched program or an attached file in a certificate or a CV. Nor an automatic
// action (/OpenAction, /AA: run on opening the file, a page or a field) other than a plain jump inside
// the document: a /URI, a /SubmitForm to an outside address or a /GoToR to \\host\share runs when a
// reviewer opens the file, phoning home or handing a Windows reader's NTLM credentials to that host.
// Links a person clicks (/A of a link annotation) stay allowed: a CV may link to a web page.
//
// Two passes, because neither sees everything alone:
// - every object pdf-lib parses — including those packed in compressed object streams, and earlier
//   definitions that a later revision replaces — is walked for a forbidden name, #xx escapes decoded;
// - the raw bytes are scanned for the long forbidden names, for an object a lenient reader would find
//   where pdf-lib does not. (`/JS` and `/XFA` are too short to scan for in compressed binary data.)
// A PDF that pdf-lib cannot parse strictly and in full is refused: what cannot be inspected is not accepted.

/** Names that mark active content: actions that run a script or a program, attached files, Flash, XFA forms. */
const FORBIDDEN = new Set(["JavaScript", "JS", "Launch", "EmbeddedFile", "EmbeddedFiles", "RichMedia", "XFA"]);
const SCANNED = new Set([...FORBIDDEN].filter((n) => n.length >= 6));

export const PDF_LIMITS = {
  /** what the object streams and cross-reference streams may unpack to, all together (pdf-lib holds them whole) */
  maxDecodedBytes: 32 * 1024 * 1024,
  /** names, numbers, strings, arrays and dictionaries in the whole file, as parsed */
  maxObjects: 2_000_000,
  /** top-level objects parsed between two yields to the event loop (pdf-lib's default is 100) */
  objectsPerTick: 2_000,
};

export type PdfVerdict = "pdf" | "pdf-active" | "unknown";

class Refused extends Error {}

/** A name as a reader understands it: pdf-lib decodes `#XX` in upper case only, a reader in either case. */
const decodeName = (raw: string) => raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const nameOf = (name: PDFName) => decodeName(name.decodeText());

/** Keys whose value a reader runs by itself: the document's /OpenAction, and /AA (additional actions) anywhere. */
const AUTOMATIC = new Set(["OpenAction", "AA"]);

interface Walk {
  objects: number;
  /** the values of every /OpenAction and /AA met, judged once the whole file is parsed */
  automatic: Array<{ key: string; value: PDFObject }>;
}

/** Walks one parsed object; true when it holds a forbidden name. Counts what it visits against the limit. */
function walk(root: PDFObject, state: Walk): boolean {
  const stack: PDFObject[] = [root];
  while (stack.length > 0) {
    const object = stack.pop()!;
    if (++state.objects > PDF_LIMITS.maxObjects) throw new Refused();
    if (object instanceof PDFName) {
      if (FORBIDDEN.has(nameOf(object))) return true;
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        const name = nameOf(key);
        if (AUTOMATIC.has(name)) state.automatic.push({ key: name, value });
        stack.push(key, value);
      }
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    } else if (object instanceof PDFStream) {
      stack.push(object.dict);
    }
  }
  return false;
}

/** Names of letters (or #xx escapes) in the raw bytes: the long forbidden names are all letters. */
const RAW_NAME = /\/((?:[A-Za-z]|#[0-9A-Fa-f]{2}){6,})(?![A-Za-z0-9])/g;

/** Bytes read as text at a time: the file is never held as one string beside its bytes. */
const WINDOW = 64 * 1024;
/** What two windows share, longer than any forbidden name written in #xx escapes ("/" + 13 × 3 bytes). */
const OVERLAP = 128;

const latin1 = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString("latin1");

/**
 * The raw scan, one window at a time. A name that reaches a window's end may go on in the next, so
 * it is judged there (the windows overlap), except at the end of the file.
 */
function rawScanFinds(bytes: Uint8Array): boolean {
  for (let start = 0; start < bytes.length; start += WINDOW - OVERLAP) {
    const end = Math.min(bytes.length, start + WINDOW);
    const text = latin1(bytes, start, end);
    for (const m of text.matchAll(RAW_NAME)) {
      const cut = m.index + m[0].length === text.length && end < bytes.length;
      if (!cut && SCANNED.has(decodeName(m[1]))) return true;
    }
    if (end === bytes.length) break;
  }
  return false;
}

/**
 * pdf-lib unpacks object streams and cross-reference streams whole, in memory: past the budget (a PDF
 * zip bomb) one is refused before pdf-lib sees it, measured by inflating into a bounded buffer.
 */
function guardDecodedSize(stream: PDFRawStream, budget: { decodedBytes: number }) {
  const type = stream.dict.lookup(PDFName.of("Type"));
  if (type !== PDFName.of("ObjStm") && type !== PDFName.of("XRef")) return;
  const filter = stream.dict.lookup(PDFName.of("Filter"));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  let decoded = stream.contents.length; // stored as is
  if (filters.length > 1 || (filters.length === 1 && filters[0] !== PDFName.of("FlateDecode"))) throw new Refused();
  if (filters.length === 1) {
    try {
      // Z_SYNC_FLUSH: a stream cut short is read as far as it goes, as pdf-lib does.
      decoded = inflateSync(stream.contents, { maxOutputLength: Math.max(1, budget.decodedBytes), finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch {
      throw new Refused(); // past the budget, or not deflate data
    }
  }
  budget.decodedBytes -= decoded;
  if (budget.decodedBytes < 0) throw new Refused();
}

/** The regular expression form of the places pdf-lib's skipJibberish stops at (an object header, xref, trailer). */
const RESUME = /xref|trailer|startxref|(?<![0-9])[0-9]+[\0\t\n\f\r ]+[0-9]+[\0\t\n\f\r ]*obj/g;

/**
 * Where parsing resumes at or after `offset`: the first RESUME match, looked for in windows that start
 * small (the next object is nearly always right there) and grow, overlapping so that a header cut by a
 * window's end is found whole in the next. The byte before a window is read too, for the lookbehind.
 */
function resumeAt(bytes: Uint8Array, offset: number): number {
  let size = 512;
  for (let from = offset; from < bytes.length;) {
    const end = Math.min(bytes.length, from + size);
    const before = from > 0 ? 1 : 0;
    RESUME.lastIndex = before;
    const m = RESUME.exec(latin1(bytes, from - before, end));
    if (m) return from - before + m.index;
    if (end === bytes.length) break;
    from = Math.max(from + 1, end - OVERLAP);
    size = Math.min(size * 2, WINDOW);
  }
  return bytes.length;
}

interface ParserInternals {
  context: PDFContext;
  bytes: { offset(): number; moveTo(offset: number): void };
  skipWhitespaceAndComments(): void;
  skipJibberish(): void;
  parseObject(): PDFObject;
}

/**
 * pdf-lib 1.17.1's parser, strict (an object it cannot parse fails the file), with two patches on this
 * instance: stream size guard (above) and a linear skipJibberish. pdf-lib's own tries to parse an
 * object header at every printable byte of junk and throws an Error each time: ~4 s per MB of junk.
 */
function strictParser(bytes: Uint8Array): { parser: PDFParser; context: PDFContext } {
  const parser = PDFParser.forBytesWithOptions(bytes, PDF_LIMITS.objectsPerTick, true);
  const internals = parser as unknown as ParserInternals;
  const budget = { decodedBytes: PDF_LIMITS.maxDecodedBytes };
  const parseObject = internals.parseObject.bind(parser);
  internals.parseObject = () => {
    const object = parseObject();
    if (object instanceof PDFRawStream) guardDecodedSize(object, budget);
    return object;
  };
  internals.skipJibberish = () => {
    internals.skipWhitespaceAndComments();
    internals.bytes.moveTo(resumeAt(bytes, internals.bytes.offset()));
  };
  return { parser, context: internals.context };
}

/** Every definition of an object the parser met: a reader may take an earlier one that a later revision replaces. */
type Definitions = (ref: PDFRef) => PDFObject[];

/** What a value stands for: itself, or every definition of the object it refers to (none: it refers to nothing the parser found). */
function definitionsOf(value: PDFObject, definitions: Definitions): PDFObject[] {
  return value instanceof PDFRef ? definitions(value) : [value];
}

/** The values of a dictionary's entries named `name`, escapes decoded (`/#53` is `/S`). */
function entriesNamed(dict: PDFDict, name: string): PDFObject[] {
  return dict
    .entries()
    .filter(([key]) => nameOf(key) === name)
    .map(([, value]) => value);
}

/**
 * True for an action that only jumps inside the document: /S /GoTo with a destination, and any /Next
 * actions alike. Whatever cannot be read as one (an object the parser did not find) is not.
 */
function plainGoTo(action: PDFObject, definitions: Definitions, seen: Set<PDFObject>): boolean {
  const found = definitionsOf(action, definitions);
  if (found.length === 0) return false;
  return found.every((dict) => {
    if (seen.has(dict)) return true; // a /Next chain that comes back: judged where it was first met
    seen.add(dict);
    if (!(dict instanceof PDFDict)) return false;
    const types = entriesNamed(dict, "S").flatMap((s) => definitionsOf(s, definitions));
    if (types.length === 0 || !types.every((s) => s instanceof PDFName && nameOf(s) === "GoTo")) return false;
    if (entriesNamed(dict, "D").length === 0) return false;
    const next = entriesNamed(dict, "Next").flatMap((n) => definitionsOf(n, definitions));
    return next.every((n) => (n instanceof PDFArray ? n.asArray() : [n]).every((a) => plainGoTo(a, definitions, seen)));
  });
}

/** True when an /OpenAction or /AA value runs nothing but jumps inside the document. */
function onlyJumps({ key, value }: Walk["automatic"][number], definitions: Definitions): boolean {
  const found = definitionsOf(value, definitions);
  if (found.length === 0) return false;
  return found.every((v) => {
    if (key === "AA") {
      // A dictionary of triggers (page opened, field focused, …), each with its action.
      return v instanceof PDFDict && v.entries().every(([, action]) => plainGoTo(action, definitions, new Set()));
    }
    // /OpenAction: a destination (a page, or a named one), or an action.
    if (v instanceof PDFArray || v instanceof PDFName || v instanceof PDFString || v instanceof PDFHexString || v === PDFNull) return true;
    return plainGoTo(v, definitions, new Set());
  });
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  if (rawScanFinds(bytes)) return "pdf-active";
  const { parser, context } = strictParser(bytes);
  const state: Walk = { objects: 0, automatic: [] };
  const defined = new Map<string, PDFObject[]>();
  let active = false;
  const assign = context.assign.bind(context);
  // Checked as each object is parsed, so a definition that a later one replaces is seen too.
  context.assign = (ref, object) => {
    active ||= walk(object, state);
    const tag = ref.toString();
    defined.set(tag, [...(defined.get(tag) ?? []), object]);
    assign(ref, object);
  };
  try {
    await parser.parseDocument();
    const { Root, Info, Encrypt } = context.trailerInfo;
    if (active || [Info, Encrypt].some((o) => o && walk(o, state))) return "pdf-active";
    const definitions: Definitions = (ref) => defined.get(ref.toString()) ?? [];
    if (!state.automatic.every((entry) => onlyJumps(entry, definitions))) return "pdf-active";
    return context.lookup(Root) instanceof PDFDict ? "pdf" : "unknown";
  } catch {
    return "unknown"; // malformed, or past a limit
  }
}
