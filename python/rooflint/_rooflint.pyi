# Type stubs of rooflint's native part (rooflint_module.cc); the package's own functions are
# typed in __init__.py.
from typing import Optional

version: str
bundled_data: str

class Claim:
    model: str
    hardware: str
    value: str
    metric: str
    precision: str
    count: Optional[int]
    batch: Optional[int]
    concurrency: Optional[int]
    input_tokens: Optional[int]
    input_tokens_mean: Optional[int]
    output_tokens: Optional[int]
    replicas: Optional[int]
    samples_per_prompt: Optional[int]
    engine: str
    engine_version: str
    speculative: str
    offload: str
    prefix_cache: str
    kv_precision: str
    attention_window: str
    def __init__(self) -> None: ...

class ImportOptions:
    hardware: str
    accelerator: str
    count: Optional[int]
    engine_version: str
    model: str
    precision: str
    source: str
    def __init__(self) -> None: ...

class Corpus:
    def __init__(self, folders: list[str], threads: int = 0) -> None: ...
    def diagnostics(self) -> list[dict]: ...
    def check(self, claim: Claim) -> str: ...
    def check_files(self, paths: list[str], format: str, options: ImportOptions,
                    conditions: Claim) -> str: ...
    def check_text(self, name: str, text: str | bytes, format: str, options: ImportOptions,
                   conditions: Claim) -> str: ...
    def sweep(self, near_roof_percent: float, format: str) -> str: ...
    def models(self) -> list[dict]: ...
    def accelerators(self) -> list[dict]: ...
