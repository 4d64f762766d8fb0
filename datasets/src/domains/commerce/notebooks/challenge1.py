"""A gradient-boosted regression of weekly units on the SKU's average and recent sales, the week's
price relative to the SKU's usual price, the promotion flag and the week number.
"""

# Defined by the setup cell (src/notebook/baseline.py); only the cell below is copied.
from baseline import DATA_DIR, pd

# %%
from sklearn.ensemble import GradientBoostingRegressor

train = pd.read_csv(DATA_DIR / "sales_history_train.csv")
test = pd.read_csv(DATA_DIR / "sales_history_test.csv")

# Per-SKU summaries of the history: average units, the last eight weeks, the usual price.
last_week = train["week"].max()
stats = train.groupby("sku_id").agg(sku_mean=("units_sold", "mean"), usual_price=("price", "median"))
stats["sku_recent"] = train[train["week"] > last_week - 8].groupby("sku_id")["units_sold"].mean()

def features(df):
    out = df[["sku_id", "week", "promo_flag"]].join(stats, on="sku_id")
    out["price_ratio"] = df["price"] / out["usual_price"]
    return out[["sku_mean", "sku_recent", "price_ratio", "promo_flag", "week"]]

model = GradientBoostingRegressor(n_estimators=100, max_depth=4, subsample=0.5, random_state=0)
model.fit(features(train), train["units_sold"])
submission = pd.DataFrame({
    "sku_id": test["sku_id"],
    "week": test["week"],
    "units_sold_next_week": model.predict(features(test)).clip(0).round(2),
})
