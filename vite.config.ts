import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here("./src/client"),
  publicDir: here("./src/client/public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@shared": here("./src/shared"),
      "@client": here("./src/client"),
    },
  },
  build: {
    outDir: here("./dist/client"),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
