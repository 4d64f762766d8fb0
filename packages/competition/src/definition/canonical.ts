/** JSON with object keys sorted: equal for equal documents whatever the key order (jsonb reorders). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : v,
  );
}

export const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
