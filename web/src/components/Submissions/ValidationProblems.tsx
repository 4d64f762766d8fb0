import { List, type ListProps } from "@mantine/core";
import textWrap from "../textWrap.module.css";

type ValidationProblemsProps = Omit<ListProps, "children"> & {
  /** The validator's problems with the file, in its words. */
  problems: readonly string[];
};

/** A file's validation problems, each kept as written (line breaks too). */
export function ValidationProblems({ problems, ...list }: ValidationProblemsProps) {
  return (
    <List size="sm" {...list}>
      {problems.map((problem, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same problem can be listed twice
        <List.Item key={i} className={textWrap.fullText}>
          {problem}
        </List.Item>
      ))}
    </List>
  );
}
