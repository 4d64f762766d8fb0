/**
 * The data a server writes into a page as `<script type="application/json" id=…>` (the competition,
 * a rendered page's data): parsed, or undefined when the element is missing or empty or its text
 * is not JSON. Its shape is the reader's to check.
 */
export function readJsonScript(id: string, doc: Document = document): unknown {
  const text = doc.getElementById(id)?.textContent?.trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A plain JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
