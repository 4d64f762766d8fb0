import { BINARY, DEFAULT_SPLIT, defineChallenge, NUMERIC } from "../challenge";
import type { Domain } from "../types";

const RECOMMENDATION_HEADER = [
  "customer_id",
  ...Array.from({ length: 10 }, (_, i) => `sku_id_${i + 1}`),
].join(",");

const split = (line: string) => line.split(",");

export const commerce: Domain = {
  slug: "commerce",
  name: "Commerce",
  folder: "Commerce",
  route: "/domains/commerce",
  color: "#e8590c",
  background: "linear-gradient(135deg, #e8590c 0%, #1a1b1e 100%)",
  overview:
    "A general-merchandise retailer with 1,500 SKUs across ten categories, a store calendar and an online shop. It needs to know how much of each SKU will sell in the coming weeks, what each customer is likely to buy next, and which coupons will actually be redeemed. The answers hide in different places: the store calendar, browsing sessions, purchase histories and customer profiles. Knowing which of these to trust, and reading the free-text ones, is where analysts and AI do better together.",
  dataFiles: [
    {
      name: "products.csv",
      description: "The catalogue: 1,500 SKUs.",
      columns: {
        sku_id: "SKU id (`SKU00001`)",
        category:
          "One of Electronics, Home & Kitchen, Grocery, Beauty, Sports & Outdoors, Toys, Clothing, Books, Pet Supplies, Household",
        subtype: "Product type within the category, e.g. headphones, coffee, yoga mat",
        base_price: "Regular shelf price, USD",
      },
    },
    {
      name: "products_sub.csv",
      description:
        "The 750 SKUs eligible for recommendation in challenge 2 (same columns as products.csv).",
    },
    {
      name: "customers.csv",
      description: "One row per customer (all customers of challenges 2 and 3).",
      columns: {
        customer_id: "Customer id (`CU00001`)",
        age_group: "18-25, 26-35, 36-50 or 51+",
        income_group: "low, mid or high",
        signup_year: "Year the customer joined",
        loyalty_tier: "bronze, silver or gold",
        marketing_opt_in: "1 if the customer accepts marketing email",
      },
    },
    {
      name: "store_events.csv",
      description:
        "The store calendar: holidays, sales, promotions and other notes, by week of the year (free text).",
      columns: {
        week: "Week of the year, 1-52",
        event_description: "What happened or is planned that week",
      },
    },
    {
      name: "session_events.json",
      description:
        "Online browsing in the 30 days before the end of month 9, per customer: a JSON list of {customer_id, events}.",
      columns: {
        customer_id: "Customer id",
        events:
          "List of {type, q | category | sku_id, days_ago}: type is search (with the query q), view_category (category), view_pdp (a product page, sku_id) or wishlist_add (sku_id); days_ago counts back from the end of month 9",
      },
    },
    {
      name: "sales_history_train.csv",
      description: "Weekly units sold per SKU, weeks 1-44.",
      columns: {
        sku_id: "SKU id",
        week: "Week of the year",
        units_sold: "Units sold that week (train only)",
        price: "Average selling price that week, USD",
        promo_flag: "1 if the SKU was on promotion that week",
      },
    },
    {
      name: "sales_history_test.csv",
      description:
        "Weeks 45-52 to forecast, with the planned price and promotion: the same columns without units_sold.",
    },
    {
      name: "purchases_train.csv",
      description:
        "Every purchase of the training customers over the year (months 1-12), one row per order line.",
      columns: {
        customer_id: "Customer id",
        order_id: "Order id (`O0000001`); an order may hold several SKUs",
        month: "Month of the order, 1-12",
        sku_id: "SKU bought",
      },
    },
    {
      name: "purchases_test.csv",
      description:
        "The test customers' purchases up to the cut-off (months 1-9), same columns; their later purchases are hidden.",
    },
    {
      name: "coupon_offers_train.csv",
      description: "Coupons sent to customers, with whether each was redeemed (about 22%).",
      columns: {
        offer_id: "Offer id (`OF000001`)",
        customer_id: "Customer the coupon went to",
        sku_id: "SKU the coupon is for",
        category: "The SKU's category",
        discount_pct: "Discount offered, 5-40%",
        price_tier: "low, mid or high (the SKU's price band in the catalogue)",
        hist_spend: "Customer's spend in months 1-9, USD",
        email_open_rate: "Share of marketing emails the customer opens",
        avg_basket_value: "Customer's average order value in months 1-9, USD",
        target_redeem: "1 if the coupon was redeemed (train only)",
      },
    },
    {
      name: "coupon_offers_test.csv",
      description: "The offers to score: the same columns without target_redeem.",
    },
  ],
  challenges: [
    defineChallenge("commerce", {
      number: 1,
      title: "Weekly Store-SKU Demand Forecasting",
      metric: "rmse",
      header: "sku_id,week,units_sold_next_week",
      // A SKU's eight test weeks move together: scores on its public weeks would otherwise tell
      // a team how its forecast does on the same series' private weeks.
      split: { ...DEFAULT_SPLIT, groupBy: "sku_id" },
      target: NUMERIC,
      testFile: "sales_history_test.csv",
      taskDescription:
        "Forecast how many units of each SKU the store will sell in each of the eight weeks after the history (weeks 45-52). Price and promotions move demand, categories have their own seasons, and the end of the year brings Black Friday and the holidays, which the history does not contain but the store calendar announces.",
      datasetDescription:
        "44 weeks of sales for 1,500 SKUs (66,000 rows) and the 12,000 SKU-weeks to forecast with their planned price and promotion flag; products.csv gives each SKU's category and store_events.csv the weekly calendar.",
      files: [
        "sales_history_train.csv",
        "sales_history_test.csv",
        "products.csv",
        "store_events.csv",
      ],
      sampleData: [
        split("sku_id,week,units_sold,price,promo_flag"),
        split("SKU00001,1,6,66.94,0"),
        split("SKU00001,2,7,70.35,0"),
        split("SKU00001,3,7,68.36,0"),
      ],
      task: "Submit units_sold_next_week, the units sold in that week, for every sku_id and week in sales_history_test.csv.",
    }),
    defineChallenge("commerce", {
      number: 2,
      title: "Personalized Product Recommendations",
      metric: "ndcg10",
      header: RECOMMENDATION_HEADER,
      target: { kind: "ranking", k: 10, eligible: { file: "products_sub.csv", column: "sku_id" } },
      testFile: "purchases_test.csv",
      taskDescription:
        "Recommend ten SKUs to each test customer, best first, from the 750 in products_sub.csv. A recommendation counts when the customer buys that SKU in months 10-12. Customers rebuy their staples, stick to their favourite categories and shift toward gifts late in the year; what they browsed just before the cut-off says a lot about what they buy next.",
      datasetDescription:
        "The full year of purchases for about 5,150 training customers and months 1-9 for about 1,850 test customers (every test customer buys at least one eligible SKU later), with the catalogue, customer profiles and the online sessions of the last 30 days before the cut-off.",
      files: [
        "purchases_train.csv",
        "purchases_test.csv",
        "products.csv",
        "products_sub.csv",
        "customers.csv",
        "session_events.json",
      ],
      sampleData: [
        split("customer_id,order_id,month,sku_id"),
        split("CU00001,O0000001,4,SKU01110"),
        split("CU00001,O0000002,9,SKU00452"),
        split("CU00001,O0000002,9,SKU00920"),
      ],
      task: "Submit one row per customer in purchases_test.csv with ten distinct SKUs from products_sub.csv, ranked best first.",
    }),
    defineChallenge("commerce", {
      number: 3,
      title: "Coupon Redemption Prediction",
      metric: "macro_f1",
      header: "offer_id,target_redeem",
      target: BINARY,
      testFile: "coupon_offers_test.csv",
      taskDescription:
        "Predict which coupons will be redeemed. Bigger discounts and engaged customers redeem more, but whether the customer actually shops in the coupon's category, and who the customer is, matter as much.",
      datasetDescription:
        "30,000 past offers with their outcome and 10,000 to score; join customers.csv and the purchase histories on customer_id for what the offer table leaves out.",
      files: [
        "coupon_offers_train.csv",
        "coupon_offers_test.csv",
        "customers.csv",
        "products.csv",
        "purchases_train.csv",
        "purchases_test.csv",
        "session_events.json",
      ],
      sampleData: [
        split(
          "offer_id,customer_id,sku_id,category,discount_pct,price_tier,hist_spend,email_open_rate,avg_basket_value,target_redeem",
        ),
        split("OF000001,CU02585,SKU00600,Clothing,20,high,84.43,0.418,28.14,0"),
        split("OF000002,CU04588,SKU00511,Household,20,low,345.45,0.456,115.15,0"),
        split("OF000003,CU01087,SKU01142,Home & Kitchen,35,high,56.94,0.092,28.47,0"),
      ],
      task: "Submit target_redeem (0 or 1) for every offer_id in coupon_offers_test.csv.",
    }),
  ],
};
