import { join } from "node:path";
import ts from "typescript";
import { REPO_ROOT } from "../../support/processes";
import type { K8sObject } from "./kustomize";

/**
 * The Kubernetes API types: kubernetes-models and @kubernetes-models/keda, generated from the
 * Kubernetes OpenAPI document and KEDA's CRDs.
 */

function modelModule(object: K8sObject): string {
  const prefix = object.apiVersion.startsWith("keda.sh/")
    ? "@kubernetes-models/keda"
    : "kubernetes-models";
  return `${prefix}/${object.apiVersion}/${object.kind}`;
}

/** Runtime validation with the validators kubernetes-models compiled from the OpenAPI schemas. */
export async function validateModel(object: K8sObject): Promise<void> {
  const module = (await import(modelModule(object))) as Record<
    string,
    new (
      data: unknown,
    ) => { validate(): void }
  >;
  const Model = module[object.kind];
  if (!Model) throw new Error(`No model for ${object.apiVersion} ${object.kind}`);
  new Model(object).validate();
}

/**
 * The OpenAPI schemas leave additional properties open, so a misspelt field would pass them.
 * TypeScript's excess-property check on the same generated types catches it: every manifest
 * becomes a typed object literal, and the compiler's diagnostics are the findings.
 */
export function typeCheck(objects: { label: string; object: K8sObject }[]): string[] {
  const file = join(REPO_ROOT, "test", "__manifests__.ts");
  const lines: string[] = [];
  const labels: { line: number; label: string }[] = [];
  objects.forEach(({ object }, i) => {
    lines.push(`import type { I${object.kind} as T${i} } from "${modelModule(object)}";`);
  });
  objects.forEach(({ label, object }, i) => {
    labels.push({ line: lines.length + 1, label });
    lines.push(`export const o${i}: T${i} = ${JSON.stringify(object, null, 2)};`);
    lines.push(...lines.pop()!.split("\n"));
  });
  const text = lines.join("\n");
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, text, language)
      : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? text : readFile.call(host, name));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => {
    const line = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1;
    const label = labels.filter((l) => l.line <= line).at(-1)?.label ?? "imports";
    const snippet = text.split("\n")[line - 1]?.trim();
    return `${label} (${snippet}): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
  });
}
