import { roleName } from "#domain/roles";
import { useRootData } from "~/root";

/**
 * A role's name as people read it (domain/roles' roleName): role 1's followed by the committee's name set
 * on /sla-setting (spec §6), from the root's config; an unknown role by its number, or as `unknown` says.
 */
export function useRoleName(unknown: (roleId: number) => string = String): (roleId: number) => string {
  const committeeName = useRootData()?.config.committeeName;
  return (roleId) => roleName(roleId, committeeName) ?? unknown(roleId);
}
