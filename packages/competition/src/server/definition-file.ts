import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "yaml";
import type { CompetitionDefinition } from "../definition/schema";
import { type DefinitionIssue, validateDefinition } from "../definition/validate";

/** The default edition: the only file that holds its facts. */
export const DEFAULT_DEFINITION_FILE = fileURLToPath(
  new URL("../../definition/default.yaml", import.meta.url),
);

export class DefinitionError extends Error {
  constructor(
    readonly source: string,
    readonly issues: DefinitionIssue[],
  ) {
    super(
      `${source} is not a valid competition definition:\n${issues
        .map((i) => `  ${i.path || "(root)"}: ${i.message}`)
        .join("\n")}`,
    );
  }
}

/** Parses and checks a definition's YAML (JSON is YAML too); throws every problem at once. */
export function parseDefinitionText(text: string, source: string): CompetitionDefinition {
  let document: unknown;
  try {
    document = parse(text);
  } catch (err) {
    throw new DefinitionError(source, [{ path: "", message: (err as Error).message }]);
  }
  const check = validateDefinition(document);
  if (!check.ok) throw new DefinitionError(source, check.issues);
  return check.definition;
}

export function readDefinitionFile(path: string): CompetitionDefinition {
  return parseDefinitionText(readFileSync(path, "utf8"), path);
}

export function definitionToYaml(definition: CompetitionDefinition): string {
  return stringify(definition, { lineWidth: 100 });
}

let defaultCache: CompetitionDefinition | undefined;
/** The default edition's definition (read once; callers must not mutate it). */
export function defaultDefinition(): CompetitionDefinition {
  defaultCache ??= readDefinitionFile(DEFAULT_DEFINITION_FILE);
  return defaultCache;
}
