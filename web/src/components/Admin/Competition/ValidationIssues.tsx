import { Alert, Code, List, Text } from "@mantine/core";
import type { DefinitionIssue } from "@tandem/competition";

/** Every problem of the edited definition, with its path in the document, as the file check says. */
export function ValidationIssues({
  issues,
  title,
}: {
  issues: readonly DefinitionIssue[];
  title?: string;
}) {
  if (issues.length === 0) return null;
  const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
  return (
    <Alert
      color="red"
      variant="light"
      role="region"
      title={title ?? `${count} to fix before saving`}
    >
      <List size="sm" spacing={4}>
        {issues.map((issue) => (
          <List.Item key={`${issue.path}:${issue.message}`}>
            <Code>{issue.path || "(the whole definition)"}</Code>{" "}
            <Text span size="sm">
              {issue.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
