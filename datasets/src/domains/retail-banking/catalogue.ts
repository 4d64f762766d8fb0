export const CITIES = [
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
export const CHANNELS = ["online", "ATM", "branch"] as const;
export const MCC_GROUPS = [
  "Other",
  "Online Retail",
  "Utilities",
  "Groceries",
  "Restaurants",
  "Salary/Benefit",
] as const;
export const ACCOUNT_TYPES = ["Checking", "Savings", "Credit"] as const;
export const ACTIONS = [
  "login",
  "view_balance",
  "transfer",
  "pay_bill",
  "update_profile",
  "add_payee",
  "logout",
];
export const START = Date.UTC(2024, 0, 1);
export const DAY = 86_400_000;
