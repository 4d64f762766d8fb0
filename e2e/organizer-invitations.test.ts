import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { MESSAGES } from "@tandem/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBrowser } from "./browser";
import {
  field,
  fillSecurityStep,
  goToSecurityStep,
  newRegistrant,
  signInWithForm,
  startServer,
  type TestServer,
} from "./pages";
import { horizontalOverflow, SHOTS_DIR, seriousViolations } from "./site-support";

// Issue 31, finding 9: an organizer invites a colleague with a personal single-use code from the
// console (the shared ORGANIZER_CODE turned off); the colleague signs up with it in another
// browser; the console then shows who holds admin rights, since when and through which code.
const ADMIN = { email: "invitations-admin@example.org", password: "invitations-admin-pw" };
const SHARED_CODE = "e2e-shared-organizer-code-off";

let server: TestServer;
let baseUrl: string;
let organizer: Awaited<ReturnType<typeof openBrowser>> | undefined;
let colleague: Awaited<ReturnType<typeof openBrowser>> | undefined;
let page: Page;
let code: string;

beforeAll(async () => {
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ORGANIZER_CODE: SHARED_CODE,
    ORGANIZER_CODE_ENABLED: "false",
  });
  baseUrl = server.baseUrl;
  organizer = await openBrowser();
  page = await organizer.context.newPage();
  await signInWithForm(page, baseUrl, ADMIN);
});

afterAll(async () => {
  await colleague?.close();
  await organizer?.close();
  await server?.stop();
});

/** Signs up through the form as an organizer with `adminCode`, in the colleague's browser. */
async function signUpAsOrganizer(target: Page, adminCode: string) {
  await goToSecurityStep(target, baseUrl, { ...newRegistrant("grace"), firstName: "Grace" });
  await target.getByRole("radio", { name: "I am not eligible to compete" }).check();
  await target.getByRole("combobox", { name: "Why are you not eligible?" }).click();
  await target.getByRole("option", { name: "Organizer" }).click();
  await fillSecurityStep(target, "grace-password-1");
  await field(target, "Admin Password").fill(adminCode);
  await target.getByRole("button", { name: "Create Account" }).click();
}

describe("organizer invitations in the console", () => {
  it("makes a personal invitation and shows its code once", async () => {
    await page.goto(`${baseUrl}/admin`);
    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Organizers" })
      .click();
    await page.waitForURL(`${baseUrl}/admin/organizers`);
    await page.getByText("The shared organizer code is off").waitFor();
    await page.getByLabel(/For whom/).fill("Grace Hopper");
    await page.getByRole("button", { name: "Make invitation" }).click();
    code = (await page.getByLabel("Invitation code").textContent()) ?? "";
    expect(code).toMatch(/^tnd-org-/);
    await page
      .getByRole("table", { name: "Invitations" })
      .getByText("Grace Hopper", { exact: true })
      .waitFor();
  });

  it("refuses the turned-off shared code and signs the colleague up with the invitation", async () => {
    colleague = await openBrowser();
    const theirs = await colleague.context.newPage();
    await signUpAsOrganizer(theirs, SHARED_CODE);
    await theirs.getByText(MESSAGES.adminPasswordInvalid, { exact: true }).first().waitFor();
    await field(theirs, "Admin Password").fill(code);
    await theirs.getByRole("button", { name: "Create Account" }).click();
    await theirs.getByRole("heading", { name: MESSAGES.registrationSuccessTitle }).waitFor();
  });

  it("lists the colleague as an admin through the invitation, and the invitation as used", async () => {
    await page.reload();
    const admins = page.getByRole("table", { name: "Admins" });
    await admins.getByText("Invitation for Grace Hopper").waitFor();
    // The server's data folder may hold admin@tandem.local too (e2e/data-templates.ts): the row
    // of this file's own admin.
    await admins
      .getByRole("row")
      .filter({ hasText: ADMIN.email })
      .getByText("Server set-up (ADMIN_EMAIL)")
      .waitFor();
    const invitations = page.getByRole("table", { name: "Invitations" });
    await invitations
      .getByRole("row")
      .filter({ hasText: "Grace Hopper" })
      .getByText("Used")
      .waitFor();
    // The code is shown nowhere any more.
    expect(await page.getByText(code).count()).toBe(0);
  });

  it("is axe-clean and fits at 1280 and 390 px", async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.getByRole("heading", { level: 1, name: "Organizers" }).waitFor();
      expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
      expect(await horizontalOverflow(page), `at ${width} px`).toBe(0);
      await page.screenshot({
        path: join(SHOTS_DIR, `admin-organizers-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
