"""A logistic regression scores candidate SKUs (the customer's past eligible purchases and the most
popular eligible SKUs of their favourite categories) by popularity, past purchases and category
share; it learns from the training customers' months 1-9 against their months 10-12.
"""

# Defined by the setup cell (src/notebook/baseline.py); only the cell below is copied.
from baseline import DATA_DIR, np, pd

# %%
from sklearn.linear_model import LogisticRegression

products = pd.read_csv(DATA_DIR / "products.csv")
eligible = pd.read_csv(DATA_DIR / "products_sub.csv")
train = pd.read_csv(DATA_DIR / "purchases_train.csv")
test = pd.read_csv(DATA_DIR / "purchases_test.csv")
CUTOFF = test["month"].max()
category = products.set_index("sku_id")["category"]

# Popularity of each eligible SKU and its rank within its category.
known = pd.concat([train[train["month"] <= CUTOFF], test])
popularity = known["sku_id"].value_counts().reindex(eligible["sku_id"], fill_value=0)
pop = pd.DataFrame({"sku_id": popularity.index, "pop": np.log1p(popularity.values)})
pop["category"] = pop["sku_id"].map(category)
pop = pop.sort_values("pop", ascending=False)
top_in_category = pop.groupby("category").head(25)

def candidates(history):
    """Candidate SKUs per customer with features, from purchases up to the cut-off."""
    history = history.assign(category=history["sku_id"].map(category))
    bought = history.groupby(["customer_id", "sku_id"]).size().rename("times_bought").reset_index()
    share = history.groupby(["customer_id", "category"]).size().rename("n").reset_index()
    share["cat_share"] = share["n"] / share.groupby("customer_id")["n"].transform("sum")
    favourite = share.sort_values("cat_share", ascending=False).groupby("customer_id").head(3)
    from_categories = favourite[["customer_id", "category"]].merge(top_in_category, on="category")
    rows = pd.concat([
        bought[bought["sku_id"].isin(eligible["sku_id"])][["customer_id", "sku_id"]],
        from_categories[["customer_id", "sku_id"]],
    ]).drop_duplicates()
    rows = rows.merge(pop[["sku_id", "pop", "category"]], on="sku_id")
    rows = rows.merge(bought, on=["customer_id", "sku_id"], how="left")
    rows = rows.merge(share[["customer_id", "category", "cat_share"]], on=["customer_id", "category"], how="left")
    return rows.fillna({"times_bought": 0, "cat_share": 0})

FEATURES = ["pop", "times_bought", "cat_share"]
fit_rows = candidates(train[train["month"] <= CUTOFF])
later = train[train["month"] > CUTOFF][["customer_id", "sku_id"]].drop_duplicates().assign(label=1)
fit_rows = fit_rows.merge(later, on=["customer_id", "sku_id"], how="left").fillna({"label": 0})
model = LogisticRegression(max_iter=1000)
model.fit(fit_rows[FEATURES], fit_rows["label"])

rows = candidates(test)
rows["score"] = model.predict_proba(rows[FEATURES])[:, 1]
ranked = rows.sort_values(["customer_id", "score"], ascending=[True, False]).groupby("customer_id")["sku_id"].apply(list)
fallback = list(pop["sku_id"][:20])
lines = []
for customer in test["customer_id"].unique():
    picks = list(ranked.get(customer, []))[:10]
    picks += [s for s in fallback if s not in picks][: 10 - len(picks)]
    lines.append([customer] + picks)
submission = pd.DataFrame(lines, columns=["customer_id"] + [f"sku_id_{i}" for i in range(1, 11)])
