import fs from "node:fs";
import { chromium } from "playwright-core";

/** Where a Chromium is usually found on Linux, Debian's first. */
export const USUAL_CHROMIUM_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
  "/snap/bin/chromium",
];

const isExecutable = (file: string): boolean => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set (and only it, so a wrong
 * setting is reported rather than silently replaced), else the first of the usual places, else
 * playwright's own download. Undefined when there is none.
 */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  candidates: string[] = [...USUAL_CHROMIUM_PATHS, playwrightChromium()],
): string | undefined {
  if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  return candidates.find((file) => file && isExecutable(file));
}

function playwrightChromium(): string {
  try {
    return chromium.executablePath();
  } catch {
    return "";
  }
}

export type InstallStep = { how: "apt"; command: string[] } | { how: "playwright"; command: string[] };

/**
 * How this machine can get a Chromium, best first: Debian's package when apt-get is there and we
 * may use it (root, or sudo without a password), then playwright's browser download.
 */
export function installSteps(machine: { hasAptGet: boolean; isRoot: boolean; hasSudo: boolean }): InstallStep[] {
  const steps: InstallStep[] = [];
  if (machine.hasAptGet && (machine.isRoot || machine.hasSudo)) {
    const sudo = machine.isRoot ? [] : ["sudo", "-n"];
    steps.push({
      how: "apt",
      command: [
        "sh",
        "-c",
        `${sudo.join(" ")} apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo.join(" ")} apt-get install -y -qq chromium`.trim(),
      ],
    });
  }
  steps.push({ how: "playwright", command: ["npx", "playwright-core", "install", "chromium"] });
  return steps;
}

export const MANUAL_INSTALL_HELP =
  "No Chromium for the browser tests, and none could be installed. Install one yourself, then run npm test again:\n" +
  "  Debian/Ubuntu: sudo apt-get install -y chromium\n" +
  "  elsewhere:     npx playwright-core install chromium\n" +
  "or point CHROMIUM_PATH at a Chromium or Chrome you already have.";
