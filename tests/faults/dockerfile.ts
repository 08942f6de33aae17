import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./server";

// The Dockerfile read as Docker reads it (no container engine runs on the test machine, and hadolint is not
// installed): its stages, each a list of instructions with their arguments, continuation lines joined.

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

export function dockerfileStages(file = path.join(ROOT, "Dockerfile")): Stage[] {
  const logical: string[] = [];
  let pending = "";
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    if (!pending && /^\s*(#|$)/.test(raw)) continue;
    if (pending && /^\s*#/.test(raw)) continue; // a comment inside a continued instruction
    const line = raw.replace(/\s+$/, "");
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push((pending + line).trim());
    pending = "";
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    if (keyword.toUpperCase() === "FROM") {
      const [from, , name] = args.split(/\s+/);
      stages.push({ from, name, instructions: [] });
      continue;
    }
    stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

/** An exec-form argument list (`["node", "-e", "…"]`) as its words. */
export function execForm(args: string): string[] {
  return JSON.parse(args) as string[];
}

/** The HEALTHCHECK's command of a stage, in exec form (its options left out). */
export function healthcheckCommand(stage: Stage): string[] | undefined {
  const check = stage.instructions.find((i) => i.keyword === "HEALTHCHECK");
  const exec = check && /\bCMD\s+(\[.*\])\s*$/.exec(check.args);
  return exec ? execForm(exec[1]) : undefined;
}
