import { describeFeedback } from "../feedback";
import { SDK_PACKAGE } from "../sdk";
import type { Challenge, Domain } from "../types";
import { calendarDate, eventDateTime, longDateTime, zoneAt } from "./dates";
import type {
  ChallengeDefinition,
  CompetitionDefinition,
  DomainDefinition,
  PhaseDefinition,
} from "./schema";
import type { SiteTexts } from "./site-schema";

/** Case-, space-, dash- and underscore-insensitive key: `Data Science` = `data-science` = `DataScience`. */
export function normalizeDomainName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, "");
}

export interface Phase {
  id: string;
  name: string;
  counts: boolean;
  startsAt: Date;
  endsAt: Date;
}

/** Where the competition stands on the clock (docs/adr/0014-competition-definition.md). */
export type PhaseState = "registration" | "practice" | "open" | "closed" | "revealed" | "archived";

export interface CompetitionStatus {
  state: PhaseState;
  /** The scored phase in force, if any. */
  phase: { id: string; name: string; counts: boolean } | null;
  /** When the state ends by the clock; null when only an organizer's reveal ends it, or never. */
  endsAt: Date | null;
}

/** The active definition with everything the code asks of it resolved once. */
export interface Competition {
  definition: CompetitionDefinition;
  domains: readonly Domain[];
  challenges: readonly Challenge[];
  findDomain(name: string): Domain | undefined;
  findChallenge(domainName: string, number: number): Challenge | undefined;
  challengeByKey(key: string): Challenge | undefined;
  phases: readonly Phase[];
  /** The main phase: the last one whose submissions count. */
  window: { opensAt: Date; closesAt: Date };
  /** Whether a submission made at `at` falls in a phase that counts (the team's status aside). */
  countsAt(at: Date): boolean;
  status(now: Date, revealed: boolean): CompetitionStatus;
  timeline: readonly { date: string; event: string }[];
  webinars: readonly { title: string; startsAt: Date; when: string; url: string }[];
  /** Every page's copy with its placeholders filled. */
  site: SiteTexts;
}

const DEFAULT_ROUTE_PREFIX = "/domains/";

function toChallenge(
  domain: string,
  c: ChallengeDefinition,
  limits: CompetitionDefinition["limits"],
): Challenge {
  const header = c.header.split(",").map((h) => h.trim());
  const idCount = c.target.kind === "ranking" ? 1 : header.length - 1;
  return {
    key: `${domain}/${c.number}`,
    domain,
    number: c.number,
    title: c.title,
    metric: c.metric,
    header,
    idColumns: header.slice(0, idCount),
    target: c.target,
    testFile: c.test_file,
    taskDescription: c.task_description,
    datasetDescription: c.dataset_description,
    files: c.files,
    sampleData: c.sample_data.map((line) => line.split(",")),
    task: c.task,
    split: {
      publicFraction: c.split?.public_fraction ?? limits.public_fraction,
      ...(c.split?.group_by ? { groupBy: c.split.group_by } : {}),
    },
    finalSubmissions: c.final_picks ?? limits.final_picks,
    dailyLimit: c.daily_limit ?? limits.daily_submissions,
    feedback: c.feedback ?? limits.feedback,
  };
}

function toDomain(d: DomainDefinition, limits: CompetitionDefinition["limits"]): Domain {
  return {
    slug: d.slug,
    name: d.name,
    folder: d.folder,
    route: `${DEFAULT_ROUTE_PREFIX}${d.slug}`,
    color: d.color,
    background: d.background,
    overview: d.overview,
    card: d.card,
    ...(d.sponsor ? { sponsor: d.sponsor } : {}),
    dataFiles: d.data_files,
    challenges: d.challenges.map((c) => toChallenge(d.slug, c, limits)),
  };
}

/** The main phase (the last that counts), else the last phase. */
export function mainPhaseOf(phases: readonly PhaseDefinition[]): PhaseDefinition {
  const counting = phases.filter((p) => p.counts);
  return (counting.at(-1) ?? phases.at(-1)) as PhaseDefinition;
}

/** The value a timeline entry's `date` names, or undefined when it names nothing. */
export function timelineDate(def: CompetitionDefinition, name: string) {
  if (name === "registration_opens" || name === "winners" || name === "workshop") {
    return def.dates[name];
  }
  const [phaseId, edge] = name.split(".");
  const phase = def.phases.find((p) => p.id === phaseId);
  if (!phase) return undefined;
  return edge === "starts_at" ? phase.starts_at : edge === "ends_at" ? phase.ends_at : undefined;
}

/** The facts the page copy may name as `{{name}}`. */
export function placeholderValues(def: CompetitionDefinition): Record<string, string> {
  const main = mainPhaseOf(def.phases);
  const closes = new Date(main.ends_at);
  const zone = zoneAt(closes, def.time_zone.id);
  return {
    name: def.identity.name,
    edition: def.identity.edition,
    organization: def.identity.organization,
    contact_email: def.identity.contact_email,
    tz_name: def.time_zone.name,
    tz_abbr: zone.abbr,
    tz_offset: zone.offset,
    opens_at: longDateTime(new Date(main.starts_at), def.time_zone.id),
    closes_at: longDateTime(closes, def.time_zone.id),
    public_percent: percent(def.limits.public_fraction),
    private_percent: percent(1 - def.limits.public_fraction),
    final_picks: submissionsWord(def.limits.final_picks),
    feedback_rule: describeFeedback(def.limits.feedback),
    sdk_pip_name: SDK_PACKAGE.pipName,
    sdk_import_name: SDK_PACKAGE.importName,
  };
}

export const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
export const submissionsWord = (n: number) => `${n} submission${n === 1 ? "" : "s"}`;

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The placeholder names a text uses. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

/** Fills every string's placeholders, deep; unknown names are left as written. */
export function fillPlaceholders<T>(value: T, values: Record<string, string>): T {
  if (typeof value === "string") {
    return value.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole) as T;
  }
  if (Array.isArray(value)) return value.map((v) => fillPlaceholders(v, values)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, fillPlaceholders(v, values)]),
    ) as T;
  }
  return value;
}

/**
 * Resolves a definition that has passed `validateDefinition` (build never checks: it trusts
 * its input, so the browser can build the same object from the public JSON).
 */
export function buildCompetition(definition: CompetitionDefinition): Competition {
  const domains = definition.domains.map((d) => toDomain(d, definition.limits));
  const challenges = domains.flatMap((d) => d.challenges);
  const byName = new Map<string, Domain>();
  for (const domain of domains) {
    for (const alias of [domain.slug, domain.name, domain.folder]) {
      byName.set(normalizeDomainName(alias), domain);
    }
  }
  const findDomain = (name: string) => byName.get(normalizeDomainName(name));
  const findChallenge = (domainName: string, number: number) =>
    findDomain(domainName)?.challenges.find((c) => c.number === number);
  const phases: Phase[] = definition.phases.map((p) => ({
    id: p.id,
    name: p.name,
    counts: p.counts,
    startsAt: new Date(p.starts_at),
    endsAt: new Date(p.ends_at),
  }));
  const main = mainPhaseOf(definition.phases);
  const window = { opensAt: new Date(main.starts_at), closesAt: new Date(main.ends_at) };
  const tz = definition.time_zone.id;
  const archivedAt = definition.dates.archived_at ? new Date(definition.dates.archived_at) : null;
  const inPhase = (p: Phase, at: Date) => p.startsAt <= at && at <= p.endsAt;

  return {
    definition,
    domains,
    challenges,
    findDomain,
    findChallenge,
    challengeByKey(key) {
      const [slug, number] = key.split("/");
      return slug && number ? findChallenge(slug, Number(number)) : undefined;
    },
    phases,
    window,
    countsAt: (at) => phases.some((p) => p.counts && inPhase(p, at)),
    status(now, revealed) {
      if (revealed) {
        if (archivedAt && now >= archivedAt)
          return { state: "archived", phase: null, endsAt: null };
        return { state: "revealed", phase: null, endsAt: archivedAt };
      }
      const current = phases.find((p) => inPhase(p, now));
      if (current) {
        return {
          state: current.counts ? "open" : "practice",
          phase: { id: current.id, name: current.name, counts: current.counts },
          endsAt: current.endsAt,
        };
      }
      const next = phases.find((p) => p.startsAt > now);
      const lastCounting = phases.filter((p) => p.counts).at(-1);
      // Between phases, or before the first one: waiting for the next to start.
      if (next && (!lastCounting || now < lastCounting.endsAt)) {
        return { state: "registration", phase: null, endsAt: next.startsAt };
      }
      return { state: "closed", phase: null, endsAt: null };
    },
    timeline: definition.timeline.map((entry) => {
      const value = timelineDate(definition, entry.date);
      return {
        date: value === undefined ? entry.date : calendarDate(value, tz),
        event: entry.event,
      };
    }),
    webinars: definition.webinars.map((w) => ({
      title: w.title,
      startsAt: new Date(w.starts_at),
      when: eventDateTime(new Date(w.starts_at), tz),
      url: w.url,
    })),
    site: fillPlaceholders(definition.site, placeholderValues(definition)),
  };
}

/** The definition with the main phase's dates replaced (COMPETITION_OPENS_AT/CLOSES_AT). */
export function withMainWindow(
  definition: CompetitionDefinition,
  window: { opensAt?: Date | string; closesAt?: Date | string },
): CompetitionDefinition {
  const main = mainPhaseOf(definition.phases);
  const iso = (d: Date | string | undefined, fallback: string) =>
    d === undefined ? fallback : typeof d === "string" ? d : d.toISOString();
  return {
    ...definition,
    phases: definition.phases.map((p) =>
      p === main
        ? {
            ...p,
            starts_at: iso(window.opensAt, p.starts_at),
            ends_at: iso(window.closesAt, p.ends_at),
          }
        : p,
    ),
  };
}
