import fs from "node:fs";
import path from "node:path";
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

const here = import.meta.dirname;
const serverModules = fs
  .readdirSync(path.join(here, "src/server/modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Every file of every server module (not the registry, modules/index.ts). */
const MODULE_FILES = "src/server/modules/*/**/*";
/** Each module's public face. */
const MODULE_FACES = path.join(here, "src/server/modules/*/index.ts");
/** The modules below the order core, the only ones it may import (decision 017). */
const { belowOrderCore } = JSON.parse(fs.readFileSync(path.join(here, "src/server/modules/layers.json"), "utf8"));
const UPWARD_IMPORT =
  "the order core imports only the modules below it (src/server/modules/layers.json): let the satellite register a listener (onTransition/onChanged) or pass what it decided into the workflow";
const DEEP_IMPORT =
  "imports another server module's own file: import what it offers from its index.ts (export it there if another module needs it)";

/**
 * Each server module's public face: from outside a module, only its index.ts; inside it, any file.
 * Tests and test support may reach inside (they test the parts); the registry of route plugins
 * (modules/index.ts) composes the modules' routes, which no index exports (plugins/auth.ts, which
 * the routes use, imports the auth module: a route in its index would be a cycle).
 */
const moduleFaces = {
  files: ["src/server/**/*.ts"],
  ignores: ["src/server/**/*.test.ts", "src/server/test/**", "src/server/modules/index.ts"],
  rules: {
    "import-x/no-restricted-paths": [
      "error",
      {
        basePath: here,
        zones: [
          ...serverModules.map((name) => ({
            target: `src/server/modules/${name}`,
            from: MODULE_FILES,
            except: [path.join(here, `src/server/modules/${name}/**`), MODULE_FACES],
            message: DEEP_IMPORT,
          })),
          {
            target: "src/server/modules/order-core",
            from: MODULE_FILES,
            except: ["order-core", ...belowOrderCore].map((name) => path.join(here, `src/server/modules/${name}/**`)),
            message: UPWARD_IMPORT,
          },
          {
            target: ["src/server/*.ts", "src/server/!(modules)/**"],
            from: MODULE_FILES,
            except: [MODULE_FACES],
            message: DEEP_IMPORT,
          },
        ],
      },
    ],
  },
};

const foldersOf = (dir) =>
  fs
    .readdirSync(path.join(here, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * One zone per feature: a feature imports no other feature (`shared` is the one every feature may
 * use); what two need goes to `shared`, components/ or lib/, and the app composes them.
 */
function featureZones(dir, shared, message) {
  const all = path.join(here, dir, "*/**/*");
  const sharedFiles = shared ? [path.join(here, dir, shared, "**")] : [];
  return foldersOf(dir).map((name) => ({
    target: `${dir}/${name}`,
    from: all,
    except: [path.join(here, dir, name, "**"), ...(name === shared ? [] : sharedFiles)],
    message,
  }));
}

/**
 * The admin's sub-features (features/admin/*), one zone each: what two tabs share lives in
 * lib/admin (the API modules and query keys several tabs read) or components/admin (the panels),
 * and app/admin composes them. The admin as a whole imports no storefront feature.
 */
const adminZones = {
  files: ["src/client/features/admin/**/*.ts", "src/client/features/admin/**/*.tsx"],
  rules: {
    "import-x/no-restricted-paths": [
      "error",
      {
        basePath: here,
        zones: [
          ...featureZones(
            "src/client/features/admin",
            undefined,
            "an admin sub-feature imports no other: move the shared piece to lib/admin or components/admin, or compose the two in app/admin",
          ),
          {
            target: "src/client/features/admin",
            from: path.join(here, "src/client/features/!(admin)/**/*"),
            message: "the admin imports no storefront feature: share through components/, lib/ or shared/",
          },
        ],
      },
    ],
  },
};

/**
 * The storefront's features (features/*), one zone each (the admin has its own, above): what two
 * features share lives in lib/ (the cart, the settings read, the pixel, the dialogs' context) or
 * components/ (the advance panel), and app/ composes them (the store's dialogs).
 */
export const storefrontZones = {
  files: ["src/client/features/**/*.ts", "src/client/features/**/*.tsx"],
  ignores: ["src/client/features/admin/**"],
  rules: {
    "import-x/no-restricted-paths": [
      "error",
      {
        basePath: here,
        zones: featureZones(
          "src/client/features",
          undefined,
          "a feature imports no other feature: move the shared piece to components/, lib/ or shared/, or compose the two in app/",
        ),
      },
    ],
  },
};

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
  moduleFaces,
  adminZones,
  storefrontZones,
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
