import { BINARY, DEFAULT_SPLIT, defineChallenge } from "../challenge";
import type { Domain } from "../types";

const split = (line: string) => line.split(",");

export const retailBanking: Domain = {
  slug: "retail-banking",
  name: "Retail Banking",
  folder: "RetailBanking",
  route: "/domains/retail-banking",
  color: "#2f9e44",
  background: "linear-gradient(135deg, #2f9e44 0%, #0b3d1e 100%)",
  overview:
    "A mid-sized retail bank watches millions of card and online transactions and a weekly picture of every customer's credit. Fraud hides in a handful of sessions among thousands, and defaults announce themselves slowly through utilisation, payments and inquiries. The signal is spread across transactions, devices, sessions and customer records: the work rewards analysts and agents who know where to look and how to join it.",
  dataFiles: [
    {
      name: "transactions_train.csv",
      description: "Card and account transactions with their fraud label (about 1.5% are fraud).",
      columns: {
        Timestamp_dt: "Date and time of the transaction (UTC, `YYYY-MM-DD HH:MM:SS`)",
        TxnID: "Transaction id (`T0000001`)",
        Timestamp: "The same instant in ISO 8601",
        SessionID: "The online or device session the transaction belongs to",
        CustomerID: "Customer id (`C000001`)",
        SrcAccount: "Account debited",
        DstAccount: "Account credited",
        Channel: "online, ATM or branch",
        MCC_Group:
          "Merchant group: Other, Online Retail, Utilities, Groceries, Restaurants, Salary/Benefit",
        Amount: "Amount in USD",
        FraudLabel: "1 if the transaction was fraudulent (train only)",
      },
    },
    {
      name: "transactions_test.csv",
      description: "The transactions to score: the same columns without FraudLabel.",
    },
    {
      name: "customers_all.csv",
      description: "One row per customer.",
      columns: {
        CustomerID: "Customer id",
        Age: "Age in years",
        Tenure: "Years as a customer",
        CreditScore: "Credit score, 300-850",
        HomeCity: "City of residence",
        AnnualSalary: "Annual salary in USD",
      },
    },
    {
      name: "accounts_all.csv",
      description: "The customers' accounts.",
      columns: {
        CustomerID: "Owner",
        AccountID: "Account id (`A0000001`)",
        Type: "Checking, Savings or Credit",
        Balance: "Current balance in USD",
        Limit: "Credit limit (credit accounts; 0 otherwise)",
        OpenDate: "Date opened",
      },
    },
    {
      name: "devices_all.csv",
      description: "Devices each customer has registered.",
      columns: { CustomerID: "Customer id", DeviceID: "Registered device id" },
    },
    {
      name: "device_sessions_all.json",
      description: "A JSON list of sessions, one record each.",
      columns: {
        CustomerID: "Customer id",
        SessionID: "Session id (joins transactions)",
        Timestamp: "Session start, ISO 8601",
        City: "City the session came from",
        IP: "Client IP address",
        DeviceID: "Device used",
        Actions: "List of actions taken in the session",
      },
    },
    {
      name: "customer_panel_train.csv",
      description: "Weekly credit behaviour per customer, weeks 1-39, with the default label.",
      columns: {
        CustomerID: "Customer id",
        Week: "Week number, 1-52",
        Utilisation: "Share of the credit limit in use (can exceed 1)",
        PaymentRatio: "Share of the amount due paid that week",
        HardInquiries: "Hard credit inquiries that week",
        DefaultLabel: "1 if the customer defaulted that week (train only)",
      },
    },
    {
      name: "customer_panel_test.csv",
      description: "Weeks 40-52 to score: the same columns without DefaultLabel.",
    },
  ],
  challenges: [
    defineChallenge("retail-banking", {
      number: 1,
      title: "Fraud Detection",
      metric: "macro_f1",
      header: "TxnID,FraudLabel",
      target: BINARY,
      testFile: "transactions_test.csv",
      taskDescription:
        "Flag the fraudulent transactions in the test file. Fraud is rare and concentrated in sessions that do not look like the customer's usual ones, so the transaction alone tells only part of the story.",
      datasetDescription:
        "150,000 labelled training transactions and 150,000 test transactions, with customers, accounts, registered devices and device sessions to join on CustomerID and SessionID.",
      files: [
        "transactions_train.csv",
        "transactions_test.csv",
        "customers_all.csv",
        "accounts_all.csv",
        "devices_all.csv",
        "device_sessions_all.json",
      ],
      sampleData: [
        split(
          "Timestamp_dt,TxnID,Timestamp,SessionID,CustomerID,SrcAccount,DstAccount,Channel,MCC_Group,Amount,FraudLabel",
        ),
        split(
          "2024-03-30 15:12:51,T0000001,2024-03-30T15:12:51Z,S0063381,C000636,A0001430,A0003649,branch,Groceries,42.58,0",
        ),
        split(
          "2024-05-16 19:34:12,T0000002,2024-05-16T19:34:12Z,S0024566,C002210,A0004895,A0006319,online,Salary/Benefit,15.31,0",
        ),
        split(
          "2024-03-11 12:42:51,T0000003,2024-03-11T12:42:51Z,S0053687,C003730,A0008238,A0005161,online,Groceries,6.33,0",
        ),
      ],
      task: "Submit FraudLabel (0 or 1) for every TxnID in transactions_test.csv.",
    }),
    defineChallenge("retail-banking", {
      number: 2,
      title: "Credit Default Prediction",
      metric: "macro_f1",
      header: "CustomerID,Week,DefaultLabel",
      // A customer's weeks share a part: defaults are persistent per customer, so public weeks
      // would otherwise give away the same customer's private ones.
      split: { ...DEFAULT_SPLIT, groupBy: "CustomerID" },
      target: BINARY,
      testFile: "customer_panel_test.csv",
      taskDescription:
        "Predict which customers default in each of the weeks 40-52. Behaviour drifts week to week, while some customers are persistently riskier than others.",
      datasetDescription:
        "A weekly panel of 5,000 customers: weeks 1-39 with labels for training, weeks 40-52 to predict, plus the customer and account tables.",
      files: [
        "customer_panel_train.csv",
        "customer_panel_test.csv",
        "customers_all.csv",
        "accounts_all.csv",
      ],
      sampleData: [
        split("CustomerID,Week,Utilisation,PaymentRatio,HardInquiries,DefaultLabel"),
        split("C000001,1,0.553,0.501,0,0"),
        split("C000001,2,0.597,0.509,1,0"),
        split("C000001,3,0.605,0.541,0,0"),
      ],
      task: "Submit DefaultLabel (0 or 1) for every CustomerID and Week in customer_panel_test.csv.",
    }),
  ],
};
