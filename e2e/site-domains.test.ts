import { METRICS, SITE_TIMERS } from "@tandem/competition";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competition } from "./competition";
import { startServer, type TestServer } from "./pages";
import { launchBrowser, newPage, pauseClock, settle } from "./site-support";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const CHALLENGE_PARTS = [
  "Task Description",
  "Evaluation Metric",
  "Dataset Description",
  "Sample Data",
  "Task",
];

interface ApiDomain {
  slug: string;
  name: string;
  route: string;
  data_files: { name: string; url: string }[];
  challenges: {
    number: number;
    title: string;
    submission_format: string;
    baseline_notebook_url: string;
    sample_submission_url: string;
  }[];
}

async function apiDomains(): Promise<ApiDomain[]> {
  const response = await fetch(url("/api/competition/domains"));
  return ((await response.json()) as { domains: ApiDomain[] }).domains;
}

async function openDomain(page: Page, route: string, name: string) {
  await page.goto(url(route));
  await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
}

/** Opens a prerendered page and has the app adopt it (docs/adr/0025), as a first input does. */
async function openInApp(page: Page, path: string) {
  await page.goto(url(path));
  await page.mouse.move(2, 2);
  await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
}

describe("the domain page template", () => {
  for (const domain of competition.domains) {
    it(`shows ${domain.name}: hero, overview, every challenge's five parts, data preview and downloads`, async () => {
      const page = await newPage(browser);
      await openDomain(page, domain.route, domain.name);
      const card = domain.card;
      if (card) expect(await page.getByRole("img", { name: card.image.alt }).count()).toBe(1);
      await page.getByRole("heading", { level: 2, name: "Overview" }).waitFor();
      // Backticks in the content mark code; the page shows them as code, without the backticks.
      const shown = (text: string) => text.replaceAll("`", "");
      if (domain.overview) await page.getByText(shown(domain.overview)).waitFor();
      await page.getByRole("heading", { level: 2, name: "Challenges" }).waitFor();

      for (const challenge of domain.challenges) {
        const article = page.getByRole("article", { name: challenge.title, exact: true });
        await article.waitFor();
        for (const part of CHALLENGE_PARTS) {
          await article.getByRole("heading", { level: 4, name: part, exact: true }).waitFor();
        }
        await article.getByText(METRICS[challenge.metric].name, { exact: true }).waitFor();
        if (challenge.taskDescription) {
          await article.getByText(shown(challenge.taskDescription)).waitFor();
        }
        if (challenge.datasetDescription) {
          await article.getByText(shown(challenge.datasetDescription)).waitFor();
        }
        if (challenge.task) await article.getByText(shown(challenge.task)).waitFor();
        // Sample Data: the package's rows, or the first rows of the challenge's real file.
        const table = article.getByRole("table").first();
        await table.waitFor();
        const header = challenge.sampleData[0];
        if (header) {
          const headings = await table.locator("thead th").allTextContents();
          expect(headings).toEqual([...header]);
        }
      }

      const preview = page.getByRole("region", { name: "Data Preview" });
      await preview.getByRole("table").waitFor();
      expect(await preview.locator("tbody tr").count()).toBeGreaterThan(0);
      await page.getByRole("heading", { level: 2, name: "Downloads" }).waitFor();
      await page.close();
    });
  }

  it("previews the first rows of any file picked from the real data", async () => {
    const page = await newPage(browser);
    const domain =
      competition.domains.find((candidate) => candidate.dataFiles.length > 1) ??
      competition.domains[0];
    if (!domain) throw new Error("no domains");
    await openDomain(page, domain.route, domain.name);
    const preview = page.getByRole("region", { name: "Data Preview" });
    const csvFile = domain.dataFiles.filter((file) => file.name.endsWith(".csv")).at(-1);
    if (!csvFile) throw new Error("no CSV file");
    await preview.getByLabel("File").selectOption(csvFile.name);
    const table = preview.getByRole("region", { name: `First rows of ${csvFile.name}` });
    await table.waitFor();
    const file = await (await fetch(url(`/static/${domain.slug}/${csvFile.name}`))).text();
    const [headerLine, firstRow] = file.split(/\r?\n/);
    expect((await table.locator("thead th").allTextContents()).join(",")).toBe(headerLine);
    const cells = await table.locator("tbody tr").first().locator("td").allTextContents();
    expect(cells.join(",")).toBe(firstRow?.replaceAll('"', ""));

    const jsonFile = domain.dataFiles.find((candidate) => candidate.name.endsWith(".json"));
    if (jsonFile) {
      await preview.getByLabel("File").selectOption(jsonFile.name);
      await preview.getByRole("region", { name: `Start of ${jsonFile.name}` }).waitFor();
    }
    await page.close();
  });

  it("offers every domain file, notebook and sample submission as a download that returns the real file", async () => {
    const domains = await apiDomains();
    expect(domains.map((domain) => domain.slug)).toEqual(
      competition.domains.map((domain) => domain.slug),
    );
    const page = await newPage(browser);
    for (const domain of domains) {
      await openDomain(page, domain.route, domain.name);
      const downloads = page.getByRole("region", { name: "Downloads", exact: true });
      const links = downloads.getByRole("link");
      await links.first().waitFor();
      const hrefs: string[] = [];
      for (const link of await links.all()) hrefs.push((await link.getAttribute("href")) ?? "");
      for (const challenge of domain.challenges) {
        expect(hrefs).toContain(challenge.baseline_notebook_url);
        expect(hrefs).toContain(challenge.sample_submission_url);
        expect(challenge.baseline_notebook_url).toBe(
          `/static/${domain.slug}/Challenge${challenge.number}_baseline.ipynb`,
        );
      }
      for (const file of domain.data_files) expect(hrefs).toContain(file.url);

      for (const href of hrefs) {
        expect(href.startsWith(`/static/${domain.slug}/`)).toBe(true);
        const response = await page.request.get(url(href));
        expect(response.status(), href).toBe(200);
        const body = await response.text();
        expect(body.length, href).toBeGreaterThan(0);
        if (href.endsWith(".ipynb")) {
          expect(Array.isArray((JSON.parse(body) as { cells?: unknown }).cells)).toBe(true);
        } else if (href.endsWith(".json")) {
          expect(() => JSON.parse(body)).not.toThrow();
          expect(response.headers()["content-type"]).toContain("application/json");
        } else if (href.endsWith(".csv")) {
          expect(response.headers()["content-type"]).toContain("text/csv");
        }
      }
      for (const challenge of domain.challenges) {
        const sample = await (await page.request.get(url(challenge.sample_submission_url))).text();
        expect(sample.split(/\r?\n/)[0]).toBe(challenge.submission_format);
      }
    }

    // And the browser saves a file under its own name when the link is followed.
    const first = domains[0]?.challenges[0];
    if (!first) throw new Error("no challenge");
    await openDomain(page, domains[0]?.route ?? "/", domains[0]?.name ?? "");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("region", { name: "Downloads", exact: true })
        .getByRole("link", { name: `Challenge${first.number}_baseline.ipynb` })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Challenge${first.number}_baseline.ipynb`);
    await page.close();
  });
});

describe("domain page states", () => {
  it("shows the loading state for 500 ms, then the content", async () => {
    const page = await newPage(browser);
    const domain = competition.domains.at(-1);
    if (!domain) throw new Error("no domains");
    // The app's own loading state, on the way in from another page (opened directly, the page is
    // the server's and CSS times it: e2e/domain-pages-rendered.test.ts).
    await openInApp(page, "/domains");
    await pauseClock(page);
    const answered = page.waitForResponse((response) =>
      response.url().endsWith("/api/competition/domains"),
    );
    await page.getByRole("main").getByRole("link", { name: domain.name, exact: true }).click();
    const loading = page.getByRole("status").filter({ hasText: "Loading domain" });
    await loading.waitFor();
    await answered;
    await page.clock.runFor(SITE_TIMERS.domainLoadingMs - 1);
    await settle(page);
    expect(await loading.isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 1, name: domain.name }).count()).toBe(0);
    await page.clock.runFor(1);
    await page.getByRole("heading", { level: 1, name: domain.name }).waitFor();
    expect(await loading.count()).toBe(0);
    await page.close();
  });

  it("says 'Domain Not Found' with a link to /domains when the server does not publish the domain", async () => {
    const page = await newPage(browser);
    const missing = competition.domains[0];
    if (!missing) throw new Error("no domains");
    // The router only has routes for the six domains (any other slug redirects to /), so the
    // state is reached when the server's list lacks a routed domain.
    await page.route("**/api/competition/domains", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { domains: ApiDomain[] };
      await route.fulfill({
        response,
        json: { domains: body.domains.filter((domain) => domain.slug !== missing.slug) },
      });
    });
    // Reached in the app: opened directly, the page is rendered by the server from its own list.
    await openInApp(page, "/domains");
    await page.getByRole("main").getByRole("link", { name: missing.name, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Domain Not Found" }).waitFor();
    await page.getByRole("link", { name: "Browse all domains" }).click();
    await page.waitForURL(url("/domains"));
    await page.close();
  });

  it("sends an unknown domain slug to the landing page", async () => {
    const page = await newPage(browser);
    await page.goto(url("/domains/unknown"));
    await page.waitForURL(url("/"));
    await page.close();
  });

  it("lists the six domains on /domains, each linking to its page", async () => {
    const page = await newPage(browser);
    await page.goto(url("/domains"));
    await page.getByRole("heading", { level: 1, name: "Domain Challenges" }).waitFor();
    for (const domain of competition.domains) {
      const link = page.getByRole("main").getByRole("link", { name: domain.name, exact: true });
      expect(await link.getAttribute("href")).toBe(domain.route);
    }
    await page
      .getByRole("main")
      .getByRole("link", { name: competition.domains[1]?.name ?? "", exact: true })
      .click();
    await page.waitForURL(url(competition.domains[1]?.route ?? "/"));
    await page.close();
  });
});
