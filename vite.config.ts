import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Plugin } from "vite";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ALIASES } from "./vite.aliases";

/**
 * Hashed client assets never change, so they are compressed once at build time at the highest
 * levels (brotli 11, gzip 9) instead of on every request; server.ts serves the variant the browser takes.
 */
function precompressAssets(): Plugin {
  return {
    name: "adaptasi:precompress-assets",
    apply: "build",
    writeBundle(options) {
      if (!options.dir || !/client$/.test(options.dir)) return;
      const assets = path.join(options.dir, "assets");
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const body = readFileSync(path.join(assets, name));
        if (body.length < 1024) continue;
        writeFileSync(
          path.join(assets, `${name}.br`),
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
        writeFileSync(path.join(assets, `${name}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Client chunks by what loads together. Left to itself, Rollup gives every small shared module (style
 * classes, labels, helpers) its own file, and a page fetches 20-odd of them, each with its own response
 * headers over HTTP/1.1 (the page budget counts them). The pieces every page loads form one "shell" chunk and
 * the form library with its helpers one "forms" chunk, the review pages' small shared pieces (their styles, query
 * helpers, SLA state and the workflow table) one "review" chunk; route modules and page components stay split.
 */
function clientChunk(id: string): string | undefined {
  if (/node_modules\/@conform-to\//.test(id)) return "forms";
  if (/\/app\/components\/forms(\.css)?\.tsx?|\/domain\/forms\/constraints\.generated\.ts|\/app\/utils\/live-validation\.ts|\/domain\/dates\.ts/.test(id))
    return "forms";
  if (
    /\/app\/routes\/review\/__review(\.css|-query)\.ts|\/app\/components\/(SlaState\.tsx|sla\.css\.ts|tabs\.css\.ts)|\/app\/utils\/stage-progress\.ts|\/domain\/workflow\.ts/.test(
      id,
    )
  )
    return "review";
  if (
    /\/app\/components\/(ErrorScreen|Navbar|Footer|Toasts|ui\.css|layout\.css)\.tsx?|\/app\/routes\/layouts\/(Sidebar|TopBar)\.tsx|\/app\/utils\/(format|guidebook|nonce-provider|monitoring|page-title|role-name)\.ts|\/domain\/(menu|links|constants|roles|auth-user)\.ts/.test(
      id,
    )
  )
    return "shell";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: ALIASES,
  },
  server: { middlewareMode: true },
  build: { target: "es2020", rollupOptions: isSsrBuild ? {} : { output: { manualChunks: clientChunk } } },
  plugins: [
    remix({
      // BUILD_DIR lets parallel end-to-end runs keep separate builds.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      ignoredRouteFiles: ["**/*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    vanillaExtractPlugin(),
    precompressAssets(),
  ],
}));
