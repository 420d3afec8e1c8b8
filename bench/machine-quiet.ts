// A first visit measured while something else keeps the CPU busy is a measure of that other thing:
// on this 2-core machine the phone profile's 4x CPU slowdown turns every millisecond another process
// takes into four of the page's. Chromium's own shutdown after the previous load, a peer's server
// finishing its work (rendering the links its page prefetched) or a build elsewhere on the machine
// all land on the next page measured. So each load waits, within a limit, for a quiet machine, and
// reports how busy the machine was when it started.
import fs from "node:fs";

/** Idle and total CPU time of all cores so far (the first line of /proc/stat), or undefined off Linux. */
function cpuTimes(): { idle: number; total: number } | undefined {
  try {
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal …: idle and iowait are the idle time.
    return { idle: fields[3] + (fields[4] ?? 0), total: fields.reduce((sum, n) => sum + n, 0) };
  } catch {
    return undefined;
  }
}

/** The share of CPU time (0–1, all cores) spent busy over the next `ms`; undefined where unknown. */
export async function cpuBusyOver(ms: number): Promise<number | undefined> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return undefined;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

/**
 * Waits until the CPU has been at most `maxBusy` busy over one `windowMs` window, or until `limitMs`
 * has passed, and returns the last window's busy share (rounded to a hundredth; undefined off Linux).
 */
export async function waitForQuietMachine({ maxBusy = 0.25, windowMs = 500, limitMs = 15_000 } = {}) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const busy = await cpuBusyOver(windowMs);
    if (busy === undefined) return undefined;
    if (busy <= maxBusy || Date.now() >= deadline) return Math.round(busy * 100) / 100;
  }
}
