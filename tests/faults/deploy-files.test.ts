import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dockerfileStages, healthcheckCommand, type Stage } from "./dockerfile";
import { leftovers, ROOT } from "./server";

// What the operator installs besides the build: the Dockerfile and the systemd unit with its user. No
// container engine runs on the test machine and hadolint is not installed, so the Dockerfile is read as
// Docker reads it and checked for what it must hold; its HEALTHCHECK command is run against a server in
// tests/faults/production-build.test.ts. The unit is rated by `systemd-analyze security --offline`, and its
// user made by `systemd-sysusers` in a scratch root, as docs/operations.md §1 says.

const cleanup = leftovers();
afterAll(() => cleanup.undo());

const stages = dockerfileStages();
const [buildStage, runStage] = [stages[0], stages.at(-1)!];
const runs = (stage: Stage) => stage.instructions.filter((i) => i.keyword === "RUN").map((i) => i.args);

describe("the Dockerfile", () => {
  it("builds on a supported Node LTS line (22 or 24), in two stages", () => {
    expect(stages).toHaveLength(2);
    for (const stage of stages) expect(stage.from, "Node 20 is past its end of life").toMatch(/^node:(22|24)(?:[.-]|$)/);
    expect(buildStage.name).toBe("build");
  });

  it("installs from the lock file with npm ci (every dependency to build, the production ones to run), never npm install", () => {
    for (const stage of stages) expect(runs(stage).join("\n")).not.toMatch(/\bnpm\s+(install|i)\b/);
    expect(runs(buildStage).some((r) => /^npm ci\b/.test(r))).toBe(true);
    expect(runs(runStage).some((r) => /^npm ci\b.*--omit=dev/.test(r))).toBe(true);
    // The run stage takes only the build from the build stage: no sources, no development dependency.
    const copies = runStage.instructions.filter((i) => i.keyword === "COPY").map((i) => i.args);
    expect(copies).toEqual(["package.json package-lock.json ./", "--from=build /app/build ./build"]);
  });

  it("stops a build without BUILD_COMMIT instead of shipping a release named unknown", () => {
    const arg = buildStage.instructions.find((i) => i.keyword === "ARG" && /^BUILD_COMMIT\b/.test(i.args));
    expect(arg?.args, "no default to fall back on").toBe("BUILD_COMMIT");
    const check = runs(buildStage).findIndex((r) => /test -n "\$BUILD_COMMIT" \|\|.*exit 1/.test(r));
    const build = runs(buildStage).findIndex((r) => /npm run build/.test(r));
    expect(check).toBeGreaterThanOrEqual(0);
    expect(check).toBeLessThan(build);
  });

  it("runs as user node with a HEALTHCHECK on /healthz, drains on SIGTERM, and starts node build/server.mjs", () => {
    const last = (keyword: string) => runStage.instructions.filter((i) => i.keyword === keyword).at(-1)?.args;
    expect(last("USER")).toBe("node");
    expect(last("STOPSIGNAL")).toBe("SIGTERM");
    expect(last("CMD")).toBe('["node", "build/server.mjs"]');
    expect(last("HEALTHCHECK")).toMatch(/--start-period=\d+s/);
    expect(healthcheckCommand(runStage)?.join(" ")).toMatch(/^node -e .*\/healthz/);
  });

  it("its lock file is one `npm ci --omit=dev` accepts (in sync with package.json)", () => {
    const dir = cleanup.dir("npm-ci");
    for (const file of ["package.json", "package-lock.json"]) copyFileSync(path.join(ROOT, file), path.join(dir, file));
    // Without the npm_* settings of the npm that runs the tests (npm_config_local_prefix would point it at this checkout).
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))) as NodeJS.ProcessEnv;
    const ci = spawnSync("npm", ["ci", "--omit=dev", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: dir, env, encoding: "utf8" });
    expect(ci.status, ci.stderr.slice(0, 1500)).toBe(0);
  }, 120_000);
});

/** A unit file's settings of [Service], each name with all its values in order. */
function unitSettings(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = "";
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const header = /^\[(\w+)\]$/.exec(line.trim());
    if (header) section = header[1];
    const setting = /^(\w+)=(.*)$/.exec(line.trim());
    if (section === "Service" && setting) settings.set(setting[1], [...(settings.get(setting[1]) ?? []), setting[2]]);
  }
  return settings;
}

const UNIT = path.join(ROOT, "deploy/adaptasi.service");
const SYSTEMD_ANALYZE = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((p) => existsSync(p));
const SYSUSERS = ["/usr/bin/systemd-sysusers", "/bin/systemd-sysusers"].find((p) => existsSync(p));

describe("the systemd unit", () => {
  const unit = unitSettings(UNIT);
  const one = (name: string) => unit.get(name)?.at(-1);

  it("runs the production build as its own user, drains within its stop timeout, and has a memory ceiling", () => {
    expect(one("User")).toBe("adaptasi");
    expect(one("ExecStart")).toBe("/usr/bin/node build/server.mjs");
    expect(Number(one("TimeoutStopSec"))).toBeGreaterThan(30); // SHUTDOWN_GRACE_SEC's default
    expect(one("MemoryMax")).toMatch(/^\d+[MG]$/);
    expect(one("MemoryHigh")).toMatch(/^\d+[MG]$/);
    const bytes = (v: string) => Number(v.slice(0, -1)) * (v.endsWith("G") ? 1024 : 1);
    expect(bytes(one("MemoryMax")!)).toBeGreaterThanOrEqual(512); // docs/operations.md "Sizing an instance"
    expect(bytes(one("MemoryHigh")!)).toBeLessThan(bytes(one("MemoryMax")!));
  });

  it("is hardened without what Node needs: no MemoryDenyWriteExecute (V8's JIT), no refused setrlimit (@resources)", () => {
    for (const [name, value] of Object.entries({
      NoNewPrivileges: "true",
      ProtectSystem: "strict",
      ProtectHome: "true",
      PrivateTmp: "true",
      PrivateDevices: "true",
      CapabilityBoundingSet: "",
      RestrictNamespaces: "true",
      SystemCallArchitectures: "native",
      UMask: "0077",
    })) {
      expect(one(name), name).toBe(value);
    }
    expect(unit.has("MemoryDenyWriteExecute")).toBe(false);
    expect((unit.get("SystemCallFilter") ?? []).join(" ")).not.toContain("@resources");
    expect(unit.get("ReadWritePaths")).toEqual(["/var/lib/adaptasi"]);
    expect(unit.get("Environment")).toContain("DATA_DIR=/var/lib/adaptasi");
  });

  it.skipIf(!SYSTEMD_ANALYZE)("has an exposure of 4 or less by `systemd-analyze security --offline`", () => {
    const out = execFileSync(SYSTEMD_ANALYZE!, ["security", "--offline=true", "--no-pager", UNIT], { encoding: "utf8" });
    const exposure = Number(/Overall exposure level for adaptasi\.service: ([\d.]+)/.exec(out)?.[1]);
    expect(exposure).toBeLessThanOrEqual(4);
    console.log(`faults/deploy-files: systemd-analyze security rates deploy/adaptasi.service ${exposure}`);
  });

  it.skipIf(!SYSUSERS || process.getuid?.() !== 0)(
    "gets its user from deploy/adaptasi.sysusers: a system account without a login shell, home at its state directory",
    () => {
      const root = cleanup.dir("sysusers");
      mkdirSync(path.join(root, "etc"));
      execFileSync(SYSUSERS!, [`--root=${root}`, path.join(ROOT, "deploy/adaptasi.sysusers")], { stdio: "ignore" });
      const passwd = readFileSync(path.join(root, "etc/passwd"), "utf8").trim().split(":");
      expect(passwd[0]).toBe(one("User"));
      expect(Number(passwd[2])).toBeLessThan(1000); // a system account
      expect(passwd[5]).toBe("/var/lib/adaptasi");
      expect(passwd[6]).toBe("/usr/sbin/nologin");
      expect(readFileSync(path.join(root, "etc/group"), "utf8")).toMatch(new RegExp(`^${one("Group")}:x:${passwd[3]}:`, "m"));
    },
  );
});
