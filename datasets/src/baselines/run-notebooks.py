"""Runs baseline notebooks' code (src/baselines/notebooks.ts passes it with `python -c`).

Each notebook runs in a namespace of its own, one Python for the lot (pandas and scikit-learn
take a second to import); one failing notebook does not stop the others. Reads the jobs as JSON
on stdin and prints one JSON line per notebook.
"""

import json
import os
import sys
import traceback

jobs = json.load(sys.stdin)
for job in jobs:
    os.environ["TANDEM_DATA_DIR"] = job["data_dir"]
    os.environ["TANDEM_OUTPUT_DIR"] = job["out_dir"]
    try:
        exec(compile(job["code"], job["name"], "exec"), {"__name__": "__main__"})
        print(json.dumps({"number": job["number"], "ok": True}), flush=True)
    except Exception:
        error = traceback.format_exc(limit=3)[-2000:]
        print(json.dumps({"number": job["number"], "ok": False, "error": error}), flush=True)
