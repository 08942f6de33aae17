import { useWorkflowWords } from "./workflow-words";

/**
 * A role's name as people read it, in the page's language (app/utils/workflow-words.ts): role 1's followed by
 * the committee's name set on /sla-setting (spec §6), from the root's config; an unknown role by its number,
 * or as `unknown` says.
 */
export function useRoleName(unknown: (roleId: number) => string = String): (roleId: number) => string {
  const words = useWorkflowWords();
  return (roleId) => words.role(roleId) ?? unknown(roleId);
}
