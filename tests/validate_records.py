#!/usr/bin/env python3
"""Checks that the JSON Schema `rooflint schema KIND --json` prints agrees with the parser.

Every record of the bundled corpus (which the parser accepts) must validate against its kind's
schema, and each record of a set of mutations the parser refuses (an unknown key, a value
outside an enumeration, a quantity in the wrong unit, a count out of range, a missing required
key) must not. A TOML date becomes its ISO text, as a TOML language server presents it.

Usage: validate_records.py ROOFLINT DATA
"""
import copy
import datetime
import json
import pathlib
import subprocess
import sys
import tomllib

import jsonschema

KINDS = {"benchmark": "benchmarks", "accelerator": "accelerators", "model": "models",
         "source": "sources", "gotcha": "gotchas"}


def as_json(value):
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value


# Changes that the parser refuses, by kind: (what, a function that changes a record).
def set_key(key, value):
    def change(doc):
        doc[key] = value
    return change


def set_condition(key, value):
    def change(doc):
        doc.setdefault("conditions", {})[key] = value
    return change


def drop_key(key):
    def change(doc):
        doc.pop(key, None)
    return change


REFUSED = {
    "benchmark": [
        ("an unknown key", set_key("valeu", "57.6 tok/s")),
        ("an unknown metric", set_key("metric", "tokens-per-second")),
        ("a value without a unit", set_key("value", "57.6")),
        ("a weights size in a rate unit", set_key("weights", "14 GB/s")),
        ("an accelerator count of 0", set_key("accelerator_count", 0)),
        ("a batch of 0", set_condition("batch", 0)),
        ("speculative = true", set_condition("speculative", True)),
        ("an unknown scenario", set_condition("scenario", "batch")),
        ("an absent without a reason", set_condition("engine", {"absent": ""})),
        ("no model", drop_key("model")),
        ("an unknown precision", set_key("precision", "fp12")),
    ],
    "accelerator": [
        ("bandwidth in bytes", set_key("bandwidth", "1555 GB")),
        ("an unknown peak precision",
         lambda doc: doc.setdefault("peak_dense", {}).update({"fp17": "1 TFLOPS"})),
        ("no memory", drop_key("memory")),
    ],
    "model": [
        ("a layer count of 0", set_key("layers", 0)),
        ("params_total as text", set_key("params_total", "7B")),
    ],
    "source": [
        ("an unknown kind", set_key("kind", "tweet")),
        ("a date in words", set_key("date", "October 2023")),
    ],
    "gotcha": [("no symptom", drop_key("symptom"))],
}


def main():
    rooflint, data = sys.argv[1], pathlib.Path(sys.argv[2])
    failures = []
    for kind, folder in KINDS.items():
        schema = json.loads(subprocess.run([rooflint, "schema", kind, "--json"], check=True,
                                           capture_output=True, text=True).stdout)
        jsonschema.Draft7Validator.check_schema(schema)
        validator = jsonschema.Draft7Validator(schema)
        records = sorted((data / folder).glob("*.toml"))
        if not records:
            failures.append(f"no {folder} in {data}")
        for path in records:
            with open(path, "rb") as f:
                doc = as_json(tomllib.load(f))
            for error in validator.iter_errors(doc):
                failures.append(f"{path.name}: the schema refuses a valid record: {error.message}")
            for what, change in REFUSED[kind]:
                changed = copy.deepcopy(doc)
                change(changed)
                if validator.is_valid(changed):
                    failures.append(f"{path.name}: the schema accepts {what}")
        print(f"{kind}: {len(records)} records valid; {len(REFUSED[kind])} changes refused on each")
    for failure in failures[:50]:
        print(failure)
    if failures:
        print(f"{len(failures)} failures")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
