import { describe, expect, it } from "vitest";
import { allChallenges, domains, findChallenge, findDomain } from "../src/server";

describe("the default edition's lookups", () => {
  it("has six domains and seventeen challenges", () => {
    expect(domains()).toHaveLength(6);
    expect(allChallenges()).toHaveLength(17);
  });

  it.each([
    "Retail Banking",
    "RetailBanking",
    "Retailbanking",
    "retail-banking",
    " retail_banking ",
  ])("finds Retail Banking as %j", (name) => {
    expect(findDomain(name.trim())?.slug).toBe("retail-banking");
  });

  it("matches Food Production by name, folder and slug", () => {
    for (const name of ["Food Production", "FoodProduction", "food"]) {
      expect(findDomain(name)?.slug).toBe("food");
    }
  });

  it("finds a challenge by domain and number, and nothing for unknown ones", () => {
    expect(findChallenge("Retailbanking", 1)?.header).toEqual(["TxnID", "FraudLabel"]);
    expect(findChallenge("Retailbanking", 3)).toBeUndefined();
    expect(findChallenge("Clinical Triage", 1)).toBeUndefined();
  });
});
