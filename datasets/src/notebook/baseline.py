"""Every baseline notebook, cell by cell (read by datasets/src/notebook/baseline.ts).

`# %% [challenge]` marks the cell each challenge brings: its `notebooks/challenge{n}.py`
in the domain's folder. The __NAME__ tokens are filled in from the competition definition;
they are text inside strings and comments, and where one stands as code (__NUMBER__) it is
given a stand-in value here, above the first cell, so that this stays valid Python that
linters read and that runs as a script.
"""

__NUMBER__ = 1

# %% [markdown]
# # __DOMAIN_NAME__, challenge __NUMBER__: __TITLE__
#
# Baseline (__METRIC__). __APPROACH__
#
# It is deliberately simple: the side files hold signal it ignores.

# %%
import os
from pathlib import Path

import numpy as np
import pandas as pd

# The data folder: TANDEM_DATA_DIR, the shared JupyterHub mount, or the notebook's own folder.
DATA_DIR = Path(os.environ.get("TANDEM_DATA_DIR", "/home/jovyan/shared/datasets/__FOLDER__"))
if not DATA_DIR.exists():
    DATA_DIR = Path(".")
OUT_DIR = Path(os.environ.get("TANDEM_OUTPUT_DIR", "."))

# %% [challenge]
# The challenge's own cell replaces this stand-in: an empty submission.
submission = pd.DataFrame(np.zeros((0, 2)), columns=["id", "prediction"])

# %%
OUT_PATH = OUT_DIR / "submission_c__NUMBER__.csv"
submission.to_csv(OUT_PATH, index=False)
print(f"Wrote {len(submission)} rows to {OUT_PATH}")

# %% [markdown]
# ## Submit
#
# Install the SDK with `pip install tandem-bench`, then set `TANDEM_API_KEY` and `TANDEM_TEAM_NAME` (or pass them to `BenchmarkClient`).

# %%
if os.environ.get("TANDEM_API_KEY"):
    from tandem_bench import BenchmarkClient

    client = BenchmarkClient()
    result = client.submit_prediction("__DOMAIN_NAME__", __NUMBER__, str(OUT_PATH))
    print(result["score"])
else:
    print("Set TANDEM_API_KEY and TANDEM_TEAM_NAME to submit this file.")
