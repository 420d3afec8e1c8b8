/**
 * Run by `npm test` before the tests: makes sure the browser journeys have a Chromium, and
 * installs one when there is none (Debian's package, else playwright's download), saying so.
 */
import { spawnSync } from "node:child_process";
import { findChromium, installSteps, MANUAL_INSTALL_HELP } from "../e2e/support/chromium.js";

const has = (command: string, args: string[]) => spawnSync(command, args, { stdio: "ignore" }).status === 0;

function main(): number {
  const found = findChromium();
  if (found) return 0;
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which is not a program that can run.`);
    console.error("Fix or unset CHROMIUM_PATH, then run npm test again.");
    return 1;
  }
  const steps = installSteps({
    hasAptGet: has("sh", ["-c", "command -v apt-get"]),
    isRoot: process.getuid?.() === 0,
    hasSudo: has("sudo", ["-n", "true"]),
  });
  for (const step of steps) {
    console.log(
      step.how === "apt"
        ? "No Chromium found for the browser tests: installing Debian's chromium with apt-get (a minute or two, once)…"
        : "Installing playwright's Chromium for the browser tests (a download, once)…",
    );
    const [command, ...args] = step.command;
    const result = spawnSync(command, args, { stdio: "inherit" });
    const installed = findChromium();
    if (result.status === 0 && installed) {
      console.log(`Chromium ready at ${installed}.`);
      return 0;
    }
    console.log(`That did not work (exit ${result.status ?? result.signal}).`);
  }
  console.error(MANUAL_INSTALL_HELP);
  return 1;
}

process.exit(main());
