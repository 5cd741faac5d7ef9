"use strict";
// Draws the session timeline from the JSON data above. Every text from the
// log goes in with textContent: nothing is ever parsed as markup. Only the
// rows in view exist in the document (virtual rows), so a log of 10,000
// calls scrolls as easily as one of ten.
(function () {
  const started = performance.now();
  const data = JSON.parse(document.getElementById("data").textContent);
  const ROW = 22, OVERSCAN = 15;
  const collapsed = new Set();
  let filter = "", rows = [], drawn = "", pinned = null, selected = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // dur formats nanoseconds as the Go side does.
  function dur(ns) {
    if (ns < 1e6) return Math.floor(ns / 1e3) + "µs";
    if (ns < 1e9) return (ns / 1e6).toFixed(1) + "ms";
    if (ns < 6e10) return (ns / 1e9).toFixed(2) + "s";
    let s = Math.round(ns / 1e9), out = "";
    const h = Math.floor(s / 3600); s -= h * 3600;
    const m = Math.floor(s / 60); s -= m * 60;
    if (h) out += h + "h";
    if (h || m) out += m + "m";
    return out + s + "s";
  }

  function pct(run, x) { return (run.span > 0 ? Math.min(100, Math.max(0, 100 * x / run.span)) : 0) + "%"; }
  function place(e, run, from, to) {
    e.style.left = pct(run, from);
    e.style.width = "calc(" + pct(run, to) + " - " + pct(run, from) + ")";
  }
  // real is the time since the run started at axis position x, the
  // shortened suspensions counted in full.
  function real(run, x) {
    let t = x;
    for (const b of run.breaks || []) {
      if (x >= b.x + b.w) t += b.hidden - b.w;
      else if (x > b.x) t += (x - b.x) * (b.hidden / b.w - 1);
    }
    return t;
  }

  function matches(run, c) {
    if (!filter) return true;
    return [c.t, c.o, c.id, c.l, c.n || ""].some(s => s.toLowerCase().includes(filter));
  }

  function build() {
    rows = [];
    data.runs.forEach((run, r) => {
      const calls = [];
      run.calls.forEach((c, i) => { if (matches(run, c)) calls.push(i); });
      if (filter && calls.length === 0) return;
      rows.push({ kind: "run", r, shown: calls.length });
      if (collapsed.has(r)) return;
      rows.push({ kind: "axis", r });
      for (const i of calls) rows.push({ kind: "call", r, i });
    });
    document.getElementById("list").style.height = rows.length * ROW + "px";
    drawn = "";
    draw();
  }

  function overlays(track, run) {
    for (const b of run.breaks || []) {
      const e = el("div", "break");
      place(e, run, b.x, b.x + b.w);
      track.append(e);
    }
    for (const m of run.marks || []) {
      const e = el("div", "mark " + m.kind);
      e.style.left = pct(run, m.x);
      track.append(e);
    }
  }

  function runRow(row, run) {
    const label = el("div", "label");
    label.append(el("span", "", (collapsed.has(row.r) ? "▸ " : "▾ ") + run.tool + " " + run.id));
    const track = el("div", "track");
    const o = el("span", "o", run.o + (run.failure ? " (" + run.failure + ")" : ""));
    o.dataset.outcome = run.o;
    track.append(o, el("span", "", dur(run.active) + " · " + run.calls.length + " sub-calls" +
      (run.peak > 1 ? ", up to " + run.peak + " at once" : "") +
      (filter ? " (" + row.shown + " shown)" : "") + " · " + run.start.replace("T", " ").replace(/\.(\d{3})\d*Z$/, ".$1Z")));
    if (run.desc) track.append(el("span", "desc", run.desc));
    const e = el("div", "row run");
    e.dataset.run = run.id;
    e.dataset.runOutcome = run.o;
    e.append(label, track);
    return e;
  }

  function axisRow(row, run) {
    const track = el("div", "track");
    // About one tick per 120 pixels, at a round number of real time.
    const width = Math.max(200, window.innerWidth - 346);
    const want = real(run, run.span) / Math.max(1, width / 120);
    let step = 1;
    while (step * 10 <= want) step *= 10;
    if (step * 5 <= want) step *= 5; else if (step * 2 <= want) step *= 2;
    let last = -Infinity;
    for (let x = 0; x <= run.span; x += Math.max(1, run.span / 400)) {
      const t = Math.floor(real(run, x) / step) * step;
      if (t <= last) continue;
      last = t;
      // A shortened suspension has its own label; a tick would cover it.
      if ((run.breaks || []).some(b => x >= b.x - run.span / 40 && x <= b.x + b.w + run.span / 25)) continue;
      const e = el("div", "tick", dur(t));
      e.style.left = pct(run, x);
      track.append(e);
    }
    for (const s of run.segs) {
      const e = el("div", "seg");
      place(e, run, s[0], s[1]);
      track.append(e);
    }
    for (const b of run.breaks || []) {
      const e = el("div", "break", "suspended " + dur(b.hidden));
      place(e, run, b.x, b.x + b.w);
      e.title = "suspended for " + dur(b.hidden) + " (shortened)";
      track.append(e);
    }
    const e = el("div", "row axis");
    e.append(el("div", "label", "sub-call · outcome · duration"), track);
    return e;
  }

  function callRow(row, run) {
    const c = run.calls[row.i];
    const label = el("div", "label");
    const o = el("span", "o", c.o);
    o.dataset.outcome = c.o;
    label.append(el("span", "n", c.l + " " + c.t), o, el("span", "d", dur(c.d)));
    label.title = c.l + " " + c.t;
    const track = el("div", "track");
    overlays(track, run);
    if (c.q > c.m) {
      const q = el("div", "queue");
      place(q, run, c.m, c.q);
      track.append(q);
    }
    const bar = el("div", "bar");
    place(bar, run, c.q, Math.max(c.e, c.q));
    bar.dataset.call = c.id;
    bar.dataset.outcome = c.o;
    track.append(bar);
    const e = el("div", "row call");
    if (selected && selected.r === row.r && selected.i === row.i) e.classList.add("sel");
    e.append(label, track);
    return e;
  }

  function draw() {
    const list = document.getElementById("list");
    const top = window.scrollY - list.offsetTop;
    const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN);
    const last = Math.min(rows.length, Math.ceil((top + window.innerHeight) / ROW) + OVERSCAN);
    const key = first + ":" + last;
    if (key === drawn) return;
    drawn = key;
    const frag = document.createDocumentFragment();
    for (let n = first; n < last; n++) {
      const row = rows[n], run = data.runs[row.r];
      const e = row.kind === "run" ? runRow(row, run) : row.kind === "axis" ? axisRow(row, run) : callRow(row, run);
      e.style.top = n * ROW + "px";
      e.dataset.i = n;
      frag.append(e);
    }
    list.replaceChildren(frag);
  }

  // alongside names the calls of the run that were running while c ran,
  // by as much as Peak on the Go side counts.
  function alongside(run, c) {
    const s = data.slack;
    if (c.e - s <= c.q) return "";
    const others = run.calls.filter(o => o !== c && o.q < c.e - s && c.q < o.e - s && o.e - s > o.q);
    if (others.length === 0) return "no other call";
    const names = others.slice(0, 8).map(o => o.l + " " + o.t).join(", ");
    return names + (others.length > 8 ? " and " + (others.length - 8) + " more" : "");
  }

  function entry(dl, term, value, pre) {
    if (value === undefined || value === "") return;
    const dd = el("dd");
    dd.append(pre ? el("pre", "", value) : document.createTextNode(value));
    dl.append(el("dt", "", term), dd);
  }

  function show(row) {
    const box = document.getElementById("detail");
    const run = data.runs[row.r];
    box.replaceChildren();
    const close = el("button", "close", "×");
    close.title = "close (Esc)";
    close.addEventListener("click", unpin);
    const dl = el("dl");
    if (row.kind === "call") {
      const c = run.calls[row.i];
      box.append(close, el("h2", "", c.t + " " + c.l + " of " + run.id));
      entry(dl, "outcome", c.o);
      entry(dl, "why", c.n);
      entry(dl, "approval", c.p);
      entry(dl, "note", c.f);
      entry(dl, "made at", c.at.replace("T", " ") + " (+" + dur(real(run, c.m)) + ")");
      entry(dl, "queued", dur(c.w));
      entry(dl, "ran", dur(Math.max(0, c.d - c.w)));
      entry(dl, "alongside", alongside(run, c));
      entry(dl, "token", c.id);
      entry(dl, "arguments", c.a, true);
    } else {
      box.append(close, el("h2", "", run.tool + " " + run.id));
      entry(dl, "outcome", run.o + (run.failure ? " (" + run.failure + ")" : ""));
      entry(dl, "why", run.note);
      entry(dl, "description", run.desc);
      entry(dl, "started", run.start.replace("T", " ") + (run.nostart ? " (the log has no start event)" : ""));
      entry(dl, "running", dur(run.active));
      entry(dl, "sub-calls", String(run.calls.length));
      for (const m of run.marks || []) entry(dl, m.kind, m.at.replace("T", " ") + ": " + m.detail);
      entry(dl, "arguments", run.args, true);
    }
    box.append(dl);
    box.hidden = false;
  }

  function pin(row) {
    pinned = row;
    selected = row.kind === "call" ? row : null;
    show(row);
    document.getElementById("detail").classList.add("pinned");
    drawn = "";
    draw();
  }
  function unpin() {
    pinned = selected = null;
    const box = document.getElementById("detail");
    box.classList.remove("pinned");
    box.hidden = true;
    drawn = "";
    draw();
  }

  function rowAt(target) {
    const e = target.closest && target.closest(".row");
    return e && e.dataset.i !== undefined ? rows[Number(e.dataset.i)] : null;
  }

  function page() {
    const header = el("header");
    header.append(el("h1", "", "Session timeline: " + data.title), el("p", "", data.summary));
    header.lastChild.id = "summary";
    const controls = el("div");
    controls.id = "controls";
    const input = el("input");
    input.id = "filter";
    input.type = "search";
    input.placeholder = "filter sub-calls: tool, outcome, token";
    input.addEventListener("input", () => { filter = input.value.trim().toLowerCase(); build(); });
    const legend = el("div", "legend");
    for (const o of data.outcomes || []) {
      const s = el("span", "", o);
      s.dataset.outcome = o;
      legend.append(s);
    }
    legend.append(el("span", "q", "queued"));
    controls.append(input, legend);
    header.append(controls);
    if (data.problems.length) {
      const d = el("details");
      d.id = "problems";
      d.append(el("summary", "", data.skipped + " line(s) of the log could not be used" +
        (data.skipped > data.problems.length ? "; the first " + data.problems.length + ":" : "")));
      const ol = el("ul");
      for (const p of data.problems) ol.append(el("li", "", "line " + p.line + ": " + p.err));
      d.append(ol);
      header.append(d);
    }
    const list = el("div");
    list.id = "list";
    const box = el("aside");
    box.id = "detail";
    box.hidden = true;
    document.body.append(header, list, box);

    list.addEventListener("mouseover", ev => { const r = rowAt(ev.target); if (r && !pinned && r.kind !== "axis") show(r); });
    list.addEventListener("mouseleave", () => { if (!pinned) box.hidden = true; });
    list.addEventListener("click", ev => {
      const r = rowAt(ev.target);
      if (!r) return;
      if (r.kind === "run" && ev.target.closest(".label")) {
        if (collapsed.has(r.r)) collapsed.delete(r.r); else collapsed.add(r.r);
        build();
        return;
      }
      if (r.kind !== "axis") pin(r);
    });
    document.addEventListener("keydown", ev => { if (ev.key === "Escape") unpin(); });
    let queued = false;
    const later = () => { if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; draw(); }); } };
    window.addEventListener("scroll", later, { passive: true });
    window.addEventListener("resize", () => { drawn = ""; later(); });
  }

  // #call=TOKEN opens with that call's details pinned and in view.
  function fromHash() {
    const m = /^#call=(.+)$/.exec(location.hash);
    if (!m) return;
    const id = decodeURIComponent(m[1]);
    const n = rows.findIndex(row => row.kind === "call" && data.runs[row.r].calls[row.i].id === id);
    if (n < 0) return;
    // Scroll only when the row is out of view, under the sticky header or
    // below the window.
    const top = document.getElementById("list").offsetTop + n * ROW;
    const header = document.querySelector("header").offsetHeight;
    if (top < window.scrollY + header || top + ROW > window.scrollY + window.innerHeight) {
      window.scrollTo(0, Math.max(0, top - header - (window.innerHeight - header) / 3));
    }
    pin(rows[n]);
  }

  page();
  if (data.runs.length === 0) {
    document.getElementById("list").before(el("p", "empty", "This log has no run_code calls."));
  }
  build();
  fromHash();
  window.addEventListener("hashchange", fromHash);
  document.body.dataset.calls = data.runs.reduce((n, run) => n + run.calls.length, 0);
  document.body.dataset.rendered = "true";
  // How long parsing the data and drawing the first screen took, for
  // measuring big logs.
  document.body.dataset.renderMs = Math.round(performance.now() - started);
})();
