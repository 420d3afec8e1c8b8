import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The import rules of eslint.config.js, held by probe files that break each one: if a rule stops
// firing (a glob moved, a plugin dropped), this fails.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const probeDir = path.join(root, "src/client", `lint-probe-${process.pid}`);
/** Probes that must stand in a real folder (a server module, an admin sub-feature): removed one by one. */
const placedProbes: string[] = [];
let eslint: ESLint;

const probe = (name: string, text: string) => {
  const file = path.join(probeDir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};

/** A probe file in `folder` (from the repository root) importing `from`. */
const probeIn = (folder: string, from: string) => {
  const file = path.join(root, folder, `lint-probe-${process.pid}-${placedProbes.length}.ts`);
  fs.writeFileSync(file, `import * as probed from "${from}";\nexport const x = probed;\n`);
  placedProbes.push(file);
  return file;
};

const rulesBroken = async (file: string) =>
  (await eslint.lintFiles([file])).flatMap((r) => r.messages.map((m) => m.ruleId));

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});
afterAll(() => {
  fs.rmSync(probeDir, { recursive: true, force: true });
  for (const file of placedProbes) fs.rmSync(file, { force: true });
});

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

describe("each server module's public face", () => {
  const RULE = "import-x/no-restricted-paths";

  it("refuses a module importing another module's own file", async () => {
    expect(await rulesBroken(probeIn("src/server/modules/orders", "../audit/audit.js"))).toContain(RULE);
  }, 60_000);

  it("refuses the app's plugins reaching inside a module", async () => {
    expect(await rulesBroken(probeIn("src/server/plugins", "../modules/audit/audit.js"))).toContain(RULE);
  }, 60_000);

  it("accepts another module's index.ts, and any file of the module's own", async () => {
    expect(await rulesBroken(probeIn("src/server/modules/orders", "../audit/index.js"))).toEqual([]);
    expect(await rulesBroken(probeIn("src/server/modules/orders", "./order-admin.js"))).toEqual([]);
    expect(await rulesBroken(probeIn("src/server/plugins", "../modules/audit/index.js"))).toEqual([]);
  }, 60_000);
});

describe("the admin's sub-features", () => {
  const RULE = "import-x/no-restricted-paths";

  it("refuse one sub-feature importing another, by relative path or alias", async () => {
    expect(await rulesBroken(probeIn("src/client/features/admin/whatsapp", "../orders/order-view-dialog"))).toContain(
      RULE,
    );
    expect(
      await rulesBroken(
        probeIn("src/client/features/admin/products", "@client/features/admin/categories/categories-tab"),
      ),
    ).toContain(RULE);
  }, 60_000);

  it("refuse the admin importing a storefront feature", async () => {
    expect(await rulesBroken(probeIn("src/client/features/admin/orders", "@client/features/cart/cart-page"))).toContain(
      RULE,
    );
  }, 60_000);

  it("refuse lib/admin and components/admin importing a sub-feature", async () => {
    expect(await rulesBroken(probeIn("src/client/lib/admin", "@client/features/admin/orders/orders-tab"))).toContain(
      "no-restricted-imports",
    );
    expect(
      await rulesBroken(probeIn("src/client/components/admin", "../../features/admin/orders/orders-tab")),
    ).toContain("no-restricted-imports");
  }, 60_000);

  it("accept a sub-feature importing lib/admin, components/admin and its own files, and the admin's app composing them", async () => {
    expect(await rulesBroken(probeIn("src/client/features/admin/orders", "@client/components/admin/panel"))).toEqual(
      [],
    );
    expect(await rulesBroken(probeIn("src/client/features/admin/whatsapp", "@client/lib/admin/orders-api"))).toEqual(
      [],
    );
    expect(await rulesBroken(probeIn("src/client/features/admin/orders", "./orders-tab"))).toEqual([]);
    expect(await rulesBroken(probeIn("src/client/app/admin", "@client/features/admin/orders/orders-tab"))).toEqual([]);
  }, 60_000);
});

describe("the storefront's feature zones", () => {
  const RULE = "import-x/no-restricted-paths";

  it("refuse one feature importing another, by alias or relative path", async () => {
    expect(await rulesBroken(probeIn("src/client/features/checkout", "@client/features/cart/cart-page"))).toContain(
      RULE,
    );
    expect(await rulesBroken(probeIn("src/client/features/reviews", "../layout/site-header"))).toContain(RULE);
  }, 60_000);

  it("accept a feature importing lib/, components/ and its own files, and app/ composing features", async () => {
    expect(await rulesBroken(probeIn("src/client/features/checkout", "@client/lib/cart/cart-api"))).toEqual([]);
    expect(await rulesBroken(probeIn("src/client/features/tracking", "./returns/order-aftercare"))).toEqual([]);
    expect(await rulesBroken(probeIn("src/client/app", "@client/features/tracking/track-orders-dialog"))).toEqual([]);
  }, 60_000);
});
