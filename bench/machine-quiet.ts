// A first visit measured while something else keeps the CPU busy is a measure of that other thing:
// on this 2-core machine the phone profile's 4x CPU slowdown turns every millisecond another process
// takes into four of the page's. Chromium's own shutdown after the previous load, a peer's server
// finishing its work (rendering the links its page prefetched) or a build elsewhere on the machine
// all land on the next page measured. So each load waits, within a limit, for a quiet machine, and
// reports how busy the machine was when it started.
import os from "node:os";

/** When the machine counts as quiet: at most `maxBusy` of all cores' time busy over one `windowMs` window; waited for at most `limitMs`. */
export const QUIET_MACHINE = { maxBusy: 0.25, windowMs: 500, limitMs: 15_000 };

/** Idle and total CPU time of all cores so far, in ms. */
function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/** The share of CPU time (0–1, all cores) spent busy over the next `ms`. */
async function cpuBusyOver(ms: number): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  return after.total === before.total ? 0 : 1 - (after.idle - before.idle) / (after.total - before.total);
}

/** How busy the machine is over one window (0–1, rounded to a hundredth), without waiting for it to be quiet. */
export async function machineBusyNow(): Promise<number> {
  return Math.round((await cpuBusyOver(QUIET_MACHINE.windowMs)) * 100) / 100;
}

/** Waits for a quiet machine (QUIET_MACHINE) and returns the last window's busy share, rounded to a hundredth. */
export async function waitForQuietMachine(): Promise<number> {
  const { maxBusy, windowMs, limitMs } = QUIET_MACHINE;
  const deadline = Date.now() + limitMs;
  for (;;) {
    const busy = await cpuBusyOver(windowMs);
    if (busy <= maxBusy || Date.now() >= deadline) return Math.round(busy * 100) / 100;
  }
}
