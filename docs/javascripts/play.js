/* Play it yourself: the engine in the page (Pyodide, served by this site). Needs python.js (the shared
   loader) first. Mounts every widget of the page (.bj-play, made by spec_engine/pages/play.py): each has
   its own form, tables and rounds (Python keeps them under the widget's name). A widget inside a
   <details> (.bj-folded) starts Python only when the reader opens it, then deals its preset hand at once;
   the others start it as the page opens. Python's side is bj_play.py in pyodide/engine.zip
   (tools/pyodide_site.py): start() and act() return a table as JSON, which this script draws with the
   site's SVG cards (pyodide/cards.json). Python runs in the page's worker (python.js): each call is a
   promise, and the worker answers them in order. window.bjPlay is for the tests and the benchmark
   (its deal and act return promises of the tables drawn). */
(function () {
  "use strict";
  if (!window.bjPython) return;
  let cards = null; // the SVG cards by code, fetched once with Python
  const play = (name, ...args) => bjPython.call("bj_play", name, ...args);
  const PAGE = location.pathname.split("/").pop() || "index.html";

  const { el, clauseNodes, signed } = bjPython.dom;
  const cardsNode = (codes) => bjPython.dom.cardsNode(cards, codes);

  function refusalNode(refusal) {
    const box = el("div", { class: "bj-refusal", role: "alert" });
    box.append(el("p", {}, el("strong", {}, refusal.action + " refused: "), refusal.reason));
    if (!refusal.clauses.length) {
      box.append(el("p", {}, "Not stated in the regulation: the engine's assumption '" + refusal.rule + "'. " + refusal.note));
    }
    for (const c of refusal.clauses) box.append(...clauseNodes(c));
    return box;
  }

  function mount(root) {
    const name = root.dataset.widget;
    const data = JSON.parse(root.dataset.play);
    const form = root.querySelector("form");
    const status = root.querySelector(".bj-status");
    const tables = root.querySelector(".bj-tables");
    const dealButton = root.querySelector(".bj-deal");
    const regSelect = form.elements.reg;
    const REGS = regSelect.tagName === "SELECT"
      ? Array.from(regSelect.options, (o) => o.value).filter((v) => v !== "all") : [regSelect.value];
    const scripts = {}; // per rulebook: the worked hand's decisions still to offer, while the reader follows them

    function spec() {
      const v = (field) => (form.elements[field] ? form.elements[field].value : "");
      const boxes = Object.keys(data.bettors);
      const out = { seed: v("seed"), bets: boxes.map((b) => [Number(b), data.bettors[b], v(form.elements["bet-" + b] ? "bet-" + b : "bet")]) };
      if (form.elements["cards-0"]) {
        out.queues = { 0: v("cards-0") };
        for (const b of boxes) out.queues[b] = v("cards-" + b);
      } else {
        Object.assign(out, { box: v("box"), dealer: v("dealer"), rest: v("rest") });
      }
      return JSON.stringify(out);
    }

    // the worked hand's decisions are offered while the form still holds its cards and bets
    function asGiven() {
      return Array.from(form.querySelectorAll("input[type=text]")).every((i) => i.value === i.defaultValue);
    }

    function button(reg, choice, legal) {
      const b = el("button", { type: "button", class: "md-button" + (legal ? " md-button--primary" : " bj-other"),
        "data-action": choice.kind, "data-box": String(choice.box), "data-legal": String(legal) }, choice.label);
      b.addEventListener("click", () => act(reg, choice));
      return b;
    }

    function tableNode(s) {
      const section = el("section", { class: "bj-table", "data-reg": s.reg, "aria-label": s.reg });
      section.append(el("h3", { tabindex: "-1" }, s.name || s.reg)); // the rulebook's name with its id
      if (s.error) section.append(el("p", { class: "bj-error", role: "alert" }, s.error));
      if (!s.phase) {
        if (s.refusal) section.append(refusalNode(s.refusal));
        return section;
      }
      const dealerTotal = s.phase === "done" && s.dealer.length ? " = " + s.dealer_total : "";
      section.append(el("p", { class: "bj-dealer" }, "Dealer: ", cardsNode(s.dealer), dealerTotal));
      const named = s.hands.some((h) => h.bettors.join() !== "you");
      for (const h of s.hands) {
        const acting = s.current && s.current[0] === h.box && s.current[1] === h.hand;
        const who = "Box " + h.box + (named ? " (" + h.bettors.join(", ") + ")" : "");
        const many = s.hands.filter((o) => o.box === h.box).length > 1;
        section.append(el("p", { class: "bj-hand" + (acting ? " bj-acting" : "") }, who + (many ? ", hand " + h.hand : "") + ": ",
          cardsNode(h.cards), " = " + (h.soft ? "soft " : "") + h.total + (acting ? " (to act)" : "")));
      }
      const script = scripts[s.reg];
      const next = script && script.steps[script.done];
      if (s.legal.length || s.other.length || next) {
        const actions = el("div", { class: "bj-actions" });
        if (s.legal.length) actions.append(el("p", {}, "Allowed: ", ...s.legal.map((c) => button(s.reg, c, true))));
        if (s.other.length) actions.append(el("p", {}, "Not allowed now (press to see why): ", ...s.other.map((c) => button(s.reg, c, false))));
        if (next) {
          const label = next[0].replace("_", " ") + " (box " + next[1] + (next[3] ? ", " + next[3] : "") + ")";
          const b = el("button", { type: "button", class: "md-button bj-next", "data-step": String(script.done) },
            "The page's next decision: " + label);
          b.addEventListener("click", () => act(s.reg, { kind: next[0], box: next[1], bettor: next[2], amount: next[3] }, true));
          actions.append(el("p", {}, b));
        }
        section.append(actions);
      }
      if (s.refusal) section.append(refusalNode(s.refusal));
      if (s.settled.length) {
        const list = el("ul", {});
        for (const e of s.settled) {
          list.append(el("li", {}, "Box " + e.box + (e.hand ? ", hand " + e.hand : "") + ", " + e.bettor + ": " +
            e.outcome.replaceAll("_", " ") + ", stake " + e.stake + ", net " + signed(e.net)));
        }
        const nets = s.net ? Object.entries(s.net) : [];
        const total = nets.length === 1 && nets[0][0] === "you" ? "Your net result: " + signed(nets[0][1])
          : "Net results: " + nets.map(([b, v]) => b + " " + signed(v)).join(", ");
        section.append(el("div", { class: "bj-settlement" }, el("p", {}, el("strong", {}, "Settlement")), list,
          nets.length ? el("p", {}, total) : ""));
      }
      const log = el("pre", { tabindex: "0", "aria-label": "Event log, " + s.reg }, s.log.join("\n"));
      section.append(el("details", { class: "bj-log" }, el("summary", {}, "Event log"), log));
      return section;
    }

    function show(json) {
      const s = JSON.parse(json);
      const node = tableNode(s);
      const old = tables.querySelector('[data-reg="' + s.reg + '"]');
      if (old) old.replaceWith(node);
      else tables.append(node);
      return s;
    }

    async function deal() {
      const reg = new FormData(form).get("reg");
      const regs = reg === "all" ? REGS : [reg];
      const given = asGiven();
      const shoe = spec();
      for (const r of regs) {
        const steps = data.script[r];
        scripts[r] = given && steps && steps.length ? { steps, done: 0 } : null;
      }
      const states = await Promise.all(regs.map((r) => play("start", name, r, shoe)));
      tables.replaceChildren();
      tables.classList.toggle("bj-many", regs.length > 1);
      return states.map(show);
    }

    async function act(reg, choice, scripted) {
      const script = scripts[reg];
      if (script) {
        if (scripted) script.done += 1;
        else scripts[reg] = null; // the reader left the page's decisions
        if (script.done >= script.steps.length) scripts[reg] = null;
      }
      // (undefined, not null, is Python's None)
      const s = show(await play("act", name, reg, choice.kind, choice.box ?? undefined, choice.bettor ?? undefined, choice.amount ?? undefined));
      // the table was redrawn: keep the keyboard where it was (the same button, else the next one, else the heading)
      const node = tables.querySelector('[data-reg="' + reg + '"]');
      const again = scripted ? node.querySelector("button.bj-next")
        : node.querySelector('button[data-action="' + choice.kind + '"][data-box="' + choice.box + '"]');
      (again || node.querySelector(".bj-actions button") || node.querySelector("h3")).focus();
      return s;
    }

    async function boot() {
      const t0 = performance.now();
      const [, , engine] = await Promise.all([bjPython.start((text) => { status.textContent = text; }), loadCards(),
        bjPython.importModule("bj_play")]);
      if (!window.bjPlay.readyAt) {
        window.bjPlay.phases = Object.assign({}, bjPython.phases, { engine });
        window.bjPlay.readyMs = performance.now() - t0;
        window.bjPlay.readyAt = performance.now(); // since the page's navigation started
      }
      status.textContent = "Python is ready: choose the cards and deal.";
      dealButton.disabled = false;
      return true;
    }

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (!dealButton.disabled) deal();
    });
    const widget = { deal, act: (reg, kind) => act(reg, { kind }), boot: null };
    window.bjPlay.widgets[name] = widget;
    if (bjPython.fromDisk()) {
      status.textContent = bjPython.serveHint(PAGE);
      status.classList.add("bj-warning");
      return widget;
    }
    widget.start = () => {
      if (!widget.boot) {
        widget.boot = boot().catch((error) => {
          status.textContent = "Python could not start: " + error + ". Serve the site with make serve.";
          status.classList.add("bj-warning");
          throw error;
        });
      }
      return widget.boot;
    };
    return widget;
  }

  function loadCards() {
    if (!cards) {
      cards = fetch(bjPython.base + "cards.json").then((r) => {
        if (!r.ok) throw new Error("cards.json: HTTP " + r.status);
        return r.json();
      }).then((found) => { cards = found; return found; });
    }
    return cards;
  }

  window.bjPlay = { widgets: {}, readyMs: null, readyAt: null, ready: null, phases: null };
  let first = null;
  for (const root of document.querySelectorAll(".bj-play[data-widget]")) {
    const widget = mount(root);
    if (!widget.start) continue;
    const details = root.closest("details");
    if (root.classList.contains("bj-folded") && details) {
      // Python only when the reader opens it: then deal the preset hand
      let dealt = false; // once: closing and reopening it keeps the reader's tables
      const open = () => {
        if (details.open && !dealt) widget.start().then(() => { if (!dealt) { dealt = true; widget.deal(); } });
      };
      details.addEventListener("toggle", open);
      open();
    } else if (!first) {
      first = widget;
      // A link may preset the form: play.html?reg=CL&box=TS+6H&dealer=9D&rest=5C&bet=10 (then it deals at once).
      const form = root.querySelector("form");
      const preset = new URLSearchParams(location.search);
      if (preset.has("seed") && !preset.has("box")) for (const f of ["box", "dealer", "rest"]) if (form.elements[f]) form.elements[f].value = "";
      for (const [field, value] of preset) if (form.elements[field]) form.elements[field].value = value;
      window.bjPlay.deal = () => widget.deal();
      window.bjPlay.act = (reg, kind) => widget.act(reg, kind);
      window.bjPlay.ready = widget.start().then(() => (preset.has("box") || preset.has("seed") ? widget.deal() : null));
      window.bjPlay.ready.catch(() => {});
    }
  }
})();
