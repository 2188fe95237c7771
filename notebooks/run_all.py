"""Execute every notebook in this folder, as CI does.

    python notebooks/run_all.py            # run each one; fail if any fails
    python notebooks/run_all.py --save     # also write the outputs back (to commit them)

Each notebook runs in this folder with a fresh kernel; a cell that raises fails the run.
"""
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

here = Path(__file__).resolve().parent
save = "--save" in sys.argv
failed = 0
for path in sorted(here.glob("*.ipynb")):
    notebook = nbformat.read(path, as_version=4)
    started = time.monotonic()
    try:
        NotebookClient(notebook, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(here)}}).execute()
    except Exception as error:  # a failing cell: report it and go on to the next
        failed += 1
        print(f"FAILED {path.name}: {error}", file=sys.stderr)
        continue
    print(f"ran {path.name} in {time.monotonic() - started:.1f} s")
    if save:
        nbformat.write(notebook, path)
total = len(list(here.glob("*.ipynb")))
print(f"notebooks: {total - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
