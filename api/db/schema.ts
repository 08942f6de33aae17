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
    isActive: boolean("is_active").notNull().default(true),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Logins look e-mails up lower-cased; the check keeps a mixed-case copy from slipping in.
  (t) => [check("users_email_lower_case", sql`${t.email} = lower(${t.email})`), index("users_role_id_idx").on(t.roleId)],
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

/** Fixed-window counters shared by every API process (login throttling). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

export type UserRow = typeof users.$inferSelect;
