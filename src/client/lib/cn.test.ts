import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

/** Every word in the client's string literals that looks like a Tailwind class. */
function classesInClient(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") && entry.name !== "cn.ts") {
        const source = fs.readFileSync(file, "utf8");
        for (const [, a, b] of source.matchAll(/"([^"\n]*)"|`([^`]*)`/g)) {
          for (const word of (a ?? b).split(/\s+/)) {
            if (/^!?-?[a-z@][\w:\-[\]/.#%(),=&*>+!]*$/.test(word) && /[-:]|^[a-z]+$/.test(word)) found.add(word);
          }
        }
      }
    }
  };
  walk(path.resolve(__dirname, ".."));
  return [...found].sort();
}

describe("cn", () => {
  it("joins conditional classes", () => {
    const off = false;
    expect(cn("a", off && "b", undefined, ["c", { d: true, e: false }])).toBe("a c d");
  });

  it("lets a later class override an earlier one of its group, as twMerge does", () => {
    expect(cn("relative grid h-10", "hidden sm:grid")).toBe("relative h-10 hidden sm:grid");
    expect(cn("rounded-lg px-3 text-sm", "rounded-none px-4 text-base text-rose")).toBe(
      "rounded-none px-4 text-base text-rose",
    );
    expect(cn("transition-opacity duration-500", "transition-transform duration-700")).toBe(
      "transition-transform duration-700",
    );
  });

  it("merges every pair of the app's classes exactly as tailwind-merge's full configuration", () => {
    const classes = classesInClient();
    expect(classes.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        if (a === b) continue;
        const pair = `${a} ${b}`;
        const expected = twMerge(pair);
        if (cn(pair) !== expected) differences.push(`${pair} → ${cn(pair)} (twMerge: ${expected})`);
      }
    }
    expect(differences.slice(0, 40)).toEqual([]);
    // About a million merges: seconds of work, more on a busy CI machine, so not the 5 s default.
  }, 120_000);
});
