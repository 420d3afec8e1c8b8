import prefresh from "@prefresh/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Rollup, type UserConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { importsReact, reactAsPreact } from "./react-runtime.js";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The page's entry script's own modules (decision 050), and Vite's modulepreload polyfill, which
 * the HTML entry carries: every other module is the app's, in one chunk.
 */
const ENTRY_ONLY = [
  "/src/client/index.html",
  "/src/client/main.tsx",
  "/src/client/styles.css",
  "/src/client/lib/after-first-paint.ts",
  "/src/client/lib/early-taps.ts",
  "/src/shared/page-scripts.ts",
  "vite/modulepreload-polyfill",
];
const isAppModule = (id: string) => !ENTRY_ONLY.some((own) => id.includes(own));
const STORE_BITS =
  /(lucide-react\/dist\/esm\/icons\/(minus|plus|truck)\.|\/src\/client\/(components\/ui\/skeleton\.tsx|features\/catalog\/catalog-api\.ts)$)/;

/**
 * Build warnings that say nothing about the store: libraries mark their modules "use client" for
 * React Server Components, which the store does not use; React Router reads `useOptimistic`,
 * which Preact does not have, and does without it (decision 056).
 */
const onwarn = (warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void) => {
  if (warning.code === "MODULE_LEVEL_DIRECTIVE" && warning.message.includes('"use client"')) return;
  if (warning.code === "IMPORT_IS_UNDEFINED" && warning.message.includes("`useOptimistic`")) return;
  warn(warning);
};

/**
 * Two builds from one config: the browser's (`vite build`, into dist/client) and the server
 * renderer (`vite build --ssr`, entry-server.tsx into dist/server, beside it: the server finds it
 * there). The server bundle carries its dependencies, so it runs from any folder.
 */
export default defineConfig(async ({ command, isSsrBuild }): Promise<UserConfig> => ({
  root: here("./src/client"),
  publicDir: isSsrBuild ? false : here("./src/client/public"),
  plugins: [
    // Components kept on screen as their source changes (`npm run dev`): Preact's fast refresh.
    ...(command === "serve" ? [await prefresh()] : []),
    tailwindcss(),
    // .gz and .br beside every asset, served by @fastify/static's preCompressed: compressed once, at build.
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: [defineAlgorithm("gzip", { level: 9 }), defineAlgorithm("brotliCompress")],
            threshold: 1024,
          }),
        ]),
  ],
  // JSX as React's automatic runtime, which resolves to Preact's (react-runtime.ts).
  oxc: { jsx: { runtime: "automatic", importSource: "react" } },
  resolve: {
    alias: [
      { find: "@shared", replacement: here("./src/shared") },
      { find: "@client", replacement: here("./src/client") },
      ...reactAsPreact,
    ],
  },
  build: isSsrBuild
    ? {
        outDir: here("./dist/server"),
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: { input: here("./src/client/entry-server.tsx"), onwarn },
      }
    : {
        outDir: here("./dist/client"),
        emptyOutDir: true,
        // The server reads it to preload each page's own chunk with the HTML (no lazy-load waterfall).
        manifest: true,
        // Every browser the store supports preloads modules itself; where one does not, the
        // scripts still load, by their imports. The polyfill was a third of the entry script.
        modulePreload: { polyfill: false },
        sourcemap: false,
        // Everything the entry imports statically goes in the entry's one chunk. Left to itself,
        // rolldown split react, react-query and our lib into eight small chunks that every page
        // loads anyway (3.4 KB more gzip per page, in bench/initial-js.ts).
        rolldownOptions: {
          // Two entries (decision 050): the page's entry script (index.html's main.tsx), small and
          // run first, and the app it starts once the page is painted (start.tsx).
          input: { index: here("./src/client/index.html"), start: here("./src/client/start.tsx") },
          onwarn,
          output: {
            codeSplitting: {
              groups: [
                // The entry script's own modules and the names both share, in the entry's chunk:
                // in the app's, the entry script would load the whole app for them.
                { name: "index", test: (id) => !isAppModule(id), priority: 2 },
                { name: "app", tags: ["$initial"], test: isAppModule, priority: 1 },
                // The storefront pages' smallest shared pieces, one file instead of five (each file
                // costs its own compression header and dictionary: 0.2 KB on the product page).
                { name: "store-bits", test: STORE_BITS, priority: 1 },
              ],
            },
          },
        },
      },
  // In `npm run dev` (Vite inside the server) the renderer's dependencies load from node_modules as
  // they are, except those that import React: Vite bundles them, so that theirs is Preact too.
  ssr: command === "build" ? { noExternal: true, target: "node" } : { noExternal: [importsReact.name], target: "node" },
}));
