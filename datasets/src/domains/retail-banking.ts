import { findDomain } from "@tandem/competition";
import { toCsv } from "../csv-writer";
import { describeDomain } from "../description";
import { baselineNotebook } from "../notebook";
import { type DomainStreams, padId, round, sigmoid } from "../random";
import type { DomainFiles } from "../types";

const CITIES = [
  "Chicago",
  "Houston",
  "Dallas",
  "Austin",
  "Denver",
  "Phoenix",
  "Atlanta",
  "Miami",
  "Seattle",
  "Boston",
  "Omaha",
  "Tulsa",
];
const CHANNELS = ["online", "ATM", "branch"] as const;
const MCC_GROUPS = [
  "Other",
  "Online Retail",
  "Utilities",
  "Groceries",
  "Restaurants",
  "Salary/Benefit",
] as const;
const ACCOUNT_TYPES = ["Checking", "Savings", "Credit"] as const;
const ACTIONS = [
  "login",
  "view_balance",
  "transfer",
  "pay_bill",
  "update_profile",
  "add_payee",
  "logout",
];
const START = Date.UTC(2024, 0, 1);
const retailBanking = findDomain("retail-banking")!;
const DAY = 86_400_000;

interface Customer {
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

interface Session {
  id: string;
  customer: Customer;
  time: number;
  city: string;
  device: string;
  compromised: boolean;
}

/**
 * Retail Banking: customers, accounts, devices, device sessions, card transactions (challenge 1,
 * fraud) and a weekly credit panel (challenge 2, default). The generating process is in
 * datasets/docs/retail-banking.md.
 */
export function generateRetailBanking(
  { random, noise }: DomainStreams,
  scale: number,
): DomainFiles {
  const customerCount = Math.max(60, Math.round(5000 * scale));
  const txnCount = Math.max(600, Math.round(300_000 * scale));

  let deviceSeq = 0;
  const customers: Customer[] = [];
  for (let i = 1; i <= customerCount; i++) {
    const devices = Array.from({ length: random.int(1, 3) }, () => padId("D", ++deviceSeq, 6));
    customers.push({
      id: padId("C", i, 6),
      age: Math.min(85, Math.max(18, Math.round(42 + 14 * random.normal()))),
      creditScore: Math.min(850, Math.max(300, Math.round(680 + 70 * random.normal()))),
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
  const accountRows: (string | number)[][] = [];
  let accountSeq = 0;
  for (const c of customers) {
    for (const type of ACCOUNT_TYPES.filter((_, k) => k === 0 || random.bernoulli(0.6))) {
      const limit = type === "Credit" ? random.pick([1000, 2500, 5000, 10_000, 20_000]) : 0;
      const balance =
        type === "Credit"
          ? round(limit * random.next() * 0.9)
          : round(Math.exp(7.5 + random.normal()));
      const opened = new Date(START - random.int(30, 20 * 365) * DAY).toISOString().slice(0, 10);
      const accountId = padId("A", ++accountSeq, 7);
      c.accounts.push(accountId);
      accountRows.push([c.id, accountId, type, balance, limit, opened]);
    }
  }
  const deviceRows = customers.flatMap((c) => c.devices.map((d) => [c.id, d]));

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

  const txnRows: (string | number)[][] = [];
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
    txnRows.push([
      iso.replace("T", " ").replace("Z", ""),
      padId("T", i, 7),
      iso,
      session.id,
      customer.id,
      random.pick(customer.accounts),
      padId("A", random.int(1, accountSeq), 7),
      channel,
      mcc,
      amount.toFixed(2),
    ]);
  }
  const half = Math.floor(txnCount / 2);
  const txnHeader = [
    "Timestamp_dt",
    "TxnID",
    "Timestamp",
    "SessionID",
    "CustomerID",
    "SrcAccount",
    "DstAccount",
    "Channel",
    "MCC_Group",
    "Amount",
  ];
  const txnTest = txnRows.slice(half);
  const txnTestLabels = fraud.slice(half);

  // Weekly credit panel: utilisation and payment behaviour drift around each customer's level;
  // default risk = a persistent customer effect plus this week's behaviour.
  const panelHeader = ["CustomerID", "Week", "Utilisation", "PaymentRatio", "HardInquiries"];
  const panelTrain: (string | number)[][] = [];
  const panelTest: (string | number)[][] = [];
  const panelTestLabels: number[] = [];
  for (const c of customers) {
    let util = Math.min(1.2, Math.max(0, 0.35 + 0.2 * random.normal() + 0.1 * c.risk));
    let pay = Math.min(1, Math.max(0, 0.7 + 0.2 * random.normal() - 0.08 * c.risk));
    for (let week = 1; week <= 52; week++) {
      util = Math.min(1.2, Math.max(0, util + 0.04 * random.normal()));
      pay = Math.min(1, Math.max(0, pay + 0.05 * random.normal()));
      const inquiries = random.poisson(0.15 + 0.1 * Math.max(0, c.risk));
      const logit =
        -4.4 +
        3.2 * (util - 0.5) -
        2.6 * (pay - 0.6) +
        0.45 * inquiries -
        0.006 * (c.creditScore - 680) -
        0.4 * Math.log(c.salary / 55_000) +
        1.1 * c.risk +
        0.3 * noise.normal();
      // As for fraud: the label's noise and draw come from the answers' stream.
      const label = noise.bernoulli(sigmoid(logit)) ? 1 : 0;
      const row = [c.id, week, round(util, 3), round(pay, 3), inquiries];
      if (week <= 39) panelTrain.push([...row, label]);
      else {
        panelTest.push(row);
        panelTestLabels.push(label);
      }
    }
  }

  const files: Record<string, string> = {
    "transactions_train.csv": toCsv(
      [...txnHeader, "FraudLabel"],
      txnRows.slice(0, half).map((row, i) => [...row, fraud[i]!]),
    ),
    "transactions_test.csv": toCsv(txnHeader, txnTest),
    "customers_all.csv": toCsv(
      ["CustomerID", "Age", "Tenure", "CreditScore", "HomeCity", "AnnualSalary"],
      customerRows,
    ),
    "accounts_all.csv": toCsv(
      ["CustomerID", "AccountID", "Type", "Balance", "Limit", "OpenDate"],
      accountRows,
    ),
    "devices_all.csv": toCsv(["CustomerID", "DeviceID"], deviceRows),
    "device_sessions_all.json": `${JSON.stringify(sessionRecords)}\n`,
    "customer_panel_train.csv": toCsv([...panelHeader, "DefaultLabel"], panelTrain),
    "customer_panel_test.csv": toCsv(panelHeader, panelTest),
    "sample_submission_c1.csv": toCsv(
      ["TxnID", "FraudLabel"],
      txnTest.map((row) => [row[1]!, 0]),
    ),
    "sample_submission_c2.csv": toCsv(
      ["CustomerID", "Week", "DefaultLabel"],
      panelTest.map((row) => [row[0]!, row[1]!, 0]),
    ),
    "description.md": describeDomain(retailBanking),
    "Challenge1_baseline.ipynb": baselineNotebook({
      domainName: retailBanking.name,
      folder: retailBanking.folder,
      number: 1,
      title: "Fraud Detection",
      metricName: "Macro-F1",
      approach:
        "A logistic regression on amount, hour, channel and merchant group, with the cut-off tuned for F1 on the training data.",
      code: `from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score

train = pd.read_csv(DATA_DIR / "transactions_train.csv")
test = pd.read_csv(DATA_DIR / "transactions_test.csv")

def features(df):
    out = pd.DataFrame({
        "log_amount": np.log1p(df["Amount"]),
        "hour": pd.to_datetime(df["Timestamp"]).dt.hour,
    })
    out = out.join(pd.get_dummies(df[["Channel", "MCC_Group"]]).astype(float))
    return out

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = LogisticRegression(max_iter=1000)
model.fit(X_train, train["FraudLabel"])

# Fraud is rare: pick the probability cut-off that maximises F1 on the training data.
train_prob = model.predict_proba(X_train)[:, 1]
cutoffs = np.quantile(train_prob, np.linspace(0.90, 0.999, 60))
best = max(cutoffs, key=lambda c: f1_score(train["FraudLabel"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "TxnID": test["TxnID"],
    "FraudLabel": (model.predict_proba(X_test)[:, 1] >= best).astype(int),
})`,
    }),
    "Challenge2_baseline.ipynb": baselineNotebook({
      domainName: retailBanking.name,
      folder: retailBanking.folder,
      number: 2,
      title: "Credit Default Prediction",
      metricName: "Macro-F1",
      approach:
        "A logistic regression on the week's utilisation, payment ratio and hard inquiries, with the cut-off tuned for F1 on the training data.",
      code: `from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score

train = pd.read_csv(DATA_DIR / "customer_panel_train.csv")
test = pd.read_csv(DATA_DIR / "customer_panel_test.csv")
columns = ["Utilisation", "PaymentRatio", "HardInquiries"]
model = LogisticRegression(max_iter=1000)
model.fit(train[columns], train["DefaultLabel"])

train_prob = model.predict_proba(train[columns])[:, 1]
cutoffs = np.quantile(train_prob, np.linspace(0.80, 0.995, 60))
best = max(cutoffs, key=lambda c: f1_score(train["DefaultLabel"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "CustomerID": test["CustomerID"],
    "Week": test["Week"],
    "DefaultLabel": (model.predict_proba(test[columns])[:, 1] >= best).astype(int),
})`,
    }),
  };

  return {
    slug: "retail-banking",
    files,
    answers: {
      "retail-banking/1": {
        csv: toCsv(
          ["TxnID", "FraudLabel"],
          txnTest.map((row, i) => [row[1]!, txnTestLabels[i]!]),
        ),
        rowCount: txnTest.length,
      },
      "retail-banking/2": {
        csv: toCsv(
          ["CustomerID", "Week", "DefaultLabel"],
          panelTest.map((row, i) => [row[0]!, row[1]!, panelTestLabels[i]!]),
        ),
        rowCount: panelTest.length,
      },
    },
  };
}
