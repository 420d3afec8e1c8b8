import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const clientBase = [{ group: ["@server/*", "**/server/**"], message: "the client never imports the server" }];
const serverBase = [
  { group: ["@client/*"], message: "the server never imports the client (it loads the built renderer)" },
  {
    regex: "(^|/)src/client/|^(\\.\\./)+client/(app|features|lib|components)",
    message: "the server never imports the client",
  },
];

export default tseslint.config(
  { ignores: ["dist", "data", "node_modules", "bench/results", "e2e/screenshots"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["src/client/**/*.tsx", "src/client/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  // Import boundaries, one way each (decision 006 and docs/architecture.md):
  //   shared ← client (app → features → lib/components) and shared ← server (modules → lib; plugins).
  // Each block names every restriction for its files, since a later block replaces an earlier one's.
  {
    files: ["src/client/**"],
    rules: { "no-restricted-imports": ["error", { patterns: clientBase }] },
  },
  {
    // Building blocks know no feature and no route.
    files: ["src/client/lib/**", "src/client/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...clientBase,
            {
              regex: "^(@client/|(\\.\\./)+)(features|app)/",
              message: "lib/ and components/ must not import features or app",
            },
          ],
        },
      ],
    },
  },
  {
    // Features are composed by the app, never the other way round.
    files: ["src/client/features/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...clientBase,
            {
              regex: "^(@client/|(\\.\\./)+)app/",
              message: "features must not import from app/ (move the shared piece into a feature or lib)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "@server/*",
            "@client/*",
            "**/server/**",
            "**/client/**",
            "react",
            "react-dom",
            "fastify",
            "drizzle-orm",
          ],
        },
      ],
    },
  },
  {
    // The server reaches the client only through the built server renderer, never by import.
    files: ["src/server/**"],
    ignores: ["src/server/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: serverBase }] },
  },
  {
    // Modules use the admin guard, nothing else of the plugins; lib knows neither.
    files: ["src/server/modules/**", "src/server/lib/**"],
    ignores: ["src/server/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...serverBase,
            {
              regex: "(^|/)plugins/(?!auth\\.js$)",
              message: "modules and lib must not import server plugins (only the admin guard, plugins/auth.js)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/server/lib/**"],
    ignores: ["src/server/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...serverBase,
            { regex: "(^|/)(plugins|modules)/", message: "lib/ must not import plugins or modules" },
          ],
        },
      ],
    },
  },
  {
    // Plugins may call a module's service, never its routes.
    files: ["src/server/plugins/**"],
    ignores: ["src/server/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...serverBase,
            { regex: "(^|/)modules/.+-routes(\\.js)?$", message: "plugins must not import route files" },
          ],
        },
      ],
    },
  },
);
