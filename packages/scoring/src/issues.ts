/** Longest part of a submitted value that a message quotes back. */
export const EXCERPT_CHARS = 100;

/**
 * At most `max` characters of a submitted value, with an ellipsis when cut: messages quote
 * what the file said, and a file may say megabytes in one cell or header.
 */
export function excerpt(value: string, max = EXCERPT_CHARS): string {
  if (value.length <= max) return value;
  // Never end on the first half of a surrogate pair.
  const code = value.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return `${value.slice(0, end)}…`;
}

/**
 * Collects validation problems by kind, keeping a few examples of each and a count; at most
 * `maxKinds` kinds are listed, the rest summed up in a last line.
 */
export class IssueCollector {
  private readonly kinds = new Map<string, { count: number; examples: string[] }>();

  constructor(
    private readonly maxExamples = 3,
    private readonly maxKinds = 10,
  ) {}

  add(kind: string, example: string): void {
    const entry = this.kinds.get(kind) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < this.maxExamples) entry.examples.push(example);
    this.kinds.set(kind, entry);
  }

  get size(): number {
    return this.kinds.size;
  }

  messages(): string[] {
    const listed = [...this.kinds.entries()]
      .slice(0, this.maxKinds)
      .map(([kind, { count, examples }]) => {
        const more = count > examples.length ? ` (and ${count - examples.length} more)` : "";
        return `${kind}: ${examples.join("; ")}${more}`;
      });
    const unlisted = this.kinds.size - listed.length;
    if (unlisted > 0) listed.push(`… and ${unlisted} more kinds of problems`);
    return listed;
  }
}
