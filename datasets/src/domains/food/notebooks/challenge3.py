"""A linear regression on the planning baseline, price, promotion, display, stock-out and seasonal
columns.
"""

# Defined by the setup cell (src/notebook/baseline.py); only the cell below is copied.
from baseline import DATA_DIR, np, pd

# %%
from sklearn.linear_model import LinearRegression

train = pd.read_csv(DATA_DIR / "demand_train.csv")
test = pd.read_csv(DATA_DIR / "demand_test.csv")
columns = ["sku_base", "price", "base_price", "promo_flag", "feature_display", "stockout_prev", "seasonal_index"]
model = LinearRegression()
model.fit(train[columns], train["units_sold_next_week"])
submission = pd.DataFrame({
    "region_id": test["region_id"],
    "sku_id": test["sku_id"],
    "week": test["week"],
    "units_sold_next_week": np.clip(model.predict(test[columns]), 0, None).round(1),
})
