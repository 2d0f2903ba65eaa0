#!/usr/bin/env python3
"""Checks the SARIF report against the OASIS SARIF 2.1.0 schema (tests/sarif/, with its source).

`rooflint sweep --format sarif` is run on each corpus given, from the working folder (the corpus
paths are relative to it, as a CI job's are to its checkout), and every log must validate
against the schema, with the validator the schema's own `$schema` names. Beyond the schema, what
code scanning needs: every `ruleId` is a code `rooflint codes` lists and has its rule, and every
location is relative to `%SRCROOT%`.

Usage: validate_sarif.py ROOFLINT SCHEMA CORPUS...
"""
import json
import subprocess
import sys

import jsonschema


def main():
    rooflint, schema_path, corpora = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(schema_path) as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    codes = subprocess.run([rooflint, "codes"], capture_output=True, text=True, check=True).stdout
    known = {line.split()[0] for line in codes.splitlines() if line and not line[0].isspace()}
    failures = 0
    for corpus in corpora:
        run = subprocess.run([rooflint, "sweep", "--format", "sarif", corpus],
                             capture_output=True, text=True)
        log = json.loads(run.stdout)
        problems = [f"{'/'.join(str(p) for p in e.absolute_path)}: {e.message}"
                    for e in validator.iter_errors(log)]
        results = 0
        for sarif_run in log["runs"]:
            rules = [r["id"] for r in sarif_run["tool"]["driver"]["rules"]]
            for result in sarif_run["results"]:
                results += 1
                rule = result["ruleId"]
                if rule not in known:
                    problems.append(f"ruleId '{rule}' is not a code `rooflint codes` lists")
                if rules[result["ruleIndex"]] != rule:
                    problems.append(f"ruleIndex of '{rule}' names another rule")
                for location in result["locations"]:
                    artifact = location["physicalLocation"]["artifactLocation"]
                    if artifact.get("uriBaseId") != "%SRCROOT%" or artifact["uri"].startswith(
                            ("/", "file:")):
                        problems.append(f"location not relative to %SRCROOT%: {artifact}")
        for problem in problems[:10]:
            print(f"{corpus}: {problem}")
        failures += len(problems)
        print(f"{corpus}: {results} results: {len(problems)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
