import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SDK_PACKAGE } from "@tandem/competition";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_WAIT_MS } from "../test/support/bounds";
import { REPO_ROOT } from "../test/support/processes";
import { bearer, sceneApi } from "./api-setup";
import { newBoundContext } from "./browser";
import { competition, site } from "./competition";
import { startServer, type TestServer } from "./pages";
import {
  APP_SCRIPT,
  horizontalOverflow,
  launchBrowser,
  newPage,
  seriousViolations,
} from "./site-support";

const ADMIN = { email: "info-admin@example.org", password: "info-admin-password" };
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;

describe("Rules", () => {
  it("shows the four steps, every rules section, seven FAQs and Register Your Team", async () => {
    const page = await newPage(browser);
    await page.goto(url("/rules"));
    await page.getByRole("heading", { level: 1, name: "Rules and Participation" }).waitFor();
    const steps = page.getByRole("region", { name: "How to Participate" }).getByRole("listitem");
    expect(await steps.count()).toBe(4);
    expect(site.rules.steps).toHaveLength(4);
    for (const step of site.rules.steps) {
      await page.getByRole("heading", { level: 3, name: step.title }).waitFor();
    }
    for (const section of site.rules.sections) {
      await page.getByRole("heading", { level: 3, name: section.title, exact: true }).waitFor();
    }
    // The metrics table is built from the challenges themselves.
    const metrics = page.getByRole("region", { name: "Metric of each challenge" });
    expect(await metrics.locator("tbody tr").count()).toBe(
      competition.domains.reduce((sum, domain) => sum + domain.challenges.length, 0),
    );

    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    expect(site.rules.faq).toHaveLength(7);
    for (const item of site.rules.faq)
      await faq.getByRole("button", { name: item.question }).waitFor();
    expect(await faq.getByRole("button").count()).toBe(7);
    const first = site.rules.faq[0];
    if (!first) throw new Error("no site.rules.faq");
    await faq.getByRole("button", { name: first.question }).click();
    await faq.getByText(first.answer).waitFor();

    await page.getByRole("link", { name: "Register Your Team" }).click();
    await page.waitForURL(url("/register"));
    await page.close();
  });
});

describe("Resources", () => {
  it("scrolls to each of the six sections from its card", async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await page.goto(url("/resources"));
    expect(site.resources.cards).toHaveLength(6);
    const topics = page.getByRole("navigation", { name: "Resource topics" });
    for (const card of site.resources.cards) {
      await page.evaluate("window.scrollTo(0, 0)");
      await topics.getByRole("link", { name: new RegExp(`^${card.title}`) }).click();
      await page.waitForURL(url(`/resources#${card.id}`));
      const heading = page.getByRole("heading", { level: 2, name: card.title, exact: true });
      // Polled from here: the prerendered page's policy (script-src without 'unsafe-eval') refuses
      // the string predicates waitForFunction compiles in the page once it has to poll.
      await expect
        .poll(() =>
          page.evaluate<boolean>(
            `(() => { const r = document.getElementById(${JSON.stringify(`${card.id}-title`)})?.getBoundingClientRect(); return r !== undefined && r.top >= 0 && r.bottom <= window.innerHeight; })()`,
          ),
        )
        .toBe(true);
      expect(await heading.isVisible()).toBe(true);
    }
    await page.close();
  });

  it("has the disabled Coming Soon mentor button, office hours, the SDK snippet and the course link", async () => {
    const page = await newPage(browser);
    await page.goto(url("/resources"));
    const mentors = page.getByRole("region", { name: "Mentor Resources" });
    const comingSoon = mentors.getByRole("button", {
      name: site.resources.sections.mentors.button,
    });
    expect(await comingSoon.isDisabled()).toBe(true);

    const officeHours = page.getByRole("region", { name: "Office Hours" });
    const kickoff = competition.webinars[0];
    if (!kickoff) throw new Error("no webinar");
    await officeHours.getByRole("heading", { name: kickoff.title }).waitFor();
    await officeHours.getByText(kickoff.when).waitFor();
    await officeHours
      .getByRole("heading", { name: site.resources.sections.officeHours.biweekly.title })
      .waitFor();

    const snippet = await page.getByRole("region", { name: "Sample SDK usage" }).textContent();
    expect(snippet).toContain(`pip install ${SDK_PACKAGE.pipName}`);
    expect(snippet).toContain(`from ${SDK_PACKAGE.importName} import BenchmarkClient`);
    expect(snippet).toContain(`base_url="${server.baseUrl}"`);
    const reference = page
      .getByRole("region", { name: "API Documentation" })
      .getByRole("link", { name: site.resources.sections.api.reference.link.label });
    expect(await reference.getAttribute("href")).toBe("/api/docs");
    const docs = await page.request.get(url("/api/docs/json"));
    expect((await docs.json()).info.title).toBe("Tandem API");

    const course = page.getByRole("link", {
      name: new RegExp(site.resources.sections.genai.course.label),
    });
    expect(await course.getAttribute("href")).toBe(site.resources.sections.genai.course.href);
    expect(await course.getAttribute("target")).toBe("_blank");
    expect(await course.getAttribute("rel")).toContain("noopener");

    const notebooks = page
      .getByRole("region", { name: "Baseline Implementation" })
      .getByRole("link");
    await notebooks.first().waitFor();
    const first = await notebooks.first().getAttribute("href");
    expect((await page.request.get(url(first ?? ""))).status()).toBe(200);
    await page.close();
  });

  // Debian's python3 with pandas, as .ci/run installs it: without them this fails, not skips.
  const python = "/usr/bin/python3";

  it("runs the SDK snippet as shown against this server, with a real team's key", async () => {
    const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(url(`/api${path}`), {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    const admin = (await call("/login-verification", ADMIN)).token as string;
    const user = await call("/save-user-signup", {
      firstName: "Grace",
      lastName: "Hopper",
      fullName: "Grace Hopper",
      email: `snippet-${Date.now()}@example.org`,
      password: "snippet-password",
      isStudent: false,
      position: "Engineer",
      area: "Banking",
      eligible: true,
      rememberMe: true,
    });
    const team = (
      await call(
        "/teams/create",
        { team_name: `snippet-${Date.now()}` },
        {
          authorization: `Bearer ${user.token}`,
        },
      )
    ).team as { id: string; team_name: string; api_key: string };
    await call(
      "/competition/start",
      {},
      { authorization: `Bearer ${admin}`, "x-team-id": team.id },
    );

    const page = await newPage(browser);
    await page.goto(url("/resources"));
    const snippet =
      (await page.getByRole("region", { name: "Sample SDK usage" }).textContent()) ?? "";
    await page.close();
    const code = snippet
      .replace("YOUR_TEAM_API_KEY", team.api_key)
      .replace("your-team-name", team.team_name);

    const home = mkdtempSync(join(tmpdir(), "tandem-snippet-"));
    try {
      const run = spawnSync(python, ["-c", code], {
        env: {
          PATH: process.env.PATH ?? "",
          HOME: home,
          PYTHONPATH: join(REPO_ROOT, "sdk/python"),
        },
        encoding: "utf8",
        timeout: E2E_WAIT_MS,
      });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toContain("Retail Banking");
      // A perfect score comes back as the JSON number 1 and prints without decimals.
      expect(run.stdout).toMatch(/\d(\.\d+)? Macro-F1/);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe("Sponsors, About and Privacy Policy", () => {
  it("lists academic partners, domain sponsors, community partners and the sponsor contact", async () => {
    const page = await newPage(browser);
    await page.goto(url("/sponsors"));
    await page.getByRole("heading", { level: 1, name: site.sponsors.page.title }).waitFor();
    for (const partner of site.sponsors.academic_partners) {
      await page.getByRole("heading", { level: 3, name: partner.name }).waitFor();
      expect(await page.getByRole("img", { name: partner.logo.alt }).count()).toBeGreaterThan(0);
    }
    for (const { sponsor } of competition.domains) {
      if (sponsor) await page.getByRole("heading", { level: 3, name: sponsor.name }).waitFor();
    }
    await page
      .getByRole("heading", { level: 2, name: site.sponsors.page.communityTitle })
      .waitFor();
    await page.getByText(site.sponsors.page.communityText).waitFor();
    const mail = page
      .getByRole("main")
      .getByRole("link", { name: site.sponsors.page.contactEmail });
    expect(await mail.getAttribute("href")).toBe(`mailto:${site.sponsors.page.contactEmail}`);
    await page.close();
  });

  it("tells the motivation, collaboration, team and methodology, with Fidelity and Complexity only", async () => {
    const page = await newPage(browser);
    await page.goto(url("/about"));
    await page.getByRole("heading", { level: 1, name: site.about.title }).waitFor();
    for (const title of [
      site.about.motivation.title,
      site.about.collaboration.title,
      site.about.teamTitle,
      site.about.acknowledgments.title,
      site.about.methodology.title,
    ]) {
      await page.getByRole("heading", { level: 2, name: title }).waitFor();
    }
    expect(await page.getByRole("img", { name: site.about.image.alt }).count()).toBe(1);
    const dimensions = page.getByRole("list", { name: "Challenge dimensions" });
    for (const dimension of site.about.methodology.dimensions) {
      const heading = dimensions.getByRole("heading", { name: dimension.name, exact: true });
      expect(await heading.count(), dimension.name).toBe(dimension.shown ? 1 : 0);
    }
    expect(site.about.methodology.dimensions.filter((d) => d.shown).map((d) => d.name)).toEqual([
      "Fidelity",
      "Complexity",
    ]);
    await page.getByRole("link", { name: site.about.acknowledgments.link.label }).click();
    await page.waitForURL(url("/sponsors"));
    await page.close();
  });

  it("shows every section of the privacy policy", async () => {
    const page = await newPage(browser);
    await page.goto(url("/privacy-policy"));
    await page.getByRole("heading", { level: 1, name: site.privacy.title }).waitFor();
    for (const section of site.privacy.sections) {
      await page.getByRole("heading", { level: 2, name: section.title }).waitFor();
    }
    await page.close();
  });
});

/** Every page a visitor can open without an account: the site, sign-in pages, leaderboard gate. */
const PUBLIC_PAGES = [
  "/",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/leaderboard",
  "/about",
  "/rules",
  "/resources",
  "/sponsors",
  "/privacy-policy",
  "/domains",
  ...competition.domains.map((domain) => domain.route),
];

describe("accessibility and layout of every public page", () => {
  for (const width of [1280, 390]) {
    it(`has no serious or critical axe violations and no sideways scroll at ${width} px`, async () => {
      const page = await newPage(browser, { width, height: width === 390 ? 844 : 900 });
      const findings: Record<string, unknown> = {};
      const overflow: Record<string, number> = {};
      for (const path of PUBLIC_PAGES) {
        await page.goto(url(path));
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        if (path.startsWith("/domains/"))
          await page.getByRole("heading", { name: "Downloads" }).waitFor();
        await page.waitForLoadState("networkidle");
        const violations = await seriousViolations(page);
        if (violations.length > 0) findings[path] = violations;
        const sideways = await horizontalOverflow(page);
        if (sideways > 0) overflow[path] = sideways;
      }
      expect(findings).toEqual({});
      expect(overflow).toEqual({});
      await page.close();
    });
  }
});

/** The content pages the build prerenders besides "/" (web/src/prerendered.ts; docs/adr/0025). */
const PRERENDERED = ["/about", "/rules", "/resources", "/sponsors", "/domains"];

describe("prerendered content pages", () => {
  it("are readable with scripts off, footer included", async () => {
    const context = await newBoundContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of PRERENDERED) {
      await page.goto(url(path));
      expect(await page.getByRole("heading", { level: 1 }).count(), path).toBe(1);
      expect(await page.getByRole("contentinfo").count(), path).toBe(1);
    }
    await page.goto(url("/resources"));
    // Links that needed GET /api/competition/domains before are there from the first byte.
    const baseline = page
      .getByRole("region", {
        name: site.resources.cards.find((c) => c.id === "baseline-implementation")?.title,
      })
      .getByRole("link");
    expect(await baseline.count()).toBe(
      competition.domains.reduce((sum, domain) => sum + domain.challenges.length, 0),
    );
    await context.close();
  });

  it("load the app on the first input, adopt the page without errors or shifts, then navigate in the app", async () => {
    for (const path of PRERENDERED) {
      const page = await newPage(browser);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      let appRequested = false;
      page.on("request", (request) => {
        if (APP_SCRIPT.test(request.url())) appRequested = true;
      });
      await page.goto(url(path));
      await page.waitForLoadState("networkidle");
      expect(appRequested, path).toBe(false);
      expect(await page.locator(`#root[data-prerendered="${path}"]`).count(), path).toBe(1);
      if (path === "/resources") {
        const snippet = await page.getByRole("region", { name: "Sample SDK usage" }).textContent();
        expect(snippet).toContain(`base_url="${server.baseUrl}"`);
      }
      const heading = page.getByRole("heading", { level: 1 });
      const before = await heading.boundingBox();
      await page.mouse.move(2, 2);
      await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
      await page.waitForLoadState("networkidle");
      expect(await heading.boundingBox(), path).toEqual(before);
      expect(await page.getByRole("contentinfo").count(), path).toBe(1);
      // A link in the adopted page is the app's: no new document is loaded.
      let documents = 0;
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents += 1;
      });
      const target = path === "/about" ? "/sponsors" : "/about";
      await page
        .getByRole("banner")
        .getByRole("link", { name: target === "/about" ? "About" : "Sponsors", exact: true })
        .click();
      await page.waitForURL(url(target));
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(documents, path).toBe(0);
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });

  it("follow the organizer's edit of the definition", async () => {
    const { call } = sceneApi(() => server.baseUrl);
    const token = (await call("/login-verification", { body: ADMIN })).body.token as string;
    const save = async (title: string) => {
      const current = await call("/admin/competition", { method: "GET", headers: bearer(token) });
      const { version, definition } = current.body as {
        version: number;
        definition: { site: { about: { title: string } } };
      };
      definition.site.about.title = title;
      const saved = await call("/admin/competition", {
        method: "PUT",
        headers: bearer(token),
        body: { version, definition, rescore: false, dry_run: false },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    const original = site.about.title;
    await save("About the 2027 edition");
    try {
      const page = await newPage(browser);
      await page.goto(url("/about"));
      await page.getByRole("heading", { level: 1, name: "About the 2027 edition" }).waitFor();
      expect(await page.locator("#root[data-prerendered]").count()).toBe(0);
      await page.close();
    } finally {
      await save(original);
    }
    const page = await newPage(browser);
    await page.goto(url("/about"));
    expect(await page.locator('#root[data-prerendered="/about"]').count()).toBe(1);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(original);
    await page.close();
  });
});
