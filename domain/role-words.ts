// Spec §6's role names with their words, for the API (its answers, the CSV export, the mails, the data
// download) and scripts: the locale files' workflow.role.<id>, in the default language, as the spec names
// them. The browser never imports this module; a page words a role id with `t()` (app/utils/role-name.ts).
import workflow from "#locales/id/workflow.json";
import { labelledAsOrganizer, ROLES_WITH_NAMES, roleNameFrom } from "./roles";

const WORDS: Readonly<Record<string, string>> = workflow.role;
const word = (roleId: number) => WORDS[String(roleId)]!;

/** A role's name, role 1's followed by the committee's name (spec §6); undefined for an unknown role. */
export function roleName(roleId: number, committeeName?: string): string | undefined {
  return roleNameFrom(word, roleId, committeeName);
}

/** The map of role ids to names (spec §6 table labels), with the default committee name after role 1's. */
export const ROLE_LABELS: Readonly<Record<number, string>> = Object.fromEntries(ROLES_WITH_NAMES.map((id) => [id, roleName(id)!]));

/** Label shown when the account is not a facility-side account (spec §6). */
export const ORGANIZER_LABEL: string = workflow.organizer;

/** Spec §6 "Role label in the user info" (decision 003): the role's name on the facility side, else 'Penyelenggara'. */
export function roleLabel(user: { role_id: number; is_fasyankes: boolean }, committeeName?: string): string {
  return labelledAsOrganizer(user) ? ORGANIZER_LABEL : roleName(user.role_id, committeeName)!;
}
