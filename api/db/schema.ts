import { type SQL, sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { JalurId } from "#domain/documents";
import type { Gender, IdentityType } from "#domain/forms/profile.labels";
import type { ApplicationStatus } from "#domain/status-label";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    fullName: text("full_name").notNull(),
    roleId: integer("role_id").notNull(),
    isFasyankes: boolean("is_fasyankes").notNull().default(false),
    isHospitalVerified: boolean("is_hospital_verified").notNull().default(false),
    isForeign: boolean("is_foreign").notNull().default(false),
    /** Indonesian citizens: the 16-digit NIK. */
    nik: text("nik").unique(),
    phone: text("phone"),
    /** Foreign nationals: passport or foreign identity number (upper case) and its ISO 3166 country. */
    foreignId: text("foreign_id"),
    nationality: text("nationality"),
    /** Foreign nationals: working in a special economic zone (KEK), from the registerWna draft. */
    isKek: boolean("is_kek"),
    /** Foreign nationals: the pathway they said they want at sign-up (registerWna.jalurId). */
    preferredJalur: text("preferred_jalur").$type<JalurId>(),
    isActive: boolean("is_active").notNull().default(true),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Logins look e-mails up lower-cased; the check keeps a mixed-case copy from slipping in.
  (t) => [
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("users_preferred_jalur", sql`${t.preferredJalur} in ('REG', 'SPE', 'OTH')`),
    index("users_role_id_idx").on(t.roleId),
    // One account per identity document of a country; sign-up relies on it under concurrency.
    uniqueIndex("users_foreign_id_nationality_unique").on(t.foreignId, t.nationality),
  ],
);

export const userVerifications = pgTable(
  "user_verifications",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isApproved: boolean("is_approved").notNull().default(false),
    isRejected: boolean("is_rejected").notNull().default(false),
    reason: text("reason"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [index("user_verifications_user_id_idx").on(t.userId, t.createdAt)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // One family per login; every rotation stays in it so reuse can revoke the whole chain.
    familyId: uuid("family_id").notNull(),
    /** sha-256 hex of the token; the token itself is never stored */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("refresh_tokens_user_id_idx").on(t.userId), index("refresh_tokens_family_id_idx").on(t.familyId)],
);

export const ACCOUNT_TOKEN_PURPOSES = ["activation", "password_reset"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** Single-use links mailed to the account's owner (activation, password recovery). */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    /** sha-256 hex of the token; the token itself is only in the mail */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    check("account_tokens_purpose", sql`${t.purpose} in ('activation', 'password_reset')`),
    index("account_tokens_user_purpose_idx").on(t.userId, t.purpose),
  ],
);

/** Spec §3 "Document requirement", plus `merged`. Ids are the spec's own (1–7, 11–17, 21–28). */
export const documentRequirements = pgTable(
  "document_requirements",
  {
    id: integer("id").primaryKey(),
    jalurId: text("jalur_id").$type<JalurId>().notNull(),
    name: text("name").notNull(),
    description: text("description"),
    helpText: text("help_text").notNull(),
    maxSize: integer("max_size").notNull(),
    allowedExtnames: text("allowed_extnames").notNull(),
    orderNum: integer("order_num").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    isKek: boolean("is_kek").notNull().default(false),
    allowedMimetypes: text("allowed_mimetypes").notNull(),
    merged: boolean("merged").notNull().default(false),
  },
  (t) => [
    check("document_requirements_jalur_id", sql`${t.jalurId} in ('REG', 'SPE', 'OTH')`),
    index("document_requirements_jalur_order_idx").on(t.jalurId, t.orderNum),
  ],
);

/** CMS-like configuration read by the portal (navbar links, FAQ links, …). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every API process (login, sign-up and mail throttling). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

/**
 * Login attempts per account (the e-mail typed, registered or not) and client address: the failures
 * since the last success, for the growing delays, and the last success, which makes the address known
 * to the account (docs/decisions/013-login-throttling.md).
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    email: text("email").notNull(),
    address: text("address").notNull(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] })],
);

/** The competency-test schedule shown on /test-schedule (navbar 'JADWAL UJI KOMPETENSI'). */
export const testSchedules = pgTable(
  "test_schedules",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    location: text("location").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    registrationDeadline: timestamp("registration_deadline", { withTimezone: true }),
    notes: text("notes"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("test_schedules_starts_at_idx").on(t.startsAt)],
);

/** Medical schools abroad, for the applicant's institution of graduation (/institution-list edits them). */
export const institutions = pgTable(
  "institutions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().unique(),
    /** ISO 3166-1 alpha-2 */
    country: text("country").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("institutions_country_idx").on(t.country)],
);

export const specializations = pgTable("specializations", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
});

/** Kinds of achievement on /performance-achievement (SPE). */
export const achievementTypes = pgTable("achievement_types", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  orderNum: integer("order_num").notNull(),
});

/** Days allowed per review stage (domain/workflow.ts ids); /sla-setting edits them. */
export const slaSettings = pgTable("sla_settings", {
  stageId: integer("stage_id").primaryKey(),
  days: integer("days").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A stored upload's kind, judged by its content (api/services/uploads/file-type.ts). */
export type DetectedType = "pdf" | "png" | "jpg" | "doc" | "docx";

/** Every stored upload; the bytes live in the file storage under `storage_key`. */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storageKey: text("storage_key").notNull().unique(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    detectedType: text("detected_type").$type<DetectedType>().notNull(),
    mime: text("mime").notNull(),
    /** shown back to people only, never a path */
    originalName: text("original_name").notNull(),
    ownerUserId: uuid("owner_user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("files_owner_user_id_idx").on(t.ownerUserId)],
);

/** The applicant's personal data (DESIGN §4.3); fields stay empty until the form is saved. */
export const applicantProfiles = pgTable("applicant_profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name"),
  identityType: text("identity_type").$type<IdentityType>(),
  identityNumber: text("identity_number"),
  nationality: text("nationality"),
  birthPlace: text("birth_place"),
  birthDate: text("birth_date"),
  gender: text("gender").$type<Gender>(),
  address: text("address"),
  phone: text("phone"),
  profession: text("profession"),
  institutionId: integer("institution_id").references(() => institutions.id),
  graduationCountry: text("graduation_country"),
  graduationYear: integer("graduation_year"),
  specializationId: integer("specialization_id").references(() => specializations.id),
  photoFileId: uuid("photo_file_id").references(() => files.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const registrationNumberSeq = pgSequence("application_registration_seq", { startWith: 1 });

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** ADP-<year>-<6 digits>, given when the draft is created */
    registrationNumber: text("registration_number")
      .notNull()
      .unique()
      .default(sql`'ADP-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('application_registration_seq')::text, 6, '0')`),
    applicantUserId: uuid("applicant_user_id")
      .notNull()
      .references(() => users.id),
    /** the applicant, or the facility admin (role 8) who registered them */
    submittedByUserId: uuid("submitted_by_user_id")
      .notNull()
      .references(() => users.id),
    jalurId: text("jalur_id").$type<JalurId>().notNull(),
    status: text("status").$type<ApplicationStatus>(),
    stageId: integer("stage_id"),
    isSubmitted: boolean("is_submitted").notNull().default(false),
    /** a final decision was taken; the applicant may then open a new application */
    isFinal: boolean("is_final").notNull().default(false),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    stageStartedAt: timestamp("stage_started_at", { withTimezone: true }),
    idempotencyKey: text("idempotency_key"),
    achievementsDone: boolean("achievements_done").notNull().default(false),
    /** OTH registered by a facility: the kind of activity (activity_kinds), the {othersId} of the route */
    activityKindId: integer("activity_kind_id").references(() => activityKinds.id),
    // Review state kept beside (stage_id, status) so the lists stay fast at 100k files.
    // Written only through api/services/review-state.ts, from domain/workflow.ts.
    /** the stage whose decision is awaited (domain openStage), null when none */
    openStageId: integer("open_stage_id"),
    /** every stage that has been opened for this file: reviewers see what reached their stages */
    reachedStages: integer("reached_stages")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** deadline of the open stage: stage_started_at + SLA days of open_stage_id */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    /** copied from the profile / account on draft, submit and profile save: search and sort */
    applicantName: text("applicant_name"),
    applicantEmail: text("applicant_email"),
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL =>
        sql`lower(${applications.registrationNumber} || ' ' || coalesce(${applications.applicantName}, '') || ' ' || coalesce(${applications.applicantEmail}, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** a closed file past the authority's retention period: documents removed, the person's data gone (api/services/data-rights/retention.ts) */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
  },
  (t) => [
    check("applications_jalur_id", sql`${t.jalurId} in ('REG', 'SPE', 'OTH')`),
    check("applications_status", sql`${t.status} in ('IN-PROGRESS', 'FAILED', 'PASSED', 'REUPLOAD')`),
    // One open application per applicant; POST /applications relies on it under concurrency.
    uniqueIndex("applications_one_open_per_applicant")
      .on(t.applicantUserId)
      .where(sql`${t.isFinal} = false`),
    index("applications_submitted_by_idx").on(t.submittedByUserId),
    // The applicant's current application (open first, then the newest): every page of the applicant reads it.
    index("applications_applicant_current_idx").on(t.applicantUserId, t.isFinal, t.createdAt.desc()),
    index("applications_stage_status_idx").on(t.stageId, t.status),
    index("applications_open_stage_deadline_idx").on(t.openStageId, t.deadlineAt),
    index("applications_open_stage_submitted_idx").on(t.openStageId, t.submittedAt),
    // The lists' orders, each with the id that breaks its ties: a page after a known row (keyset paging,
    // the CSV export) starts with one index range, (key, id) > (…, …), however deep it is.
    index("applications_submitted_at_id_idx").on(t.submittedAt, t.id),
    // Retention's candidates in id order (its batches and /retention): the drafts, and the closed files not yet anonymised.
    index("applications_draft_id_idx")
      .on(t.id)
      .where(sql`${t.isSubmitted} = false and ${t.isFinal} = false`),
    index("applications_closed_kept_id_idx")
      .on(t.id)
      .where(sql`${t.isFinal} = true and ${t.anonymisedAt} is null`),
    index("applications_deadline_at_id_idx").on(t.deadlineAt, t.id),
    index("applications_applicant_name_id_idx").on(t.applicantName, t.id),
    index("applications_reached_stages_idx").using("gin", t.reachedStages),
    index("applications_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Versions of each required document of an application: every version a reviewer has seen is kept; a draft's is replaced. */
export const applicationDocuments = pgTable(
  "application_documents",
  {
    id: serial("id").primaryKey(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    requirementId: integer("requirement_id")
      .notNull()
      .references(() => documentRequirements.id),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id),
    version: integer("version").notNull(),
    isCurrent: boolean("is_current").notNull().default(true),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    /** the names of every file merged into this one */
    originalNames: text("original_names").array().notNull(),
    /**
     * A draft's version no reviewer has seen: the next save of the same document, or its removal, deletes
     * it (row, file and bytes) instead of keeping it as history. Cleared when the application is submitted;
     * false for every version stored before drafts were replaced, so their history stays as it was.
     */
    replaceable: boolean("replaceable").notNull().default(false),
  },
  (t) => [
    uniqueIndex("application_documents_version_unique").on(t.applicationId, t.requirementId, t.version),
    uniqueIndex("application_documents_one_current")
      .on(t.applicationId, t.requirementId)
      .where(sql`${t.isCurrent}`),
    index("application_documents_file_id_idx").on(t.fileId),
  ],
);

/** Documents a reviewer sent back (REUPLOAD) with the reason; resolved by the applicant's reupload. */
export const reuploadRequests = pgTable(
  "reupload_requests",
  {
    id: serial("id").primaryKey(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    requirementId: integer("requirement_id")
      .notNull()
      .references(() => documentRequirements.id),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [index("reupload_requests_application_idx").on(t.applicationId, t.resolvedAt)],
);

/** ACCOUNT_DELETED: the file was closed undecided because its applicant's account was emptied on an approved deletion request */
export const AUDIT_ACTIONS = ["SUBMIT", "REUPLOAD", "DECISION", "ADDITIONAL_REQUEST", "ADDITIONAL_UPLOAD", "ACCOUNT_DELETED"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Append-only history of an application: submissions, reuploads, decisions (who, role, from → to). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    actorUserId: uuid("actor_user_id").references(() => users.id),
    actorRole: integer("actor_role").notNull(),
    action: text("action").$type<AuditAction>().notNull(),
    fromStage: integer("from_stage"),
    fromStatus: text("from_status").$type<ApplicationStatus>(),
    toStage: integer("to_stage"),
    toStatus: text("to_status").$type<ApplicationStatus>(),
    note: text("note"),
    /** notes among reviewers; never shown to the applicant */
    internal: boolean("internal").notNull().default(false),
    /** a decision's note for reviewers only, beside its note for the applicant */
    internalNote: text("internal_note"),
    /** REUPLOAD: the documents sent back, [{ requirement_id, reason }] */
    details: jsonb("details"),
    /**
     * DECISION: when the decided stage's clock started (the row before it, when that row opened the stage;
     * api/services/stage-clock.ts), written with the row; null when not measured, and on rows written
     * before this column (migration 0024), whose start /kinerja looks up.
     */
    stageStartedAt: timestamp("stage_started_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_application_idx").on(t.applicationId, t.createdAt),
    // A file's last decision (retention's closed files and /retention): one index entry, no heap visit.
    index("audit_log_decision_idx")
      .on(t.applicationId, t.createdAt)
      .where(sql`${t.action} = 'DECISION'`),
    // The decisions of a period (/kinerja counts the running month and week on every request).
    index("audit_log_decision_created_idx")
      .on(t.createdAt)
      .where(sql`${t.action} = 'DECISION'`),
    // A period's decisions with all /kinerja counts of them (stage, status, body, the clock's start): read
    // from the index alone. It covers what audit_log_decision_created_idx served, which can go in a later release.
    index("audit_log_decision_waits_idx")
      .on(t.createdAt, t.toStage, t.toStatus, t.actorRole, t.stageStartedAt)
      .where(sql`${t.action} = 'DECISION'`),
  ],
);

export const ACCESS_KINDS = ["DETAIL", "DOCUMENT", "EXPORT", "ACCESS_LOG", "DATA_EXPORT", "PUBLIC_VERIFY"] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/**
 * Append-only record of who other than the applicant read a file's data (docs/decisions/026-access-log.md):
 * the detail page, a document (any version), a list export (one row per export, with its filter), and
 * reads of this log itself. Written in the request that served the read; no code path updates or deletes it.
 */
export const accessLog = pgTable(
  "access_log",
  {
    id: serial("id").primaryKey(),
    /** whose data was read; null for an export (its filter is in details) and a search of this log */
    applicantUserId: uuid("applicant_user_id").references(() => users.id, { onDelete: "set null" }),
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "set null" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorRole: integer("actor_role").notNull(),
    /** the staff member's name as it was when they read */
    actorName: text("actor_name").notNull(),
    kind: text("kind").$type<AccessKind>().notNull(),
    fileId: uuid("file_id"),
    requirementId: integer("requirement_id"),
    version: integer("version"),
    /** the application's stage when it was read */
    stageId: integer("stage_id"),
    /** EXPORT and ACCESS_LOG: the filter used; EXPORT: the rows sent */
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [
    index("access_log_applicant_idx").on(t.applicantUserId, t.createdAt),
    index("access_log_actor_idx").on(t.actorUserId, t.createdAt),
    index("access_log_created_idx").on(t.createdAt),
  ],
);

/**
 * Which applications a list export (an EXPORT row of access_log) contained: one row per batch of the
 * export (review.ts CSV_PAGE_SIZE applications), written before that batch's lines are sent, so an
 * applicant sees the exports that held their file without one log row per applicant per export.
 */
export const accessLogExports = pgTable(
  "access_log_exports",
  {
    id: serial("id").primaryKey(),
    accessLogId: integer("access_log_id")
      .notNull()
      .references(() => accessLog.id),
    applicationIds: uuid("application_ids").array().notNull(),
  },
  (t) => [index("access_log_exports_log_idx").on(t.accessLogId), index("access_log_exports_applications_idx").using("gin", t.applicationIds)],
);

/**
 * Documents a reviewer asks an SPE applicant for beyond the pathway's requirements
 * (/portfolio/additional-requirements). One file per request; a new upload replaces it (the old
 * file row stays, as every upload does).
 */
export const additionalRequirements = pgTable(
  "additional_requirements",
  {
    id: serial("id").primaryKey(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    requestedByUserId: uuid("requested_by_user_id").references(() => users.id),
    requestedByRole: integer("requested_by_role").notNull(),
    stageId: integer("stage_id").notNull(),
    createdAt: createdAt(),
    fileId: uuid("file_id").references(() => files.id),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
  },
  (t) => [index("additional_requirements_application_idx").on(t.applicationId), index("additional_requirements_file_idx").on(t.fileId)],
);

/** SPE portfolio (session working data `portfolio` of spec §3). */
export const portfolioEntries = pgTable(
  "portfolio_entries",
  {
    id: serial("id").primaryKey(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    institution: text("institution"),
    year: integer("year"),
    description: text("description"),
    orderNum: integer("order_num").notNull(),
  },
  (t) => [index("portfolio_entries_application_idx").on(t.applicationId)],
);

/** SPE achievements by type (spec §3 achievementType, isAchievementDone on the application). */
export const achievements = pgTable(
  "achievements",
  {
    id: serial("id").primaryKey(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    typeCode: text("type_code")
      .notNull()
      .references(() => achievementTypes.code),
    title: text("title").notNull(),
    year: integer("year"),
    description: text("description"),
    orderNum: integer("order_num").notNull(),
  },
  (t) => [index("achievements_application_idx").on(t.applicationId)],
);

export type UserRow = typeof users.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;

// =============================================================================================
// Administration: positions (Master Jabatan), staff positions, and the admin audit log.
// =============================================================================================

/** Master Jabatan (/master-position): positions held by staff accounts. In use → deactivated, never deleted. */
export const positions = pgTable("positions", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
});

/** A staff account's position (roles 1, 2, 4–7), kept beside `users` so applicants carry no empty column. */
export const staffProfiles = pgTable(
  "staff_profiles",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    positionId: integer("position_id").references(() => positions.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_profiles_position_id_idx").on(t.positionId)],
);

export const ADMIN_AUDIT_ACTIONS = [
  "USER_CREATE",
  "USER_UPDATE",
  "USER_DEACTIVATE",
  "USER_REACTIVATE",
  "USER_PASSWORD_RESET",
  "SLA_UPDATE",
  "ENTRY_CREATE",
  "ENTRY_UPDATE",
  "ENTRY_DEACTIVATE",
  "ENTRY_ACTIVATE",
  "ENTRY_DELETE",
  "FACILITY_VERIFY",
  "FACILITY_REJECT",
  "FACILITY_CREATE",
  "CMS_UPDATE",
  "DELETION_APPROVE",
  "DELETION_REJECT",
  "LETTER_REVOKE",
  "LETTER_REISSUE",
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/** Append-only record of every admin action (who, role, what, on which record, why, old → new). */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: serial("id").primaryKey(),
    actorUserId: uuid("actor_user_id").references(() => users.id),
    actorRole: integer("actor_role").notNull(),
    action: text("action").$type<AdminAuditAction>().notNull(),
    /** user, sla_stage, specialization, institution, position */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason"),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt)],
);

/** Facility admin (role 8): the health facility and its admin's own data, sent for verification from /personal-data. */
export const facilityProfiles = pgTable(
  "facility_profiles",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    facilityName: text("facility_name").notNull(),
    /** domain/forms/facility.ts FACILITY_TYPES */
    facilityType: text("facility_type").notNull(),
    address: text("address").notNull(),
    licenceNumber: text("licence_number").notNull(),
    contactPhone: text("contact_phone").notNull(),
    contactEmail: text("contact_email"),
    /** the admin's own data */
    adminNik: text("admin_nik"),
    adminPhone: text("admin_phone"),
    positionId: integer("position_id").references(() => positions.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("facility_profiles_facility_name_idx").on(t.facilityName)],
);

/** Kinds of activity of the OTH pathway (/register-competency-evaluation/path/{othersId}). */
export const activityKinds = pgTable("activity_kinds", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description"),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
});

/** Announcements on /welcome and /dashboard, edited on /master-cms. */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("announcements_published_at_idx").on(t.publishedAt)],
);
// ============================ end of administration ================================

/**
 * Every mail the portal sends, recorded in the same transaction as the change that causes it and
 * delivered by the mail worker (api/services/mail-outbox.ts, docs/decisions/020-mail-outbox.md).
 * `next_attempt_at` is also the lease of a row being sent: claiming it moves it ahead, so a process that
 * dies mid-send leaves the row to be claimed again once the lease runs out.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the order mails were recorded in, which they are sent in (created_at can repeat) */
    seq: serial("seq").notNull(),
    /** what caused it (activation, password_reset, decision, …), for the log and the admin list */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    recipientName: text("recipient_name").notNull().default(""),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_seq_idx").on(t.seq),
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Scheduled jobs (api/services/scheduled-jobs.ts): one row per run of a job for one slot (a day, or a
 * file and its deadline). A run claims its row in the transaction that records its mails, so across any
 * number of instances each slot runs once; a run that fails rolls back its claim and is tried again.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    slot: text("slot").notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

/**
 * A job run in one instance at a time holds its lease here (api/services/job-lease.ts): who, until when,
 * and where its pass stands (retention: the step and the last id handled), so the next run goes on there.
 */
export const jobLeases = pgTable("job_leases", {
  job: text("job").primaryKey(),
  holder: text("holder").notNull(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  progress: jsonb("progress"),
});

/**
 * The address this database serves as the live service (docs/decisions/024-database-copies.md): one row,
 * written at the first production start and changed only by `npm run ops:adopt`. An instance whose
 * PUBLIC_URL is not this one runs on a copy: it holds every mail and runs no scheduled job.
 */
export const liveService = pgTable(
  "live_service",
  {
    id: integer("id").primaryKey().default(1),
    publicUrl: text("public_url").notNull(),
    /** "first production start" or "ops:adopt" */
    recordedBy: text("recorded_by").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("live_service_one_row", sql`${t.id} = 1`)],
);

export const DELETION_REQUEST_STATUSES = ["PENDING", "APPROVED", "REJECTED"] as const;
export type DeletionRequestStatus = (typeof DELETION_REQUEST_STATUSES)[number];

/**
 * An applicant with a submitted application asks for their account to be deleted (UU PDP; the Super Admin
 * decides, docs/decisions/029-retention-and-deletion.md). One pending request per person (the partial
 * unique index); a decided one keeps who decided, when and why, which the person reads on /profile/hapus-akun.
 */
export const deletionRequests = pgTable(
  "deletion_requests",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the applicant's optional note */
    note: text("note"),
    status: text("status").$type<DeletionRequestStatus>().notNull().default("PENDING"),
    createdAt: createdAt(),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    reason: text("reason"),
  },
  (t) => [
    uniqueIndex("deletion_requests_one_pending")
      .on(t.userId)
      .where(sql`${t.status} = 'PENDING'`),
    index("deletion_requests_user_idx").on(t.userId, t.createdAt),
    index("deletion_requests_list_idx").on(t.status, t.createdAt),
    check("deletion_requests_status_check", sql`${t.status} in ('PENDING', 'APPROVED', 'REJECTED')`),
    check("deletion_requests_decided_check", sql`(${t.status} = 'PENDING') = (${t.decidedAt} is null and ${t.reason} is null)`),
  ],
);

/**
 * Resumable uploads in flight (api/services/resumable/tus.ts; docs/decisions/027-resumable-uploads.md): one row
 * per tus upload from its creation until its file is checked and attached, refused, cancelled or swept. It
 * says whose the upload is (only that account may continue it) and bounds what one account has in flight.
 * Its bytes live in the tus store (DATA_DIR/files/tus, or the bucket under tus/), never under a storage key.
 */
export const tusUploads = pgTable(
  "tus_uploads",
  {
    /** the tus upload id (the last segment of its URL) */
    id: text("id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    requirementId: integer("requirement_id").notNull(),
    /** "adaptation" (a draft's document) or "reupload" */
    form: text("form").notNull(),
    /** Upload-Length: the bytes the upload will hold */
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tus_uploads_account_idx").on(t.accountId),
    index("tus_uploads_created_idx").on(t.createdAt),
    check("tus_uploads_form_check", sql`${t.form} in ('adaptation', 'reupload')`),
  ],
);

/**
 * Stored bytes whose file row is gone (a replaced draft, a deleted account, an approved deletion request,
 * retention; docs/decisions/032-deferred-file-deletion.md). No request removes bytes: it writes the key here
 * in the transaction that deletes the row, so nothing serves the file from then on, and the file-deletion
 * sweep of the live service removes the bytes FILE_DELETE_GRACE_DAYS later (held on a copy of the database).
 */
export const fileDeletions = pgTable(
  "file_deletions",
  {
    storageKey: text("storage_key").primaryKey(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("file_deletions_deleted_at_idx").on(t.deletedAt)],
);

/**
 * The decision letters ("Surat Keterangan Hasil Adaptasi", api/services/letters/): one row per letter issued
 * when a file's process ended. The letter's facts are read from the application when it is shown; the row keeps
 * what makes it checkable: its number, the signing key's id, the signed token printed as a QR, and whether the
 * Super Admin revoked it (then a new one may be issued).
 */
export const letters = pgTable(
  "letters",
  {
    id: serial("id").primaryKey(),
    /** SKHA/<year>/<8 random characters>: a number alone guesses nothing */
    number: text("number").notNull().unique(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** which of LETTER_SIGNING_KEYS signed the token (its JWK `kid`) */
    keyId: text("key_id").notNull(),
    /** the compact JWS the QR carries (no secret: it is printed on the letter) */
    token: text("token").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokeReason: text("revoke_reason"),
    revokedByUserId: uuid("revoked_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("letters_application_idx").on(t.applicationId, t.issuedAt)],
);
