import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { startStore, type RunningStore } from "./store";

/** What a journey file runs against: the real store and a Chromium. */
export interface Suite {
  store: RunningStore;
  browser: Browser;
}

/**
 * The one start-up of the browser journeys: a store (with `options`) and a browser, started
 * together before the file's (or the describe block's) tests and closed after them, also when
 * one of them failed to start. A file's own set-up follows in a `beforeAll` of its own.
 */
export function startedStore(options?: Parameters<typeof startStore>[0]): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    [suite.store, suite.browser] = await Promise.all([startStore(options), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.store?.close();
  });
  return suite;
}
