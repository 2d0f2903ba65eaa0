"""rooflint: audit LLM-inference performance claims against physics, from Python.

The same library as the `rooflint` command, with the same answers::

    import rooflint
    result = rooflint.check(model="llama-3.1-70b", hardware="1x H200", value="250 tok/s",
                            metric="per-user-decode", precision="fp8", batch=1)
    result["figures"][0]["verdict"]            # "within", "exceeds", ...

`check` and `check_file` return the dict `rooflint check --format json` prints; `sweep`
the dict `rooflint sweep --format json` prints; keyword names are the CLI's flag names with
`_` for `-`. Input that cannot be read (an unknown model, a value without a unit, a file no
importer reads) raises `rooflint.Error` with the diagnostic's code, location and hint. The
bundled corpus is loaded once, on first use; `Corpus(folders)` works against your own.
"""
from __future__ import annotations

import json
import os
from typing import Any, Iterable, Optional, Sequence, Union

from . import _rooflint

__all__ = ["Corpus", "Error", "accelerators", "bundled_data", "check", "check_file", "models",
           "sweep", "__version__"]
__version__: str = _rooflint.version

PathLike = Union[str, "os.PathLike[str]"]


class Error(Exception):
    """Input rooflint cannot read. `code`, `path`, `line`, `column`, `message` and `hint` are
    the first error's; `diagnostics` holds every diagnostic, as dicts."""

    def __init__(self, diagnostics: Sequence[dict]):
        errors = [d for d in diagnostics if d["severity"] == "error"] or list(diagnostics)
        first = errors[0]
        self.diagnostics = list(diagnostics)
        self.code: str = first["code"]
        self.path: str = first["path"]
        self.line: int = first["line"]
        self.column: int = first.get("column", 0)
        self.message: str = first["message"]
        self.hint: str = first["hint"]
        where = self.path
        if where and self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        text = f"{where + ': ' if where else ''}error[{self.code}]: {self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        super().__init__(text)


def bundled_data() -> str:
    """The bundled corpus's folder: the copy installed with the package, else the source
    tree's data/ the module was built from."""
    installed = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
    return installed if os.path.isdir(installed) else _rooflint.bundled_data


_CLAIM_KEYS = ("model", "hardware", "value", "metric", "precision", "count", "batch",
               "concurrency", "input_tokens", "input_tokens_mean", "output_tokens", "replicas",
               "samples_per_prompt", "engine", "engine_version", "speculative", "acceptance_length", "offload",
               "prefix_cache", "kv_precision", "attention_window")
_IMPORT_KEYS = ("hardware", "accelerator", "count", "engine_version", "model", "precision",
                "source")
# The claim's conditions, which check_file states for every figure a file does not state them
# for (the CLI's condition flags given with files).
_CONDITION_KEYS = tuple(k for k in _CLAIM_KEYS
                        if k not in ("model", "hardware", "value", "metric", "precision", "count",
                                     "engine_version"))
_COUNT_KEYS = ("count", "batch", "concurrency", "input_tokens", "input_tokens_mean",
               "output_tokens", "replicas", "samples_per_prompt")


def _int_flag(key: str, given: Any) -> int:
    """A count flag's value: an int (bool is not one here), or TypeError."""
    if isinstance(given, bool) or not isinstance(given, int):
        raise TypeError(f"{key} must be an int, not {type(given).__name__}")
    return given


def _flag_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _raise_on_errors(result: dict) -> dict:
    if any(d["severity"] == "error" for d in result["diagnostics"]):
        raise Error(result["diagnostics"])
    return result


class Corpus:
    """A corpus loaded once: the bundled one (unless `bundled=False`) and `folders`.

    `threads` is the most threads loading, sweeping and reporting may use: 0 (the default) one
    per core, 1 the calling thread alone, with no thread started.
    """

    def __init__(self, folders: Iterable[PathLike] = (), *, bundled: bool = True, threads: int = 0):
        roots = ([bundled_data()] if bundled else []) + [os.fspath(f) for f in folders]
        if not roots:
            raise ValueError("a corpus needs a folder: give folders, or bundled=True")
        if isinstance(threads, bool) or not isinstance(threads, int) or not 0 <= threads <= 4096:
            raise ValueError(f"threads must be an integer from 0 to 4096, not {threads!r}")
        self._native = _rooflint.Corpus(roots, threads)

    def diagnostics(self) -> list[dict]:
        """What loading found: records rejected, folders that could not be read."""
        return self._native.diagnostics()

    def check(self, model: Optional[str] = None, hardware: Optional[str] = None,
              value: Optional[str] = None, metric: Optional[str] = None, **conditions: Any) -> dict:
        """One claim: the dict `rooflint check --format json` prints for the same flags."""
        fields = dict(conditions, model=model, hardware=hardware, value=value, metric=metric)
        claim = _rooflint.Claim()
        for key, given in fields.items():
            if key not in _CLAIM_KEYS:
                raise TypeError(f"check() got an unexpected keyword argument '{key}' "
                                f"(it takes {', '.join(_CLAIM_KEYS)})")
            if given is None:
                continue
            if key in _COUNT_KEYS:
                setattr(claim, key, _int_flag(key, given))
            else:
                setattr(claim, key, _flag_text(given))
        return _raise_on_errors(json.loads(self._native.check(claim)))

    def check_file(self, path: Union[PathLike, Sequence[PathLike]], *, from_: str = "auto",
                   **flags: Any) -> dict:
        """Every figure of a benchmark tool's output file (or files, or a results folder): the
        dict `rooflint check FILE --format json` prints. `from_` is the CLI's --from."""
        paths = [os.fspath(path)] if isinstance(path, (str, os.PathLike)) else [
            os.fspath(p) for p in path]
        options, conditions = self._file_flags(flags, "check_file")
        return _raise_on_errors(
            json.loads(self._native.check_files(paths, from_, options, conditions)))

    def check_text(self, text: Union[str, bytes], *, name: str = "input", from_: str = "auto",
                   **flags: Any) -> dict:
        """As check_file, for a file's content already in memory; `name` is what diagnostics
        call it."""
        # bytes reach the library as they are: a file that is not UTF-8 gets its diagnostic.
        options, conditions = self._file_flags(flags, "check_text")
        return _raise_on_errors(
            json.loads(self._native.check_text(name, text, from_, options, conditions)))

    def sweep(self, *, near_roof: float = 95.0) -> dict:
        """The whole audit: the dict `rooflint sweep --format json` prints."""
        return json.loads(self._native.sweep(near_roof, "json"))

    def report(self, format: str = "text", *, near_roof: float = 95.0) -> str:
        """The whole audit as a report in `format`: text, json, md, sarif or html."""
        return self._native.sweep(near_roof, format)

    def models(self) -> list[dict]:
        """The corpus's models: id, name, aliases, status, params_total, ..."""
        return self._native.models()

    def accelerators(self) -> list[dict]:
        """The corpus's accelerators: id, name, aliases, memory_bytes, bandwidth, peaks, ..."""
        return self._native.accelerators()

    @staticmethod
    def _file_flags(flags: dict, name: str) -> tuple[Any, Any]:
        """The import's flags and the conditions stated for every figure, from check_file's
        keywords."""
        options = _rooflint.ImportOptions()
        conditions = _rooflint.Claim()
        for key, given in flags.items():
            if key not in _IMPORT_KEYS and key not in _CONDITION_KEYS:
                raise TypeError(f"{name}() got an unexpected keyword argument '{key}' (it takes "
                                f"from_, {', '.join(_IMPORT_KEYS + _CONDITION_KEYS)})")
            if given is None:
                continue
            target = options if key in _IMPORT_KEYS else conditions
            if key in _COUNT_KEYS:
                setattr(target, key, _int_flag(key, given))
            else:
                setattr(target, key, _flag_text(given))
        return options, conditions


_bundled: Optional[Corpus] = None


def _default() -> Corpus:
    global _bundled
    if _bundled is None:
        _bundled = Corpus()
    return _bundled


def check(model: Optional[str] = None, hardware: Optional[str] = None,
          value: Optional[str] = None, metric: Optional[str] = None, **conditions: Any) -> dict:
    """One claim against the bundled corpus: the dict `rooflint check --format json` prints.

    Conditions are the CLI's flags: precision, count, batch, concurrency, input_tokens,
    input_tokens_mean, output_tokens, replicas, samples_per_prompt, engine, engine_version, speculative,
    acceptance_length, offload, prefix_cache, kv_precision."""
    return _default().check(model, hardware, value, metric, **conditions)


def check_file(path: Union[PathLike, Sequence[PathLike]], *, from_: str = "auto",
               **flags: Any) -> dict:
    """Every figure of a benchmark output file against the bundled corpus (`rooflint check
    FILE --format json`). Flags: hardware, accelerator, count, engine_version, model,
    precision, source, and the conditions of `check` (batch, input_tokens, speculative, ...),
    which fill in what a file does not state and never override it."""
    return _default().check_file(path, from_=from_, **flags)


def sweep(
    paths: Optional[Iterable[PathLike]] = None, *, near_roof: float = 95.0, threads: int = 0
) -> dict:
    """The audit of corpus folders (default: the bundled one): `rooflint sweep --format json`.

    `threads` as for Corpus (a different count than the bundled corpus's loads it anew)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    if paths is None and threads == 0:
        corpus = _default()
    elif paths is None:
        corpus = Corpus(threads=threads)
    else:
        corpus = Corpus(paths, bundled=False, threads=threads)
    return corpus.sweep(near_roof=near_roof)


def models() -> list[dict]:
    """The bundled corpus's models."""
    return _default().models()


def accelerators() -> list[dict]:
    """The bundled corpus's accelerators."""
    return _default().accelerators()
