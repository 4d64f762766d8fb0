import type { DefinitionIssue } from "@tandem/competition";
import { createContext, useContext } from "react";

/** The edited definition's problems by path ("phases.0.ends_at"), for the fields to show. */
export const IssuesContext = createContext<ReadonlyMap<string, string>>(new Map());

export function issuesByPath(issues: readonly DefinitionIssue[]): ReadonlyMap<string, string> {
  const byPath = new Map<string, string>();
  for (const issue of issues) {
    const before = byPath.get(issue.path);
    byPath.set(issue.path, before ? `${before} ${issue.message}` : issue.message);
  }
  return byPath;
}

/** The problem of the field at `path`, if the validation found one. */
export function useIssue(path: string): string | undefined {
  return useContext(IssuesContext).get(path);
}
