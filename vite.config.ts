import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";
import path from "node:path";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(__dirname, "app"),
      "#domain": path.resolve(__dirname, "domain"),
    },
  },
  server: { middlewareMode: true },
  build: { target: "es2020" },
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
  ],
});
