import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openAdmin } from "./support/admin";
import { DESKTOP, screenshot } from "./support/browser";
import { E2E_ADMIN } from "./support/store";
import { startedStore } from "./support/suite";

/** Staff journeys: the owner adds an agent; the agent sees only what an agent may use. */
const suite = startedStore();
/** A fresh browser session of one staff member, on the admin dashboard. */
async function logIn(username: string, password: string): Promise<Page> {
  const context = await suite.browser.newContext({ baseURL: suite.store.baseUrl, viewport: DESKTOP });
  return openAdmin(context, "/admin", { username, password });
}

const tabNames = async (page: Page) =>
  (await page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab").allTextContents()).map((t) => t.trim());

describe("staff accounts in the admin", () => {
  it("lets the owner add an agent, who logs in without seeing the owner's tabs", async () => {
    const owner = await logIn(E2E_ADMIN.username, E2E_ADMIN.password);
    expect(await tabNames(owner)).toEqual(expect.arrayContaining(["Overview", "Staff", "Audit", "Change password"]));
    await owner.getByRole("tab", { name: "Staff" }).click();
    await owner.getByRole("heading", { name: "Add a staff member" }).waitFor();
    await owner.getByLabel("Username").fill("nadia");
    await owner.getByLabel("Password", { exact: true }).fill("nadia's password");
    await owner.getByLabel("Role", { exact: true }).selectOption("agent");
    await owner.getByRole("button", { name: "Add staff member" }).click();
    await owner.getByText("nadia can now log in as agent").waitFor();
    await owner.locator('tr[data-username="nadia"]').waitFor();
    await screenshot(owner, "admin-staff-desktop");

    const agent = await logIn("nadia", "nadia's password");
    await agent.getByText("Signed in as nadia (agent)").waitFor();
    expect(await tabNames(agent)).toEqual([
      "Orders",
      "WhatsApp",
      "Win back",
      "Returns",
      "Customers",
      "Change password",
    ]);
    await agent.getByRole("tab", { name: "Orders", selected: true }).waitFor();
    // An owner's page typed in by hand sends the agent back to the dashboard.
    await agent.goto("/admin/staff");
    await agent.getByRole("tab", { name: "Orders", selected: true }).waitFor();
    expect(await agent.getByRole("tab", { name: "Staff" }).count()).toBe(0);
    await screenshot(agent, "admin-agent-desktop");

    await owner.getByRole("tab", { name: "Audit" }).click();
    await owner.getByLabel("Person (username)").fill(E2E_ADMIN.username);
    await owner.getByRole("cell", { name: /staff\.create\s+nadia/ }).waitFor();
  });
});
