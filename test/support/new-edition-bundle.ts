import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CompetitionDefinition, DomainDefinition } from "@tandem/competition";
import { defaultDefinition, definitionToYaml } from "@tandem/competition/server";

/**
 * A competition that is not ours, as its organizers would write it: two domains of their own
 * (Astronomy, a label challenge scored by Macro-F1; Energy, a regression scored by RMSE with two
 * id columns and a split by meter), their own texts and phases, and data made here from a fixed
 * pseudo-random sequence. Only the page texts the definition requires and this bundle does not
 * care about (the default edition's rules, FAQ...) are kept as the default has them.
 */
export const NEW_EDITION = {
  name: "Skyline",
  edition: "Spring Round",
  heroHeading: "Skyline Open Data Challenge: {{edition}}",
  /** The hero heading as the pages show it, placeholders filled. */
  heroShown: "Skyline Open Data Challenge: Spring Round",
  domains: ["Astronomy", "Energy"],
  labels: ["dwarf", "giant", "supergiant"],
} as const;

const STARS = { train: 600, test: 300 };
const METERS = { count: 40, hours: 8, trainHours: 16 };

/** Mulberry32: a small fixed pseudo-random sequence, the same on every run. */
export function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface NewEditionData {
  /** Astronomy challenge 1: each test star's class and whether its row is public (the bundle's split column). */
  stars: { id: string; label: string; public: boolean }[];
  /** Energy challenge 1: each test row's load; its split comes from the deployment's seed. */
  loads: { meter: string; hour: number; load: number }[];
}

/** The main phase's dates: open around `now`, closing `closesInMs` later. */
export function newEditionDefinition(now: Date, closesInMs: number): CompetitionDefinition {
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const day = 86_400_000;
  const base = structuredClone(defaultDefinition());
  return {
    ...base,
    identity: {
      name: NEW_EDITION.name,
      edition: NEW_EDITION.edition,
      organization: "Skyline Data Society",
      contact_email: "hello@skyline.example.org",
    },
    time_zone: { id: "Europe/Berlin", name: "Central European Time" },
    dates: {
      registration_opens: at(-10 * day).slice(0, 10),
      winners: { tbd: at(30 * day).slice(0, 7) },
      workshop: { tbd: at(60 * day).slice(0, 7) },
    },
    phases: [
      {
        id: "warm-up",
        name: "Warm-up",
        counts: false,
        starts_at: at(-3 * day),
        ends_at: at(-2 * day),
      },
      {
        id: "main",
        name: "Main round",
        counts: true,
        starts_at: at(-day),
        ends_at: at(closesInMs),
      },
    ],
    timeline: [
      { date: "registration_opens", event: "Sign-ups open" },
      { date: "warm-up.starts_at", event: "Warm-up round" },
      { date: "main.starts_at", event: "Main round starts" },
      { date: "main.ends_at", event: "Last predictions due" },
      { date: "winners", event: "Winners named" },
    ],
    webinars: [
      {
        title: "Meet the sky surveys",
        starts_at: at(-5 * day),
        url: "https://skyline.example.org/webinars/sky",
      },
    ],
    resources: {
      recording: { label: "Opening talk", url: "https://skyline.example.org/talk" },
      slides: { label: "Opening slides", url: "https://skyline.example.org/slides.pdf" },
      teammate_finder: { label: "Find teammates", url: "https://skyline.example.org/teams" },
    },
    prizes: {
      overall: [{ place: "1st", amount_usd: 900 }],
      per_domain: [{ place: "1st", amount_usd: 300 }],
      conditions: ["Share a short write-up of the approach."],
      last_prize_rank: 1,
    },
    limits: {
      daily_submissions: 20,
      final_picks: 1,
      public_fraction: 0.4,
      feedback: { policy: "rounded", digits: 3 },
    },
    site: { ...base.site, hero: { ...base.site.hero, heading: NEW_EDITION.heroHeading } },
    domains: [astronomy(), energy()],
  };
}

function astronomy(): DomainDefinition {
  return {
    slug: "astronomy",
    name: "Astronomy",
    folder: "Astronomy",
    color: "#364fc7",
    background: "linear-gradient(135deg, #364fc7 0%, #0b0c1e 100%)",
    overview: "A sky survey measured the brightness and colour of thousands of stars.",
    card: {
      tagline: "Tell dwarfs from giants by their light.",
      image: { src: "/images/domains/astronomy.svg", alt: "A telescope under stars" },
    },
    data_files: [
      {
        name: "stars_train.csv",
        description: "Stars with their class.",
        columns: {
          star_id: "Star id",
          magnitude: "Absolute magnitude",
          color_index: "B-V colour index",
          class: "dwarf, giant or supergiant (train only)",
        },
      },
      { name: "stars_test.csv", description: "The stars to classify, without their class." },
    ],
    challenges: [
      {
        number: 1,
        title: "Star Classes",
        metric: "macro_f1",
        header: "star_id,class",
        target: { kind: "label", labels: [...NEW_EDITION.labels] },
        test_file: "stars_test.csv",
        files: ["stars_train.csv", "stars_test.csv"],
        task: "Submit the class of every star in stars_test.csv.",
        task_description: "Classify stars by luminosity class.",
        dataset_description: "600 labelled stars and 300 to classify.",
        sample_data: [],
      },
    ],
  };
}

function energy(): DomainDefinition {
  return {
    slug: "energy",
    name: "Energy",
    folder: "Energy",
    color: "#e67700",
    background: "linear-gradient(135deg, #e67700 0%, #1a1b1e 100%)",
    overview: "Smart meters report a neighbourhood's electricity load every hour.",
    card: {
      tagline: "Forecast the next hours' load.",
      image: { src: "/images/domains/energy.svg", alt: "A power line" },
    },
    data_files: [
      {
        name: "meters_train.csv",
        description: "Hourly loads with the temperature.",
        columns: {
          meter_id: "Meter id",
          hour: "Hour of the series",
          temperature: "Outside temperature, C",
          load: "Load, kW (train only)",
        },
      },
      { name: "meters_test.csv", description: "The hours to forecast, without the load." },
    ],
    challenges: [
      {
        number: 1,
        title: "Load Forecast",
        metric: "rmse",
        header: "meter_id,hour,load",
        target: { kind: "numeric" },
        test_file: "meters_test.csv",
        files: ["meters_train.csv", "meters_test.csv"],
        task: "Submit the load of every meter and hour in meters_test.csv.",
        task_description: "Forecast each meter's load for the next eight hours.",
        dataset_description: "40 meters, 16 hours of history and 8 to forecast.",
        sample_data: [],
        split: { public_fraction: 0.5, group_by: "meter_id" },
      },
    ],
  };
}

const NOTEBOOK = `${JSON.stringify({ cells: [], metadata: {}, nbformat: 4, nbformat_minor: 5 })}\n`;
const csv = (rows: (string | number)[][]) => `${rows.map((row) => row.join(",")).join("\n")}\n`;

/**
 * Writes the bundle competition:import reads into `dir`: `competition.yaml` and
 * `domains/<slug>/` per domain. Astronomy's answers carry their own `split` column; Energy's
 * do not, so the importing deployment splits them from its seed.
 */
export async function writeNewEditionBundle(
  dir: string,
  definition: CompetitionDefinition,
): Promise<NewEditionData> {
  const random = pseudoRandom(20_310);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "competition.yaml"), definitionToYaml(definition));

  const star = (i: number) => {
    const label = NEW_EDITION.labels[Math.floor(random() * 3)]!;
    const shift = NEW_EDITION.labels.indexOf(label);
    const magnitude = (10 - shift * 4 + random() * 2).toFixed(2);
    const color = (0.3 + shift * 0.5 + random() * 0.4).toFixed(3);
    return { id: `S${String(i).padStart(5, "0")}`, label, magnitude, color };
  };
  const train = Array.from({ length: STARS.train }, (_, i) => star(i + 1));
  const test = Array.from({ length: STARS.test }, (_, i) => star(STARS.train + i + 1));
  const stars = test.map((s) => ({ id: s.id, label: s.label, public: random() < 0.4 }));
  // Both parts need rows: the first two stars settle it whatever the sequence gives.
  stars[0]!.public = true;
  stars[1]!.public = false;
  const sky = join(dir, "domains/astronomy");
  await mkdir(join(sky, "answers"), { recursive: true });
  await writeFile(
    join(sky, "stars_train.csv"),
    csv([
      ["star_id", "magnitude", "color_index", "class"],
      ...train.map((s) => [s.id, s.magnitude, s.color, s.label]),
    ]),
  );
  await writeFile(
    join(sky, "stars_test.csv"),
    csv([
      ["star_id", "magnitude", "color_index"],
      ...test.map((s) => [s.id, s.magnitude, s.color]),
    ]),
  );
  await writeFile(
    join(sky, "sample_submission_c1.csv"),
    csv([["star_id", "class"], ...test.map((s) => [s.id, "dwarf"])]),
  );
  await writeFile(join(sky, "Challenge1_baseline.ipynb"), NOTEBOOK);
  await writeFile(
    join(sky, "answers/challenge1.csv"),
    csv([
      ["star_id", "class", "split"],
      ...stars.map((s) => [s.id, s.label, s.public ? "public" : "private"]),
    ]),
  );

  const series: { meter: string; hour: number; temperature: string; load: number }[] = [];
  for (let m = 1; m <= METERS.count; m++) {
    const level = 20 + random() * 30;
    for (let hour = 1; hour <= METERS.trainHours + METERS.hours; hour++) {
      const temperature = 5 + 10 * Math.sin(hour / 4) + random() * 2;
      const load = Math.round((level + temperature * 0.8 + random() * 4) * 100) / 100;
      series.push({
        meter: `M${String(m).padStart(3, "0")}`,
        hour,
        temperature: temperature.toFixed(1),
        load,
      });
    }
  }
  const trainRows = series.filter((row) => row.hour <= METERS.trainHours);
  const testRows = series.filter((row) => row.hour > METERS.trainHours);
  const grid = join(dir, "domains/energy");
  await mkdir(join(grid, "answers"), { recursive: true });
  await writeFile(
    join(grid, "meters_train.csv"),
    csv([
      ["meter_id", "hour", "temperature", "load"],
      ...trainRows.map((r) => [r.meter, r.hour, r.temperature, r.load]),
    ]),
  );
  await writeFile(
    join(grid, "meters_test.csv"),
    csv([
      ["meter_id", "hour", "temperature"],
      ...testRows.map((r) => [r.meter, r.hour, r.temperature]),
    ]),
  );
  await writeFile(
    join(grid, "sample_submission_c1.csv"),
    csv([["meter_id", "hour", "load"], ...testRows.map((r) => [r.meter, r.hour, 30])]),
  );
  await writeFile(join(grid, "Challenge1_baseline.ipynb"), NOTEBOOK);
  await writeFile(
    join(grid, "answers/challenge1.csv"),
    csv([["meter_id", "hour", "load"], ...testRows.map((r) => [r.meter, r.hour, r.load])]),
  );
  return {
    stars,
    loads: testRows.map((r) => ({ meter: r.meter, hour: r.hour, load: r.load })),
  };
}
