import { padId, round, sigmoid } from "../../numbers";
import type { DomainStreams } from "../../random";
import type { Row } from "../../rows";
import { ACTIONS, CHANNELS, CITIES, MCC_GROUPS, START } from "./catalogue";
import type { Customer } from "./customers";

interface Session {
  id: string;
  customer: Customer;
  time: number;
  city: string;
  device: string;
  compromised: boolean;
}

/**
 * Device sessions and the card transactions made in them, each with its fraud label
 * (challenge 1).
 */
export function makeTransactions(
  { random, noise }: DomainStreams,
  customers: Customer[],
  accountCount: number,
  txnCount: number,
) {
  const customerCount = customers.length;
  // Sessions: mostly from the customer's own devices at home; about 3% are taken over
  // (an unknown device in another city), and those carry most of the fraud.
  const sessions: Session[] = [];
  const sessionCount = Math.max(customerCount * 4, Math.round(txnCount / 4));
  for (let i = 1; i <= sessionCount; i++) {
    const customer = customers[random.int(0, customerCount - 1)]!;
    const compromised = random.bernoulli(0.03);
    const session: Session = {
      id: padId("S", i, 7),
      customer,
      time: START + Math.floor(random.next() * 180 * 86_400) * 1000,
      city: compromised
        ? random.pick(CITIES.filter((c) => c !== customer.homeCity))
        : random.bernoulli(0.1)
          ? random.pick(CITIES)
          : customer.homeCity,
      device: compromised ? padId("X", random.int(1, 999_999), 6) : random.pick(customer.devices),
      compromised,
    };
    sessions.push(session);
  }
  const sessionRecords = sessions.map((s) => ({
    CustomerID: s.customer.id,
    SessionID: s.id,
    Timestamp: new Date(s.time).toISOString().replace(".000Z", "Z"),
    City: s.city,
    IP: `${random.int(11, 223)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
    DeviceID: s.device,
    Actions: Array.from({ length: random.int(2, 6) }, () => random.pick(ACTIONS)),
  }));

  const rows: Row[] = [];
  const fraud: number[] = [];
  for (let i = 1; i <= txnCount; i++) {
    const session = sessions[random.int(0, sessions.length - 1)]!;
    const customer = session.customer;
    const channel = session.compromised
      ? random.weighted(CHANNELS, [8, 1, 1])
      : random.weighted(CHANNELS, [5, 3, 2]);
    const mcc = random.pick(MCC_GROUPS);
    const time = session.time + random.int(0, 3600) * 1000;
    const hour = new Date(time).getUTCHours();
    const amount = round(Math.exp(3.6 + 1.2 * random.normal() + (session.compromised ? 0.8 : 0)));
    const logit =
      -6.6 +
      (channel === "online" ? 1.3 : 0) +
      (mcc === "Online Retail" ? 0.8 : 0) +
      (hour < 5 ? 1.4 : 0) +
      0.7 * Math.log10(Math.max(amount, 1) / 100) +
      (session.compromised ? 3.6 : 0) +
      0.5 * noise.normal();
    // The label's own noise and draw come from the answers' stream.
    fraud.push(noise.bernoulli(sigmoid(logit)) ? 1 : 0);
    const iso = new Date(time).toISOString().replace(".000Z", "Z");
    rows.push([
      iso.replace("T", " ").replace("Z", ""),
      padId("T", i, 7),
      iso,
      session.id,
      customer.id,
      random.pick(customer.accounts),
      padId("A", random.int(1, accountCount), 7),
      channel,
      mcc,
      amount.toFixed(2),
    ]);
  }
  const half = Math.floor(txnCount / 2);
  return {
    sessionRecords,
    train: rows.slice(0, half).map((row, i) => [...row, fraud[i]!]),
    test: rows.slice(half),
    answers: fraud.slice(half),
  };
}
