import { createContext, useContext } from "react";
import { isObject, readJsonScript } from "./jsonScript";

/**
 * What a page the gateway renders per request (docs/adr/0027: the domain pages) was rendered
 * with besides the competition: the answers its SWR hooks read (`fallback`, by serialized key)
 * and the moment it was rendered, for the clock. It travels in this JSON script, so the
 * browser's first render of the page is the server's and adopts its HTML.
 */
export const PAGE_DATA_ID = "tandem-page-data";

export interface PageData {
  fallback: Record<string, unknown>;
  /** ISO 8601: when the server rendered the page. */
  renderedAt: string;
}

/** The page's data, or null when it has none (every other page) or it is not readable. */
export function readPageData(doc: Document = document): PageData | null {
  const value = readJsonScript(PAGE_DATA_ID, doc);
  if (!isObject(value) || !isObject(value.fallback) || typeof value.renderedAt !== "string") {
    return null;
  }
  return { fallback: value.fallback, renderedAt: value.renderedAt };
}

/**
 * Set while the server renders a page and while the browser adopts it, then null: what reads the
 * browser's clock or zone renders the server's moment (in UTC) until then, so both renders match.
 */
export const RenderedPageContext = createContext<{ renderedAt: Date } | null>(null);

export function useRenderedPage(): { renderedAt: Date } | null {
  return useContext(RenderedPageContext);
}
