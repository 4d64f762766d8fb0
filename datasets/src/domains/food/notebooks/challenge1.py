"""A ridge regression on dwell time, mean temperature, humidity and door openings, plus one-hot SKU
and site.
"""

# Defined by the setup cell (src/notebook/baseline.py); only the cell below is copied.
from baseline import DATA_DIR, np, pd

# %%
from sklearn.linear_model import Ridge

train = pd.read_csv(DATA_DIR / "batches_train.csv")
test = pd.read_csv(DATA_DIR / "batches_test.csv")
numeric = ["dwell_hours", "mean_temp_F", "mean_rh_pct", "door_opens_count"]

def features(df):
    return df[numeric].join(pd.get_dummies(df[["sku_id", "site_id"]]).astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = Ridge(alpha=1.0)
model.fit(X_train, train["shelf_life_remaining_days"])
submission = pd.DataFrame({
    "batch_id": test["batch_id"],
    "shelf_life_remaining_days": np.clip(model.predict(X_test), 0, None).round(2),
})
