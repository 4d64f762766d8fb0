import { findChallenge, findDomain } from "@tandem/competition/server";
import { csvFile, domainFiles, targetFiles } from "../../domain-files";
import { leadingColumns } from "../../rows";
import type { DomainFiles } from "../../types";
import type { makeCreditPanel } from "./credit-panel";
import type { makeCustomers } from "./customers";
import type { makeTransactions } from "./transactions";

export function retailBankingFiles(
  bank: ReturnType<typeof makeCustomers>,
  transactions: ReturnType<typeof makeTransactions>,
  panel: ReturnType<typeof makeCreditPanel>,
): DomainFiles {
  // The active definition's, when the data is made (generator-fit.ts checks it first).
  const retailBanking = findDomain("retail-banking")!;
  const fraud = findChallenge("retail-banking", 1)!;
  const defaults = findChallenge("retail-banking", 2)!;
  const data = {
    ...targetFiles(
      retailBanking,
      ["transactions_train.csv", "transactions_test.csv"],
      transactions,
      fraud,
    ),
    "customers_all.csv": csvFile(retailBanking, "customers_all.csv", bank.customerRows),
    "accounts_all.csv": csvFile(retailBanking, "accounts_all.csv", bank.accountRows),
    "devices_all.csv": csvFile(retailBanking, "devices_all.csv", bank.deviceRows),
    "device_sessions_all.json": `${JSON.stringify(transactions.sessionRecords)}\n`,
    ...targetFiles(
      retailBanking,
      ["customer_panel_train.csv", "customer_panel_test.csv"],
      panel,
      defaults,
    ),
  };
  return domainFiles(
    retailBanking,
    data,
    [
      {
        ids: transactions.test.map((row) => [row[1]!]),
        sample: [0],
        answers: transactions.answers,
      },
      { ids: leadingColumns(panel.test, 2), sample: [0], answers: panel.answers },
    ],
    new URL("./notebooks/", import.meta.url),
  );
}
