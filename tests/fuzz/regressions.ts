import type { Body, Cookies, Disposition, Extras, Multipart, Query } from "./grammar";
import type { Case, PortalCase } from "./cases";

// The shapes that found the criticals, kept as explicit examples: every run sends them first,
// whatever its seed, and a failure among them shrinks like any other case.

const noQuery: Query = { pairs: null, special: [], specialValue: "" };
const keepSession: Cookies = { session: "keep", extra: [], times: 1, split: false };
const noExtras: Extras = { headers: [], times: 1, folded: false };

function portalCase(route: string, role: string, body: Body): PortalCase {
  return {
    kind: "portal",
    route,
    fill: "real",
    role,
    method: "POST",
    query: noQuery,
    body,
    cookies: keepSession,
    origin: { o: "same" },
    extras: noExtras,
    framing: "length",
  };
}

/** A one-part multipart body whose part has this Content-Disposition, and the content "1". */
function onePart(d: Disposition): Body {
  const m: Multipart = {
    boundary: "X",
    typeForm: "plain",
    preamble: "",
    parts: [{ headers: [{ h: "disposition", d }], eol: "\r\n", noBlank: false, content: { c: "text", text: "1", times: 1 } }],
    times: 1,
    closing: "proper",
    epilogue: "",
    cut: null,
  };
  return { b: "multipart", m };
}

/** The dispositions of a part without a usable name: bare `form-data`, `name=""`, only `name*=UTF-8''x`. */
export const NAMELESS: Record<string, Disposition> = {
  "bare form-data": { type: "form-data", params: [], joiner: "; " },
  'name=""': { type: "form-data", params: [{ key: "name", value: "", quoting: "quoted" }], joiner: "; " },
  "only name*=UTF-8''x": { type: "form-data", params: [{ key: "name*", value: "UTF-8''x", quoting: "bare" }], joiner: "; " },
};

/** The routes the nameless part was posted to, and who posts there. */
const NAMELESS_ROUTES: Array<[route: string, role: string]> = [
  ["/personal-data/upload-file", "applicant"],
  ["/submission-form/adaptation-form", "applicant"],
  ["/login", "anonymous"],
];

/** `email[99999999]=1`: a 17-byte post that once filled the heap. */
const hugeIndex = (route: string, role: string): Case =>
  portalCase(route, role, {
    b: "urlencoded",
    type: "application/x-www-form-urlencoded",
    p: {
      pairs: [
        {
          name: { head: "email", steps: [{ sep: "[]", seg: "99999999" }], times: 1 },
          nameEncoding: "raw",
          value: "1",
          valueEncoding: "raw",
          extraEquals: false,
        },
      ],
      separator: "&",
      leading: false,
      trailing: false,
      times: 1,
    },
  });

/** Each regression seed as a batch of one case, with a label for reports. */
export function regressionSeeds(): Array<{ label: string; cases: Case[] }> {
  const seeds: Array<{ label: string; cases: Case[] }> = [
    { label: "email[99999999]=1 to /login", cases: [hugeIndex("/login", "anonymous")] },
    { label: "email[99999999]=1 to /personal-data", cases: [hugeIndex("/personal-data", "applicant")] },
  ];
  // An empty Origin from a visitor answered 500 (Remix's own check ran new URL("")); found by the fuzzer.
  seeds.push({
    label: "empty Origin, anonymous, to /login",
    cases: [
      {
        ...portalCase("/login", "anonymous", {
          b: "urlencoded",
          type: "application/x-www-form-urlencoded",
          p: { pairs: [], separator: "&", leading: false, trailing: false, times: 1 },
        }),
        origin: { o: "odd", value: "" },
      },
    ],
  });
  // A GET carrying a 200 KB body lost its answer: the lingering close skipped GET; found by the fuzzer.
  seeds.push({
    label: "GET with a 200 KB body to /application-list",
    cases: [{ ...portalCase("/application-list", "admin", { b: "other", type: "application/json", text: `"${"x".repeat(200_000)}"` }), method: "GET" }],
  });
  for (const [route, role] of NAMELESS_ROUTES)
    for (const [what, d] of Object.entries(NAMELESS))
      seeds.push({ label: `nameless part (${what}) to ${route}`, cases: [portalCase(route, role, onePart(d))] });
  return seeds;
}
