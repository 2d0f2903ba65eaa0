#!/usr/bin/env python3
"""Checks the JSON report against its documented schema, docs/schema/report.schema.json.

`rooflint sweep --format json` is run on each corpus given (the bundled one and the test
corpora: a clean one, one with findings, one with rejected records) and every report must
validate; a report with a key the schema does not name fails, so a change to the report's shape
is a change to its documented schema.

Usage: validate_report.py ROOFLINT SCHEMA CORPUS...
"""
import json
import subprocess
import sys

import jsonschema


def main():
    rooflint, schema_path, corpora = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(schema_path) as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    failures = 0
    for corpus in corpora:
        run = subprocess.run([rooflint, "sweep", "--format", "json", corpus], capture_output=True,
                             text=True)
        report = json.loads(run.stdout)
        errors = list(validator.iter_errors(report))
        for error in errors[:10]:
            print(f"{corpus}: {'/'.join(str(p) for p in error.absolute_path)}: {error.message}")
        failures += len(errors)
        print(f"{corpus}: {len(report['records'])} records, {len(report['findings'])} findings, "
              f"{len(report['rejected'])} rejected: {len(errors)} schema errors")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
