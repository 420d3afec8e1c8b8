import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
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

/**
 * One block of import boundaries. A later block matching the same file replaces an earlier one's
 * patterns, so each block names every restriction for its files.
 */
const boundary = (files, patterns, ignores) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: { "no-restricted-imports": ["error", { patterns }] },
});
const clientCode = (files, ...patterns) => boundary(files, [...clientBase, ...patterns]);
const serverCode = (files, ...patterns) => boundary(files, [...serverBase, ...patterns], ["src/server/**/*.test.ts"]);

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
  // No import cycle anywhere (the server's modules are also held one way by architecture.test.ts).
  {
    files: ["src/**/*.ts", "src/**/*.tsx"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  // Import boundaries, one way each (decision 006 and docs/architecture.md):
  //   shared ← client (app → features → lib/components) and shared ← server (modules → lib; plugins).
  clientCode(["src/client/**"]),
  // Building blocks know no feature and no route.
  clientCode(["src/client/lib/**", "src/client/components/**"], {
    regex: "^(@client/|(\\.\\./)+)(features|app)/",
    message: "lib/ and components/ must not import features or app",
  }),
  // Features are composed by the app, never the other way round.
  clientCode(["src/client/features/**"], {
    regex: "^(@client/|(\\.\\./)+)app/",
    message: "features must not import from app/ (move the shared piece into a feature or lib)",
  }),
  boundary(
    ["src/shared/**"],
    ["@server/*", "@client/*", "**/server/**", "**/client/**", "react", "react-dom", "fastify", "drizzle-orm"],
  ),
  // The server reaches the client only through the built server renderer, never by import.
  serverCode(["src/server/**"]),
  // Modules use the admin guard, nothing else of the plugins; lib knows neither.
  serverCode(["src/server/modules/**", "src/server/lib/**"], {
    regex: "(^|/)plugins/(?!auth\\.js$)",
    message: "modules and lib must not import server plugins (only the admin guard, plugins/auth.js)",
  }),
  serverCode(["src/server/lib/**"], {
    regex: "(^|/)(plugins|modules)/",
    message: "lib/ must not import plugins or modules",
  }),
  // Plugins may call a module's service, never its routes.
  serverCode(["src/server/plugins/**"], {
    regex: "(^|/)modules/.+-routes(\\.js)?$",
    message: "plugins must not import route files",
  }),
);
