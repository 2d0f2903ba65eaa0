"""The Python module against the CLI: the same claims and files give the same JSON, byte for
byte; bad input raises rooflint.Error (or TypeError for a wrong argument), never crashes.

Run by CTest (python.module) with PYTHONPATH at the staged package, ROOFLINT at the CLI and
SAMPLES at tests/import-samples.
"""
import json
import os
import subprocess
import sys

import pytest

import rooflint
from rooflint import _rooflint

ROOFLINT = os.environ["ROOFLINT"]
SAMPLES = os.environ["SAMPLES"]

# (keyword arguments, the same claim as CLI flags): per-user, aggregate, TTFT, TPOT,
# speculative, absent precision, a batch, a concurrency, an impossible figure.
CLAIMS = [
    (dict(model="meta-llama/Llama-3.1-70B-Instruct", hardware="1x H200", precision="fp8",
          value="250 tok/s per user", speculative=False), None),
    (dict(model="llama-3.1-70b", hardware="1x H200", value="2500 tok/s per user",
          precision="fp8", batch=1), None),
    (dict(model="llama-3.1-8b", hardware="8x H100", value="30000 tok/s aggregate",
          precision="bf16", concurrency=256, input_tokens=1000, output_tokens=1000), None),
    (dict(model="llama-3.1-8b", hardware="1x H100", value="35 ms", metric="ttft",
          input_tokens=2048, precision="bf16"), None),
    (dict(model="llama-3.1-70b", hardware="1x H200", value="12 ms", metric="tpot",
          precision="fp8", batch=1), None),
    (dict(model="llama-3.1-70b", hardware="1x H200", value="400 tok/s per user",
          precision="fp8", batch=1, speculative=4), None),
    (dict(model="llama-3.1-70b", hardware="8x H100 SXM", value="9000 tok/s aggregate",
          precision="fp8", batch=8, acceptance_length=2.5), None),
    (dict(model="llama-3.1-70b", hardware="1x H200", value="60 tok/s per user"), None),
    (dict(model="qwen2.5-7b", hardware="RTX 4090", value="120 tok/s per user", count=1,
          engine="llama.cpp", precision="q4_k_m"), None),
    (dict(model="llama-3.1-8b", hardware="1x H100", value="5000 tok/s", metric="prefill",
          precision="bf16", input_tokens=512, kv_precision="fp8"), None),
    (dict(model="llama-3.1-70b", hardware="2x H100", value="40 tok/s per user", count=2,
          precision="bf16", prefix_cache=False, offload=False, replicas=1), None),
    (dict(model="llama-3.1-8b", hardware="1x H100", value="1000 tok/s aggregate",
          precision="bf16", concurrency=128, input_tokens_mean=128000, output_tokens=256,
          kv_precision="int4", prefix_cache=False, samples_per_prompt=1), None),
    (dict(model="llama-3.1-8b", hardware="1x H100", value="1000 tok/s aggregate",
          precision="bf16", concurrency=128, input_tokens=128000, output_tokens=256,
          kv_precision="int4", prefix_cache=False, samples_per_prompt=1,
          attention_window=4096), None),
]


def cli_flags(kwargs):
    flags = []
    for key, value in kwargs.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        flags += ["--" + key.replace("_", "-"), str(value)]
    return flags


def cli_json(args):
    run = subprocess.run([ROOFLINT, *args, "--format", "json"], capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return run.stdout


def native_claim(kwargs):
    claim = _rooflint.Claim()
    for key, value in kwargs.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif key not in ("count", "batch", "concurrency", "input_tokens", "input_tokens_mean",
                         "output_tokens", "replicas", "samples_per_prompt"):
            value = str(value)
        setattr(claim, key, value)
    return claim


@pytest.fixture(scope="module")
def native():
    return _rooflint.Corpus([rooflint.bundled_data()])


@pytest.mark.parametrize("kwargs", [c[0] for c in CLAIMS],
                         ids=[f"claim{i}" for i in range(len(CLAIMS))])
def test_a_claim_gives_the_cli_bytes(kwargs, native):
    expected = cli_json(["check", *cli_flags(kwargs)])
    assert native.check(native_claim(kwargs)) == expected
    result = rooflint.check(**kwargs)
    assert result == json.loads(expected)
    figure = result["figures"][0]
    assert figure["verdict"] in ("within", "near-roof", "exceeds", "exceeds-assuming",
                                 "not-computable")


def test_an_impossible_claim_is_an_error_finding_not_an_exception():
    result = rooflint.check(model="llama-3.1-70b", hardware="1x H200", precision="fp8",
                            value="2500 tok/s per user", batch=1, speculative=False)
    figure = result["figures"][0]
    assert figure["verdict"] == "exceeds"
    assert any(f["severity"] == "error" and f["code"] == "exceeds-roof"
               for f in figure["findings"])


def sample_files():
    for folder in sorted(os.listdir(SAMPLES)):
        names = sorted(n for n in os.listdir(os.path.join(SAMPLES, folder))
                       if not n.startswith(("NEGATIVE", "SOURCES")) and not n.endswith(".md"))
        if names:
            yield os.path.join(SAMPLES, folder, names[0])


@pytest.mark.parametrize("path", list(sample_files()), ids=os.path.basename)
def test_a_file_of_each_format_gives_the_cli_bytes(path, native):
    run = subprocess.run([ROOFLINT, "check", path, "--format", "json"], capture_output=True,
                         text=True)
    if run.returncode == 2:  # a file the CLI refuses is refused here too
        with pytest.raises(rooflint.Error):
            rooflint.check_file(path)
        return
    assert native.check_files([path], "auto", _rooflint.ImportOptions(),
                              _rooflint.Claim()) == run.stdout
    assert rooflint.check_file(path) == json.loads(run.stdout)
    with open(path, "rb") as f:
        text_result = rooflint.Corpus().check_text(f.read(), name=path)
    assert text_result["figures"] == json.loads(run.stdout)["figures"]


def test_file_flags_are_the_cli_flags():
    path = os.path.join(SAMPLES, "vllm", "bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl")
    expected = cli_json(["check", path, "--hardware", "4x L40S"])
    assert rooflint.check_file(path, hardware="4x L40S") == json.loads(expected)


def test_file_conditions_are_the_cli_condition_flags():
    path = os.path.join(SAMPLES, "vllm", "bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl")
    expected = cli_json(["check", path, "--hardware", "4x L40S", "--batch", "64",
                         "--speculative", "false", "--kv-precision", "fp8"])
    result = rooflint.check_file(path, hardware="4x L40S", batch=64, speculative=False,
                                 kv_precision="fp8")
    assert result == json.loads(expected)
    assert ("batch 64 stated on the command line (--batch): the file does not say"
            in result["figures"][0]["notes"])
    with pytest.raises(TypeError):
        rooflint.check_file(path, value="1 tok/s")


def test_the_sweep_is_the_cli_sweep():
    expected = json.loads(cli_json(["sweep", rooflint.bundled_data()]))
    assert rooflint.sweep() == expected
    assert rooflint.sweep(rooflint.bundled_data()) == expected


def test_the_corpus_lists_models_and_accelerators():
    ids = {m["id"] for m in rooflint.models()}
    assert "llama-3.1-70b" in ids
    parts = {a["id"]: a for a in rooflint.accelerators()}
    assert parts["nvidia-h200-sxm"]["bandwidth_bytes_per_second"] == pytest.approx(4.8e12)


@pytest.mark.parametrize("kwargs, code", [
    (dict(model="no-such-model-xyz", hardware="1x H200", value="50 tok/s per user"),
     "unknown-model"),
    (dict(model="llama-3.1-70b", hardware="1x H200", value="fifty"), "unreadable-value"),
    (dict(model="llama-3.1-70b", hardware="1x H200"), "missing-flag"),
    (dict(model="llama-3.1-70b", hardware="1x NoSuchChip", value="50 tok/s per user"),
     "unknown-hardware"),
])
def test_a_claim_that_cannot_be_read_raises_error(kwargs, code):
    with pytest.raises(rooflint.Error) as caught:
        rooflint.check(**kwargs)
    assert caught.value.code == code
    assert caught.value.hint or caught.value.message
    assert f"error[{code}]" in str(caught.value)


def test_bad_files_raise_error(tmp_path):
    with pytest.raises(rooflint.Error) as caught:
        rooflint.check_file(tmp_path / "missing.json")
    assert caught.value.code == "cannot-read"
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00\xff{not json" * 100)
    with pytest.raises(rooflint.Error):
        rooflint.check_file(garbage)
    with pytest.raises(rooflint.Error):
        rooflint.Corpus().check_text(b"\xc3\x28" * 1000, name="bad-utf8.json")
    with pytest.raises(rooflint.Error) as caught:
        rooflint.check_file(garbage, from_="no-such-format")
    assert caught.value.code == "unknown-format"


def test_wrong_arguments_raise_type_error():
    with pytest.raises(TypeError):
        rooflint.check(model="llama-3.1-70b", hardware="1x H200", value="1 tok/s", batch="8")
    with pytest.raises(TypeError):
        rooflint.check(model="llama-3.1-70b", hardware="1x H200", value="1 tok/s", batchh=8)
    with pytest.raises(TypeError):
        rooflint.check_file("x.json", modle="llama-3.1-70b")


def test_a_corpus_of_your_own(tmp_path):
    corpus = rooflint.Corpus([tmp_path / "nowhere"], bundled=False)
    assert any(d["severity"] == "error" for d in corpus.diagnostics())
    with pytest.raises(ValueError):
        rooflint.Corpus([], bundled=False)
    report = rooflint.Corpus().report("md")
    assert report.startswith("#") or "rooflint" in report


def test_the_documented_example_runs_on_real_vllm_results():
    here = os.path.dirname(os.path.abspath(__file__))
    example = os.path.join(here, "..", "..", "docs", "examples", "roof_table.py")
    run = subprocess.run([sys.executable, example,
                          os.path.join(SAMPLES, "vllm"), "--hardware", "4x L40S"],
                         capture_output=True, text=True, env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("file")
    assert any("within" in line or "exceeds" in line for line in lines[1:]), run.stdout
