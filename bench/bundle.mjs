// The JavaScript each route makes the browser load (budget: ≤ 120 KB brotli per page with JavaScript
// on), read from a client build's Remix manifest: the entry and its imports, then the route's module
// and imports together with those of every parent route, each file counted once. Sizes are of the
// precompressed .br files next to the assets (raw size when a file was too small to be compressed).
// Also fails (with --check) when any client asset contains zod, which must stay on the server, or
// React's development build.
// Usage: BUILD_DIR=/tmp/build-x node bench/bundle.mjs [--check]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const BUDGET = 120 * 1024;
const client = path.join(process.env.BUILD_DIR ?? "build", "client");
const assets = path.join(client, "assets");
const manifestFile = existsSync(assets) && readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error(`No manifest-*.js in ${assets}: build first (BUILD_DIR=… npx remix vite:build).`);
  process.exit(1);
}
const source = readFileSync(path.join(assets, manifestFile), "utf8");
const manifest = JSON.parse(
  source
    .slice(source.indexOf("=") + 1)
    .trim()
    .replace(/;$/, ""),
);

/** Brotli bytes of an asset ("/assets/x.js"), or its raw size when there is no .br file. */
function bytes(url) {
  const file = path.join(client, url);
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}

const entry = [manifest.entry.module, ...manifest.entry.imports];
const rows = Object.values(manifest.routes).map((route) => {
  const files = new Set(entry);
  for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  const total = [...files].reduce((sum, f) => sum + bytes(f), 0);
  return { id: route.id, files: files.size, total };
});
rows.sort((a, b) => b.total - a.total || a.id.localeCompare(b.id));

// zod 4 marks its schemas with a `_zod` property and names its classes "$ZodType", "$ZodString"…
// ("ZodError" alone is not a marker: Sentry's browser SDK mentions it).
const ZOD = /\$ZodType|\._zod\b/;
const withZod = readdirSync(assets).filter((f) => f.endsWith(".js") && ZOD.test(readFileSync(path.join(assets, f), "utf8")));
// A build made with NODE_ENV other than production bundles React's development build (≈ 3× larger).
const devReact = readdirSync(assets).filter((f) => f.endsWith(".js") && readFileSync(path.join(assets, f), "utf8").includes("react-dom.development"));

const kb = (n) => (n / 1024).toFixed(1);
const entryBytes = [...new Set(entry)].reduce((sum, f) => sum + bytes(f), 0);
console.log(`Client JavaScript per route (${client}), KB brotli; entry alone ${kb(entryBytes)} KB; budget ${kb(BUDGET)} KB`);
console.log("| route | files | KB | bytes | over |");
console.log("|---|---:|---:|---:|---|");
for (const r of rows) console.log(`| ${r.id} | ${r.files} | ${kb(r.total)} | ${r.total} | ${r.total > BUDGET ? "OVER" : ""} |`);
const over = rows.filter((r) => r.total > BUDGET);
console.log(`${rows.length} routes; max ${kb(rows[0].total)} KB (${rows[0].id}); over budget: ${over.length}`);
console.log(withZod.length ? `zod in client assets: ${withZod.join(", ")}` : "zod in client assets: none");
console.log(devReact.length ? `React development build in: ${devReact.join(", ")} (build with NODE_ENV=production)` : "React build: production");
if (process.argv.includes("--check") && (over.length > 0 || withZod.length > 0 || devReact.length > 0)) process.exit(1);
