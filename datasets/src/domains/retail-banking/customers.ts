import { clamp, padId, round } from "../../numbers";
import type { Random } from "../../random";
import type { Row } from "../../rows";
import { ACCOUNT_TYPES, CITIES, DAY, START } from "./catalogue";

export interface Customer {
  id: string;
  age: number;
  creditScore: number;
  homeCity: string;
  salary: number;
  devices: string[];
  accounts: string[];
  /** Persistent credit risk, felt through the panel. */
  risk: number;
}

/** Customers with their accounts and registered devices. */
export function makeCustomers(random: Random, customerCount: number) {
  let deviceSeq = 0;
  const customers: Customer[] = [];
  for (let i = 1; i <= customerCount; i++) {
    const devices = Array.from({ length: random.int(1, 3) }, () => padId("D", ++deviceSeq, 6));
    customers.push({
      id: padId("C", i, 6),
      age: clamp(Math.round(42 + 14 * random.normal()), 18, 85),
      creditScore: clamp(Math.round(680 + 70 * random.normal()), 300, 850),
      homeCity: random.pick(CITIES),
      salary: round(Math.exp(Math.log(55_000) + 0.45 * random.normal()), 0),
      devices,
      accounts: [],
      risk: 0.6 * random.normal(),
    });
  }

  const customerRows = customers.map((c) => [
    c.id,
    c.age,
    random.int(0, 30),
    c.creditScore,
    c.homeCity,
    c.salary,
  ]);
  const accountRows: Row[] = [];
  let accountCount = 0;
  for (const c of customers) {
    for (const type of ACCOUNT_TYPES.filter((_, k) => k === 0 || random.bernoulli(0.6))) {
      const limit = type === "credit_card" ? random.pick([1000, 2500, 5000, 10_000, 20_000]) : 0;
      const balance =
        type === "credit_card"
          ? round(limit * random.next() * 0.9)
          : round(Math.exp(7.5 + random.normal()));
      const opened = new Date(START - random.int(30, 20 * 365) * DAY).toISOString().slice(0, 10);
      const accountId = padId("A", ++accountCount, 7);
      c.accounts.push(accountId);
      accountRows.push([c.id, accountId, type, balance, limit, opened]);
    }
  }
  const deviceRows = customers.flatMap((c) => c.devices.map((d) => [c.id, d]));
  return { customers, customerRows, accountRows, deviceRows, accountCount };
}
