import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { startStore, type RunningStore } from "./store";

type StoreOptions = NonNullable<Parameters<typeof startStore>[0]>;

/** What a journey file runs against: the real store and a Chromium. */
export interface Suite {
  store: RunningStore;
  browser: Browser;
}

/**
 * The one start-up of the browser journeys: a store (with `options`) and a browser, started
 * together before the file's (or the describe block's) tests and closed after them, also when
 * one of them failed to start. A file's own set-up follows in a `beforeAll` of its own; options
 * known only once an earlier `beforeAll` ran (a fake's address) are given as a function.
 */
export function startedStore(options?: StoreOptions | (() => StoreOptions)): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    const given = typeof options === "function" ? options() : options;
    [suite.store, suite.browser] = await Promise.all([startStore(given), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.store?.close();
  });
  return suite;
}
