import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { shoot } from "./site-support";

// Issue 30: the organizers' teams view flags two teams that sent the same predictions (in
// different formatting), shows the evidence on the team's page, passes axe and fits 390 px.
const ADMIN = { email: "flags-admin@example.org", password: "flags-admin-pw-1" };

let server: TestServer;
let baseUrl: string;
let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
let page: Page;
const scene = sceneApi(() => baseUrl);
let copierId: string;

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
  const ids = (
    await (await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`)).text()
  )
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(",")[0]!);
  const label = (i: number) => (i % 4 === 0 ? 1 : 0);
  const original = await scene.activeTeam(adminToken, "original-owls");
  const copier = await scene.activeTeam(adminToken, "copycat-crows");
  const honest = await scene.activeTeam(adminToken, "honest-herons");
  await scene.submit(
    original.apiKey,
    `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${label(i)}`).join("\n")}\n`,
  );
  // The same labels, rows reversed, with CRLF and "1.0"/"0.0".
  await scene.submit(
    copier.apiKey,
    `TxnID,FraudLabel\r\n${ids
      .map((id, i) => `${id},${label(i)}.0`)
      .reverse()
      .join("\r\n")}\r\n`,
  );
  await scene.submit(
    honest.apiKey,
    `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${1 - label(i)}`).join("\n")}\n`,
  );
  const listed = await scene.call("/admin/teams?query=copycat-crows", {
    method: "GET",
    headers: bearer(adminToken),
  });
  copierId = (listed.body.teams as { id: string }[])[0]!.id;

  browser = await openBrowser();
  page = await browser.context.newPage();
  await signInWithForm(page, baseUrl, ADMIN);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const checkAndShoot = (name: string) => shoot(page, `flags-${name}`);

describe("the organizers' flags", () => {
  it("mark the two teams with the same predictions in the teams list, and only them", async () => {
    await page.goto(`${baseUrl}/admin/teams`);
    const table = page.getByRole("table", { name: "Teams" });
    await table.getByText("copycat-crows").waitFor();
    const rowOf = (name: string) => table.getByRole("row").filter({ hasText: name });
    expect(await rowOf("copycat-crows").getByText("Same predictions").count()).toBe(1);
    expect(await rowOf("original-owls").getByText("Same predictions").count()).toBe(1);
    expect(await rowOf("honest-herons").getByText("Same predictions").count()).toBe(0);
    await checkAndShoot("teams");

    await page.getByLabel("Flags").selectOption({ label: "Flagged only" });
    await rowOf("honest-herons").waitFor({ state: "detached" });
    expect(await table.getByRole("row").count()).toBe(3);
  });

  it("show the evidence on the team's page", async () => {
    await page.goto(`${baseUrl}/admin/teams/${copierId}`);
    const flags = page.getByRole("region", { name: "Flags (1)" });
    await flags.waitFor();
    await flags.getByText("Same predictions as 1 other team on retail-banking/1").waitFor();
    expect(await flags.getByRole("link", { name: "original-owls", exact: true }).count()).toBe(1);
    expect(await flags.getByRole("link", { name: /^Submission .* of / }).count()).toBe(2);
    await checkAndShoot("team");
  });
});
