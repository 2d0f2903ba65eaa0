// Drives the page as a user would, for tests/web_page_test.sh: loaded after app.js in a copy
// of index.html, with window.HARNESS ({scenario, files: [{name, b64}], ...}) from a data file the
// test writes. Files are dropped on the page's drop zones (a DragEvent carrying File objects:
// the page's own drop handler reads them) and controls are clicked; the page's rooflint:* events
// say when a step has drawn. What the page shows is written, one fact a line, into
// <pre id="harness-out">, ended by "HARNESS DONE", for the test to compare with the tool.
'use strict';

(function () {
  const H = window.HARNESS;
  const out = [];
  const log = (line) => out.push(line);
  const finish = () => {
    const pre = document.createElement('pre');
    pre.id = 'harness-out';
    pre.textContent = `${out.join('\n')}\nHARNESS DONE\n`;
    document.body.append(pre);
  };
  const $ = (sel) => document.querySelector(sel);
  const once = (what) => new Promise((resolve) => {
    document.addEventListener(`rooflint:${what}`, resolve, {once: true});
  });
  const file = (f) => new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name);
  const drop = (zone, files) => {
    const dt = new DataTransfer();
    for (const f of files) dt.items.add(file(f));
    zone.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
  };
  // A text as base64 of its UTF-8 bytes: the JSON the page shows, compared byte for byte.
  const base64 = (text) => {
    let s = '';
    for (const c of new TextEncoder().encode(text)) s += String.fromCharCode(c);
    return btoa(s);
  };
  const oneLine = (text) => text.replace(/\s+/g, ' ').trim();

  // The file table's rows as `rooflint check FILE` prints its table: a run's header as " RUN",
  // a figure as its cells and its verdict.
  function fileRows() {
    return Array.from(document.querySelectorAll('#file-result table.figures > tbody > tr'))
      .filter((tr) => !tr.classList.contains('detail'))
      .map((tr) => tr.classList.contains('run') ? ` ${tr.querySelector('.run-id').textContent}`
                 : tr.classList.contains('file') ? `${tr.textContent}:`
                 : oneLine([...Array.from(tr.cells).slice(0, 5).map((td) => td.textContent),
                            tr.dataset.verdict].join(' ')));
  }

  async function files() {
    const every = $('#every-figure');
    for (const f of H.files) {
      let drawn = once('file');
      drop($('#drop'), [f]);
      await drawn;
      log(`== ${f.name}`);
      log(`summary ${$('#file-status').textContent}`);
      for (const r of fileRows()) log(`row ${r}`);
      log(`json ${base64($('#file-json').textContent)}`);
      drawn = once('file');
      every.checked = true;
      every.dispatchEvent(new Event('change', {bubbles: true}));
      await drawn;
      log(`== ${f.name} --all`);
      for (const r of fileRows()) log(`row ${r}`);
      drawn = once('file');
      every.checked = false;
      every.dispatchEvent(new Event('change', {bubbles: true}));
      await drawn;
    }
  }

  // A file dropped, then the conditions it does not state typed into the file view's fields
  // (H.fields, by the tool's flag names): the page checks it again as `rooflint check FILE
  // --flag value...` does.
  async function conditions() {
    $('#tab-file').click();
    let drawn = once('file');
    drop($('#drop'), [H.file]);
    await drawn;
    log(`before ${$('#file-status').textContent}`);
    const form = $('#file-options');
    log(`folded ${!$('#file-conditions').open}`);
    $('#file-conditions').open = true;
    drawn = once('file');
    for (const [name, value] of Object.entries(H.fields)) form.elements[name].value = value;
    form.dispatchEvent(new Event('input', {bubbles: true}));
    await drawn;
    log(`summary ${$('#file-status').textContent}`);
    for (const r of fileRows()) log(`row ${r}`);
    for (const li of document.querySelectorAll('#file-result ul.notes.stated li')) {
      log(`note ${li.dataset.note}`);
      log(`shown ${li.textContent}`);
    }
    for (const li of document.querySelectorAll('#file-result ul.diagnostics li')) log(`diagnostic ${oneLine(li.textContent)}`);
    log(`command ${$('#file-command').textContent}`);
    log(`json ${base64($('#file-json').textContent)}`);
  }

  // Every page of the corpus table, by its Next button.
  async function corpus() {
    $('#tab-corpus').click();
    const ids = [];
    let pages = 0;
    for (;;) {
      ++pages;
      const rows = Array.from(document.querySelectorAll('#corpus-result table.corpus tbody tr'));
      log(`page ${pages} rows ${rows.length} status ${$('#corpus-status').textContent}`);
      for (const tr of rows) ids.push(tr.cells[0].firstChild.textContent);
      const next = $('#corpus-result .pager .next');
      if (!next || next.disabled) break;
      next.click();
    }
    log(`pages ${pages} ids ${ids.length} unique ${new Set(ids).size}`);
    log(`sorted ${ids.every((id, i) => i === 0 || ids[i - 1].localeCompare(id, undefined, {numeric: true}) <= 0)}`);
    // A filter starts again at the first page.
    const metric = $('#corpus-filter').elements.metric;
    const drawn = once('corpus');
    metric.value = H.metric;
    metric.dispatchEvent(new Event('input', {bubbles: true}));
    await drawn;
    const rows = Array.from(document.querySelectorAll('#corpus-result table.corpus tbody tr'));
    log(`filtered ${rows.length} all ${rows.every((tr) => tr.cells[3].textContent === H.metric)} ` +
        `status ${$('#corpus-status').textContent}`);
  }

  // Records, then a config.json, dropped on the view that adds them; the claim in the address
  // is checked against them.
  async function mine() {
    $('#tab-mine').click();
    let drawn = once('records');
    drop($('#records-drop'), H.records);
    await drawn;
    log(`records ${$('#records-status').textContent}`);
    for (const tr of document.querySelectorAll('#records-result table.user-files tbody tr')) {
      log(`file ${oneLine(tr.textContent === null ? '' : Array.from(tr.cells).map((td) => td.textContent).join(' | '))}`);
    }
    for (const pre of document.querySelectorAll('#records-result pre.diagnostic')) {
      log(`diagnostic ${pre.textContent.split('\n')[0]}`);
    }
    log(`claim ${base64($('#claim-json').textContent)}`);
    // The claim the config's model is named in, typed in the claim's fields.
    const form = $('#claim');
    for (const input of form.elements) if (input.name) input.value = H.configClaim[input.name] || '';
    form.dispatchEvent(new Event('input', {bubbles: true}));
    drawn = once('config');
    drop($('#config-drop'), [H.config]);
    await drawn;
    log(`config ${$('#config-status').textContent}`);
    log(`in-use ${$('.config-in-use').textContent}`);
    log(`claim ${base64($('#claim-json').textContent)}`);
    log(`command ${$('#claim-command').textContent}`);
  }

  // Each claim of tests/web/claims.json (H.claims, by the tool's flag names) typed into the
  // claim's fields, every other field emptied: the verdict drawn and the JSON shown.
  async function claims() {
    const form = $('#claim');
    for (const claim of H.claims) {
      for (const input of form.elements) if (input.name) input.value = claim[input.name] ?? '';
      form.dispatchEvent(new Event('submit', {bubbles: true, cancelable: true}));
      log(`== ${JSON.stringify(claim)}`);
      for (const h of document.querySelectorAll('#claim-result article.figure')) {
        log(`verdict ${oneLine(h.querySelector('h3').textContent)}`);
        log(`sentence ${oneLine(h.querySelector('p.sentence').textContent)}`);
      }
      log(`json ${base64($('#claim-json').textContent)}`);
    }
  }

  const scenarios = {files, conditions, corpus, mine, claims};
  once('ready').then(() => scenarios[H.scenario]()).then(finish, (e) => {
    log(`HARNESS FAIL ${e && e.stack || e}`);
    finish();
  });
})();
