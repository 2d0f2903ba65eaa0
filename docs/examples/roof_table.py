#!/usr/bin/env python3
"""How far is each run from its limit? Every vLLM benchmark result in a folder, checked against
physics with the rooflint module, printed as one table: figure, bound, % of it, verdict.

    python3 roof_table.py RESULTS_DIR --hardware "4x L40S"

RESULTS_DIR holds what `vllm bench serve --save-result` (or benchmark_serving.py) wrote: .json
files, or .jsonl files of several runs. The hardware is what the files do not say; give it as
you would to `rooflint check --hardware`. A run whose figures rooflint cannot read is reported
with the reason, and the table goes on.
"""
import argparse
import pathlib

import rooflint


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=pathlib.Path)
    parser.add_argument("--hardware", help="e.g. '8x H100' (what the files do not state)")
    parser.add_argument("--model", help="the model, when the files name it by a served name")
    args = parser.parse_args()

    flags = {k: v for k, v in (("hardware", args.hardware), ("model", args.model)) if v}
    files = sorted(p for p in args.results.iterdir() if p.suffix in (".json", ".jsonl"))
    print(f"{'file':<44} {'metric':<18} {'value':>16} {'bound':>22} {'%':>7}  verdict")
    for path in files:
        try:
            result = rooflint.check_file(path, from_="vllm-serve", **flags)
        except rooflint.Error as e:
            print(f"{path.name[:44]:<44} not read: {e.code}: {e.message}")
            continue
        for figure in result["figures"]:
            bound = figure["binding"]
            if bound is None or bound["verdict"] == "not-computable":
                shown, percent = "no bound", "-"
            else:
                shown = f"{bound['bound']:.1f} {bound['unit']} ({bound['instrument']})"
                percent = f"{bound['percent']:.1f}"
            print(f"{path.name[:44]:<44} {figure['metric']:<18} {figure['value']:>16} "
                  f"{shown:>22} {percent:>7}  {figure['verdict']}")


if __name__ == "__main__":
    main()
