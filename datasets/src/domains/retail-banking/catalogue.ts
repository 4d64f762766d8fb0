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
/**
 * The previous edition's spelling (issue 35): its published notebooks select credit accounts with
 * `Type == 'credit_card'`, and run unchanged on our files only if we spell them the same way.
 */
export const ACCOUNT_TYPES = ["checking", "savings", "credit_card"] as const;
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
