// `npm start`: build if needed, then serve the portal (embedded database + demo data by default).
import { spawn } from "node:child_process";
import { ensureBuild } from "./build-if-needed.mjs";

await ensureBuild();
const child = spawn(process.execPath, ["--import", "tsx", "server.ts", ...process.argv.slice(2)], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
