// The rooflint page: a claim, a file or the corpus in; the library's verdicts out. Every check
// is the library's (rooflint.js, built from the same sources as the tool by `make web`); this
// script only reads the form, calls it and draws its JSON. Plain browser JavaScript, no build
// step; it runs from file:// as from any static host.
'use strict';

(function () {
  // --- Small helpers -------------------------------------------------------------------------

  const $ = (sel, root = document) => root.querySelector(sel);

  // An element: el('td', {class: 'x'}, 'text', child, ...). Text is always a text node: input
  // and corpus text never becomes markup.
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  // FormatNumber (units.h) as the tool writes every number: one decimal from 1 up, else
  // `digits` significant digits as printf's %g writes them (0.0123, 1.23e-05).
  function num(v, digits = 4) {
    if (!Number.isFinite(v)) return 'n/a';
    if (Math.abs(v) >= 1) return v.toFixed(1);
    if (v === 0) return '0';
    const p = Math.max(digits - 1, 1);
    const [mantissa, exp] = v.toExponential(p - 1).split('e');
    const x = Number(exp);
    const strip = (t) => (t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t);
    if (x < -4 || x >= p) {
      return `${strip(mantissa)}e${x < 0 ? '-' : '+'}${String(Math.abs(x)).padStart(2, '0')}`;
    }
    return strip(v.toFixed(p - 1 - x));
  }

  // "2249.247363167692 tok/s" -> "2249.2 tok/s": a file's full precision, shortened for a table
  // as the tool shortens it; a value as its source wrote it when it is short.
  function shortValue(value) {
    const space = value.indexOf(' ');
    if (space < 0 || space <= 8) return value;
    const n = Number(value.slice(0, space));
    return Number.isFinite(n) ? `${num(n)} ${value.slice(space + 1)}` : value;
  }

  const FLOORS = new Set(['tpot-floor', 'ttft-floor', 'e2e-floor', 'kv-floor', 'spec-floor']);
  const isFloor = (b) => FLOORS.has(b.instrument) || /-floor$/.test(b.instrument);

  // How far a figure is from its bound: a roof's share (72.1%), a floor's multiple (3.1x).
  function distance(b) {
    if (!isFloor(b)) return `${num(b.percent)}%`;
    return b.percent > 0 ? `${num(100 / b.percent, 3)}x` : '-';
  }

  const VERDICT_WORDS = {
    'exceeds': 'IMPOSSIBLE',
    'exceeds-assuming': 'IMPOSSIBLE IF',
    'near-roof': 'NEAR ROOF',
    'within': 'POSSIBLE',
    'not-computable': 'NO BOUND',
  };
  const VERDICT_HELP = {
    'exceeds': 'the figure is past a physical limit: it cannot be true as stated',
    'exceeds-assuming': 'past a limit that rests on an assumption about a fact the claim does not state',
    'near-roof': 'within the limit, but close to it: plausible only with a near-perfect engine',
    'within': 'within every physical limit that applies',
    'not-computable': 'no limit could be computed from what the claim states',
  };

  function verdictBadge(verdict) {
    return el('span', {class: `verdict v-${verdict}`, title: VERDICT_HELP[verdict] || ''},
              VERDICT_WORDS[verdict] || verdict);
  }

  // "250 tok/s is 362.0% of the memory-roof (69.1 tok/s; MBU 362.0%)", as the tool says it.
  function sentence(f, b) {
    if (isFloor(b)) {
      const d = distance(b);
      return `${shortValue(f.value)} is ${b.percent > 100 ? `below (${d})` : d} the ${b.instrument} of ` +
             `${num(b.bound)} ${b.unit}`;
    }
    const name = b.instrument === 'memory-roof' || b.instrument === 'kv-roof' ? 'MBU'
               : b.instrument === 'compute-roof' ? 'MFU' : '';
    return `${shortValue(f.value)} is ${num(b.percent)}% of the ${b.instrument} (${num(b.bound)} ${b.unit}` +
           `${name ? `; ${name} ${num(b.percent)}%` : ''})`;
  }

  function reason(text) {
    return (text || '').replace(/^not computable: /, '');
  }

  // --- One figure, in full (a claim) -----------------------------------------------------------

  function figureHeading(f) {
    const parts = f.accelerators.length ? ` [${f.accelerators.join(', ')}]` : '';
    return `${shortValue(f.value)} ${f.metric} · ${f.model} ` +
           `${f.precision === null ? '(precision not stated)' : `(${f.precision})`} · ` +
           `${f.hardware}${parts}`;
  }

  function capacityBlock(c) {
    if (!c) return null;
    const what = c.verdict === 'fits' ? 'the weights fit'
               : c.verdict === 'does-not-fit' ? 'DOES NOT FIT'
               : c.verdict === 'does-not-fit-assuming' ? `does not fit, if ${c.assumption}`
               : 'not computable';
    const detail = c.verdict === 'not-computable' ? reason(c.reason) : c.arithmetic;
    return el('p', {class: `capacity c-${c.verdict}`}, el('b', {}, 'Capacity: '), `${what}: `,
              el('span', {class: 'arith'}, detail));
  }

  function boundsTable(f) {
    const rows = [];
    for (const b of f.bounds) {
      if (b.verdict === 'not-applicable') continue;
      const binding = f.binding && b.instrument === f.binding.instrument;
      if (b.verdict === 'not-computable') {
        rows.push(el('tr', {class: 'nc'}, el('td', {}, b.instrument),
                     el('td', {colspan: 3}, `not computable: ${reason(b.reason)}`)));
        continue;
      }
      const assumed = b.verdict === 'exceeds' && b.assumption;
      const v = assumed ? 'exceeds, if assumed' : b.verdict;
      rows.push(el('tr', {class: binding ? 'binding' : ''},
                   el('td', {}, b.instrument, binding ? el('span', {class: 'tag'}, 'binds') : null),
                   el('td', {class: 'n'}, `${num(b.bound)} ${b.unit}`),
                   el('td', {class: 'n'}, distance(b)),
                   el('td', {}, el('span', {class: `vw v-${assumed ? 'exceeds-assuming' : b.verdict}`}, v),
                      b.assumption ? el('div', {class: 'assumes'}, `assumes ${b.assumption}`) : null,
                      el('div', {class: 'arith'}, b.arithmetic))));
    }
    if (!rows.length) return null;
    return el('table', {class: 'bounds'},
              el('thead', {}, el('tr', {}, el('th', {}, 'Bound'), el('th', {class: 'n'}, 'Limit'),
                                 el('th', {class: 'n', title: 'a roof: the figure as a share of it; a floor: the figure as a multiple of it'}, '% of roof | x floor'),
                                 el('th', {}, 'Verdict and arithmetic'))),
              el('tbody', {}, rows));
  }

  function findingsList(findings, prefix) {
    const shown = findings.filter((x) => x.severity !== 'note');
    if (!shown.length) return null;
    return el('ul', {class: 'findings'}, shown.map((x) =>
      el('li', {class: `sev-${x.severity}`},
         el('b', {}, `${prefix || ''}${x.severity}[${x.code}]: `), x.message,
         x.hint ? el('div', {class: 'hint'}, `hint: ${x.hint}`) : null)));
  }

  // The page's forms whose fields are the tool's flags: each one's selector, its view, and what
  // checks it again.
  const FORMS = {claim: {form: '#claim', view: 'check', render: () => renderClaim()},
                 file: {form: '#file-options', view: 'file', render: () => renderFile()}};

  // The field's label as the page shows it ("Batch"), null when `form` has no field `name`.
  function fieldName(form, name) {
    const field = $(form).elements[name];
    const label = field && field.closest && field.closest('label');
    return label ? label.firstChild.textContent.trim() : null;
  }

  // A flag of the tool ("--batch B (or --concurrency C)") as the page's fields name it, each
  // field of `where` (a FORMS entry) a link that takes the cursor there; a flag the form lacks
  // stays as the tool writes it.
  function flagText(flag, where) {
    const out = el('span', {class: 'flag'});
    let last = 0;
    for (const m of flag.matchAll(/--([a-z-]+)( (?:false|true|[A-Z]+))?/g)) {
      out.append(flag.slice(last, m.index));
      const name = fieldName(where.form, m[1]);
      if (!name) {
        out.append(el('code', {}, m[0]));
      } else {
        const field = $(where.form).elements[m[1]];
        const value = m[2] && /false|true/.test(m[2]) ? ` = ${m[2].trim()}` : '';
        out.append(el('a', {href: '#', class: 'field-link', onclick: (e) => {
          e.preventDefault();
          show(where.view);
          const folded = field.closest('details');
          if (folded) folded.open = true;
          // "Speculative = false" states it; a field that wants a number takes the cursor.
          if (value) {
            field.value = m[2].trim();
            where.render();
          }
          field.focus();
        }, title: value ? 'state it' : 'state it in this field'}, `${name}${value}`));
      }
      last = m.index + m[0].length;
    }
    out.append(flag.slice(last));
    return out;
  }

  // `where`: the FORMS entry whose fields state the facts.
  function missingList(missing, where) {
    if (!missing.length) return null;
    return el('div', {class: 'missing'},
              el('h4', {}, 'Not stated, and what stating it would add'),
              el('ul', {}, missing.map((m) => {
                const adds = m.unlocks.length
                  ? `${m.unlocks.length} more bound${m.unlocks.length === 1 ? '' : 's'}: ${m.unlocks.join(', ')}`
                  : m.note;
                return el('li', {}, flagText(m.flag, where), ` (${m.what}): ${adds}`,
                          m.unlocks.length && m.note ? el('div', {class: 'hint'}, m.note) : null);
              })));
  }

  // A figure's note as the page says it: the tool's "stated on the command line (--batch)" is
  // the field of `where` (a FORMS entry) that stated it.
  function noteText(note, where) {
    return note.replace(/stated on the command line \(--([a-z-]+)\)/, (all, flag) => {
      const name = fieldName(where.form, flag);
      return name ? `stated in the field ${name} (--${flag})` : all;
    });
  }

  // `where`: the FORMS entry the figure was checked from.
  function figureBlock(f, where) {
    const box = el('article', {class: `figure f-${f.verdict}`});
    box.append(el('h3', {}, verdictBadge(f.verdict), ' ', figureHeading(f)));
    // A verdict past a bound the binding one is within (a bound at the smaller of two counts)
    // is carried by a finding alone: its sentence heads the figure, as the tool prints it.
    const past = f.binding && f.binding.percent <= 100 &&
                 (f.verdict === 'exceeds' || f.verdict === 'exceeds-assuming')
      ? (f.findings || []).find((x) => /^(exceeds-roof|below-floor)/.test(x.code)) : null;
    if (past) {
      box.append(el('p', {class: 'sentence'}, past.message));
      if (past.arithmetic) box.append(el('pre', {class: 'arith'}, past.arithmetic));
    } else if (f.binding) {
      let s = sentence(f, f.binding);
      if (f.binding.assumption && f.verdict !== 'exceeds') s += `, if ${f.binding.assumption}`;
      box.append(el('p', {class: 'sentence'}, s));
      if (f.verdict === 'exceeds-assuming' && f.binding.instrument === 'memory-roof' &&
          f.binding.percent > 100 && (f.binding.assumption || '').includes('speculative')) {
        box.append(el('p', {class: 'hint'},
          `Possible only if decoding was speculative, accepting at least ` +
          `${Number((f.binding.percent / 100).toPrecision(3))} tokens per step; set Speculative ` +
          `to false if it was not, and the verdict is definite.`));
      }
      if (f.binding.arithmetic) box.append(el('pre', {class: 'arith'}, f.binding.arithmetic));
    } else {
      box.append(el('p', {class: 'sentence'}, 'No bound could be computed.'));
    }
    if (f.notes.length) {
      box.append(el('ul', {class: 'notes'}, f.notes.map((n) => el('li', {}, el('b', {}, 'read: '), noteText(n, where)))));
    }
    box.append(capacityBlock(f.capacity) || '');
    box.append(boundsTable(f) || '');
    box.append(findingsList(f.findings) || '');
    box.append(missingList(f.missing, where) || '');
    return box;
  }

  // The diagnostics about the input: errors and warnings shown, notes folded under one line.
  function diagnosticsList(diags) {
    if (!diags || !diags.length) return null;
    // Where in a file, as the tool says it (a claim's have no line).
    const where = (d) => (d.path && d.line > 0 ? el('code', {class: 'where'}, `${d.path}:${d.line}: `) : null);
    const item = (d) => el('li', {class: `sev-${d.severity}`}, where(d),
                           el('b', {}, `${d.severity}[${d.code}]: `), d.message,
                           d.hint ? el('div', {class: 'hint'}, `hint: ${d.hint}`) : null);
    const notes = diags.filter((d) => d.severity === 'note');
    const rest = diags.filter((d) => d.severity !== 'note');
    return el('div', {},
              rest.length ? el('ul', {class: 'diagnostics'}, rest.map(item)) : null,
              notes.length ? el('details', {class: 'notes-on-input'},
                                el('summary', {}, `${notes.length} note${notes.length === 1 ? '' : 's'} on the input`),
                                el('ul', {class: 'diagnostics'}, notes.map(item))) : null);
  }

  // A request the checker refused: its message, and the located diagnostics of the input it
  // names (a record file, a config.json) as the tool prints them.
  function errorBlock(report) {
    return el('div', {},
      el('ul', {class: 'diagnostics'}, el('li', {class: 'sev-error'}, el('b', {}, 'error: '), report.error)),
      (report.diagnostics || []).map((d) => el('pre', {class: `diagnostic sev-${d.severity}`}, d.text || d.message)));
  }

  // Tells whoever listens (the page's browser test) that a step has drawn its result:
  // rooflint:ready, rooflint:file, rooflint:config, rooflint:records, rooflint:corpus.
  function announce(what) {
    document.dispatchEvent(new CustomEvent(`rooflint:${what}`));
  }

  // --- The module -----------------------------------------------------------------------------

  let lib = null;

  // The module's answer parsed; a module that throws (it should not) or answers no JSON is
  // shown as an error.
  function call(fn, ...args) {
    let text;
    try {
      text = lib[fn](...args);
    } catch (e) {
      return {text: '', report: {error: `the checker failed: ${e && e.message || e}`}};
    }
    try {
      return {text, report: JSON.parse(text)};
    } catch (e) {
      return {text, report: {error: 'the checker answered with text that is not JSON'}};
    }
  }

  // --- Check a claim --------------------------------------------------------------------------

  const CLAIM_FIELDS = ['model', 'hardware', 'value', 'metric', 'precision', 'count', 'batch',
                        'concurrency', 'input-tokens', 'input-tokens-mean', 'output-tokens', 'replicas',
                        'samples-per-prompt', 'engine',
                        'engine-version', 'speculative', 'acceptance-length', 'offload',
                        'prefix-cache', 'kv-precision', 'attention-window'];
  const CONDITION_FIELDS = CLAIM_FIELDS.slice(5);
  // What `rooflint check FILE` takes: --from, the facts a file may lack, and the conditions,
  // which fill in what a file does not state (the conditions' Accelerators is the form's).
  const FILE_FIELDS = ['from', 'hardware', 'model', 'precision', ...CONDITION_FIELDS];

  // The conditions' fields (one template) in each form's details.conditions: without the
  // fields data-omit names, "not stated" said as data-unstated says it.
  function conditionFields() {
    for (const details of document.querySelectorAll('details.conditions')) {
      const fields = $('#condition-fields').content.cloneNode(true);
      for (const name of (details.dataset.omit || '').split(' ').filter(Boolean)) {
        fields.querySelector(`[name="${name}"]`).closest('label').remove();
      }
      const unstated = details.dataset.unstated;
      if (unstated) {
        for (const x of fields.querySelectorAll('[placeholder="not stated"]')) x.placeholder = unstated;
        for (const x of fields.querySelectorAll('option[value=""]')) x.textContent = unstated;
      }
      details.append(fields);
    }
  }

  // The fields of `form` among `names` that are filled in, as {flag name: text}.
  function readFields(form, names) {
    const given = {};
    for (const name of names) {
      const v = $(form).elements[name].value.trim();
      if (v !== '') given[name] = v;
    }
    return given;
  }

  function readClaim() {
    return readFields('#claim', CLAIM_FIELDS);
  }

  function shellQuote(s) {
    return /^[A-Za-z0-9_.\/:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
  }

  // `rooflint check WORDS... --flag value...` (a flag whose value is true alone, false not at
  // all), with the config and the records the page uses.
  function command(words, flags) {
    const config = modelConfig ? ['--model-config', shellQuote(modelConfig.request.name)] : [];
    const records = userFiles.length ? ['--corpus', 'YOUR-RECORDS'] : [];
    return ['rooflint', 'check', ...words.map(shellQuote),
            ...Object.entries(flags).flatMap(([k, v]) => v === true ? [`--${k}`] : v === false ? []
                                                                    : [`--${k}`, shellQuote(v)]),
            ...config, ...records].join(' ');
  }

  // The address of this claim: the page with the claim's flags as its query string.
  function followUrl(params) {
    const query = new URLSearchParams(params).toString();
    try {
      history.replaceState(null, '', query ? `?${query}` : location.pathname);
    } catch (e) {
      // A browser that refuses to change a file:// address: the page still works.
    }
  }

  function renderClaim() {
    const claim = readClaim();
    followUrl(claim);
    const status = $('#claim-status'), out = $('#claim-result');
    out.replaceChildren();
    $('#claim-command').textContent = command([], claim);
    if (!claim.model && !claim.hardware && !claim.value) {
      status.textContent = 'Type a model, the hardware and the figure claimed.';
      $('#claim-json').textContent = '';
      return;
    }
    const missing = ['model', 'hardware', 'value'].filter((k) => !claim[k]);
    const request = modelConfig ? {...claim, 'model-config': modelConfig.request} : claim;
    const {text, report} = call('checkClaim', JSON.stringify(request));
    $('#claim-json').textContent = text;
    if (report.error) {
      status.textContent = '';
      out.append(errorBlock(report));
      return;
    }
    status.textContent = missing.length
      ? `Not stated yet: ${missing.join(', ')}.`
      : report.figures.length === 2
        ? 'The value does not say per user or aggregate: both readings are checked.'
        : '';
    out.append(diagnosticsList(report.diagnostics) || '');
    if (report.diagnostics.some((d) => d.code === 'unknown-model')) {
      out.append(el('p', {class: 'hint'}, 'A model the corpus lacks: give its config.json under ',
        el('a', {href: '#', onclick: (e) => { e.preventDefault(); show('mine'); }}, 'Add your models and records'),
        ' (what --model-config does).'));
    }
    // Each decode figure's roofline (an SVG the module draws, its texts escaped there).
    const charts = call('claimCharts', JSON.stringify(request)).report.charts || [];
    report.figures.forEach((f, i) => {
      const box = figureBlock(f, FORMS.claim);
      if (charts[i]) {
        const chart = el('div', {class: 'chart'});
        chart.innerHTML = charts[i];
        box.insertBefore(chart, box.querySelector('table') || null);
      }
      out.append(box);
    });
  }

  // --- Check a file ---------------------------------------------------------------------------

  let lastFiles = [];  // [{name, bytes}], in the order given

  // The file form's flags that are filled in ({"from", "hardware", ..., "batch", ...}); auto,
  // the format's default, is not said.
  function fileFlags() {
    const flags = readFields('#file-options', FILE_FIELDS);
    if (flags.from === 'auto') delete flags.from;
    return flags;
  }

  function fileOptions() {
    const o = fileFlags();
    if (modelConfig) o['model-config'] = modelConfig.request;
    return o;
  }

  // "Model is the tool's --model, Batch --batch": the fields of the file form that the
  // diagnostics' flags are, when they name some.
  function flagFields(diagnostics) {
    const names = [];
    for (const d of diagnostics) {
      if (d.severity === 'note') continue;
      for (const m of `${d.message} ${d.hint}`.matchAll(/--([a-z-]+)/g)) {
        const name = fieldName('#file-options', m[1]);
        const said = `${name} ${names.length ? '' : 'is the tool\'s '}--${m[1]}`;
        if (name && !names.some((x) => x.endsWith(` --${m[1]}`))) names.push(said);
      }
    }
    return names.length ? ` The fields above give what a file does not state: ${names.join(', ')}.` : '';
  }

  function fileSummary(figures, hidden) {
    const counts = {'exceeds': 0, 'exceeds-assuming': 0, 'near-roof': 0, 'within': 0, 'not-computable': 0};
    for (const f of figures) counts[f.verdict in counts ? f.verdict : 'not-computable']++;
    return `${figures.length} figure${figures.length === 1 ? '' : 's'}: ${counts['exceeds']} impossible, ` +
           `${counts['exceeds-assuming']} impossible if assumed, ${counts['near-roof']} near roof, ` +
           `${counts['within']} possible, ${counts['not-computable']} without a bound` +
           (hidden ? ` (${hidden} more within their bounds: tick “every figure” to list them)` : '');
  }

  const FIGURE_COLUMNS = 6;

  // "llama-3.2-3b (bf16) · 4x L40S [nvidia-l40s]": what a figure was measured on.
  function setupText(f) {
    return `${f.model} ${f.precision === null ? '(precision not stated)' : `(${f.precision})`} · ${f.hardware}` +
           `${f.accelerators.length ? ` [${f.accelerators.join(', ')}]` : ''}`;
  }

  // The figures as `rooflint check FILE` lists them: by file, then by run (a header row for each
  // run the file states: a sweep's rate or concurrency, a table's row), one row per figure.
  // Unless `all` (the tool's --all): a run's first figure of each metric (its mean, as tools
  // list it first) and every figure not within its bounds. Gives {table, hidden}.
  function figuresTable(figures, all) {
    const body = el('tbody');
    const several = new Set(figures.map((f) => f.from)).size > 1;
    // Runs of different models or hardware (an MLPerf table's rows): each run's header names its.
    const mixed = new Set(figures.map(setupText)).size > 1;
    let lastFrom = null, lastSet = null, hidden = 0;
    const shown = new Set();  // (run, metric) listed once
    for (const f of figures) {
      const set = f.set || '';
      const key = `${set}\u0000${f.metric}`;
      const first = !shown.has(key);
      shown.add(key);
      if (!all && !first && f.verdict === 'within') {
        ++hidden;
        continue;
      }
      if (f.from !== lastFrom) {
        if (several) body.append(el('tr', {class: 'group file'}, el('th', {colspan: FIGURE_COLUMNS}, f.from)));
        lastFrom = f.from;
        lastSet = null;
      }
      if (set !== lastSet) {
        if (set) {
          body.append(el('tr', {class: 'group run'}, el('th', {colspan: FIGURE_COLUMNS},
            el('span', {class: 'run-id'}, set),
            mixed ? el('span', {class: 'run-setup'}, ` · ${setupText(f)}`) : null)));
        }
        lastSet = set;
      }
      const detail = el('tr', {class: 'detail', hidden: true}, el('td', {colspan: FIGURE_COLUMNS}));
      const b = f.binding;
      const row = el('tr', {class: `fig f-${f.verdict}${set ? ' in-run' : ''}`, tabindex: 0,
                            title: `${f.id}: click for the arithmetic`, 'data-verdict': f.verdict},
                     el('td', {}, f.statistic ? `${f.metric} ${f.statistic}` : f.metric),
                     el('td', {class: 'n', title: f.value}, shortValue(f.value)),
                     el('td', {class: 'nowrap'}, b ? b.instrument : '-'),
                     el('td', {class: 'n'}, b ? `${num(b.bound)} ${b.unit}` : ''),
                     el('td', {class: 'n'}, b ? distance(b) : ''),
                     el('td', {}, verdictBadge(f.verdict)));
      const toggle = () => {
        if (!detail.firstChild.firstChild) detail.firstChild.append(figureBlock(f, FORMS.file));
        detail.hidden = !detail.hidden;
      };
      row.addEventListener('click', toggle);
      row.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(); } });
      body.append(row, detail);
      if (figures.length === 1) toggle();
    }
    const table = el('table', {class: 'figures'},
      el('thead', {}, el('tr', {}, ['Figure', 'Value', 'Bound', 'Limit', '% | x', 'Verdict']
        .map((h, i) => el('th', {class: i === 1 || i === 3 || i === 4 ? 'n' : ''}, h)))),
      body);
    return {table, hidden};
  }

  // The notes of the figures (each once): what the file form's conditions filled in, as the
  // tool lists them under its setup line (data-note keeps the tool's words).
  function statedNotes(figures) {
    const notes = [...new Set(figures.flatMap((f) => f.notes))];
    if (!notes.length) return null;
    return el('ul', {class: 'notes stated'},
              notes.map((n) => el('li', {'data-note': n}, noteText(n, FORMS.file))));
  }

  function renderFile() {
    drawFile();
    if (lastFiles.length) announce('file');
  }

  function drawFile() {
    const status = $('#file-status'), out = $('#file-result');
    out.replaceChildren();
    $('#download-toml').hidden = true;
    $('#file-json').textContent = '';
    // The command before a drop names the files as FILE...
    $('#file-command').textContent = command(lastFiles.length ? lastFiles.map((f) => f.name) : ['FILE...'],
                                             {...fileFlags(), all: $('#every-figure').checked});
    if (!lastFiles.length) return;
    lib.clearFiles();
    for (const f of lastFiles) lib.addFile(f.name, f.bytes);
    const {text, report} = call('checkFiles', JSON.stringify(fileOptions()));
    lib.clearFiles();
    $('#file-json').textContent = text;
    const names = lastFiles.length === 1 ? lastFiles[0].name : `${lastFiles.length} files`;
    if (report.error) {
      // A field the checker refused ("--batch: 'x' is not a whole number"): which one.
      status.textContent = flagFields([{severity: 'error', message: report.error, hint: ''}]).trim();
      out.append(errorBlock(report));
      return;
    }
    const all = $('#every-figure').checked;
    const {table, hidden} = report.figures.length ? figuresTable(report.figures, all) : {};
    // The diagnostics name the tool's flags: say which field each is.
    status.textContent = `${names}: ${report.figures.length ? fileSummary(report.figures, hidden) : 'no figures read'}.` +
                         (report.figures.length ? ' Click a row for its arithmetic.' : '') +
                         flagFields(report.diagnostics);
    out.append(diagnosticsList(report.diagnostics) || '');
    if (!report.figures.length) return;
    const first = report.figures[0];
    // One setup for every figure: said once above the table (else each run's header says its).
    const oneSetup = new Set(report.figures.map(setupText)).size === 1;
    if (oneSetup) out.append(el('p', {class: 'setup'}, setupText(first)));
    // What the fields stated for the figures, under the setup as the tool prints it (a figure
    // alone says it in its arithmetic, open below).
    if (report.figures.length > 1) out.append(statedNotes(report.figures) || '');
    if (oneSetup) out.append(capacityBlock(first.capacity) || '');
    out.append(table);
    const findings = report.figures.flatMap((f) => f.findings.filter((x) => x.severity !== 'note')
      .map((x) => ({...x, message: `${f.set ? `${f.set} ` : ''}${f.metric}: ${x.message}`})));
    out.append(findingsList(findings) || '');
    // What the first figure lacks stands for the file's when the runs share their setup; each
    // figure's own is in its arithmetic.
    if (oneSetup) out.append(missingList(first.missing, FORMS.file) || '');
    const toml = lib.recordsToml();
    if (toml) {
      const button = $('#download-toml');
      button.hidden = false;
      button.onclick = () => {
        const stem = lastFiles.length === 1 ? lastFiles[0].name.replace(/\.[^.]*$/, '') : 'rooflint';
        const a = el('a', {href: URL.createObjectURL(new Blob([toml], {type: 'application/toml'})),
                           download: `${stem}.records.toml`});
        document.body.append(a);
        a.click();
        a.remove();
      };
    }
  }

  // The largest input the page reads at once: the module's memory is at most 2 GiB, and an
  // import holds the files and what it makes of them. The tool reads files of up to 1 GiB.
  const MAX_FILE_BYTES = 256 * 1024 * 1024;

  // Reads `files` (a FileList or an array of File) as bytes, each with its name: `done` is
  // called with [{name, bytes, text, path}] in the order given, or with an error's message.
  function readFiles(files, done) {
    const list = Array.from(files);
    const total = list.reduce((n, f) => n + f.size, 0);
    if (total > MAX_FILE_BYTES) {
      done(null, `${total} bytes is more than the page reads at once (${MAX_FILE_BYTES} bytes); ` +
                 '`rooflint check` reads it.');
      return;
    }
    Promise.all(list.map((file) => file.arrayBuffer().then((buffer) => ({
      name: file.name, path: file.webkitRelativePath || file.name, bytes: new Uint8Array(buffer),
    })))).then((read) => done(read, null), (e) => done(null, `cannot be read: ${e && e.message || e}`));
  }

  // Every file of a drop, a folder's included (read through the entries API, each with its
  // path, so a file in models/ is a model), else the drop's files.
  function droppedFiles(e, done) {
    const entries = Array.from(e.dataTransfer.items || []).map((i) => i.webkitGetAsEntry && i.webkitGetAsEntry());
    if (!entries.length || entries.some((x) => !x)) {
      done(Array.from(e.dataTransfer.files).map((file) => ({file, path: file.name})));
      return;
    }
    const found = [];
    const walk = (entry) => new Promise((resolve) => {
      if (entry.isFile) {
        entry.file((file) => { found.push({file, path: entry.fullPath.replace(/^\//, '')}); resolve(); }, () => resolve());
        return;
      }
      const reader = entry.createReader();
      const all = [];
      const next = () => reader.readEntries((batch) => {
        if (!batch.length) { Promise.all(all.map(walk)).then(resolve); return; }
        all.push(...batch);
        next();
      }, () => resolve());
      next();
    });
    Promise.all(entries.map(walk)).then(() => done(found));
  }

  function checkFiles(files) {
    readFiles(files, (read, error) => {
      if (error) {
        lastFiles = [];
        $('#file-result').replaceChildren();
        $('#file-status').textContent = error;
        return;
      }
      lastFiles = read;
      renderFile();
    });
  }

  // --- Browse the corpus ----------------------------------------------------------------------

  // The table draws one page of rows: filtering and sorting run over every record, the DOM
  // holds at most PAGE_ROWS of them, so a corpus of a hundred thousand records stays quick.
  const PAGE_ROWS = 100;
  let corpus = null, sortKey = 'id', sortUp = true, corpusPage = 0, corpusRows = [];

  function corpusFilter() {
    const form = $('#corpus-filter');
    return Object.fromEntries(['model', 'hardware', 'metric', 'precision']
      .map((k) => [k, form.elements[k].value.trim().toLowerCase()]));
  }

  // Filters and sorts every record into corpusRows, then draws the first page.
  function renderCorpus() {
    if (!lib.corpus) {
      $('#corpus-status').textContent = 'This build has no corpus table.';
      return;
    }
    if (!corpus) {
      const {report} = call('corpus');
      if (report.error) {
        $('#corpus-status').textContent = report.error;
        return;
      }
      corpus = report.benchmarks;
    }
    const want = corpusFilter();
    const rows = corpus.filter((r) => Object.entries(want).every(([k, w]) =>
      !w || String(r[k] || '').toLowerCase().includes(w) ||
      (k === 'hardware' && r.accelerators.join(' ').toLowerCase().includes(w))));
    const key = (r) => sortKey === 'percent' ? (r.binding ? r.binding.percent : -1) : String(r[sortKey] || '');
    const collator = new Intl.Collator(undefined, {numeric: true});
    rows.sort((a, b) => {
      const x = key(a), y = key(b);
      const c = typeof x === 'number' ? x - y : collator.compare(x, y);
      return sortUp ? c : -c;
    });
    corpusRows = rows;
    corpusPage = 0;
    drawCorpusPage();
  }

  function pager() {
    const pages = Math.max(1, Math.ceil(corpusRows.length / PAGE_ROWS));
    if (pages === 1) return null;
    const go = (p) => () => { corpusPage = Math.min(Math.max(p, 0), pages - 1); drawCorpusPage(); };
    const select = el('select', {'aria-label': 'page', onchange: (e) => go(Number(e.target.value))()},
      Array.from({length: pages}, (_, p) => el('option', {value: p, selected: p === corpusPage},
        `${p * PAGE_ROWS + 1}–${Math.min((p + 1) * PAGE_ROWS, corpusRows.length)}`)));
    return el('div', {class: 'pager'},
      el('button', {type: 'button', class: 'prev', disabled: corpusPage === 0, onclick: go(corpusPage - 1)}, '‹ Previous'),
      el('label', {}, 'Rows ', select, ` of ${corpusRows.length}`),
      el('button', {type: 'button', class: 'next', disabled: corpusPage === pages - 1, onclick: go(corpusPage + 1)}, 'Next ›'));
  }

  function drawCorpusPage() {
    const rows = corpusRows;
    const from = corpusPage * PAGE_ROWS, to = Math.min(from + PAGE_ROWS, rows.length);
    const yours = corpus.filter((r) => r.user).length;
    $('#corpus-status').textContent = `${rows.length} of ${corpus.length} benchmark records` +
      (yours ? ` (${yours} yours)` : '') + (rows.length > PAGE_ROWS ? `; rows ${from + 1}–${to} shown` : '') +
      '. Click a heading to sort; a row to check its figure as a claim.';
    const cols = [['id', 'Record'], ['model', 'Model'], ['hardware', 'Hardware'], ['metric', 'Metric'],
                  ['precision', 'Precision'], ['value', 'Value'], ['percent', '% | x'], ['verdict', 'Verdict']];
    const head = el('tr', {}, cols.map(([k, label]) => el('th', {
      class: `sortable${k === sortKey ? (sortUp ? ' up' : ' down') : ''}`, tabindex: 0,
      onclick: () => { sortUp = k === sortKey ? !sortUp : true; sortKey = k; renderCorpus(); },
    }, label)));
    const body = el('tbody', {}, rows.slice(from, to).map((r) => el('tr', {
      class: 'fig', tabindex: 0, title: 'check this figure as a claim',
      onclick: () => loadClaimFromRecord(r),
    }, el('td', {}, r.id, r.user ? el('span', {class: 'tag'}, 'yours') : null), el('td', {}, r.model),
       el('td', {}, r.hardware), el('td', {}, r.metric),
       el('td', {}, r.precision || '—'), el('td', {class: 'n', title: r.value}, shortValue(r.value)),
       el('td', {class: 'n'}, r.binding ? distance(r.binding) : ''), el('td', {}, verdictBadge(r.verdict)))));
    $('#corpus-result').replaceChildren(pager() || '',
      el('table', {class: 'figures corpus'}, el('thead', {}, head), body), pager() || '');
    announce('corpus');
  }

  // --- Your models and records (--model-config, --corpus) ------------------------------------

  // The config.json every check sends, as `--model-config` gives it: {request: {name, text,
  // folder, index}, id}; null when none.
  let modelConfig = null;
  let userFiles = [];  // [{name, text}] as setUserCorpus took them

  // Reads the config (and an index beside it) against the claim's Model field, shows what it
  // was read as, and checks the claim and the file again with it.
  function useModelConfig(request) {
    const status = $('#config-status'), out = $('#config-result');
    out.replaceChildren();
    modelConfig = null;
    $('#config-clear').hidden = !request;
    if (request) {
      const model = $('#claim').elements.model.value.trim();
      const {report} = call('readModelConfig', JSON.stringify({'model-config': request, model}));
      if (report.error) {
        status.textContent = '';
        out.append(errorBlock(report));
      } else {
        modelConfig = {request, id: report.id};
        status.textContent = `${request.name}: model ${report.id}` +
          (model ? ` (named by the claim's Model field, “${model}”)` : ' (type a name in the claim\'s Model field to choose its id)') +
          '. Claims and files on this page now use it.';
        out.append(diagnosticsList(report.diagnostics) || '',
                   el('details', {}, el('summary', {}, 'The model record made from it'),
                      el('pre', {class: 'arith'}, report.toml)));
      }
    } else {
      status.textContent = '';
    }
    for (const p of document.querySelectorAll('.config-in-use')) {
      p.hidden = !modelConfig;
      p.replaceChildren(...(modelConfig ? [`Using ${modelConfig.request.name} as model ${modelConfig.id} (`,
        el('a', {href: '#', onclick: (e) => { e.preventDefault(); clearModelConfig(); }}, 'remove'), ').'] : []));
    }
    renderClaim();
    renderFile();
    announce('config');
  }

  function clearModelConfig() {
    $('#config-text').value = '';
    useModelConfig(null);
  }

  // Files dropped or chosen for the config: config.json (any other .json that is not the
  // index) and model.safetensors.index.json.
  function configFromFiles(files) {
    readFiles(files, (read, error) => {
      if (error) {
        $('#config-status').textContent = error;
        return;
      }
      const decode = (f) => new TextDecoder().decode(f.bytes);
      const index = read.find((f) => f.name === 'model.safetensors.index.json');
      const config = read.find((f) => f !== index);
      if (!config) {
        $('#config-status').textContent = 'No config.json among the files given.';
        return;
      }
      const text = decode(config);
      $('#config-text').value = text;
      const folder = config.path.includes('/') ? config.path.split('/').slice(-2, -1)[0] : '';
      useModelConfig({name: config.name, text, folder, index: index ? decode(index) : ''});
    });
  }

  // Loads `files` ([{name, text}]) with the bundled corpus, shows where each went and what was
  // wrong, and redraws what depends on the corpus.
  function useRecords(files) {
    drawRecords(files);
    announce('records');
  }

  function drawRecords(files) {
    const status = $('#records-status'), out = $('#records-result');
    out.replaceChildren();
    const {report} = call('setUserCorpus', JSON.stringify({files}));
    userFiles = report.error ? [] : files;
    $('#records-clear').hidden = !userFiles.length;
    corpus = null;
    fillNames();
    if (modelConfig) useModelConfig(modelConfig.request);  // against the new corpus
    else { renderClaim(); renderFile(); }
    if (report.error) {
      status.textContent = '';
      out.append(errorBlock(report));
      return;
    }
    if (!files.length) {
      status.textContent = '';
      return;
    }
    // "1 model", "2 accelerators": a kind's folder name is its plural.
    const records = (n, kind) => `${n} ${n === 1 ? kind.replace(/s$/, '') : kind}`;
    const added = Object.entries(report.records).filter(([, c]) => c.read).map(([k, c]) => records(c.read, k));
    const rejected = Object.entries(report.records).filter(([, c]) => c.rejected).map(([k, c]) => records(c.rejected, k));
    const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
    status.textContent = `${files.length} file${files.length === 1 ? '' : 's'}: ` +
      `${added.length ? added.join(', ') : 'no records'} added to the bundled corpus` +
      (rejected.length ? `; ${rejected.join(', ')} rejected, ${errors} error${errors === 1 ? '' : 's'} below` : '') + '.';
    out.append(el('table', {class: 'user-files'},
      el('thead', {}, el('tr', {}, el('th', {}, 'File'), el('th', {}, 'Read as'), el('th', {}, 'Because'))),
      el('tbody', {}, report.files.map((f) => el('tr', {},
        el('td', {}, f.name), el('td', {}, f.path || '—'), el('td', {}, f.how))))));
    for (const d of report.diagnostics) out.append(el('pre', {class: `diagnostic sev-${d.severity}`}, d.text));
  }

  function recordsFromFiles(list) {
    const files = list.filter(({file}) => file.name.endsWith('.toml') || list.length === 1);
    Promise.all(files.map(({file, path}) => file.text().then((text) => ({name: path, text}))))
      .then((read) => useRecords(read.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))));
  }

  function loadClaimFromRecord(r) {
    const form = $('#claim');
    for (const name of CLAIM_FIELDS) form.elements[name].value = '';
    const claim = r.claim || {};
    for (const [k, v] of Object.entries(claim)) if (form.elements[k]) form.elements[k].value = v;
    $('#conditions').open = CONDITION_FIELDS.some((k) => claim[k]);
    show('check');
    renderClaim();
  }

  // --- Views, the query string, start-up --------------------------------------------------------

  function show(view) {
    for (const tab of document.querySelectorAll('nav [role=tab]')) {
      const on = tab.dataset.view === view;
      tab.setAttribute('aria-selected', on ? 'true' : 'false');
      $(`#view-${tab.dataset.view}`).hidden = !on;
    }
    if (view === 'corpus' && lib) renderCorpus();
  }

  function fillNames() {
    const names = JSON.parse(lib.names());
    const options = (list, items) => $(list).replaceChildren(...items.map(([value, label]) =>
      el('option', {value, label: label || null})));
    const models = [], parts = [];
    for (const m of names.models) {
      models.push([m.id, m.name]);
      for (const a of m.aliases) models.push([a, m.id]);
    }
    for (const a of names.accelerators) {
      parts.push([a.id, a.name]);
      for (const x of a.aliases) parts.push([x, a.id]);
    }
    options('#models', models);
    options('#accelerators', parts);
    options('#precisions', names.precisions.map((p) => [p]));
    $('#formats').replaceChildren(...names.formats.map((f) => el('option', {}, f)));
  }

  function readQuery() {
    const params = new URLSearchParams(location.search);
    const form = $('#claim');
    let any = false;
    for (const name of CLAIM_FIELDS) {
      const v = params.get(name) ?? (name === 'hardware' ? params.get('accelerator') : null);
      if (v !== null && form.elements[name]) {
        form.elements[name].value = v;
        any = true;
      }
    }
    if (CONDITION_FIELDS.some((k) => params.get(k))) $('#conditions').open = true;
    return any;
  }

  function debounce(fn, ms) {
    let t = null;
    return () => { clearTimeout(t); t = setTimeout(fn, ms); };
  }

  function start() {
    for (const tab of document.querySelectorAll('nav [role=tab]')) {
      tab.addEventListener('click', () => show(tab.dataset.view));
    }
    // ?view=file or ?view=corpus opens that view (read before the claim's address replaces it).
    const view = new URLSearchParams(location.search).get('view');
    conditionFields();
    readQuery();
    if (typeof RooflintModule !== 'function') {
      $('#claim-status').textContent = 'rooflint.js did not load: build the page with `make web`.';
      return;
    }
    RooflintModule().then((m) => {
      lib = m;
      document.head.append(el('style', {}, lib.chartStyle()));
      fillNames();
      const live = debounce(renderClaim, 120);
      $('#claim').addEventListener('input', live);
      $('#claim').addEventListener('change', live);
      $('#claim').addEventListener('submit', (e) => { e.preventDefault(); renderClaim(); });
      // An example link fills the form in place.
      for (const a of document.querySelectorAll('.examples a')) {
        a.addEventListener('click', (e) => {
          e.preventDefault();
          followUrl(Object.fromEntries(new URL(a.href).searchParams));
          for (const name of CLAIM_FIELDS) $('#claim').elements[name].value = '';
          readQuery();
          renderClaim();
        });
      }
      renderClaim();
      renderFile();
      if (view === 'file' || view === 'corpus' || view === 'mine') show(view);
      // A drop zone: `take` gets the drop's files ([{file, path}]).
      const dropZone = (zone, take) => {
        zone.addEventListener('dragover', (e) => { e.preventDefault(); zone.classList.add('over'); });
        zone.addEventListener('dragleave', () => zone.classList.remove('over'));
        zone.addEventListener('drop', (e) => {
          e.preventDefault();
          zone.classList.remove('over');
          droppedFiles(e, (list) => { if (list.length) take(list); });
        });
      };
      const picked = (input, take) => input.addEventListener('change', (e) => {
        if (e.target.files.length) take(Array.from(e.target.files).map((file) => ({file, path: file.webkitRelativePath || file.name})));
        e.target.value = '';
      });
      const asFiles = (take) => (list) => take(list.map(({file}) => file));
      dropZone($('#drop'), asFiles(checkFiles));
      picked($('#file-input'), asFiles(checkFiles));
      $('#file-options').addEventListener('input', debounce(renderFile, 200));
      $('#file-options').addEventListener('change', debounce(renderFile, 200));
      dropZone($('#config-drop'), asFiles(configFromFiles));
      picked($('#config-input'), asFiles(configFromFiles));
      $('#config-text').addEventListener('input', debounce(() => {
        const text = $('#config-text').value;
        if (!text.trim()) useModelConfig(null);
        else useModelConfig({name: 'config.json', text, folder: '', index: ''});
      }, 300));
      $('#config-clear').addEventListener('click', clearModelConfig);
      dropZone($('#records-drop'), recordsFromFiles);
      picked($('#records-input'), recordsFromFiles);
      picked($('#records-folder'), recordsFromFiles);
      $('#records-clear').addEventListener('click', () => useRecords([]));
      // The claim's Model field names a config's model: a new name reads it again.
      $('#claim').elements.model.addEventListener('input', debounce(() => {
        if (modelConfig) useModelConfig(modelConfig.request);
      }, 300));
      $('#corpus-filter').addEventListener('input', debounce(renderCorpus, 120));
      // Last: every handler is in place.
      announce('ready');
    }).catch((e) => {
      $('#claim-status').textContent = `rooflint could not start: ${e && e.message || e}`;
    });
  }

  start();
})();
