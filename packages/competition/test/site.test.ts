import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildCompetition, SITE_TIMERS, sdkSnippet } from "../src";
import { defaultDefinition } from "../src/server";

const WEB_PUBLIC = fileURLToPath(new URL("../../../web/public", import.meta.url));
const competition = buildCompetition(defaultDefinition());
const { site } = competition;

describe("the default edition's site content", () => {
  it("has the counts the spec asks for", () => {
    expect(site.participate.slides).toHaveLength(5);
    expect(site.rules.faq).toHaveLength(7);
    expect(site.rules.steps).toHaveLength(4);
    expect(site.resources.cards.map((card) => card.title)).toEqual([
      "API Documentation",
      "Baseline Implementation",
      "Data Schemas",
      "GenAI Materials",
      "Mentor Resources",
      "Office Hours",
    ]);
  });

  it("keeps the spec's timers", () => {
    expect(SITE_TIMERS.carouselIntervalMs).toBe(5_000);
    expect(SITE_TIMERS.logoLoopMs).toBe(30_000);
    expect(SITE_TIMERS.domainLoadingMs).toBe(500);
  });

  it("has a card and a sponsor for every domain", () => {
    for (const domain of competition.domains) {
      expect(domain.card.tagline, domain.slug).not.toBe("");
      expect(domain.sponsor?.name, domain.slug).toBeTruthy();
    }
  });

  it("ships every image it names, each with alt text unless it is a decorative background", () => {
    const images = [
      ...site.participate.slides.map((slide) => ({ src: slide.image, alt: slide.imageAlt })),
      ...competition.domains.map((domain) => domain.card.image),
      ...site.sponsors.academic_partners.map((partner) => partner.logo),
      site.conference_banner.image,
      site.about.image,
    ];
    for (const image of images) {
      expect(existsSync(`${WEB_PUBLIC}${image.src}`), image.src).toBe(true);
      expect(image.alt.length, image.src).toBeGreaterThan(10);
    }
    for (const background of site.hero.backgrounds) {
      expect(existsSync(`${WEB_PUBLIC}${background.src}`), background.src).toBe(true);
    }
  });

  it("builds an SDK snippet for the site's own address and the Resources page's example", () => {
    const snippet = sdkSnippet("https://tandem.example.org", competition);
    expect(snippet).toContain('base_url="https://tandem.example.org"');
    expect(snippet).toContain("pip install tandem-bench");
    expect(snippet).toContain("from tandem_bench import BenchmarkClient");
    expect(snippet).toContain("# Retail Banking, challenge 1: fraud detection");
    expect(snippet).toContain('predictions = data["test"][["TxnID"]].assign(FraudLabel=0)');
  });
});
