// The browser page's module (rooflint.js, made by `make web`) under node against the tool: every
// claim of tests/web/claims.json, and one sample file of each import format, give the bytes
// `rooflint check ... --format json` prints. Bad requests and bad bytes give {"error"} or a
// diagnostic, never a throw.
//   node web_node_test.js ROOFLINT_JS ROOFLINT SOURCE_DIR
// Exit 77 (skipped) when the module has not been built.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const [moduleJs, rooflint, sourceDir] = process.argv.slice(2);
if (!fs.existsSync(moduleJs)) {
  console.log(`${moduleJs} not built (make web): skipped`);
  process.exit(77);
}

// The flags of `rooflint check` a claim's members stand for: the member's name, with --.
function claimArgs(claim) {
  const args = ['check'];
  for (const [key, value] of Object.entries(claim)) args.push(`--${key}`, String(value));
  return args;
}

function cli(args) {
  const r = spawnSync(rooflint, args, { cwd: sourceDir, encoding: 'utf8',
                                        env: { ...process.env, COLUMNS: '' } });
  if (r.status === null || r.status > 2) {
    throw new Error(`rooflint ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  }
  return r.stdout;
}

// The first line where two texts differ, for the failure message.
function firstDifference(a, b) {
  const x = a.split('\n'), y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); ++i) {
    if (x[i] !== y[i]) return `line ${i + 1}:\n  cli:  ${x[i]}\n  page: ${y[i]}`;
  }
  return '';
}

// One file of each format: the first file of each folder of tests/import-samples/ that is not a
// SOURCES.md, a NEGATIVE_ sample or a folder.
function samples() {
  const root = path.join(sourceDir, 'tests', 'import-samples');
  const out = [];
  for (const dir of fs.readdirSync(root).sort()) {
    const files = fs.readdirSync(path.join(root, dir)).sort().filter((f) =>
      f !== 'SOURCES.md' && !f.startsWith('NEGATIVE_') &&
      fs.statSync(path.join(root, dir, f)).isFile());
    for (const f of files.slice(0, 2)) out.push(path.join('tests', 'import-samples', dir, f));
  }
  return out;
}

require(path.resolve(moduleJs))().then((m) => {
  let failures = 0, checked = 0;
  const fail = (what, detail) => {
    ++failures;
    console.log(`FAIL ${what}\n${detail}`);
  };

  const claims = JSON.parse(fs.readFileSync(path.join(sourceDir, 'tests', 'web', 'claims.json')));
  for (const claim of claims) {
    const args = [...claimArgs(claim), '--format', 'json'];
    const expected = cli(args);
    const got = m.checkClaim(JSON.stringify(claim));
    ++checked;
    if (got !== expected) fail(`rooflint ${args.join(' ')}`, firstDifference(expected, got));
  }
  // The same claims as the page's query string gives them: every value a text.
  for (const claim of claims) {
    const texts = Object.fromEntries(Object.entries(claim).map(([k, v]) => [k, String(v)]));
    if (m.checkClaim(JSON.stringify(texts)) !== m.checkClaim(JSON.stringify(claim))) {
      fail(`claim as texts ${JSON.stringify(texts)}`, 'differs from the claim with numbers');
    }
  }

  // A claim's roofline: an SVG for a decode figure with a memory roof, whose per-user roof is
  // the check's bound (1 x 4.8 TB/s / 69.5 GB = 69.1 tok/s) and whose point is the claim, past
  // it; nothing for a time; JSON, never a throw, for a claim the module refuses.
  {
    const charts = JSON.parse(m.claimCharts(JSON.stringify(claims[0]))).charts || [];
    ++checked;
    if (!(charts.length === 1 && charts[0].startsWith('<svg') &&
          charts[0].includes('n x BW / W = 69.1') && charts[0].includes('point per-user exceeds'))) {
      fail('claimCharts of the first claim', charts.map((c) => c.slice(0, 300)).join('\n'));
    }
    const ttft = JSON.parse(m.claimCharts(JSON.stringify(
      {model: 'llama-3.1-8b', hardware: '1x H100', value: '20 ms TTFT'}))).charts || [];
    if (!(ttft.length === 1 && ttft[0] === '')) fail('claimCharts of a TTFT', JSON.stringify(ttft));
    for (const text of ['{not json', '[1, 2]', '{"model": {"a": 1}}', '{"batch": "-3"}']) {
      try {
        JSON.parse(m.claimCharts(text));
      } catch (e) {
        fail(`claimCharts of ${text}`, `${e}`);
      }
    }
  }

  for (const file of samples()) {
    const args = ['check', file, '--format', 'json'];
    const expected = cli(args);
    const bytes = fs.readFileSync(path.join(sourceDir, file));
    const got = m.checkFile(file, bytes, '{}');
    ++checked;
    if (got !== expected) fail(`rooflint ${args.join(' ')}`, firstDifference(expected, got));
  }

  // Untrusted input: a diagnostic or {"error"}, and the module still answers afterwards.
  const hostile = [
    () => m.checkClaim('{not json'),
    () => m.checkClaim('[1, 2]'),
    () => m.checkClaim('{"model": {"a": 1}}'),
    () => m.checkClaim('{"model": "llama-3.1-8b", "batch": "-3"}'),
    () => m.checkClaim('{"model": "llama-3.1-8b", "batch": 99999999999999999999}'),
    () => m.checkClaim('{"model": "llama-3.1-8b", "batch": 4, "concurrency": 4}'),
    () => m.checkClaim('{"model": "llama-3.1-8b", "hardware": "auto", "value": "1 tok/s"}'),
    () => m.checkFile('x.json', new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0x22]), '{}'),
    () => m.checkFile('x.json', '{"completed": 1e999}', '{"from": "vllm-serve"}'),
    () => m.checkFile('x.txt', '', '{"from": "no-such-format"}'),
    () => m.checkFile('x.txt', 'garbage\n'.repeat(1000), '{"from": "auto"}'),
    () => m.checkClaim('{"model": "x", "model-config": "config.json"}'),
    () => m.checkClaim('{"model": "x", "model-config": {"text": "{}"}}'),
    () => m.readModelConfig('{}'),
    () => m.setUserCorpus('{not json'),
    () => m.setUserCorpus('{"files": [1]}'),
    () => m.setUserCorpus('{"files": [{"name": "../../x.toml", "text": "\u0000["}]}'),
  ];
  for (const [i, call] of hostile.entries()) {
    let out;
    try {
      out = call();
    } catch (e) {
      fail(`hostile input ${i}`, `threw ${e}`);
      continue;
    }
    let parsed;
    try {
      parsed = JSON.parse(out);
    } catch (e) {
      fail(`hostile input ${i}`, `not JSON: ${out.slice(0, 200)}`);
      continue;
    }
    if (!parsed.error && !(parsed.diagnostics && parsed.diagnostics.length > 0)) {
      fail(`hostile input ${i}`, `neither an error nor a diagnostic: ${out.slice(0, 200)}`);
    }
  }
  if (m.checkClaim(JSON.stringify(claims[0])) !== cli([...claimArgs(claims[0]), '--format', 'json'])) {
    fail('after the hostile inputs', 'the module no longer answers as the tool');
  }

  // The names the page completes.
  const names = JSON.parse(m.names());
  if (!names.models.some((x) => x.id === 'llama-3.1-70b') ||
      !names.accelerators.some((x) => x.id === 'nvidia-h200-sxm') ||
      !names.formats.includes('auto')) {
    fail('names', 'llama-3.1-70b, nvidia-h200-sxm or auto missing');
  }
  // The corpus table: every bundled benchmark record, each with a verdict and the claim that
  // states it, which the module reads back as a claim of the record's metric.
  const corpus = JSON.parse(m.corpus()).benchmarks;
  const files = fs.readdirSync(path.join(sourceDir, 'data', 'benchmarks')).filter((f) => f.endsWith('.toml'));
  if (corpus.length !== files.length) fail('corpus', `${corpus.length} records, ${files.length} files`);
  const verdicts = new Set(['within', 'near-roof', 'exceeds', 'exceeds-assuming', 'not-computable']);
  for (const r of corpus.slice(0, 20)) {
    if (!verdicts.has(r.verdict)) fail(`corpus ${r.id}`, `verdict ${r.verdict}`);
    const figures = JSON.parse(m.checkClaim(JSON.stringify(r.claim))).figures || [];
    if (!figures.some((f) => f.metric === r.metric)) fail(`corpus ${r.id}`, 'its claim is not read back');
  }
  // A file's records as TOML.
  m.checkFile('b5163_rtx4080_qwen2.5-7b.json',
              fs.readFileSync(path.join(sourceDir, 'tests/import-samples/llama-bench/b5163_rtx4080_qwen2.5-7b.json')),
              '{}');
  if (!/^# benchmarks\/.*\.toml\n/.test(m.recordsToml())) fail('recordsToml', m.recordsToml().slice(0, 200));

  // Several files at once (a sweep's), staged and checked together as `check F1 F2` checks them.
  const sweep = ['tests/import-samples/vllm-throughput/kyuz0_strix-halo-x2_tp2_minimax-m2.7-awq_sharegpt200_out512_aiter-attn.json',
                 'tests/import-samples/vllm-throughput/kyuz0_strix-halo-x2_tp2_minimax-m2.7-awq_sharegpt200_out512_rocm-attn.json'];
  m.clearFiles();
  for (const f of sweep) m.addFile(f, fs.readFileSync(path.join(sourceDir, f)));
  const sweepGot = m.checkFiles('{}');
  m.clearFiles();
  const sweepExpected = cli(['check', ...sweep, '--format', 'json']);
  ++checked;
  if (sweepGot !== sweepExpected) fail(`rooflint check ${sweep.join(' ')}`, firstDifference(sweepExpected, sweepGot));

  // Conditions stated with a file (CheckOptions::stated), as the tool's condition flags state
  // them: the vLLM sweep states none of batch, speculation or KV precision, so each fills in
  // every figure with a note; the trtllm-bench log states its output length (1024) but only a
  // mean input length, so --input-tokens fills in and --output-tokens 1000 disagrees: one
  // warning at the file, the file's 1024 kept.
  for (const [file, flags, note, warning] of [
    ['tests/import-samples/vllm/bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl',
     { hardware: '4x L40S', batch: '64', speculative: 'false', 'kv-precision': 'fp8' },
     'batch 64 stated on the command line (--batch): the file does not say', null],
    ['tests/import-samples/trtllm-bench/shaamil101_v0.16.0_llama3.1-70b-fp8_tp8_isl8192_osl1024_n400_throughput_stdout.txt',
     { hardware: '8x H100 SXM', 'input-tokens': '8192', 'output-tokens': '1000' },
     'input_tokens 8192 stated on the command line (--input-tokens): the file does not say',
     '--output-tokens 1000 disagrees with what the file states'],
  ]) {
    const args = ['check', file, ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, v]), '--format', 'json'];
    const expected = cli(args);
    const got = m.checkFile(file, fs.readFileSync(path.join(sourceDir, file)), JSON.stringify(flags));
    ++checked;
    if (got !== expected) fail(`rooflint ${args.join(' ')}`, firstDifference(expected, got));
    const report = JSON.parse(got);
    if (!report.figures.length || !report.figures.every((f) => f.notes.includes(note))) {
      fail(`conditions on ${file}`, `not every figure notes "${note}"`);
    }
    const disagrees = report.diagnostics.filter((d) => d.code === 'flag-disagrees');
    if (warning ? disagrees.length !== 1 || disagrees[0].severity !== 'warning' ||
                  disagrees[0].path !== file || !disagrees[0].message.includes(warning)
                : disagrees.length !== 0) {
      fail(`conditions on ${file}`, `flag-disagrees: ${JSON.stringify(disagrees).slice(0, 400)}`);
    }
  }
  // A claim's value or metric is not a file's: refused, as the tool refuses them.
  for (const extra of [{ metric: 'ttft' }, { value: '1 tok/s' }]) {
    const refused = JSON.parse(m.checkFile('x.json', '{}', JSON.stringify(extra)));
    if (!refused.error) fail(`checkFile with ${JSON.stringify(extra)}`, 'not refused');
  }

  // --model-config: the config's model under a name the corpus lacks, for a claim and for a
  // file that names no model, as the tool adds it (AddModelConfig), byte for byte.
  const configPath = 'tests/web/model-config/config.json';
  const config = { name: configPath, text: fs.readFileSync(path.join(sourceDir, configPath), 'utf8') };
  const configClaim = { model: 'my-llama-8b', hardware: '1x H100', value: '90 tok/s per user',
                        precision: 'bf16', batch: '1' };
  for (const [what, args, got] of [
    ['claim', [...claimArgs(configClaim), '--model-config', configPath, '--format', 'json'],
     () => m.checkClaim(JSON.stringify({ ...configClaim, 'model-config': config }))],
    ['file', ['check', 'tests/import-samples/sglang/datacrunch_h200x4_llama3.3-70b_online_rates1-16_7runs.jsonl', '--model', 'my-llama-8b', '--model-config', configPath, '--format', 'json'],
     null],
  ]) {
    let page;
    if (got) {
      page = got();
    } else {
      page = m.checkFile(args[1], fs.readFileSync(path.join(sourceDir, args[1])),
                         JSON.stringify({ model: 'my-llama-8b', 'model-config': config }));
    }
    const expected = cli(args);
    ++checked;
    if (page !== expected) fail(`rooflint ${args.join(' ')} (${what})`, firstDifference(expected, page));
    if (!page.includes('"my-llama-8b"')) fail(`--model-config ${what}`, 'the model is not my-llama-8b');
  }
  const read = JSON.parse(m.readModelConfig(JSON.stringify({ 'model-config': config, model: 'my-llama-8b' })));
  if (read.id !== 'my-llama-8b' || !/^id = "my-llama-8b"$/m.test(read.toml)) {
    fail('readModelConfig', JSON.stringify(read).slice(0, 300));
  }
  // A config that is not one: its located diagnostics, no check.
  const bad = JSON.parse(m.checkClaim(JSON.stringify({ ...configClaim,
    'model-config': { name: 'config.json', text: '{"model_type": "llama",\n "num_hidden_layers": "many"}' } })));
  if (!bad.error || !bad.diagnostics.some((d) => /^config\.json:2:/.test(d.text))) {
    fail('a bad --model-config', JSON.stringify(bad).slice(0, 400));
  }

  // --corpus: the user's records loaded with the bundled ones, named by their folder or, with
  // no folder, by their keys; a claim on them as the tool checks it with --corpus DIR.
  const base = 'tests/corpora/base';
  const baseFiles = (withFolders) => ['accelerators/test-gpu-40gb.toml', 'models/test-7b.toml',
                                      'sources/test-source.toml'].map((f) => ({
    name: withFolders ? f : path.basename(f), text: fs.readFileSync(path.join(sourceDir, base, f), 'utf8') }));
  const baseClaim = { model: 'test-7b', hardware: '1x Test GPU 40GB', value: '50 tok/s',
                      metric: 'per-user-decode', precision: 'fp16', batch: '1' };
  const baseArgs = [...claimArgs(baseClaim), '--corpus', base, '--format', 'json'];
  const baseExpected = cli(baseArgs);
  for (const withFolders of [true, false]) {
    const loaded = JSON.parse(m.setUserCorpus(JSON.stringify({ files: baseFiles(withFolders) })));
    const kinds = (loaded.files || []).map((f) => f.path).join(' ');
    if (kinds !== 'accelerators/test-gpu-40gb.toml models/test-7b.toml sources/test-source.toml' ||
        loaded.diagnostics.length !== 0) {
      fail(`setUserCorpus (folders: ${withFolders})`, JSON.stringify(loaded).slice(0, 400));
    }
    const got = m.checkClaim(JSON.stringify(baseClaim));
    ++checked;
    if (got !== baseExpected) fail(`rooflint ${baseArgs.join(' ')} (folders: ${withFolders})`, firstDifference(baseExpected, got));
  }
  // A benchmark of the user's is a row of the corpus table, marked as theirs.
  const clean = 'tests/corpora/clean/benchmarks/within-roof.toml';
  m.setUserCorpus(JSON.stringify({ files: [...baseFiles(true),
    { name: 'benchmarks/within-roof.toml', text: fs.readFileSync(path.join(sourceDir, clean), 'utf8') }] }));
  const rows = JSON.parse(m.corpus()).benchmarks;
  if (!rows.some((r) => r.id === 'within-roof' && r.user) || rows.some((r) => r.id !== 'within-roof' && r.user)) {
    fail('the corpus table with a record of the user', 'within-roof is not the one row marked user');
  }
  // A record with an error: listed with where it is (the user's name for the file), left out.
  const broken = JSON.parse(m.setUserCorpus(JSON.stringify({ files: [...baseFiles(true),
    { name: 'mine/models/broken.toml', text: 'id = "broken"\nname = "Broken"\nlayers = "many"\n' }] })));
  if (!broken.diagnostics.some((d) => d.severity === 'error' && /^mine\/models\/broken\.toml:\d+:\d+: error\[/.test(d.text)) ||
      broken.records.models.rejected !== 1) {
    fail('a broken record of the user', JSON.stringify(broken).slice(0, 500));
  }
  // No files: the bundled corpus alone again.
  m.setUserCorpus('{"files": []}');
  if (!JSON.parse(m.checkClaim(JSON.stringify(baseClaim))).diagnostics.some((d) => d.severity === 'error')) {
    fail('setUserCorpus with no files', 'test-7b is still known');
  }
  if (m.checkClaim(JSON.stringify(claims[0])) !== cli([...claimArgs(claims[0]), '--format', 'json'])) {
    fail('after the user corpus', 'the module no longer answers as the tool');
  }

  console.log(`${checked} checks against the tool, ${hostile.length} hostile inputs: ` +
              `${failures} failure${failures === 1 ? '' : 's'}`);
  process.exit(failures === 0 ? 0 : 1);
}).catch((e) => {
  console.log(`the module failed: ${e && e.stack || e}`);
  process.exit(1);
});
