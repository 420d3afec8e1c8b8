import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The import rules of eslint.config.js, held by probe files that break each one: if a rule stops
// firing (a glob moved, a plugin dropped), this fails.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const probeDir = path.join(root, "src/client", `lint-probe-${process.pid}`);
let eslint: ESLint;

const probe = (name: string, text: string) => {
  const file = path.join(probeDir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};

const rulesBroken = async (file: string) =>
  (await eslint.lintFiles([file])).flatMap((r) => r.messages.map((m) => m.ruleId));

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});
afterAll(() => fs.rmSync(probeDir, { recursive: true, force: true }));

describe("the import rules", () => {
  it("refuse a cycle between two modules", async () => {
    const a = probe("cycle-a.ts", 'import { b } from "./cycle-b";\nexport const a = () => b;\n');
    probe("cycle-b.ts", 'import { a } from "./cycle-a";\nexport const b = () => a;\n');
    expect(await rulesBroken(a)).toContain("import-x/no-cycle");
  }, 60_000);

  it("refuse the client importing the server", async () => {
    const file = probe("server.ts", 'import { buildApp } from "@server/app.js";\nexport const x = buildApp;\n');
    expect(await rulesBroken(file)).toContain("no-restricted-imports");
  }, 60_000);

  it("accept a module importing a neighbour one way", async () => {
    const a = probe("one-way-a.ts", 'import { b } from "./one-way-b";\nexport const a = () => b;\n');
    probe("one-way-b.ts", "export const b = 1;\n");
    expect(await rulesBroken(a)).toEqual([]);
  }, 60_000);
});
