import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { importsReact, reactAsPreact } from "./react-runtime.js";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = [
  { find: "@shared", replacement: here("./src/shared") },
  { find: "@server", replacement: here("./src/server") },
  { find: "@client", replacement: here("./src/client") },
  ...reactAsPreact,
];

/**
 * expect.poll waits as long as a browser action does (e2e/support/browser.ts): vitest's own
 * default of one second fails a page load or a job on a loaded CI machine.
 */
const expectations = { poll: { timeout: 15_000 } };

/**
 * Packages that import React are bundled by vitest so that theirs is our Preact (react-runtime.ts),
 * each in its ES module build: a CommonJS build's `require("react")` would still reach React.
 */
const deps = { inline: [importsReact.path] };
const ssr = { resolve: { conditions: ["module", "node", "development|production"] } };

const api = (name: string, dbKind: "pglite" | "postgres") => ({
  resolve: { alias },
  ssr,
  test: {
    name,
    include: ["src/server/**/*.test.ts"],
    environment: "node",
    server: { deps },
    globalSetup: [here("./src/server/test/global-setup.ts")],
    env: { TEST_DB_KIND: dbKind },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: expectations,
  },
});

/** Named on the command line (`--project stress`): for projects kept out of a plain `vitest run`. */
const named = (name: string) =>
  process.argv.some((arg, i) => arg === `--project=${name}` || (arg === "--project" && process.argv[i + 1] === name));

// Crash and overload tests take minutes and load the whole machine: `npm run test:stress` only.
const stress = {
  resolve: { alias },
  test: {
    name: "stress",
    include: ["stress/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
};

/**
 * Two files at once, even on two cores (vitest's default there is one): on this project's 2-core
 * machine `npm test` went from 33 to 28 minutes (2026-11-29). The browser journeys run after the
 * rest, one file at a time, with the machine to themselves as before.
 */
const TEST_FILES_AT_ONCE = 2;
const afterTheRest = { groupOrder: 1 };

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: TEST_FILES_AT_ONCE,
    projects: [
      {
        resolve: { alias },
        ssr,
        test: {
          name: "unit",
          include: ["src/shared/**/*.test.ts", "src/client/**/*.test.ts", "e2e/support/**/*.test.ts"],
          environment: "node",
          server: { deps },
        },
      },
      api("api-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [api("api-postgres", "postgres")] : []),
      {
        resolve: { alias },
        ssr,
        test: {
          name: "e2e",
          include: ["e2e/*.test.ts"],
          environment: "node",
          server: { deps },
          globalSetup: [here("./e2e/support/global-setup.ts")],
          fileParallelism: false,
          sequence: afterTheRest,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: expectations,
        },
      },
      ...(named("stress") ? [stress] : []),
    ],
  },
});
