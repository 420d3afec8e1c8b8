/**
 * The React the store runs on is Preact's compatibility layer (decision 056): the code imports
 * `react` and `react-dom` as written, and every build (the browser's, the server renderer's, the
 * tests') resolves them here. React DOM was 60 % of the app's first script.
 */
export const reactAsPreact = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

/** Packages that import React themselves (their names' beginnings). */
const USES_REACT =
  "@radix-ui/|radix-ui|@floating-ui/react|@tanstack/react-query|lucide-react|react-hook-form|@hookform/|react-redux|react-remove-scroll|react-router|react-style-singleton|recharts|sonner|swiper|use-callback-ref|use-sidecar|use-sync-external-store";

/**
 * Where a build or test loads packages from node_modules as they are (Vite's development
 * server-side rendering, vitest), these must be bundled instead, so that their `react` is the
 * same Preact as ours: by name for Vite's `ssr.noExternal`, by path for vitest's `deps.inline`.
 */
export const importsReact = {
  name: new RegExp(`^(${USES_REACT})`),
  path: new RegExp(`/node_modules/(${USES_REACT})`),
};
