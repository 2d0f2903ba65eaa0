#!/usr/bin/env python3
"""The Python peer of `rooflint sweep` for the issue-10 comparison (bench/compare.sh): standard
library only. Parses every *.toml of a corpus and computes, for each benchmark record, the
batch-1 memory roof n*BW/W and the (aggregate) compute roof n*F/(2P); prints one line per record
and a summary."""
import argparse, os, re, tomllib

SCALE = {"": 1, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15,
         "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40}
BITS = {"fp32": 32, "bf16": 16, "fp16": 16, "fp8": 8, "int8": 8, "fp6": 6, "fp4": 4, "int4": 4,
        "mxfp4": 4.25, "nvfp4": 4.5, "q8_0": 8.5, "q6_k": 6.56, "q5_k_m": 5.68, "q4_0": 4.5,
        "q4_k_m": 4.84, "q4_k_s": 4.58, "q3_k_m": 3.91, "q2_k": 3.35}  # src/core/precision.cc
PEAKS = {"fp16": ("fp16", "bf16", "fp16_acc16"), "bf16": ("fp16", "bf16", "fp16_acc16"),
         "fp8": ("fp8", "fp8_acc16"), "fp4": ("fp4",), "mxfp4": ("fp4",), "nvfp4": ("fp4",)}

def quantity(text):  # "1555 GB/s" -> 1.555e12, "4.36 GiB" -> bytes, "312 TFLOPS" -> FLOP/s
    m = re.fullmatch(r"([0-9.eE+-]+) ?(Ki|Mi|Gi|Ti|[kKMGTP]?)(B/s|B|FLOPS|OPS)", text)
    return float(m[1]) * SCALE[m[2]] if m else None

def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("corpus")
    records = {"accelerators": {}, "models": {}, "benchmarks": {}}
    for folder, _, files in os.walk(ap.parse_args().corpus):
        kind = os.path.basename(folder)
        for name in sorted(f for f in files if f.endswith(".toml")):
            with open(os.path.join(folder, name), "rb") as f:
                doc = tomllib.load(f)
            records.setdefault(kind, {})[doc.get("id", name[:-5])] = doc
    accels, models, counts = records["accelerators"], records["models"], [0, 0, 0]
    for bid, b in sorted(records["benchmarks"].items()):
        model, prec = models.get(b["model"], {}), b.get("precision")
        prec = prec if isinstance(prec, str) else None
        n = b.get("accelerator_count")
        n = n if isinstance(n, (int, float)) else None
        total = model.get("params_total")
        active = model.get("params_active", total)
        active = active if isinstance(active, (int, float)) else None
        w = quantity(b["weights"]) if "weights" in b else None
        if w and active and total:
            w *= active / total  # a stated size is the whole file: scale to the active experts
        elif active and prec in BITS:
            w = active * BITS[prec] / 8
        mem = comp = None
        for a in (accels[i] for i in b.get("accelerators", []) if i in accels):
            bw = quantity(a.get("bandwidth", ""))
            peaks = a.get("peak_dense", {})
            keys = [k for k in PEAKS.get(prec, ()) if k in peaks] or list(peaks)  # else fastest
            f = max((quantity(peaks[k]) or 0 for k in keys), default=0)
            if n and bw and w:
                mem = max(mem or 0, n * bw / w)
            if n and f and active:
                comp = max(comp or 0, n * f / (2 * active))
        value = float(b["value"].split()[0])
        counts[0] += 1
        counts[1] += mem is not None and b["metric"] == "per-user-decode" and value > mem
        counts[2] += comp is not None and b["metric"].startswith("aggregate") and value > comp
        fmt = lambda x: "n/a" if x is None else f"{x:.1f} tok/s"
        print(f"{bid}: {b['metric']} {b['value']}; memory roof {fmt(mem)}; compute roof {fmt(comp)}")
    print(f"{counts[0]} benchmarks, {counts[1]} over the memory roof, {counts[2]} over the compute roof")

if __name__ == "__main__":
    main()
