import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { PRODUCTION, tsFiles } from "./ts-files";

/*
 * Configuration is read once per process, through its entry point's parser: production code
 * hands `process.env` whole to a function (a parser such as loadConfig, loadWorkerConfig,
 * loadEmbeddedConfig, toolSettingsOf) or spreads it into a child process's environment, and
 * reads no variable from it anywhere else. Two files are parsers written over `process.env`
 * itself: the data tools' settings and the local production launcher's.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["services", "workers", "packages", "db/src", "datasets/src", "scripts"];
const PARSERS = new Set(["datasets/src/cli/deployment.ts", "scripts/start-prod.ts"]);

/** `file:line` of each use of `process.env` other than passing it whole or spreading it. */
function strayReads(file: string, text: string): string[] {
  if (!text.includes("process.env")) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === "env" &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "process"
    ) {
      const parent = node.parent;
      const passed = ts.isCallExpression(parent) && parent.arguments.includes(node);
      const spread = ts.isSpreadAssignment(parent);
      if (!passed && !spread) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${file}:${line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("reading the environment", () => {
  it("happens only in the entry points' parsers", () => {
    const found = FOLDERS.flatMap((folder) => tsFiles(ROOT, folder, PRODUCTION))
      .filter((file) => !PARSERS.has(file))
      .flatMap((file) => strayReads(file, readFileSync(join(ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("tells a variable read in place from the environment handed to a parser", () => {
    expect(strayReads("a.ts", "const level = process.env.LOG_LEVEL;")).toEqual(["a.ts:1"]);
    expect(strayReads("a.ts", "const env = process.env;")).toEqual(["a.ts:1"]);
    expect(strayReads("a.ts", 'const e = process.env["X"];')).toEqual(["a.ts:1"]);
    expect(strayReads("a.ts", "const c = loadConfig(process.env);")).toEqual([]);
    expect(strayReads("a.ts", "spawn(cmd, { env: { ...process.env, A: '1' } });")).toEqual([]);
  });
});
