import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findChromium, installSteps } from "./chromium.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chromium-find-"));
const program = path.join(dir, "chrome");
fs.writeFileSync(program, "#!/bin/sh\n", { mode: 0o755 });
const notProgram = path.join(dir, "readme.txt");
fs.writeFileSync(notProgram, "", { mode: 0o644 });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("findChromium", () => {
  it("takes CHROMIUM_PATH when it names a program, and nothing else when it does not", () => {
    expect(findChromium({ CHROMIUM_PATH: program }, [])).toBe(program);
    expect(findChromium({ CHROMIUM_PATH: notProgram }, [program])).toBeUndefined();
    expect(findChromium({ CHROMIUM_PATH: path.join(dir, "missing") }, [program])).toBeUndefined();
  });

  it("takes the first usual place that holds a program", () => {
    expect(findChromium({}, [path.join(dir, "missing"), notProgram, program])).toBe(program);
    expect(findChromium({}, [path.join(dir, "missing"), notProgram])).toBeUndefined();
  });
});

describe("installSteps", () => {
  it("tries Debian's package first when apt-get may be used, then playwright's download", () => {
    expect(installSteps({ hasAptGet: true, isRoot: true, hasSudo: false }).map((s) => s.how)).toEqual([
      "apt",
      "playwright",
    ]);
    const [apt] = installSteps({ hasAptGet: true, isRoot: false, hasSudo: true });
    expect(apt.command.join(" ")).toContain("sudo -n apt-get install -y -qq chromium");
  });

  it("goes straight to playwright's download without apt-get or the right to use it", () => {
    expect(installSteps({ hasAptGet: false, isRoot: true, hasSudo: true }).map((s) => s.how)).toEqual(["playwright"]);
    expect(installSteps({ hasAptGet: true, isRoot: false, hasSudo: false }).map((s) => s.how)).toEqual(["playwright"]);
  });
});
