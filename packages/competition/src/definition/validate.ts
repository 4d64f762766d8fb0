import { METRICS } from "../metrics";
import { normalizeDomainName, placeholdersIn, placeholderValues, timelineDate } from "./build";
import { type CompetitionDefinition, definitionSchema } from "./schema";

/** One problem with a definition: where (a dotted path) and what. */
export interface DefinitionIssue {
  path: string;
  message: string;
}

export type DefinitionCheck =
  | { ok: true; definition: CompetitionDefinition }
  | { ok: false; issues: DefinitionIssue[] };

/**
 * Checks a whole definition: its shape (the zod schema), then what the shape cannot say (names
 * unique, files that exist, phases in order, timeline dates that resolve, known placeholders).
 * Every problem is reported, not the first.
 */
export function validateDefinition(input: unknown): DefinitionCheck {
  const parsed = definitionSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join("."),
        message: issue.message,
      })),
    };
  }
  const issues = crossChecks(parsed.data);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, definition: parsed.data };
}

function crossChecks(def: CompetitionDefinition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });

  const phaseIds = new Set<string>();
  def.phases.forEach((p, i) => {
    if (phaseIds.has(p.id)) add(`phases.${i}.id`, `Phase "${p.id}" is listed twice.`);
    phaseIds.add(p.id);
    if (new Date(p.starts_at) >= new Date(p.ends_at)) {
      add(`phases.${i}.ends_at`, `Phase "${p.id}" must end after it starts.`);
    }
    const before = def.phases[i - 1];
    if (before && new Date(p.starts_at) < new Date(before.ends_at)) {
      add(
        `phases.${i}.starts_at`,
        `Phase "${p.id}" starts before "${before.id}" ends: phases run one after another.`,
      );
    }
  });
  if (!def.phases.some((p) => p.counts)) {
    add("phases", "At least one phase must count (counts: true) for the standings.");
  }
  const lastEnd = def.phases.at(-1)?.ends_at;
  if (def.dates.archived_at && lastEnd && new Date(def.dates.archived_at) <= new Date(lastEnd)) {
    add("dates.archived_at", "The archive date must come after the last phase ends.");
  }
  def.timeline.forEach((entry, i) => {
    if (timelineDate(def, entry.date) === undefined) {
      add(
        `timeline.${i}.date`,
        `"${entry.date}" names no date: use registration_opens, winners, workshop or {phase id}.starts_at / .ends_at.`,
      );
    }
  });

  const aliases = new Map<string, number>();
  def.domains.forEach((d, di) => {
    for (const alias of new Set([d.slug, d.name, d.folder].map(normalizeDomainName))) {
      const owner = aliases.get(alias);
      if (owner !== undefined && owner !== di) {
        add(
          `domains.${di}`,
          `Domain "${d.slug}" has a name, slug or folder that "${def.domains[owner]?.slug}" also uses.`,
        );
      }
      aliases.set(alias, di);
    }
    const files = new Set(d.data_files.map((f) => f.name));
    if (files.size !== d.data_files.length)
      add(`domains.${di}.data_files`, "A file is listed twice.");
    const numbers = new Set<number>();
    d.challenges.forEach((c, ci) => {
      const at = `domains.${di}.challenges.${ci}`;
      if (numbers.has(c.number))
        add(`${at}.number`, `Challenge ${c.number} of "${d.slug}" is listed twice.`);
      numbers.add(c.number);
      const header = c.header.split(",").map((h) => h.trim());
      if (header.some((h) => h === "") || new Set(header).size !== header.length) {
        add(`${at}.header`, "The header needs distinct, non-empty column names.");
      }
      if (header.length < 2) add(`${at}.header`, "The header needs an id column and a prediction.");
      const idColumns = c.target.kind === "ranking" ? header.slice(0, 1) : header.slice(0, -1);
      if (c.target.kind === "ranking" && header.length !== 1 + c.target.k) {
        add(
          `${at}.header`,
          `A ranking of ${c.target.k} needs the id column and ${c.target.k} item columns.`,
        );
      }
      if (METRICS[c.metric].target !== c.target.kind) {
        add(
          `${at}.metric`,
          `${METRICS[c.metric].name} scores a ${METRICS[c.metric].target} target; this challenge's target is ${c.target.kind}.`,
        );
      }
      if (c.target.kind === "label" && new Set(c.target.labels).size !== c.target.labels.length) {
        add(`${at}.target.labels`, "A label is listed twice.");
      }
      for (const file of [c.test_file, ...c.files]) {
        if (!files.has(file)) add(`${at}.files`, `"${file}" is not among the domain's data_files.`);
      }
      if (c.target.kind === "ranking" && !files.has(c.target.eligible.file)) {
        add(
          `${at}.target.eligible.file`,
          `"${c.target.eligible.file}" is not among the domain's data_files.`,
        );
      }
      if (c.split?.group_by && !idColumns.includes(c.split.group_by)) {
        add(
          `${at}.split.group_by`,
          `"${c.split.group_by}" is not one of the id columns (${idColumns.join(", ")}).`,
        );
      }
    });
  });

  const known = new Set(Object.keys(placeholderValues(def)));
  walkStrings(def.site, "site", (text, path) => {
    for (const name of placeholdersIn(text)) {
      if (!known.has(name)) {
        add(path, `Unknown placeholder {{${name}}}: use one of ${[...known].join(", ")}.`);
      }
    }
  });
  return issues;
}

function walkStrings(value: unknown, path: string, visit: (text: string, path: string) => void) {
  if (typeof value === "string") visit(value, path);
  else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      walkStrings(v, `${path}.${i}`, visit);
    });
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) walkStrings(v, `${path}.${k}`, visit);
  }
}
