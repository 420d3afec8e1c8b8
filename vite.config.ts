import prefresh from "@prefresh/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rollup, type UserConfig } from "vite";
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
  "/src/client/lib/page-stylesheet.ts",
  "/src/shared/page-scripts.ts",
  "vite/modulepreload-polyfill",
];
const isAppModule = (id: string) => !ENTRY_ONLY.some((own) => id.includes(own));
const STORE_BITS =
  /(lucide-react\/dist\/esm\/icons\/(minus|plus|truck)\.|\/src\/client\/(components\/ui\/skeleton\.tsx|features\/catalog\/catalog-api\.ts)$)/;

/**
 * Chrome's explicit compile hint (V8 13.6, Chrome 136): a file that starts with this comment has
 * every function compiled while it streams in, on a background thread, instead of each one on the
 * main thread when it is first called (decision 058). Without it a phone's first hydration
 * compiled some 700 of the app's functions one by one.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The app's entry (start.tsx), and so its chunk's name. */
const APP_CHUNK = "start";
/** A storefront page's own module: with the app's chunk, what hydrates a page the server rendered. */
const STORE_PAGE = /\/src\/client\/app\/routes\/[^/]+\.tsx$/;

/**
 * Starts with COMPILE_HINT the chunks a storefront page runs as it hydrates: the app's, each store
 * page's and what they import statically (what the server preloads for a page). Not the admin's,
 * nor the lazy chunks, which run in part or later. Chrome reads the comment only as a file's first
 * line, and Vite puts its lazy-chunk dependency list (`__vite__mapDeps`) first in its import
 * analysis's generateBundle: the hint goes in right after that step, before the compression plugin
 * (which follows the manifest) reads the chunks.
 */
function compileHints(): Plugin {
  const hinted = (bundle: Rollup.OutputBundle) => {
    const chunks = new Map<string, Rollup.OutputChunk>();
    for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output);
    const files = new Set<string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
    };
    for (const chunk of chunks.values())
      if (chunk.name === APP_CHUNK || STORE_PAGE.test(chunk.facadeModuleId ?? "")) visit(chunk.fileName);
    return [...files].map((file) => chunks.get(file)!);
  };
  return {
    name: "store:compile-hints",
    apply: "build",
    // A file's name changes with its content: the hint too.
    augmentChunkHash: () => COMPILE_HINT,
    configResolved(config) {
      const analysis = config.plugins.find((p) => p.name === "vite:build-import-analysis");
      const own = analysis?.generateBundle;
      if (!analysis || typeof own !== "function") throw new Error("compile hints: Vite's import analysis not found");
      analysis.generateBundle = async function (this: Rollup.PluginContext, ...args: Parameters<typeof own>) {
        await own.apply(this, args);
        for (const chunk of hinted(args[1])) {
          chunk.code = COMPILE_HINT + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      };
    },
  };
}

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
    ...(isSsrBuild ? [] : [compileHints()]),
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
          input: { index: here("./src/client/index.html"), [APP_CHUNK]: here("./src/client/start.tsx") },
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
