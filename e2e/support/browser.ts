import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { APP_STARTED } from "@shared/page-scripts.js";
import { findChromium } from "./chromium.js";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/** The machine's Chromium (Debian's by default), headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export async function newContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  const isPhone = viewport.width < 600;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile: isPhone,
    hasTouch: isPhone,
    deviceScaleFactor: isPhone ? 2 : 1,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

const SHOTS = path.resolve("e2e/screenshots");

/** Saves what a shopper sees to e2e/screenshots (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/**
 * Whether the element is there and the app has hydrated the page (its `app-started` mark: the
 * first render has committed). A rendered page hydrates after its first paint (decisions 048
 * and 054).
 */
export const hydrated = (page: Page, selector: string) =>
  page.evaluate(
    ({ selector, mark }) => !!document.querySelector(selector) && performance.getEntriesByName(mark).length > 0,
    { selector, mark: APP_STARTED },
  );
