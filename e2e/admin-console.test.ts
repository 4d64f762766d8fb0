import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { shoot } from "./site-support";

// Issue 19: every page of the organizers' console renders its data for an organizer, passes axe
// and fits 390 px; a participant is refused. (The actions' own e2e scenarios are still to come.)
const ADMIN = { email: "console-admin@example.org", password: "console-admin-pw" };

let server: TestServer;
let baseUrl: string;
let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
let page: Page;
const scene = sceneApi(() => baseUrl);
let teamId: string;
let submissionId: string;

beforeAll(async () => {
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPETITION_OPENS_AT: new Date(Date.now() - 86_400_000).toISOString(),
    COMPETITION_CLOSES_AT: new Date(Date.now() + 86_400_000).toISOString(),
  });
  baseUrl = server.baseUrl;
  const adminToken = (await scene.call("/login-verification", { body: ADMIN })).body
    .token as string;
  const { apiKey } = await scene.activeTeam(adminToken, "console-team");
  const sample = await (
    await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`)
  ).text();
  submissionId = (await scene.submit(apiKey, sample)).submission_id as string;
  const listed = await scene.call("/admin/teams?query=console-team", {
    method: "GET",
    headers: bearer(adminToken),
  });
  teamId = (listed.body.teams as { id: string }[])[0]!.id;
  await scene.call("/admin/announcements", {
    headers: bearer(adminToken),
    body: { body: "**Welcome** to the console tour.", email: false },
  });

  browser = await openBrowser();
  page = await browser.context.newPage();
  await signInWithForm(page, baseUrl, ADMIN);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the organizers' console", () => {
  it("shows the announcement banner with its Markdown rendered", async () => {
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByText("to the console tour.").first().waitFor();
    expect(await page.locator("strong", { hasText: "Welcome" }).count()).toBeGreaterThan(0);
  });

  const pages: [string, () => string, string | RegExp][] = [
    ["overview", () => "/admin", /Overview/],
    ["teams", () => "/admin/teams", "console-team"],
    ["team", () => `/admin/teams/${teamId}`, "console-team"],
    ["users", () => "/admin/users", ADMIN.email],
    ["submissions", () => "/admin/submissions", "console-team"],
    ["submission", () => `/admin/submissions/${submissionId}`, "retail-banking/1"],
    ["settings", () => "/admin/settings", /Daily limit/i],
    ["announcements", () => "/admin/announcements", "to the console tour."],
    // Anchored: the action picker's (hidden) options name the action too.
    ["audit", () => "/admin/audit", /^announcement\.create$/],
  ];

  it.each(pages)(
    "renders %s with its data, axe-clean and within 390 px",
    async (name, path, text) => {
      await page.goto(`${baseUrl}${path()}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.getByText(text).first().waitFor();
      await shoot(page, `admin-${name}`);
    },
  );

  it("refuses a participant", async () => {
    const person = await scene.signUp("not-an-organizer");
    const other = await openBrowser();
    const participant = await other.context.newPage();
    await signInWithForm(participant, baseUrl, person);
    await participant.goto(`${baseUrl}/admin`);
    await participant.getByText("Admin access required.").waitFor();
    await other.close();
  });
});
