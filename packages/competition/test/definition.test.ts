import { describe, expect, it } from "vitest";
import {
  buildCompetition,
  type CompetitionDefinition,
  validateDefinition,
  withMainWindow,
} from "../src";
import { DEFAULT_DEFINITION_FILE, defaultDefinition, parseDefinitionText } from "../src/server";

/** A deep copy of the default edition to break in one place. */
const edited = (change: (def: CompetitionDefinition) => void): unknown => {
  const copy = structuredClone(defaultDefinition());
  change(copy);
  return copy;
};
const issuesOf = (input: unknown) => {
  const check = validateDefinition(input);
  return check.ok ? [] : check.issues;
};

describe("the default definition file", () => {
  it("is valid and resolves to six domains and seventeen challenges", () => {
    const competition = buildCompetition(defaultDefinition());
    expect(competition.domains.map((d) => d.slug)).toEqual([
      "commerce",
      "insurance",
      "retail-banking",
      "manufacturing",
      "food",
      "healthcare",
    ]);
    expect(competition.challenges).toHaveLength(17);
    expect(DEFAULT_DEFINITION_FILE).toMatch(/definition[/\\]default\.yaml$/);
  });

  it("writes its dates as the pages show them, in the competition's time zone", () => {
    const competition = buildCompetition(defaultDefinition());
    expect(competition.timeline).toEqual([
      { date: "June 1, 2025", event: "Registration opens" },
      { date: "October 18, 2025", event: "Competition starts" },
      { date: "October 26, 2025", event: "Submission deadline" },
      { date: "November 2025 (date TBD)", event: "Winners announced" },
      { date: "November 2025 (date TBD)", event: "Post-competition workshop" },
    ]);
    expect(competition.webinars.map((w) => w.when)).toEqual([
      "Sunday, October 12, 2025, 10:00 CDT",
      "Friday, October 17, 2025, 18:00 CDT",
    ]);
    expect(competition.site.rules.sections[0]?.paragraphs[0]).toContain(
      "from Saturday 18 October 2025 00:01 to Sunday 26 October 2025 23:59 US Central time (CDT, UTC-5)",
    );
    expect(competition.site.hero.heading).toBe("Tandem · Human-AI Data Science Competition 2025");
    expect(competition.site.footer.contact.email).toBe("organizers@tandem-bench.org");
  });

  it("moves every page's dates with the main phase (COMPETITION_OPENS_AT/CLOSES_AT)", () => {
    const moved = buildCompetition(
      withMainWindow(defaultDefinition(), {
        opensAt: "2026-11-23T06:00:00Z",
        closesAt: "2026-11-29T23:00:00-06:00",
      }),
    );
    expect(moved.window.closesAt.toISOString()).toBe("2026-11-30T05:00:00.000Z");
    expect(moved.timeline[2]).toEqual({ date: "November 29, 2026", event: "Submission deadline" });
    expect(moved.site.rules.sections[0]?.paragraphs[0]).toContain(
      "from Monday 23 November 2026 00:00 to Sunday 29 November 2026 23:00 US Central time (CST, UTC-6)",
    );
    expect(moved.site.timeline_section.intro).toBe(
      "Key dates. All times are US Central (CST, UTC-6).",
    );
  });

  it("reads YAML and reports every problem with its path", () => {
    expect(() => parseDefinitionText("schema_version: 1\n", "x.yaml")).toThrow(/identity/);
    expect(() => parseDefinitionText("a: [", "broken.yaml")).toThrow(/broken\.yaml/);
  });
});

describe("validation", () => {
  it.each([
    [
      "a domain slug used twice",
      (d: CompetitionDefinition) => {
        d.domains[1]!.slug = d.domains[0]!.slug;
      },
      "domains.1",
    ],
    [
      "a challenge number used twice",
      (d: CompetitionDefinition) => {
        d.domains[0]!.challenges[1]!.number = d.domains[0]!.challenges[0]!.number;
      },
      "domains.0.challenges.1.number",
    ],
    [
      "a file no domain lists",
      (d: CompetitionDefinition) => {
        d.domains[0]!.challenges[0]!.test_file = "missing.csv";
      },
      "domains.0.challenges.0.files",
    ],
    [
      "a split group that is not an id column",
      (d: CompetitionDefinition) => {
        d.domains[0]!.challenges[0]!.split = { public_fraction: 0.3, group_by: "price" };
      },
      "domains.0.challenges.0.split.group_by",
    ],
    [
      "a timeline date that names nothing",
      (d: CompetitionDefinition) => {
        d.timeline[0]!.date = "kickoff";
      },
      "timeline.0.date",
    ],
    [
      "phases that overlap",
      (d: CompetitionDefinition) => {
        d.phases.unshift({
          id: "practice",
          name: "Practice",
          counts: false,
          starts_at: "2025-10-01T00:00:00Z",
          ends_at: "2025-10-20T00:00:00Z",
        });
      },
      "phases.1.starts_at",
    ],
    [
      "a phase that ends before it starts",
      (d: CompetitionDefinition) => {
        d.phases[0]!.ends_at = "2025-01-01T00:00:00Z";
      },
      "phases.0.ends_at",
    ],
    [
      "no phase that counts",
      (d: CompetitionDefinition) => {
        d.phases[0]!.counts = false;
      },
      "phases",
    ],
    [
      "an unknown placeholder in a text",
      (d: CompetitionDefinition) => {
        d.site.hero.heading = "{{nmae}} 2026";
      },
      "site.hero.heading",
    ],
    [
      "an unknown time zone",
      (d: CompetitionDefinition) => {
        d.time_zone.id = "Mars/Olympus";
      },
      "time_zone.id",
    ],
    [
      "an unknown metric",
      (d: CompetitionDefinition) => {
        (d.domains[0]!.challenges[0] as { metric: string }).metric = "accuracy";
      },
      "domains.0.challenges.0.metric",
    ],
    [
      "a metric that does not score the challenge's target",
      (d: CompetitionDefinition) => {
        d.domains[2]!.challenges[0]!.metric = "rmse";
      },
      "domains.2.challenges.0.metric",
    ],
    [
      "a ranking header of the wrong length",
      (d: CompetitionDefinition) => {
        d.domains[0]!.challenges[1]!.header = "customer_id,sku_id_1";
      },
      "domains.0.challenges.1.header",
    ],
  ])("refuses %s", (_what, change, path) => {
    expect(issuesOf(edited(change)).map((issue) => issue.path)).toContain(path);
  });

  it("gives a definition saved before leaderboard_visibility existed the spec's rule, and refuses an unknown one", () => {
    const older = edited((d) => {
      delete (d as Partial<CompetitionDefinition>).leaderboard_visibility;
    });
    const check = validateDefinition(older);
    expect(check.ok && check.definition.leaderboard_visibility).toBe("organizers");
    for (const value of ["organizers", "participants", "public"]) {
      expect(issuesOf(edited((d) => Object.assign(d, { leaderboard_visibility: value })))).toEqual(
        [],
      );
    }
    expect(
      issuesOf(edited((d) => Object.assign(d, { leaderboard_visibility: "everyone" }))).map(
        (issue) => issue.path,
      ),
    ).toEqual(["leaderboard_visibility"]);
  });

  it("reports every problem at once, not the first", () => {
    const issues = issuesOf(
      edited((d) => {
        d.timeline[0]!.date = "kickoff";
        d.site.hero.heading = "{{nope}}";
      }),
    );
    expect(issues.map((i) => i.path).sort()).toEqual(["site.hero.heading", "timeline.0.date"]);
  });
});

describe("the clock", () => {
  const twoPhases = buildCompetition(
    edited((d) => {
      d.phases = [
        {
          id: "practice",
          name: "Practice",
          counts: false,
          starts_at: "2026-01-01T00:00:00Z",
          ends_at: "2026-01-10T00:00:00Z",
        },
        {
          id: "main",
          name: "Main",
          counts: true,
          starts_at: "2026-01-11T00:00:00Z",
          ends_at: "2026-01-20T00:00:00Z",
        },
      ];
      d.dates.archived_at = "2026-03-01T00:00:00Z";
      d.timeline = [];
    }) as CompetitionDefinition,
  );
  const at = (iso: string, revealed = false) => twoPhases.status(new Date(iso), revealed);

  it("moves through registration, practice, open, closed, revealed and archived", () => {
    expect(at("2025-12-01T00:00:00Z")).toMatchObject({
      state: "registration",
      endsAt: new Date("2026-01-01T00:00:00Z"),
    });
    expect(at("2026-01-05T00:00:00Z")).toMatchObject({
      state: "practice",
      phase: { id: "practice" },
    });
    expect(at("2026-01-10T12:00:00Z").state).toBe("registration");
    expect(at("2026-01-15T00:00:00Z")).toMatchObject({
      state: "open",
      phase: { id: "main", counts: true },
    });
    expect(at("2026-01-25T00:00:00Z")).toMatchObject({ state: "closed", endsAt: null });
    expect(at("2026-02-01T00:00:00Z", true)).toMatchObject({
      state: "revealed",
      endsAt: new Date("2026-03-01T00:00:00Z"),
    });
    expect(at("2026-03-02T00:00:00Z", true).state).toBe("archived");
  });

  it("counts submissions only inside a phase that counts", () => {
    expect(twoPhases.countsAt(new Date("2026-01-05T00:00:00Z"))).toBe(false);
    expect(twoPhases.countsAt(new Date("2026-01-15T00:00:00Z"))).toBe(true);
    expect(twoPhases.countsAt(new Date("2026-01-21T00:00:00Z"))).toBe(false);
    expect(twoPhases.window.closesAt.toISOString()).toBe("2026-01-20T00:00:00.000Z");
  });
});
