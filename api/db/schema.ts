import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { JalurId } from "../../domain/documents";

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

export type UserRow = typeof users.$inferSelect;
