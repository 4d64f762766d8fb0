const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** A server timestamp as a date in the reader's locale; unreadable input is shown as is. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** docs/product.md#leaderboards: scores are shown to 4 decimals. */
export function formatScore(score: number): string {
  return score.toFixed(4);
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Up to two initials for an avatar. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0]];
  return letters.join("").toUpperCase() || "?";
}
