import { SITE_TIMERS } from "@tandem/competition";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, sceneApi } from "./api-setup";
import { newBoundContext } from "./browser";
import { competition, site } from "./competition";
import { signInWithForm, startServer, type TestServer } from "./pages";
import {
  APP_SCRIPT,
  collectErrors,
  launchBrowser,
  newPage,
  type PageOptions,
  pauseClock,
  seriousViolations,
  settle,
  until,
} from "./site-support";

const ADMIN = { email: "site-admin@example.org", password: "site-admin-password" };
const { carouselIntervalMs, heroBackgroundIntervalMs, logoLoopMs } = SITE_TIMERS;

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
const { call } = sceneApi(() => server.baseUrl);

/** A page in its own context, so fake clocks and sign-ins never leak between tests. */
function freshPage(options: PageOptions = {}): Promise<Page> {
  return newPage(browser, options);
}

/**
 * Opens "/", moves the mouse (the app loads on the first input: docs/adr/0024) and waits until
 * the app has adopted the prerendered HTML.
 */
async function openLanding(page: Page): Promise<void> {
  await page.goto(url("/"));
  await page.mouse.move(2, 2);
  await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
}

/** Records whether `page` requested the app's code. */
function watchApp(page: Page): () => boolean {
  let requested = false;
  page.on("request", (request) => {
    if (APP_SCRIPT.test(request.url())) requested = true;
  });
  return () => requested;
}

/**
 * Opens "/" with the app's code held back: the page runs on its first script alone, however the
 * test hovers, focuses or clicks (each of which would otherwise start loading the app).
 */
async function openWithoutApp(page: Page): Promise<void> {
  await page.route(APP_SCRIPT, (route) => route.abort());
  await page.goto(url("/"));
  await page.waitForLoadState("networkidle");
  expect(await page.locator("#root[data-prerendered]").count()).toBe(1);
}

function heroSlide(page: Page, index: number) {
  return page.getByRole("heading", { level: 2, name: site.hero.slides[index]?.title, exact: true });
}

async function activeHeroBackground(page: Page): Promise<string | null> {
  return page.locator("[data-hero-background][data-active]").getAttribute("data-hero-background");
}

async function visibleAudience(page: Page): Promise<string> {
  const titles = await Promise.all(
    site.participate.slides.map(async (slide) =>
      (await page.getByRole("heading", { level: 3, name: slide.title, exact: true }).isVisible())
        ? slide.title
        : null,
    ),
  );
  const shown = titles.filter((title) => title !== null);
  expect(shown).toHaveLength(1);
  return shown[0] as string;
}

async function logoOffset(page: Page): Promise<number> {
  const transform = await page.evaluate<string>(
    `document.querySelector('ul[aria-label="Supporters"]').style.transform`,
  );
  const match = /translateX\((-?[\d.]+)px\)/.exec(transform);
  return match ? -Number(match[1]) : 0;
}

async function moveMouseAway(page: Page) {
  await page.mouse.move(1, 1);
  await page.evaluate("document.activeElement?.blur()");
}

describe("landing page sections", () => {
  it("shows every section with content from the competition package", async () => {
    const page = await freshPage();
    await openLanding(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await heroSlide(page, 0).waitFor();
    await page.getByRole("link", { name: "Register Now" }).waitFor();
    await page.getByRole("heading", { name: site.conference_banner.title }).waitFor();
    expect(await page.getByRole("img", { name: site.conference_banner.image.alt }).count()).toBe(1);
    await page.getByRole("heading", { name: "Should I Participate?" }).waitFor();
    await page.getByRole("heading", { name: site.features.title }).waitFor();
    for (const feature of site.features.items) {
      await page.getByRole("heading", { level: 3, name: feature.title }).waitFor();
    }
    await page.getByRole("heading", { name: "Domain Challenges" }).waitFor();
    for (const domain of competition.domains) {
      const link = page.getByRole("link", { name: domain.name, exact: true }).first();
      expect(await link.getAttribute("href")).toBe(domain.route);
    }
    await page.getByRole("heading", { name: "Competition Timeline" }).waitFor();
    for (const entry of competition.timeline)
      await page.getByText(entry.event, { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Supported By" }).waitFor();
    for (const supporter of site.sponsors.academic_partners) {
      expect(await page.getByRole("img", { name: supporter.logo.alt }).count()).toBe(1);
    }
    await page.getByRole("contentinfo").waitFor();
    await page.close();
  });

  it("gives every audience card a title, subtitle, perks and an image with its alt text", async () => {
    const page = await freshPage();
    await openLanding(page);
    const carousel = page.getByRole("region", { name: "Who the competition is for" });
    for (const slide of site.participate.slides) {
      await carousel.getByRole("button", { name: `Show ${slide.title}` }).click();
      const card = carousel.getByRole("group", { name: new RegExp(`: ${slide.title}$`) });
      await card.getByRole("heading", { level: 3, name: slide.title }).waitFor();
      await card.getByText(slide.subtitle).waitFor();
      for (const perk of slide.perks) await card.getByText(perk).waitFor();
      const image = card.getByRole("img", { name: slide.imageAlt });
      await image.waitFor();
      await until(
        page,
        `[...document.images].some(i => i.alt === ${JSON.stringify(slide.imageAlt)} && i.complete && i.naturalWidth > 0)`,
      );
    }
    expect(site.participate.slides).toHaveLength(5);
    await page.close();
  });
});

// Each timer twice: run by the page's first script, as before anyone touches the page, and by
// the app. The hand-over from one to the other is in "first load".
describe.each([
  ["before the app is loaded", openWithoutApp],
  ["once the app has taken over", openLanding],
])("landing page timers, %s", (_when, open) => {
  it("advances the hero message every 5 seconds and its background on its own slower timer", async () => {
    const page = await freshPage();
    await pauseClock(page);
    await open(page);
    await heroSlide(page, 0).waitFor();
    const firstBackground = site.hero.backgrounds[0]?.src ?? "";
    expect(await activeHeroBackground(page)).toBe(firstBackground);

    await page.clock.runFor(carouselIntervalMs - 1);
    await settle(page);
    expect(await heroSlide(page, 0).isVisible()).toBe(true);

    await page.clock.runFor(1);
    await heroSlide(page, 1).waitFor();
    expect(await heroSlide(page, 0).isVisible()).toBe(false);
    // Its own timer: the background has not moved yet at 5 s.
    expect(await activeHeroBackground(page)).toBe(firstBackground);

    await page.clock.runFor(heroBackgroundIntervalMs - carouselIntervalMs);
    await until(
      page,
      `document.querySelector("[data-hero-background][data-active]")?.dataset.heroBackground === ${JSON.stringify(site.hero.backgrounds[1]?.src)}`,
    );
    await page.close();
  });

  it("pauses the hero while hovered or focused, and lets the dots pick a message", async () => {
    const page = await freshPage();
    await pauseClock(page);
    await open(page);
    await heroSlide(page, 0).waitFor();

    await heroSlide(page, 0).hover();
    await page.clock.runFor(carouselIntervalMs * 3);
    await settle(page);
    expect(await heroSlide(page, 0).isVisible()).toBe(true);

    const third = page.getByRole("button", {
      name: `Show highlight 3 of ${site.hero.slides.length}`,
    });
    await third.focus();
    await page.keyboard.press("Enter");
    await heroSlide(page, 2).waitFor();
    expect(await third.getAttribute("aria-current")).toBe("true");
    await page.mouse.move(1, 1);
    // Focus is still inside: no rotation.
    await page.clock.runFor(carouselIntervalMs * 2);
    await settle(page);
    expect(await heroSlide(page, 2).isVisible()).toBe(true);

    await moveMouseAway(page);
    await page.clock.runFor(carouselIntervalMs);
    await heroSlide(page, 0).waitFor();
    await page.close();
  });

  it("stops the hero with its Pause button and starts it again with Play", async () => {
    const page = await freshPage();
    await pauseClock(page);
    await open(page);
    await page.getByRole("button", { name: "Pause highlights" }).click();
    await moveMouseAway(page);
    await page.clock.runFor(carouselIntervalMs * 3);
    await settle(page);
    expect(await heroSlide(page, 0).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Play highlights" }).click();
    await moveMouseAway(page);
    await page.clock.runFor(carouselIntervalMs);
    await heroSlide(page, 1).waitFor();
    await page.close();
  });

  it("rotates 'Should I Participate?' every 5 seconds, with dots, arrows and pause on hover", async () => {
    const page = await freshPage();
    await pauseClock(page);
    await open(page);
    const carousel = page.getByRole("region", { name: "Who the competition is for" });
    await carousel.waitFor();
    expect(await visibleAudience(page)).toBe(site.participate.slides[0]?.title);

    await page.clock.runFor(carouselIntervalMs);
    await page
      .getByRole("heading", { level: 3, name: site.participate.slides[1]?.title })
      .waitFor();
    await page.clock.runFor(carouselIntervalMs);
    await page
      .getByRole("heading", { level: 3, name: site.participate.slides[2]?.title })
      .waitFor();

    await carousel.hover();
    await page.clock.runFor(carouselIntervalMs * 2);
    await settle(page);
    expect(await visibleAudience(page)).toBe(site.participate.slides[2]?.title);

    const last = site.participate.slides[4];
    await carousel.getByRole("button", { name: `Show ${last?.title}` }).click();
    await page.getByRole("heading", { level: 3, name: last?.title }).waitFor();
    await carousel.getByRole("button", { name: "Next audience" }).click();
    await page
      .getByRole("heading", { level: 3, name: site.participate.slides[0]?.title })
      .waitFor();
    await carousel.getByRole("button", { name: "Previous audience" }).click();
    await page.getByRole("heading", { level: 3, name: last?.title }).waitFor();

    await moveMouseAway(page);
    await page.clock.runFor(carouselIntervalMs);
    await page
      .getByRole("heading", { level: 3, name: site.participate.slides[0]?.title })
      .waitFor();
    await page.close();
  });

  it("scrolls the supporters' logos through one loop in 30 seconds, paused on hover", async () => {
    const page = await freshPage();
    await pauseClock(page);
    await open(page);
    const track = page.getByRole("list", { name: "Supporters" });
    await track.scrollIntoViewIfNeeded();
    await page.clock.runFor(100);
    await settle(page);
    const loopWidth = await page.evaluate<number>(
      `document.querySelector('ul[aria-label="Supporters"]').scrollWidth / 2`,
    );
    const start = await logoOffset(page);

    await page.clock.runFor(logoLoopMs / 2);
    await settle(page);
    const half = await logoOffset(page);
    expect(Math.abs(half - start - loopWidth / 2)).toBeLessThan(loopWidth * 0.02);

    await track.hover();
    await page.clock.runFor(logoLoopMs / 4);
    await settle(page);
    expect(Math.abs((await logoOffset(page)) - half)).toBeLessThan(1);

    await moveMouseAway(page);
    await page.clock.runFor(logoLoopMs / 2);
    await settle(page);
    // A whole loop after the start the logos are back where they began (an offset of exactly
    // one loop width looks the same: the strip holds the logos twice).
    const drift = Math.abs((await logoOffset(page)) - start) % loopWidth;
    expect(Math.min(drift, loopWidth - drift)).toBeLessThan(loopWidth * 0.02);
    await page.close();
  });

  it("keeps everything still for visitors who ask for reduced motion", async () => {
    const page = await freshPage({ reducedMotion: "reduce" });
    await pauseClock(page);
    await open(page);
    await heroSlide(page, 0).waitFor();
    await page.getByRole("button", { name: "Play highlights" }).waitFor();
    await page.clock.runFor(carouselIntervalMs * 4);
    await settle(page);
    expect(await heroSlide(page, 0).isVisible()).toBe(true);
    expect(await visibleAudience(page)).toBe(site.participate.slides[0]?.title);
    // One still row of logos: no duplicate copy and no movement.
    expect(await page.getByRole("list", { name: "Supporters" }).getByRole("listitem").count()).toBe(
      site.sponsors.academic_partners.length,
    );
    expect(await logoOffset(page)).toBe(0);
    await page.close();
  });
});

describe("landing page links", () => {
  const cases: [string, string, string][] = [
    ["Register Now", "/register", "Create Your Account"],
    ["View Full Details", "/rules", "Rules and Participation"],
    ["More Details", "/about", "About the Competition"],
    ["Explore the domains", "/domains", "Domain Challenges"],
  ];
  for (const [name, path, heading] of cases) {
    it(`'${name}' goes to ${path}`, async () => {
      const page = await freshPage();
      await openLanding(page);
      await page.getByRole("link", { name, exact: true }).click();
      await page.waitForURL(url(path));
      await page.getByRole("heading", { level: 1, name: heading }).first().waitFor();
      await page.close();
    });
  }

  it("opens each domain from its card", async () => {
    const page = await freshPage();
    for (const domain of competition.domains) {
      await openLanding(page);
      await page
        .getByRole("region", { name: "Domain Challenges" })
        .getByRole("link", { name: domain.name, exact: true })
        .click();
      await page.waitForURL(url(domain.route));
      await page.getByRole("heading", { level: 1, name: domain.name }).waitFor();
    }
    await page.close();
  });

  it("offers Go to Dashboard instead of Register Now to a signed-in visitor", async () => {
    const page = await freshPage();
    const errors = collectErrors(page);
    await signInWithForm(page, server.baseUrl, ADMIN);
    await openLanding(page);
    const hero = page.getByRole("region", { name: "Competition highlights" });
    await hero.getByRole("link", { name: "Go to Dashboard" }).click();
    await page.waitForURL(url("/dashboard"));
    expect(await page.getByRole("link", { name: "Register Now" }).count()).toBe(0);
    // The page was prerendered signed out; adopting it for a signed-in visitor is no mismatch.
    expect(errors).toEqual([]);
    await page.close();
  });

  it("links every footer entry to its page, with /domains/clinical-triage falling back to /", async () => {
    const page = await freshPage();
    const links = [
      ...site.footer.groups.flatMap((group) => group.links),
      ...competition.domains.map((domain) => ({ label: domain.name, href: domain.route })),
      ...site.footer.extraDomainLinks,
    ];
    for (const link of links) {
      await openLanding(page);
      const footer = page.getByRole("contentinfo");
      await footer.getByRole("link", { name: link.label, exact: true }).click();
      // Unknown domains redirect home; the dashboard sends visitors to log in.
      const expected =
        link.href === "/domains/clinical-triage"
          ? "/"
          : link.href === "/dashboard"
            ? "/login"
            : link.href;
      await page.waitForURL(url(expected));
      if (expected === "/") await page.getByRole("heading", { level: 1 }).waitFor();
    }
    const footer = page.getByRole("contentinfo");
    for (const social of site.footer.social) {
      const link = footer.getByRole("link", { name: social.label });
      expect(await link.getAttribute("href")).toBe(social.href);
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noopener");
    }
    const mail = footer.getByRole("link", { name: site.footer.contact.email });
    expect(await mail.getAttribute("href")).toBe(`mailto:${site.footer.contact.email}`);
    await page.close();
  });
});

describe("header", () => {
  const headerLinks: [string, string][] = [
    ["About", "/about"],
    ["Rules", "/rules"],
    ["Resources", "/resources"],
    ["Sponsors", "/sponsors"],
    ["Leaderboard", "/leaderboard"],
    ["Domains", "/domains/commerce"],
    ["Home", "/"],
  ];

  it("links Home, About, Rules, Resources, Sponsors, Leaderboard and Domains, plus Log In and Register", async () => {
    const page = await freshPage();
    await page.goto(url("/sponsors"));
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const [name, path] of headerLinks) {
      await nav.getByRole("link", { name, exact: true }).click();
      await page.waitForURL(url(path));
    }
    await page.getByRole("banner").getByRole("link", { name: "Log In" }).click();
    await page.waitForURL(url("/login"));
    await page.getByRole("banner").getByRole("link", { name: "Register" }).click();
    await page.waitForURL(url("/register"));
    await page.close();
  });

  it("lists the six domains in the Domains dropdown, which closes on outside click, Escape and navigation", async () => {
    const page = await freshPage();
    await openLanding(page);
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    const toggle = nav.getByRole("button", { name: "Show domains" });
    const insurance = nav.getByRole("link", { name: "Insurance", exact: true });

    await nav.getByRole("link", { name: "Domains", exact: true }).hover();
    await insurance.waitFor();
    for (const domain of competition.domains) {
      expect(
        await nav.getByRole("link", { name: domain.name, exact: true }).getAttribute("href"),
      ).toBe(domain.route);
    }
    await page.mouse.move(640, 600);
    await insurance.waitFor({ state: "hidden" });

    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.mouse.click(640, 600);
    await insurance.waitFor({ state: "hidden" });

    await toggle.focus();
    await page.keyboard.press("Enter");
    await insurance.waitFor();
    await page.keyboard.press("Escape");
    await insurance.waitFor({ state: "hidden" });

    await toggle.click();
    await insurance.click();
    await page.waitForURL(url("/domains/insurance"));
    await insurance.waitFor({ state: "hidden" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await page.close();
  });

  it("scrolls to the top on navigation", async () => {
    const page = await freshPage();
    await openLanding(page);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(await page.evaluate<number>("window.scrollY")).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Rules", exact: true }).click();
    await page.waitForURL(url("/rules"));
    await page.getByRole("heading", { level: 1, name: "Rules and Participation" }).waitFor();
    expect(await page.evaluate<number>("window.scrollY")).toBe(0);
    await page.close();
  });

  it("mirrors the header in the mobile menu, which closes on outside click and on navigation", async () => {
    const page = await freshPage({ width: 390 });
    await openLanding(page);
    const burger = page.getByRole("button", { name: "Toggle navigation" });
    await burger.click();
    const drawer = page.getByRole("dialog");
    await drawer.waitFor();
    for (const name of [
      "Home",
      "About",
      "Domains",
      "Rules",
      "Resources",
      "Sponsors",
      "Leaderboard",
    ]) {
      await drawer.getByText(name, { exact: true }).first().waitFor();
    }
    await drawer.getByRole("link", { name: "Log In" }).waitFor();
    await drawer.getByRole("link", { name: "Register" }).waitFor();

    // Outside click: the overlay to the left of the drawer.
    await page.mouse.click(20, 400);
    await drawer.waitFor({ state: "hidden" });

    await burger.click();
    await drawer.getByRole("link", { name: "About", exact: true }).click();
    await page.waitForURL(url("/about"));
    await drawer.waitFor({ state: "hidden" });

    await burger.click();
    // The group's links exist only while it is open (MobileNav): rendered hidden, a link's
    // effects do not run and its click does nothing but warn. CI saw this tap go nowhere.
    const healthcare = drawer.getByRole("link", { name: "Healthcare", exact: true });
    expect(await drawer.locator('a[href="/domains/healthcare"]').count()).toBe(0);
    const said = collectErrors(page, ["error", "warning"]);
    await drawer.getByText("Domains", { exact: true }).click();
    await healthcare.click();
    await page.waitForURL(url("/domains/healthcare")).catch((error: Error) => {
      throw new Error(`${error.message}\nthe page said: ${said.join(" | ")}`);
    });
    await drawer.waitFor({ state: "hidden" });
    expect(said).toEqual([]);
    await page.close();
  });

  it("lets a keyboard and a screen reader open the mobile menu's Domains group and close the menu", async () => {
    const page = await freshPage({ width: 390 });
    await openLanding(page);
    await page.getByRole("button", { name: "Toggle navigation" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.waitFor();
    const domains = drawer.getByRole("button", { name: "Domains" });
    expect(await domains.getAttribute("aria-expanded")).toBe("false");
    await domains.focus();
    await page.keyboard.press("Enter");
    expect(await domains.getAttribute("aria-expanded")).toBe("true");
    const healthcare = drawer.getByRole("link", { name: "Healthcare", exact: true });
    await healthcare.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await drawer.waitFor({ state: "hidden" });
    await page.close();
  });
});

describe("first load", () => {
  it("runs on its first script until someone uses it, then loads the app and opens the menu clicked meanwhile", async () => {
    const page = await freshPage();
    const errors = collectErrors(page);
    const appRequested = watchApp(page);
    await page.goto(url("/"));
    await page.waitForLoadState("networkidle");
    expect(appRequested()).toBe(false);
    // The page is whole without the app: the footer is the build's static copy.
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    await page.getByRole("banner").getByRole("button", { name: "Settings" }).click();
    // The click also started the app; once it has adopted the page, the click is replayed.
    await page.getByRole("menu").getByRole("menuitemradio", { name: "Dark" }).waitFor();
    expect(appRequested()).toBe(true);
    expect(await page.locator("#root[data-prerendered]").count()).toBe(0);
    // The app's footer replaced the static one.
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("loads the app at once when there is a banner to show", async () => {
    const admin = (await call("/login-verification", { body: ADMIN })).body.token as string;
    const paused = async (value: boolean) => {
      const saved = await call("/admin/settings", {
        method: "PATCH",
        headers: bearer(admin),
        body: { submissions_paused: value },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    // Deployment-wide: set and cleared within this test.
    await paused(true);
    try {
      const page = await freshPage();
      const appRequested = watchApp(page);
      await page.goto(url("/"));
      await page.getByText("Submissions are paused", { exact: true }).waitFor();
      expect(appRequested()).toBe(true);
      await page.close();
    } finally {
      await paused(false);
    }
  });

  it("arrives prerendered: readable with scripts off, then adopted without errors", async () => {
    const context = await newBoundContext(browser, { javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(url("/"));
    expect(await still.getByRole("heading", { level: 1 }).textContent()).toBe(site.hero.heading);
    await heroSlide(still, 0).waitFor();
    expect(await still.getByRole("link", { name: /^Register Now/ }).getAttribute("href")).toBe(
      "/register",
    );
    for (const domain of competition.domains) {
      await still.locator(`main a[href="${domain.route}"]`).first().waitFor();
    }
    await context.close();

    const page = await freshPage();
    const errors = collectErrors(page);
    await openLanding(page);
    await page.getByRole("contentinfo").waitFor();
    await page.getByRole("button", { name: "Pause highlights" }).click();
    await page.getByRole("button", { name: "Play highlights" }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
