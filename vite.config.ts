import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here("./src/client"),
  publicDir: here("./src/client/public"),
  plugins: [
    react(),
    tailwindcss(),
    // .gz and .br beside every asset, served by @fastify/static's preCompressed: compressed once, at build.
    compression({
      algorithms: [defineAlgorithm("gzip", { level: 9 }), defineAlgorithm("brotliCompress")],
      threshold: 1024,
    }),
  ],
  resolve: {
    alias: {
      "@shared": here("./src/shared"),
      "@client": here("./src/client"),
    },
  },
  build: {
    outDir: here("./dist/client"),
    emptyOutDir: true,
    // The server reads it to preload each page's own chunk with the HTML (no lazy-load waterfall).
    manifest: true,
    sourcemap: false,
  },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
