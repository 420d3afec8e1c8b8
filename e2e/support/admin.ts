import type { BrowserContext, Page } from "playwright-core";
import { E2E_ADMIN } from "./store";

/** Fills and sends the admin login form the page shows. */
export async function logIn(page: Page, who: { username: string; password: string } = E2E_ADMIN): Promise<void> {
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByLabel("Password").press("Enter");
}

/**
 * Opens an admin path in a new page of the context, logging in first when the context has no
 * session yet; resolves once the dashboard shows.
 */
export async function openAdmin(
  context: BrowserContext,
  path = "/admin",
  who: { username: string; password: string } = E2E_ADMIN,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  const dashboard = page.getByRole("heading", { name: "Admin Dashboard" });
  await page.getByLabel("Username").or(dashboard).first().waitFor();
  if (await page.getByLabel("Username").isVisible()) await logIn(page, who);
  await dashboard.waitFor();
  return page;
}
