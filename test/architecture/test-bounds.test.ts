import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import config from "../../vitest.config";
import { EVERYTHING, tsFiles } from "./ts-files";

/*
 * A project's bounds (vitest.config.ts) are set for a busy machine, not as speed checks. A test
 * or hook that names a smaller bound of its own only fails where the machine is slow: a whole
 * `npm test` beside two CPU-bound processes failed three dataset fits at a 60 s bound of their
 * own under the project's 120 s (issue 34), and a leaderboard test expect.poll's 1 s default. So
 * no test or hook names a bound below its project's, and no wait inside a test one below the
 * project's wait bound (test/support/bounds.ts); a larger one, for work the project's bound does
 * not cover, is fine.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TIMED = new Set([
  "describe",
  "it",
  "test",
  "beforeAll",
  "beforeEach",
  "afterAll",
  "afterEach",
]);
const HOOKS = new Set(["beforeAll", "beforeEach", "afterAll", "afterEach"]);

interface Bounds {
  testTimeout: number;
  hookTimeout: number;
  /** One wait inside a test (expect.poll, and the same bound for Playwright and Testing Library:
   * test/support/bounds.ts). */
  waitTimeout: number;
}

/** Each project's folders (by the start of its include globs) and bounds, vitest's defaults otherwise. */
function projects(): { name: string; folders: string[]; bounds: Bounds }[] {
  const list = (config.test?.projects ?? []) as {
    test: {
      name: string;
      include: string[];
      testTimeout?: number;
      hookTimeout?: number;
      expect?: { poll?: { timeout?: number } };
    };
  }[];
  return list.map(({ test }) => ({
    name: test.name,
    folders: test.include.map((glob) => glob.slice(0, glob.search(/[*{]/))),
    bounds: {
      testTimeout: test.testTimeout ?? 5_000,
      hookTimeout: test.hookTimeout ?? 10_000,
      waitTimeout: test.expect?.poll?.timeout ?? 1_000,
    },
  }));
}

/** The name a call is made by: `it(...)`, `it.each(...)(...)`, `describe.skip`'s `describe`. */
function calleeName(call: ts.CallExpression): string | null {
  let callee: ts.Expression = call.expression;
  while (ts.isCallExpression(callee) || ts.isPropertyAccessExpression(callee)) {
    callee = ts.isCallExpression(callee) ? callee.expression : callee.expression;
  }
  return ts.isIdentifier(callee) ? callee.text : null;
}

/** A numeric literal's value (`60_000` included). */
const numberOf = (literal: ts.NumericLiteral) => Number(literal.text.replace(/_/g, ""));

/** A numeric `timeout` property of an object literal. */
function timeoutOf(node: ts.Node): number | null {
  if (!ts.isObjectLiteralExpression(node)) return null;
  for (const property of node.properties) {
    if (
      ts.isPropertyAssignment(property) &&
      ts.isIdentifier(property.name) &&
      property.name.text === "timeout" &&
      ts.isNumericLiteral(property.initializer)
    ) {
      return numberOf(property.initializer);
    }
  }
  return null;
}

/** A parameter's default or a constant named for a wait or a timeout, when a number. */
function waitBoundOf(node: ts.Node): number | null {
  if (!ts.isParameter(node) && !ts.isVariableDeclaration(node)) return null;
  const { name, initializer } = node;
  if (!ts.isIdentifier(name) || !initializer || !ts.isNumericLiteral(initializer)) return null;
  return /(timeout|wait)(_?ms)?$/i.test(name.text) ? numberOf(initializer) : null;
}

/** The bound a call to describe/it/test/a hook names: a number last, or `{ timeout }` anywhere. */
function namedBound(call: ts.CallExpression): number | null {
  const last = call.arguments.at(-1);
  if (last && call.arguments.length >= 2 && ts.isNumericLiteral(last)) {
    return numberOf(last);
  }
  for (const argument of call.arguments) {
    const bound = timeoutOf(argument);
    if (bound !== null) return bound;
  }
  return null;
}

/** `file:line name bound < project bound` for each call naming a bound below its project's. */
function tighterBounds(file: string, bounds: Bounds): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(ROOT, file), "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: string[] = [];
  // The options of describe/it/hook calls, checked against the test and hook bounds.
  const testOptions = new Set<ts.Node>();
  const report = (node: ts.Node, what: string, bound: number, project: number) => {
    if (bound >= project) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${file}:${line + 1} ${what} ${bound} < ${project}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name && TIMED.has(name)) {
        for (const argument of node.arguments) testOptions.add(argument);
        const bound = namedBound(node);
        const project = HOOKS.has(name) ? bounds.hookTimeout : bounds.testTimeout;
        if (bound !== null) report(node, name, bound, project);
      }
    }
    // Any other `{ timeout: n }`: a wait's (expect.poll, Playwright, Testing Library, a process).
    const wait = testOptions.has(node) ? null : timeoutOf(node);
    if (wait !== null) report(node, "wait", wait, bounds.waitTimeout);
    // A helper's own bound: `timeoutMs = n` as a parameter's default or `const WAIT_MS = n` (a
    // 5 s default in e2e's `until` and a 10 s one in the mail sink's `waitFor` slipped past the
    // checks above).
    const named = waitBoundOf(node);
    if (named !== null) report(node, "wait", named, bounds.waitTimeout);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("test bounds", () => {
  it("finds the projects and their test files", () => {
    const names = projects().map((project) => project.name);
    expect(names).toEqual(expect.arrayContaining(["unit", "integration", "e2e", "web"]));
  });

  it("no test, hook or wait names a bound below its project's", () => {
    // The tests and the helpers beside them (e2e/*.ts, test/support, a package's test/helper.ts).
    const tests = tsFiles(ROOT, ".", EVERYTHING).filter(
      (file) =>
        (/\.test\.tsx?$/.test(file) || /^(e2e\/|web\/test-utils\/)|(^|\/)test\//.test(file)) &&
        file !== "test/support/bounds.ts",
    );
    const known = projects();
    const found: string[] = [];
    for (const file of tests) {
      const project = known.find((candidate) =>
        candidate.folders.some((folder) => folder && file.startsWith(folder)),
      );
      if (project) found.push(...tighterBounds(file, project.bounds));
    }
    expect(found).toEqual([]);
  });
});
