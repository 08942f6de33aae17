import { createHash } from "node:crypto";
import { PassThrough, type Readable } from "node:stream";
import { and, asc, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import { ZipFile } from "yazl";
import { LOCALE } from "#domain/constants";
import { roleName } from "#domain/role-words";
import { TIME_ZONE } from "#domain/time-zone";
import { NO_LABEL_RULE } from "#domain/status-label";
import { labelWords, statusLabel } from "#domain/status-label-words";
import { stageName, stageStatusWords } from "#domain/workflow-words";
import enWords from "#locales/en/export.json";
import idWords from "#locales/id/export.json";
import type { Database } from "../../db/client";
import { accessLog, additionalRequirements, applicantProfiles, applications, documentRequirements, files, users, type ApplicationRow } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { achievementsOf, applicationView, fileHistoryOf, portfolioOf } from "../applications";
import { lettersOf } from "../letters/letters";
import { profileBody } from "../profile";
import { roleNamer } from "../settings";
import type { FileStorage } from "../storage/storage";
import { MIME_OF } from "../uploads/file-type";

// "Download my data" (docs/decisions/028-data-export.md, UU PDP No. 27/2022): one ZIP holding a person's
// account, personal data, applications with their timelines and decisions, the access log about them and
// every document version they sent, with index.html (to read) beside data.json (for programs). The
// metadata is read first (it is small: rows, not files); the documents are streamed into the ZIP one after
// another, each opened only when its turn comes, so the ZIP's memory does not grow with the documents.

/** A document in the ZIP: where it goes and where its bytes are. */
export interface ExportedFile {
  path: string;
  fileId: string;
  storageKey: string;
  size: number;
  sha256: string;
  mime: string;
  originalName: string;
  uploadedAt: string;
}

export interface DataExport {
  /** data.json's content */
  data: Record<string, unknown>;
  files: ExportedFile[];
}

/** A name safe as one path segment in a ZIP on every system: no slashes, controls or reserved characters. */
export function safeSegment(name: string, fallback = "berkas"): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "_")
    .replace(/^\.+/, "_")
    .trim()
    .slice(0, 100);
  return cleaned || fallback;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A stage's name in the default language; the id itself for a stage no table knows. */
const stageWords = (id: number) => stageName(id) ?? String(id);

/** "Pemeriksaan Dokumen — Dalam Proses": where a file was, in the default language's words of the status table. */
function statePoint(stage: number | null, status: ApplicationRow["status"]): string | null {
  if (stage === null && status === null) return null;
  const label = status ? statusLabel({ status, is_submitted: true, tahap: stage === null ? null : { id: stage } }).label : null;
  const stageText = stage === null ? null : (stageName(stage) ?? null);
  return stageText && label ? stageStatusWords(stageText, label) : (stageText ?? label ?? null);
}

/**
 * What the export holds for `subjectUserId`. `applicationsWhere` narrows the applications (a facility's
 * export holds only those it registered); the access log is every row about the person.
 */
export async function collectDataExport(db: Database, subjectUserId: string, applicationsWhere?: SQL, now = new Date()): Promise<DataExport> {
  const [user] = await db.select().from(users).where(eq(users.id, subjectUserId));
  if (!user) throw new ApiError(404, "NOT_FOUND");
  const [profile] = await db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, subjectUserId));
  const apps = await db
    .select()
    .from(applications)
    .where(and(eq(applications.applicantUserId, subjectUserId), applicationsWhere))
    .orderBy(asc(applications.createdAt), asc(applications.id));

  const actorName = await roleNamer(db);
  const out: ExportedFile[] = [];
  const used = new Set<string>();
  const fileRows = async (ids: string[]) => (ids.length ? await db.select().from(files).where(inArray(files.id, ids)) : []);
  /**
   * The ZIP path of a file, unique within the ZIP, ending in the extension of its checked type: never the
   * uploader's, so a PDF sent as "ijazah.exe" is "….pdf" here (its original name stays in data.json).
   */
  const place = (folder: string, stem: string, row: typeof files.$inferSelect) => {
    const ext = Object.hasOwn(MIME_OF, row.detectedType) ? `.${row.detectedType}` : "";
    let path = `${folder}/${safeSegment(stem)}${ext}`;
    for (let n = 2; used.has(path); n++) path = `${folder}/${safeSegment(stem)}-${n}${ext}`;
    used.add(path);
    return path;
  };
  const add = (row: typeof files.$inferSelect, path: string, uploadedAt: Date) => {
    out.push({
      path,
      fileId: row.id,
      storageKey: row.storageKey,
      size: row.size,
      sha256: row.sha256,
      mime: row.mime,
      originalName: row.originalName,
      uploadedAt: uploadedAt.toISOString(),
    });
    return { zip_path: path, file_id: row.id, original_name: row.originalName, size: row.size, sha256: row.sha256, mime: row.mime };
  };

  let photo: Record<string, unknown> | null = null;
  if (profile?.photoFileId) {
    const [row] = await fileRows([profile.photoFileId]);
    if (row) photo = add(row, place("dokumen", "foto-profil", row), row.createdAt);
  }

  const applicationsOut = [];
  for (const app of apps) {
    const folder = `dokumen/${safeSegment(app.registrationNumber ?? app.id)}`;
    const [view, history, portfolio, achievements, extras] = await Promise.all([
      applicationView(db, app),
      fileHistoryOf(db, app.id),
      portfolioOf(db, app.id),
      achievementsOf(db, app),
      db
        .select()
        .from(additionalRequirements)
        .where(eq(additionalRequirements.applicationId, app.id))
        .orderBy(asc(additionalRequirements.createdAt), asc(additionalRequirements.id)),
    ]);
    const byId = new Map(
      (await fileRows(history.documents.flatMap((d) => d.versions.map((v) => v.file_id)).concat(extras.flatMap((e) => (e.fileId ? [e.fileId] : []))))).map(
        (f) => [f.id, f],
      ),
    );
    const documents = history.documents.map((doc) => ({
      requirement_id: doc.requirement_id,
      name: doc.name,
      versions: doc.versions.map((v) => {
        const row = byId.get(v.file_id);
        return {
          version: v.version,
          is_current: v.is_current,
          uploaded_at: v.uploaded_at,
          replaced_at: v.replaced_at,
          replaced_reason: v.replaced_reason,
          ...(row
            ? add(row, place(folder, `${doc.name} v${v.version}`, row), new Date(v.uploaded_at))
            : { zip_path: null, original_name: v.original_name, size: v.size }),
        };
      }),
    }));
    const additional = extras.map((e) => {
      const row = e.fileId ? byId.get(e.fileId) : undefined;
      return {
        title: e.title,
        description: e.description,
        requested_by: roleName(e.requestedByRole) ?? null,
        stage: stageName(e.stageId) ?? null,
        requested_at: e.createdAt.toISOString(),
        fulfilled_at: iso(e.fulfilledAt),
        file: row ? add(row, place(`${folder}/tambahan`, e.title, row), e.fulfilledAt ?? e.createdAt) : null,
      };
    });
    applicationsOut.push({
      id: app.id,
      registration_number: app.registrationNumber,
      jalur_id: app.jalurId,
      created_at: app.createdAt.toISOString(),
      submitted_at: view.submitted_at,
      status: view.label.rule === NO_LABEL_RULE ? null : labelWords(view.label.rule),
      stage: view.tahap ? stageWords(view.tahap.id) : null,
      stage_deadline: view.stage_deadline,
      registered_by_facility: app.submittedByUserId !== null && app.submittedByUserId !== subjectUserId,
      // The API answers a move by its ids and codes; the download words them too, in the default language.
      timeline: view.timeline.map(({ at, action, actor_role, ...move }) => ({
        at,
        action,
        actor: actorName(actor_role),
        actor_role,
        from: statePoint(move.from_stage_id, move.from_status),
        to: statePoint(move.to_stage_id, move.to_status),
        ...move,
      })),
      // The decision letters (api/services/letters/): each with whether it still holds
      letters: (await lettersOf(db, [app.id])).map((l) => ({
        number: l.number,
        issued_at: l.issuedAt.toISOString(),
        revoked_at: iso(l.revokedAt),
        revoke_reason: l.revokeReason,
      })),
      open_reupload_requests: view.reupload,
      documents,
      additional_documents: additional,
      portfolio: portfolio.entries,
      achievements: achievements.items,
    });
  }

  const reads = await db
    .select({ log: accessLog, documentName: documentRequirements.name, registration: applications.registrationNumber })
    .from(accessLog)
    .leftJoin(documentRequirements, eq(documentRequirements.id, accessLog.requirementId))
    .leftJoin(applications, eq(applications.id, accessLog.applicationId))
    // The log as it stood at the snapshot: the same snapshot, built again for a resumed download, holds
    // the same rows (the table is append-only), not the row of the download itself or a later one.
    .where(and(eq(accessLog.applicantUserId, subjectUserId), lt(accessLog.createdAt, now)))
    .orderBy(desc(accessLog.createdAt), desc(accessLog.id));

  const { photo_file_id: _photo, complete, ...personal } = profileBody(user, profile);
  return {
    data: {
      format: "adaptasi-nakes-lln/data-export",
      version: 1,
      created_at: now.toISOString(),
      account: {
        id: user.id,
        email: user.email,
        full_name: user.fullName,
        role: roleName(user.roleId) ?? String(user.roleId),
        nik: user.nik,
        foreign_id: user.foreignId,
        nationality: user.nationality,
        phone: user.phone,
        is_active: user.isActive,
        activated_at: iso(user.activatedAt),
        created_at: user.createdAt.toISOString(),
      },
      personal_data: { ...personal, complete, photo },
      applications: applicationsOut,
      access_log: reads.map(({ log, documentName, registration }) => ({
        at: log.createdAt.toISOString(),
        kind: log.kind,
        actor_role: roleName(log.actorRole) ?? String(log.actorRole),
        actor_name: log.actorName,
        registration_number: registration,
        document: documentName,
        version: log.version,
        stage: log.stageId === null ? null : (stageName(log.stageId) ?? null),
        details: log.details,
      })),
      files: out.map((f) => ({ path: f.path, file_id: f.fileId, original_name: f.originalName, size: f.size, sha256: f.sha256, mime: f.mime })),
    },
    files: out,
  };
}

const escapeHtml = (s: unknown) => String(s ?? "—").replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

type ExportWords = typeof idWords;
const WORDS: Readonly<Record<"id" | "en", ExportWords>> = { id: idWords, en: enWords };

/** `{{name}}` in a text filled from values (already escaped where they go into HTML). */
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");

/** index.html: the same content as data.json for a person, in their language, no scripts, readable offline. */
export function indexHtml(exported: DataExport, lng: string = LOCALE.DEFAULT): string {
  const w = lng.startsWith("en") ? WORDS.en : WORDS.id;
  const dateFormat = new Intl.DateTimeFormat(w.lang === "en" ? "en-GB" : "id-ID", { timeZone: TIME_ZONE, dateStyle: "long", timeStyle: "short" });
  const dateText = (isoText: unknown) => (typeof isoText === "string" ? `${dateFormat.format(new Date(isoText))} ${w.zone}` : w.none);
  const d = exported.data as {
    created_at: string;
    account: Record<string, unknown>;
    personal_data: Record<string, unknown> & { photo: { zip_path: string } | null };
    applications: Array<
      Record<string, unknown> & {
        documents: Array<{ name: string; versions: Array<Record<string, unknown>> }>;
        timeline: Array<Record<string, unknown>>;
        letters: Array<{ number: string; issued_at: string; revoked_at: string | null; revoke_reason: string | null }>;
        additional_documents: Array<Record<string, unknown> & { file: { zip_path: string } | null }>;
      }
    >;
    access_log: Array<Record<string, unknown>>;
  };
  const rows = (pairs: Array<[string, unknown]>) =>
    `<dl>${pairs.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v === true ? w.yes : v === false ? w.no : v)}</dd>`).join("")}</dl>`;
  const link = (path: string | null | undefined, text: string) =>
    path ? `<a href="${escapeHtml(path.split("/").map(encodeURIComponent).join("/"))}">${escapeHtml(text)}</a>` : escapeHtml(text);
  const a = d.account;
  const p = d.personal_data;
  const wa = w.applications;
  const apps = d.applications
    .map(
      (app) => `<section><h3>${escapeHtml(fill(wa.one, { registration: String(app.registration_number ?? wa.notSent) }))}</h3>
${rows([
  [wa.pathway, app.jalur_id],
  [wa.created, dateText(app.created_at)],
  [wa.sent, dateText(app.submitted_at)],
  [wa.status, app.status],
  [wa.stage, app.stage],
  [wa.byFacility, app.registered_by_facility],
])}
<h4>${escapeHtml(wa.history)}</h4>
${app.timeline.length ? `<ol>${app.timeline.map((h) => `<li>${escapeHtml(fill(wa.historyLine, { date: dateText(h.at), action: String(h.action ?? ""), actor: String(h.actor ?? "") }))}${h.note ? `: ${escapeHtml(h.note)}` : ""}</li>`).join("")}</ol>` : `<p>${escapeHtml(wa.noHistory)}</p>`}
${app.letters.length ? `<h4>${escapeHtml(wa.letters)}</h4><ul>${app.letters.map((l) => `<li>${escapeHtml(fill(wa.letterLine, { number: l.number, date: dateText(l.issued_at) }))}${l.revoked_at ? escapeHtml(fill(wa.letterRevoked, { date: dateText(l.revoked_at), reason: l.revoke_reason ?? "" })) : ""}</li>`).join("")}</ul>` : ""}
<h4>${escapeHtml(wa.documents)}</h4>
${app.documents.length ? `<ul>${app.documents.map((doc) => `<li>${escapeHtml(doc.name)}<ul>${doc.versions.map((v) => `<li>${link(v.zip_path as string | null, fill(wa.version, { version: String(v.version), name: String(v.original_name) }))} — ${escapeHtml(dateText(v.uploaded_at))}${v.is_current ? escapeHtml(wa.current) : ""}${v.replaced_reason ? escapeHtml(fill(wa.replaced, { reason: String(v.replaced_reason) })) : ""}</li>`).join("")}</ul></li>`).join("")}</ul>` : `<p>${escapeHtml(wa.noDocuments)}</p>`}
${app.additional_documents.length ? `<h4>${escapeHtml(wa.additional)}</h4><ul>${app.additional_documents.map((x) => `<li>${escapeHtml(x.title)}: ${x.file ? link(x.file.zip_path, wa.additionalFile) : escapeHtml(wa.notUploaded)}</li>`).join("")}</ul>` : ""}
</section>`,
    )
    .join("\n");
  const kinds = w.accessLog.kind as Record<string, string>;
  const log = d.access_log.length
    ? `<ol>${d.access_log.map((r) => `<li>${escapeHtml(dateText(r.at))} — ${escapeHtml(r.actor_role)} — ${escapeHtml(r.actor_name)}: ${escapeHtml(kinds[String(r.kind)] ?? r.kind)}${r.document ? ` ${escapeHtml(r.document)}` : ""}${r.registration_number ? ` (${escapeHtml(r.registration_number)})` : ""}</li>`).join("")}</ol>`
    : `<p>${escapeHtml(w.accessLog.none)}</p>`;
  const wc = w.account;
  return `<!DOCTYPE html>
<html lang="${w.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(w.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem;line-height:1.5;overflow-wrap:anywhere}dt{font-weight:bold}dd{margin:0 0 .5rem}</style>
</head>
<body>
<h1>${escapeHtml(w.heading)}</h1>
<p>${fill(escapeHtml(w.intro), { date: escapeHtml(dateText(d.created_at)), dataJson: '<a href="data.json">data.json</a>' })}</p>
<h2>${escapeHtml(wc.heading)}</h2>
${rows([
  [wc.name, a.full_name],
  [wc.email, a.email],
  [wc.role, a.role],
  [wc.nik, a.nik],
  [wc.passport, a.foreign_id],
  [wc.phone, a.phone],
  [wc.active, a.is_active],
  [wc.created, dateText(a.created_at)],
])}
<h2>${escapeHtml(w.personal.heading)}</h2>
${rows(
  Object.entries(p)
    .filter(([k]) => k !== "photo")
    .map(([k, v]) => [k, v]),
)}
<p>${escapeHtml(w.personal.photo)}: ${p.photo ? link(p.photo.zip_path, w.personal.photoLink) : escapeHtml(w.personal.noPhoto)}</p>
<h2>${escapeHtml(wa.heading)}</h2>
${apps || `<p>${escapeHtml(wa.none)}</p>`}
<h2>${escapeHtml(w.accessLog.heading)}</h2>
${log}
</body>
</html>
`;
}

// The ZIP is a fixed sequence of bytes for one snapshot (the export's created_at): every entry is stored,
// not deflated, so yazl knows the archive's size before the first byte (a weak-signal download shows it and
// resumes by range), and the same snapshot of the same data gives the same bytes. The text entries are the
// small part; PDFs and JPEGs do not compress anyway.

/** Part of the validator: a change to how the ZIP is laid out must not answer an old ETag with new bytes. */
const ARCHIVE_LAYOUT = "zip-stored-1";

type OpenEntry = (f: ExportedFile, cb: (err: unknown, stream: Readable) => void) => void;

function zipOf(exported: DataExport, open: OpenEntry): ZipFile {
  const zip = new ZipFile();
  const mtime = new Date(String(exported.data.created_at));
  zip.addBuffer(dataJsonBytes(exported), "data.json", { mtime, compress: false });
  zip.addBuffer(Buffer.from(indexHtml(exported)), "index.html", { mtime, compress: false });
  for (const f of exported.files) {
    zip.addReadStreamLazy(f.path, { mtime: new Date(f.uploadedAt), compress: false, size: f.size }, (cb) => open(f, cb as never));
  }
  return zip;
}

const dataJsonBytes = (exported: DataExport) => Buffer.from(`${JSON.stringify(exported.data, null, 2)}\n`);

/** The archive's size in bytes, from the entries' sizes alone (no document is read). */
function archiveSize(exported: DataExport): number {
  // The size is known inside end(), before any document is due: the stand-in streams are never read.
  const zip = zipOf(exported, (_f, cb) => cb(null, new PassThrough()));
  let size = -1;
  // @types/yazl types the callback without its argument; yazl passes the total size (index.js end()).
  const onSize = (n: number) => {
    size = n;
  };
  zip.end(undefined, onSize as () => void);
  if (size < 0) throw new Error("data export: ZIP size not known in advance");
  return size;
}

/** A strong ETag: the snapshot's time (to build it again) and a hash of everything its bytes are made from. */
function archiveTag(exported: DataExport): string {
  const hash = createHash("sha256").update(`${ARCHIVE_LAYOUT}\n`).update(dataJsonBytes(exported)).update(indexHtml(exported));
  for (const f of exported.files) hash.update(`${f.path}\0${f.size}\0${f.sha256}\0${f.uploadedAt}\n`);
  const at = new Date(String(exported.data.created_at)).getTime();
  return `"${at.toString(36)}-${hash.digest("base64url").slice(0, 32)}"`;
}

/** The snapshot time an ETag of archiveTag names, or null for anything else (a past time only). */
export function snapshotOfTag(tag: string | undefined, now = new Date()): Date | null {
  const m = /^"([0-9a-z]{1,12})-[A-Za-z0-9_-]{32}"$/.exec(tag ?? "");
  if (!m) return null;
  const at = parseInt(m[1], 36);
  return Number.isSafeInteger(at) && at > 0 && at <= now.getTime() ? new Date(at) : null;
}

export interface DataExportArchive {
  size: number;
  etag: string;
  /** how many documents it holds */
  files: number;
  /**
   * Bytes start..end (inclusive) as a stream read on demand; documents are opened from storage only when
   * the ZIP reaches them. `onComplete` runs (and is awaited) once the archive's last byte has been read.
   * A document that cannot be read ends the stream with an error: the download breaks off rather than
   * leaving a file out silently.
   */
  stream(range: { start: number; end: number }, onComplete?: () => Promise<void>): ReadableStream<Uint8Array>;
}

export function dataExportArchive(storage: FileStorage, exported: DataExport, onError: (err: unknown) => void): DataExportArchive {
  const size = archiveSize(exported);
  return {
    size,
    etag: archiveTag(exported),
    files: exported.files.length,
    stream({ start, end }, onComplete) {
      const opened: Readable[] = [];
      const zip = zipOf(exported, (f, cb) => {
        storage.read(f.storageKey).then(
          ({ stream }) => {
            opened.push(stream);
            // yazl listens for errors only on streams it opened itself.
            stream.on("error", (err) => zip.emit("error", err));
            cb(null, stream);
          },
          (err) => cb(err, null as never),
        );
      });
      const out = new PassThrough();
      zip.on("error", (err: unknown) => {
        onError(err);
        out.destroy(err as Error);
      });
      zip.outputStream.on("error", (err) => out.destroy(err));
      zip.outputStream.pipe(out);
      zip.end();
      const bytes = slice(out, start, end, () => {
        for (const s of opened) s.destroy();
      })[Symbol.asyncIterator]();
      // Pulled one chunk at a time (highWaterMark 0): the last byte counts as read only when the reader
      // asks past it, not when a buffer ahead of a dropped connection has it.
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const next = await bytes.next();
            if (!next.done) return controller.enqueue(next.value);
            if (end === size - 1 && onComplete) await onComplete();
            controller.close();
          },
          async cancel() {
            await bytes.return?.(undefined);
          },
        },
        { highWaterMark: 0 },
      );
    },
  };
}

/** Bytes start..end (inclusive) of `source`; stops reading it (and runs `done`) as soon as they are out. */
async function* slice(source: Readable, start: number, end: number, done: () => void): AsyncGenerator<Uint8Array> {
  let at = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const from = Math.max(0, start - at);
      const to = Math.min(chunk.length, end + 1 - at);
      if (to > from) yield new Uint8Array(chunk.subarray(from, to));
      at += chunk.length;
      if (at > end) return;
    }
    if (at <= end) throw new Error(`data export: ZIP ended at ${at}, short of ${end + 1}`);
  } finally {
    source.destroy();
    done();
  }
}
