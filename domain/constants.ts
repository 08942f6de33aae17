// Business constants of spec §9 and the interface numbers of §2/§8.
import { JALUR_IDS } from "./documents";

export const SESSION = {
  /** The token is refreshed every 45 minutes. */
  REFRESH_INTERVAL_MS: 2_700_000,
  /** After a successful refresh the expire time is now + 3 hours. */
  EXPIRE_AFTER_REFRESH_MS: 10_800_000,
  TOKEN_TYPE: "Bearer",
  AFTER_LOGOUT: "/welcome",
  HOME: "/",
  LOGIN_CALLBACK: "/login",
} as const;

export const LOCALE = {
  DEFAULT: "id",
  FALLBACK: "en-US",
  SUPPORTED: ["id", "en-US"] as const,
  COOKIE_NAME: "lng",
  COOKIE_MAX_AGE_SEC: 365 * 24 * 60 * 60,
  DATE_FORMAT: "mm/dd/yy",
  /** 0 = Sunday. */
  FIRST_DAY_OF_WEEK: 0,
  CONFIRM_LABELS: { yes: "Yes", no: "No" },
} as const;

export const INTERFACE = {
  TOAST_POSITION: "top-center",
  SUBMENU_HEIGHT_REM: 3,
  BREAKPOINTS_PX: { sm: 576, md: 768, lg: 992, xl: 1200 },
  LAZY_RELOAD_THROTTLE_MS: 60_000,
} as const;

export const MONITORING = {
  TRACES_SAMPLE_RATE: 1.0,
  REPLAYS_SESSION_SAMPLE_RATE: 1.0,
  REPLAYS_ON_ERROR_SAMPLE_RATE: 1.0,
  MASK_ALL_INPUTS: true,
} as const;

export const PATHWAYS = {
  CODES: JALUR_IDS,
  DOCUMENT_COUNTS: { REG: 7, SPE: 7, OTH: 8 },
} as const;

export const ERROR_SCREEN = {
  MESSAGE: "Terjadi kesalahan, silahkan kembali ke awal",
  BUTTON: "Kembali ke awal",
  NOT_FOUND: "This page could not be found",
} as const;

export const TOAST_SEVERITIES = ["info", "warn", "error", "success"] as const;
export type ToastSeverity = (typeof TOAST_SEVERITIES)[number];
