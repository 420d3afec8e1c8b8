import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Plugin } from "vite";

const FOOTER_LINE = "Cash on delivery across Pakistan.";

/**
 * An edit to the storefront's source in `npm run dev` without touching the source other tests and
 * builds read: the footer's line comes from a file outside the repository, which Vite watches as
 * a dependency of site-footer.tsx. Writing the file is a change to that module as far as Vite's
 * watcher, module graph and hot updates are concerned.
 */
export function footerEdit(firstLine: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "footer-edit-"));
  const file = path.join(folder, "footer-line.txt");
  fs.writeFileSync(file, firstLine);
  const plugin: Plugin = {
    name: "test-footer-edit",
    enforce: "pre",
    transform(code, id) {
      if (!id.split("?", 1)[0].endsWith("/features/layout/site-footer.tsx")) return;
      this.addWatchFile(file);
      if (!code.includes(FOOTER_LINE)) throw new Error(`site-footer.tsx no longer says "${FOOTER_LINE}"`);
      return code.replace(FOOTER_LINE, fs.readFileSync(file, "utf8"));
    },
  };
  return {
    plugin,
    write: (line: string) => fs.writeFileSync(file, line),
    remove: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}
