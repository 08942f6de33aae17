import fc from "fast-check";
import {
  ABSURD_DEPTH,
  anyString,
  BAD_PARAMS,
  draw,
  HUGE,
  INVALID_JSON_TEXTS,
  NASTY_STRINGS,
  nestedJson,
  NON_OBJECT_BODIES,
  WRONG_CONTENT_TYPES,
  wrongTypeFor,
} from "./values";

// Builds the bad-input corpus from the API's own OpenAPI document, so a new endpoint gets
// cases without anyone remembering to add them.

export type Role = "superadmin" | "admin" | "applicant" | "subkomite" | "fasyankes";

export interface Endpoint {
  method: string;
  /** OpenAPI path template, e.g. /api/v1/applications/{id} */
  path: string;
  role: Role | null;
  bodySchema?: Schema;
  multipart: boolean;
  pathParams: string[];
  queryParams: { name: string; schema: Schema }[];
}

export interface BadCase {
  endpoint: string;
  kind: string;
  role: Role | null;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** What the corpus needs to know about the seeded data. */
export interface CaseContext {
  applicationId: string;
  spareUserId: string;
}

export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

interface OpenApiDoc {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, Schema> };
}

/** The role whose token passes the endpoint's guard, so validation (not the guard) answers. */
export function roleFor(method: string, path: string, secured: boolean): Role | null {
  if (!secured) return null;
  const p = path.replace(/^\/api\/v1/, "");
  if (/^\/admin\/(users|sla|specializations|institutions|position-options)/.test(p)) return "superadmin";
  if (/^\/admin\/(positions|cms|test-schedules|facilities)/.test(p)) return "admin";
  if (p === "/review/applications/{id}/decisions" || p === "/review/applications/{id}/additional-requirements") return "subkomite";
  if (p.startsWith("/review/")) return "superadmin";
  if (p.startsWith("/me/facility") || p.startsWith("/registrations") || p === "/activity-kinds") return "fasyankes";
  return "applicant"; // /admin/get-me, /me/*, /applications/*, /files/*
}

function resolve(doc: OpenApiDoc, schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolve(doc, doc.components?.schemas?.[schema.$ref.split("/").pop()!]);
  if (schema.allOf) {
    const parts = schema.allOf.map((s) => resolve(doc, s)!);
    return {
      type: "object",
      properties: Object.assign({}, ...parts.map((s) => s.properties ?? {})),
      required: parts.flatMap((s) => s.required ?? []),
    };
  }
  if (schema.anyOf ?? schema.oneOf) return resolve(doc, (schema.anyOf ?? schema.oneOf)![0]);
  if (schema.properties) {
    return {
      ...schema,
      properties: Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolve(doc, v)!])),
    };
  }
  if (schema.items) return { ...schema, items: resolve(doc, schema.items) };
  return schema;
}

export function endpointsOf(doc: OpenApiDoc): Endpoint[] {
  const out: Endpoint[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? []) as { in: string; name: string; schema: Schema }[];
      const content = op.requestBody?.content ?? {};
      const multipart = !!content["multipart/form-data"] || /multipart\/form-data/.test(String(op.description ?? ""));
      out.push({
        method: method.toUpperCase(),
        path,
        role: roleFor(method, path, Array.isArray(op.security) && op.security.some((s: object) => "Bearer" in s)),
        bodySchema: resolve(doc, content["application/json"]?.schema),
        multipart,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: resolve(doc, p.schema)! })),
      });
    }
  }
  return out;
}

/** A plausible valid value for a schema, so one mutated field is what the validator sees. */
export function validValue(schema: Schema | undefined, key: string): unknown {
  if (!schema) return "Teks uji";
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case "integer":
    case "number": {
      const min = schema.minimum ?? 1;
      return schema.exclusiveMinimum === true ? min + 1 : Math.max(min, 1);
    }
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, (_, i) => validValue(schema.items, `${key}.${i}`));
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, validValue(s, `${key}.${k}`)]));
    default: {
      if (schema.format === "email" || /email/i.test(key)) return "uji.korpus.h6@adaptasi.test";
      if (schema.format === "date") return "2026-01-15";
      if (schema.format === "date-time") return "2026-01-15T08:00:00.000Z";
      if (schema.format === "uri" || /url|link/i.test(key)) return "https://example.org/halaman";
      if (schema.pattern) {
        try {
          const [v] = draw(fc.stringMatching(new RegExp(schema.pattern), { size: "xsmall" }), `pattern:${key}`);
          if (v.length >= (schema.minLength ?? 0) && v.length <= (schema.maxLength ?? Infinity)) return v;
        } catch {
          // an unsupported pattern: fall through to plain text
        }
      }
      const text = "Teks uji korpus".padEnd(schema.minLength ?? 0, "x");
      return text.slice(0, schema.maxLength ?? text.length);
    }
  }
}

function typeOf(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  if (schema.type) return schema.type;
  if (schema.properties) return "object";
  return undefined;
}

/** Bad values for one field, each a (label, value) pair. */
function badValuesFor(name: string, schema: Schema | undefined, key: string, index: number): [string, unknown][] {
  const type = typeOf(schema);
  const [wrong1, wrong2] = draw(wrongTypeFor(type), `wrong:${key}`, 2);
  const out: [string, unknown][] = [
    [`wrong type ${JSON.stringify(wrong1)?.slice(0, 40)}`, wrong1],
    [`wrong type ${JSON.stringify(wrong2)?.slice(0, 40)}`, wrong2],
  ];
  if (type !== "array" && type !== "object") {
    out.push(["array for a scalar", [validValue(schema, key)]], ["nested object for a scalar", { $gt: "", nested: { deep: [1] } }]);
  }
  if (type === "string" || type === undefined) {
    out.push(["huge string", "Ж".repeat(HUGE)]);
    out.push([`hostile text #${index % NASTY_STRINGS.length}`, NASTY_STRINGS[index % NASTY_STRINGS.length]]);
    const [generated] = draw(anyString, `any:${key}`);
    out.push(["generated unicode", generated]);
    out.push(["NUL and control characters", `ab\u0000c\u0001\u001f${validValue(schema, key)}`]);
    if (schema?.maxLength !== undefined) out.push(["one over maxLength", "a".repeat(schema.maxLength + 1)]);
    if (schema?.enum) out.push(["not in enum", "<script>alert(1)</script>"]);
  }
  if (type === "number" || type === "integer") {
    out.push(["out of range (huge)", 1e300], ["negative", -2147483649], ["fraction", 1.5], ["numeric string", "1"]);
  }
  if (type === "array") out.push(["too many items", Array.from({ length: 1000 }, () => validValue(schema?.items, key))]);
  if (type === "array" && schema?.items) {
    out.push(["array of wrong items", [{ $where: "1=1" }, "<b>", 7]]);
  }
  return out;
}

const KEY = "x-adaptasiapikey";

function concretePath(ep: Endpoint, ctx: CaseContext, override?: [string, string]): string {
  return ep.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (override && override[0] === name) return encodeURIComponent(override[1]);
    if (name === "id" && ep.path.startsWith("/api/v1/applications/")) return ctx.applicationId;
    if (name === "id" && ep.path.startsWith("/api/v1/admin/users/")) return ctx.spareUserId;
    if (name === "requirementId") return "1";
    return "999999";
  });
}

/** Every bad case for one endpoint. `apiKey` goes on every request (the key itself is not under test). */
export function casesFor(ep: Endpoint, ctx: CaseContext, apiKey: string, index: number): BadCase[] {
  const name = `${ep.method} ${ep.path}`;
  const cases: BadCase[] = [];
  const base = (): BadCase => ({
    endpoint: name,
    kind: "",
    role: ep.role,
    method: ep.method,
    url: concretePath(ep, ctx),
    headers: { [KEY]: apiKey },
  });
  const json = (kind: string, value: unknown, text = JSON.stringify(value)): BadCase => ({
    ...base(),
    kind,
    headers: { [KEY]: apiKey, "content-type": "application/json" },
    body: text,
  });
  const rotate = <T>(list: readonly T[], n: number) => Array.from({ length: n }, (_, i) => list[(index * n + i) % list.length]);

  if (ep.bodySchema) {
    const schema = ep.bodySchema;
    const valid = validValue(schema, name) as Record<string, unknown>;
    for (const text of rotate(INVALID_JSON_TEXTS, 3)) cases.push(json(`invalid JSON ${JSON.stringify(text)}`, undefined, text));
    for (const value of rotate(NON_OBJECT_BODIES, 2)) cases.push(json(`not an object ${JSON.stringify(value)}`, value));
    for (const { type, body } of rotate(WRONG_CONTENT_TYPES, 2)) {
      const c = base();
      c.kind = `wrong content type ${type}`;
      if (type) c.headers["content-type"] = type;
      c.body = body;
      cases.push(c);
    }
    cases.push(json("body over 1 MB", { ...valid, padding: "x".repeat(1_100_000) }));
    cases.push(json("deeply nested", JSON.parse("[".repeat(2000) + "]".repeat(2000))));
    for (const kind of ["arrays", "objects"] as const) cases.push(json(`nested ${ABSURD_DEPTH} levels (${kind})`, undefined, nestedJson(ABSURD_DEPTH, kind)));
    // The same depth inside an otherwise valid body, in its first field.
    const [firstField] = Object.keys(valid);
    if (firstField) {
      const rest = JSON.stringify({ ...valid, [firstField]: undefined }).slice(1, -1);
      cases.push(
        json(
          `${firstField}: nested ${ABSURD_DEPTH} levels`,
          undefined,
          `{${rest}${rest ? "," : ""}${JSON.stringify(firstField)}:${nestedJson(ABSURD_DEPTH, "objects")}}`,
        ),
      );
    }
    cases.push(json("empty object", {}));
    const extra = { ...valid, id: 1, role_id: 1, is_admin: true, user_id: "1 OR 1=1", "<script>": "x" };
    cases.push(json("extra fields", extra));
    cases.push(json("prototype pollution", undefined, `{"__proto__":{"role_id":1},"constructor":{"prototype":{"x":1}},${JSON.stringify(valid).slice(1)}`));

    const fields: BadCase[] = [];
    const props = Object.entries(schema.properties ?? {});
    props.forEach(([prop, propSchema], i) => {
      if ((schema.required ?? []).includes(prop)) {
        const { [prop]: _, ...rest } = valid;
        fields.push(json(`missing required ${prop}`, rest));
      }
      for (const [label, value] of badValuesFor(prop, propSchema, `${name}:${prop}`, index + i)) {
        fields.push(json(`${prop}: ${label}`, { ...valid, [prop]: value }));
      }
    });
    // Keep the corpus fast: at most 24 field cases per endpoint, a fixed sample when there are more.
    const picked = fields.length <= 24 ? fields : draw(fc.shuffledSubarray(fields, { minLength: 24, maxLength: 24 }), `pick:${name}`)[0];
    cases.push(...picked);
  }

  if (ep.multipart) cases.push(...multipartCases(base, name));

  if (!ep.bodySchema && !ep.multipart && ep.method !== "GET" && ep.method !== "DELETE") {
    // An endpoint without a body still gets one it did not ask for (with a bad id, so nothing may change).
    cases.push(json("unexpected JSON body", { unexpected: "<script>alert(1)</script>", id: "1 OR 1=1" }));
    cases.push(json(`unexpected JSON body nested ${ABSURD_DEPTH} levels`, undefined, nestedJson(ABSURD_DEPTH, "arrays")));
  }

  for (const param of ep.pathParams) {
    for (const value of rotate(BAD_PARAMS, 3)) {
      const c = base();
      c.kind = `path ${param}=${JSON.stringify(value.slice(0, 30))}`;
      c.url = concretePath(ep, ctx, [param, value]);
      if (ep.bodySchema) {
        c.headers["content-type"] = "application/json";
        c.body = JSON.stringify(validValue(ep.bodySchema, name));
      }
      cases.push(c);
    }
  }

  for (const q of ep.queryParams) {
    const values = [...rotate(BAD_PARAMS, 2), ...draw(anyString, `query:${name}:${q.name}`, 1), "y".repeat(HUGE)];
    for (const value of values) {
      const c = base();
      c.kind = `query ${q.name}=${JSON.stringify(value.slice(0, 30))}`;
      c.url += `?${new URLSearchParams({ [q.name]: value })}`;
      cases.push(c);
    }
    const c = base();
    c.kind = `query ${q.name} repeated`;
    c.url += `?${q.name}=1&${q.name}=%3Cscript%3E&${q.name}[]=2`;
    cases.push(c);
  }
  if (ep.method === "GET") {
    const c = base();
    c.kind = "unknown query parameters";
    c.url += `?__proto__[x]=1&constructor=1&q=${encodeURIComponent("' OR 1=1 --")}&page=-1&limit=1000000`;
    cases.push(c);
  }

  const headerCases: [string, Record<string, string>][] = [
    ["huge header", { "x-junk": "h".repeat(HUGE) }],
    ["huge cookie", { cookie: `a=${"c".repeat(HUGE)}` }],
    ["huge accept-language", { "accept-language": `${"id,".repeat(20_000)}en` }],
    ["many headers", Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`x-h${i}`, "v".repeat(300)]))],
  ];
  for (const [kind, headers] of rotate(headerCases, 2)) {
    const c = base();
    c.kind = kind;
    Object.assign(c.headers, headers);
    if (ep.bodySchema) c.headers["content-type"] = "application/json";
    if (ep.bodySchema) c.body = JSON.stringify({});
    cases.push(c);
  }
  return cases;
}

const enc = new TextEncoder();

function multipartCases(base: () => BadCase, name: string): BadCase[] {
  const boundary = "----korpusH6";
  const part = (field: string, filename: string | null, type: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${filename === null ? "" : `; filename="${filename}"`}\r\n` +
    `Content-Type: ${type}\r\n\r\n${content}\r\n`;
  const close = `--${boundary}--\r\n`;
  const field = /photo/.test(name) ? "photo" : /guidebook/.test(name) ? "file" : /documents|reupload/.test(name) ? "doc_1" : "file";
  const mk = (kind: string, contentType: string | undefined, body: string | Uint8Array): BadCase => {
    const c = base();
    c.kind = `multipart: ${kind}`;
    if (contentType) c.headers["content-type"] = contentType;
    c.body = body;
    return c;
  };
  const ct = `multipart/form-data; boundary=${boundary}`;
  const [junk] = draw(fc.uint8Array({ minLength: 64, maxLength: 512 }), `bytes:${name}`);
  return [
    mk("no boundary", "multipart/form-data", part(field, "a.pdf", "application/pdf", "%PDF-1.4") + close),
    mk("boundary not in body", "multipart/form-data; boundary=other", part(field, "a.pdf", "application/pdf", "%PDF-1.4") + close),
    mk("truncated", ct, part(field, "a.pdf", "application/pdf", "%PDF-1.4").slice(0, 60)),
    mk("empty body", ct, ""),
    mk("random bytes", ct, junk),
    mk("unknown field", ct, part("evil<script>", "a.pdf", "application/pdf", "%PDF-1.4\n%%EOF") + close),
    mk("text field instead of a file", ct, part(field, null, "text/plain", "' OR 1=1 --") + close),
    mk("HTML posing as PDF", ct, part(field, "x.pdf", "application/pdf", "<html><script>alert(1)</script></html>") + close),
    mk("hostile filename", ct, part(field, `../../${"n".repeat(5000)}\u202Egpj.pdf`, "application/pdf", "%PDF-1.4\n%%EOF") + close),
    mk("many files", ct, Array.from({ length: 60 }, (_, i) => part(`${field}`, `f${i}.pdf`, "application/pdf", "%PDF-1.4")).join("") + close),
    mk("JSON to an upload", "application/json", '{"file":"JVBERi0xLjQ="}'),
    mk("no content type", undefined, enc.encode(part(field, "a.pdf", "application/pdf", "%PDF") + close)),
  ];
}
