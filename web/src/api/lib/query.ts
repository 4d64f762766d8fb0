/** `path` with the non-empty values as its query string, in the order given (also the SWR key). */
export function withQuery(
  path: string,
  values: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Whether an SWR key is one of the console's reads under any of these paths. */
export function keyUnder(prefixes: readonly string[]) {
  return (key: unknown): boolean =>
    typeof key === "string" &&
    prefixes.some(
      (prefix) => key === prefix || key.startsWith(`${prefix}/`) || key.startsWith(`${prefix}?`),
    );
}
