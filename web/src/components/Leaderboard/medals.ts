export type Medal = "gold" | "silver" | "bronze";

const MEDALS: Record<number, Medal> = { 1: "gold", 2: "silver", 3: "bronze" };

/**
 * The top three ranks get medals (docs/product.md#leaderboards); tied teams share a rank and so a
 * medal.
 */
export function medalFor(rank: number): Medal | undefined {
  return MEDALS[rank];
}
