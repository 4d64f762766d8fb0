import { buildCompetition } from "@tandem/competition";
import { defaultDefinition, setActiveCompetition } from "@tandem/competition/server";
import { afterEach, describe, expect, it } from "vitest";
import { fitOf, generatableDomains } from "../src/generate";

/** The default edition with `edit` applied to a copy, made the active competition. */
function activate(edit: (definition: ReturnType<typeof defaultDefinition>) => void) {
  const definition = structuredClone(defaultDefinition());
  edit(definition);
  setActiveCompetition(buildCompetition(definition));
}

afterEach(() => setActiveCompetition(buildCompetition(defaultDefinition())));

describe("which domains data:generate makes", () => {
  it("makes all six of the default edition", () => {
    expect(generatableDomains()).toEqual([
      "commerce",
      "insurance",
      "retail-banking",
      "manufacturing",
      "food",
      "healthcare",
    ]);
  });

  it("follows an edition that changes texts, limits and splits of a domain", () => {
    activate((definition) => {
      const food = definition.domains.find((d) => d.slug === "food")!;
      food.name = "Food Science";
      food.challenges[0]!.title = "Shelf life, again";
      food.challenges[0]!.split = { public_fraction: 0.5 };
      definition.limits.daily_submissions = 3;
    });
    expect(fitOf("food")).toEqual({ ok: true });
  });

  it("refuses a domain whose challenges the active definition reads differently", () => {
    activate((definition) => {
      const insurance = definition.domains.find((d) => d.slug === "insurance")!;
      insurance.challenges[1]!.header = "PolicyID,ExpectedLoss";
    });
    expect(fitOf("insurance")).toMatchObject({
      ok: false,
      reason: "changed",
      message: expect.stringContaining("challenge 2's header"),
    });
    expect(generatableDomains()).not.toContain("insurance");
  });

  it("leaves alone a domain without a generator and one the definition dropped", () => {
    activate((definition) => {
      const copy = structuredClone(definition.domains.find((d) => d.slug === "food")!);
      definition.domains = definition.domains.filter((d) => d.slug !== "commerce");
      definition.domains.push({ ...copy, slug: "bakery", name: "Bakery", folder: "Bakery" });
    });
    expect(fitOf("bakery")).toMatchObject({ ok: false, reason: "no-generator" });
    expect(fitOf("commerce")).toMatchObject({ ok: false, reason: "not-in-definition" });
    expect(generatableDomains()).toEqual([
      "insurance",
      "retail-banking",
      "manufacturing",
      "food",
      "healthcare",
    ]);
  });
});
