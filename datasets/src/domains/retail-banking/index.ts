import type { DomainStreams } from "../../random";
import type { DomainFiles } from "../../types";
import { makeCreditPanel } from "./credit-panel";
import { makeCustomers } from "./customers";
import { retailBankingFiles } from "./files";
import { makeTransactions } from "./transactions";

export function generateRetailBanking(streams: DomainStreams, scale: number): DomainFiles {
  return retailBankingFiles(drawRetailBanking(streams, scale));
}

/**
 * Retail Banking: customers, accounts, devices, device sessions, card transactions (challenge 1,
 * fraud) and a weekly credit panel (challenge 2, default). The generating process is in
 * datasets/docs/retail-banking.md. The order of the steps is the order of the draws, which fixes
 * the bytes a seed makes.
 */
export function drawRetailBanking(streams: DomainStreams, scale: number) {
  const customerCount = Math.max(60, Math.round(5000 * scale));
  const txnCount = Math.max(600, Math.round(300_000 * scale));
  const bank = makeCustomers(streams.random, customerCount);
  const transactions = makeTransactions(streams, bank.customers, bank.accountCount, txnCount);
  const panel = makeCreditPanel(streams, bank.customers);
  return { bank, transactions, panel };
}
export type RetailBankingDraws = ReturnType<typeof drawRetailBanking>;
