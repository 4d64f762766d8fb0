import { activeDomain, csvFile, domainFiles, targetFiles } from "../../domain-files";
import { leadingColumns } from "../../rows";
import type { DomainFiles } from "../../types";
import type { RetailBankingDraws } from "./index";

export function retailBankingFiles({ bank, transactions, panel }: RetailBankingDraws): DomainFiles {
  const retailBanking = activeDomain("retail-banking");
  const data = {
    ...targetFiles(
      retailBanking,
      1,
      ["transactions_train.csv", "transactions_test.csv"],
      transactions,
    ),
    "customers_all.csv": csvFile(retailBanking, "customers_all.csv", bank.customerRows),
    "accounts_all.csv": csvFile(retailBanking, "accounts_all.csv", bank.accountRows),
    "devices_all.csv": csvFile(retailBanking, "devices_all.csv", bank.deviceRows),
    "device_sessions_all.json": `${JSON.stringify(transactions.sessionRecords)}\n`,
    ...targetFiles(
      retailBanking,
      2,
      ["customer_panel_train.csv", "customer_panel_test.csv"],
      panel,
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
