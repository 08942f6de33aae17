import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { labelledAsOrganizer, roleNameFrom } from "#domain/roles";
import { useRootData } from "~/root";

// Role names in the request's language: domain/roles answers ids, the locale files' `workflow.role.<id>`
// words them. Apart from the stages' words (./workflow-words.ts): the top bar of every page needs only these.

/** The namespaces a `t` needs for these words, `common` first (the default of a component that uses both). */
export const WORKFLOW_NAMESPACES = ["common", "workflow"] as const;

/** A role's name, role 1's followed by the committee's name (spec §6); undefined for an unknown role. */
export function roleWords(t: TFunction, roleId: number, committeeName?: string): string | undefined {
  return roleNameFrom((id) => t(`workflow:role.${id}`), roleId, committeeName);
}

/** Spec §6's label in the user info (decision 003): the role's name on the facility side, else the organiser's. */
export function roleLabelWords(t: TFunction, user: { role_id: number; is_fasyankes: boolean }, committeeName?: string): string {
  return labelledAsOrganizer(user) ? t("workflow:organizer") : roleWords(t, user.role_id, committeeName)!;
}

/**
 * A role's name as people read it, in the page's language: role 1's followed by the committee's name set on
 * /sla-setting (spec §6), from the root's config; an unknown role by its number, or as `unknown` says.
 */
export function useRoleName(unknown: (roleId: number) => string = String): (roleId: number) => string {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const committeeName = useRootData()?.config.committeeName;
  return (roleId) => roleWords(t, roleId, committeeName) ?? unknown(roleId);
}
