import fs from "node:fs";
import path from "node:path";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "./db/schema.js";
import { insertsOrders, orderColumnWrites } from "./test/order-column-writes.js";

/**
 * The server's modules depend one way (decision 017): the order core at the bottom, satellites
 * above it, the routes that compose them on top. Read from the source, not the running app.
 */
const SERVER = import.meta.dirname;
const MODULES = path.join(SERVER, "modules");
const { belowOrderCore } = JSON.parse(fs.readFileSync(path.join(MODULES, "layers.json"), "utf8")) as {
  belowOrderCore: string[];
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return file.endsWith(".ts") && !file.endsWith(".test.ts") ? [file] : [];
  });
}

const moduleOf = (file: string) => path.relative(MODULES, file).split(path.sep)[0];

/** Module → the modules its files import (relative imports only). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file);
    if (from.endsWith(".ts")) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, spec] of fs.readFileSync(file, "utf8").matchAll(/from "(\.{1,2}\/[^"]+)"/g)) {
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(MODULES + path.sep)) continue;
      const to = moduleOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A cycle through the graph, as a path of module names, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "visiting" | "done">();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "visiting") return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, "visiting");
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("the server's architecture", () => {
  it("has no cycle between server modules", () => {
    expect(findCycle(moduleGraph())).toBeNull();
  });

  it("keeps the order core at the bottom: it imports only the modules below it (layers.json, also held by the linter)", () => {
    const core = [...moduleGraph().get("order-core")!].sort();
    expect(core.filter((name) => !belowOrderCore.includes(name))).toEqual([]);
  });

  it("writes an order's status and timeline only in the order core", () => {
    const writes = [
      /insert\s+into\s+order_status_events/i,
      /orderStatusEvents\)\s*\.values/,
      /update\s+orders\s+(?:\w+\s+)?set\s+status\b/i,
      /\.update\(orders\)\s*\.set\(\{\s*status\b/,
    ];
    const offenders = sourceFiles(SERVER)
      .filter((file) => !file.startsWith(path.join(MODULES, "order-core") + path.sep))
      .filter((file) => !file.startsWith(path.join(SERVER, "db", "demo") + path.sep))
      .filter((file) => !file.startsWith(path.join(SERVER, "test") + path.sep))
      .filter((file) => writes.some((w) => w.test(fs.readFileSync(file, "utf8"))))
      .map((file) => path.relative(SERVER, file));
    expect(offenders).toEqual([]);
  });

  it("lists every listener of an order's life in one place, modules/order-satellites.ts", () => {
    const offenders = sourceFiles(SERVER)
      .filter((file) => !file.endsWith(path.join("modules", "order-satellites.ts")))
      .filter((file) => /\.on(Transition|Changed)\(/.test(fs.readFileSync(file, "utf8")))
      .filter((file) => !file.endsWith(path.join("order-core", "order-core.ts")))
      .map((file) => path.relative(SERVER, file));
    expect(offenders).toEqual([]);
  });

  it("modules do not reach into the plugins (the access check runs for every route)", () => {
    const offenders = sourceFiles(MODULES).filter((file) =>
      /from "\.\.\/\.\.\/plugins\//.test(fs.readFileSync(file, "utf8")),
    );
    expect(offenders.map((file) => path.relative(SERVER, file))).toEqual([]);
  });

  describe("one owner per column of orders (modules/order-columns.json)", () => {
    const owners = JSON.parse(fs.readFileSync(path.join(MODULES, "order-columns.json"), "utf8")) as Record<
      string,
      string[] | string
    >;
    const ownerOf = new Map(
      Object.entries(owners).flatMap(([module, columns]) =>
        Array.isArray(columns) ? columns.map((column) => [column, module] as const) : [],
      ),
    );
    const byKey = new Map(Object.entries(getTableColumns(orders)).map(([key, column]) => [key, column.name]));
    const columnOf = (key: string) => byKey.get(key);

    it("names each column once", () => {
      const named = Object.values(owners).flatMap((columns) => (Array.isArray(columns) ? columns : []));
      expect(named.length).toBe(new Set(named).size);
      for (const column of named) expect([...byKey.values()], column).toContain(column);
    });

    it("lets a module write only the columns it owns, and only the order core insert orders", () => {
      const offenders = sourceFiles(MODULES).flatMap((file) => {
        const module = moduleOf(file);
        const source = fs.readFileSync(file, "utf8");
        const wrong = orderColumnWrites(source, columnOf)
          .filter((column) => ownerOf.get(column) !== module)
          .map((column) => `${column} (owner: ${ownerOf.get(column) ?? "none"})`);
        if (insertsOrders(source) && module !== "order-core") wrong.push("inserts orders");
        return wrong.map((what) => `${path.relative(SERVER, file)}: ${what}`);
      });
      expect(offenders).toEqual([]);
    });

    it("reads the writes it guards, and fails on one it cannot read", () => {
      const source = `
        const answered = sql\`confirmation_state = \${"x"}, confirmation_updated_at = now()\`;
        await tx.execute(sql\`update orders o set courier_status = news.status, courier_status_at = coalesce(\${at}, now())
          from news where o.id = news.order_id\`);
        await w.changeStatus({ orderIds, to, alsoSet: answered });
        await tx.update(orders).set({ trackingNumber, courier: name, ...rest }).where(eq(orders.id, id));
        await tx.execute(sql\`update orders set \${sql.join(sets, sql\`, \`)} where id = \${id}\`);`;
      expect(orderColumnWrites(source, columnOf).sort()).toEqual(
        [
          "?",
          "confirmation_state",
          "confirmation_updated_at",
          "courier",
          "courier_status",
          "courier_status_at",
          "tracking_number",
        ].sort(),
      );
    });
  });
});
