import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { PRODUCTION, tsFiles } from "./ts-files";

/*
 * Finds writes of a submission's status in TypeScript source: what only @tandem/jobs may make
 * (docs/adr/0021-workers-score.md, "One lifecycle owner"). A write it cannot prove free of
 * `status` (a `set` of a variable or a spread) counts as one: move it, or spell its columns out.
 */

export interface StatusWrite {
  file: string;
  line: number;
  kind: "insert" | "update" | "sql";
  text: string;
}

const SQL_WRITE = /\b(update|insert\s+into)\s+"?submissions"?\b/i;

/** The names the file gives the `submissions` table (an aliased import included). */
function tableNames(source: ts.SourceFile): Set<string> {
  const names = new Set(["submissions"]);
  for (const statement of source.statements) {
    const bindings = ts.isImportDeclaration(statement)
      ? statement.importClause?.namedBindings
      : undefined;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if ((element.propertyName ?? element.name).text === "submissions") {
        names.add(element.name.text);
      }
    }
  }
  return names;
}

/** `submissions`, or `<anything>.submissions` (e.g. `schema.submissions`). */
function isTable(node: ts.Node | undefined, names: Set<string>): boolean {
  if (!node) return false;
  if (ts.isIdentifier(node)) return names.has(node.text);
  return ts.isPropertyAccessExpression(node) && node.name.text === "submissions";
}

/** `<receiver>.<method>(submissions)` */
function isTableCall(node: ts.Node, method: string, names: Set<string>): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === method &&
    isTable(node.arguments[0], names)
  );
}

/** Whether a `.set(...)` argument may write `status`: anything but an object literal without it. */
function maySetStatus(argument: ts.Expression | undefined): boolean {
  if (!argument || !ts.isObjectLiteralExpression(argument)) return true;
  return argument.properties.some((property) => {
    if (ts.isSpreadAssignment(property)) return true;
    const name = property.name;
    if (!name || ts.isComputedPropertyName(name)) return true;
    return (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === "status";
  });
}

/** A literal's text, the table's name where it is interpolated, `?` for any other value. */
function literalText(node: ts.Node, names: Set<string>): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isTemplateExpression(node)) return undefined;
  let text = node.head.text;
  for (const span of node.templateSpans) {
    text += (isTable(span.expression, names) ? "submissions" : "?") + span.literal.text;
  }
  return text;
}

/** Every status write in one file's source. */
export function findStatusWrites(file: string, code: string): StatusWrite[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const names = tableNames(source);
  const found: StatusWrite[] = [];
  const report = (node: ts.Node, kind: StatusWrite["kind"]) => {
    // A call's line is its method's (`.update(` may sit lines below its receiver).
    const at =
      ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)
        ? node.expression.name
        : node;
    const { line } = source.getLineAndCharacterOfPosition(at.getStart(source));
    const text = node.getText(source).replace(/\s+/g, " ").slice(0, 100);
    found.push({ file, line: line + 1, kind, text });
  };
  const visit = (node: ts.Node): void => {
    if (isTableCall(node, "insert", names)) report(node, "insert");
    if (isTableCall(node, "update", names)) {
      // Only `.update(submissions).set({ ...no status... })` is provably not a status write.
      const access = node.parent;
      const call = access?.parent;
      const isSet =
        ts.isPropertyAccessExpression(access) &&
        access.name.text === "set" &&
        call !== undefined &&
        ts.isCallExpression(call) &&
        call.expression === access;
      if (!isSet || maySetStatus(call.arguments[0])) report(node, "update");
    }
    // SQL in any literal (a `sql` template, `sql.raw("...")`, a plain string for `execute`).
    const text = literalText(node, names);
    if (text !== undefined && SQL_WRITE.test(text)) report(node, "sql");
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The .ts files under `folder` (tests and build output skipped), relative to `root`. */
export function sourceFiles(root: string, folder: string): string[] {
  return tsFiles(root, folder, PRODUCTION);
}

/** The status writes in `files` (relative to `root`). */
export function statusWritesIn(root: string, files: string[]): StatusWrite[] {
  return files.flatMap((file) => findStatusWrites(file, readFileSync(join(root, file), "utf8")));
}
