/* Play it yourself: the engine in the page (Pyodide, served by this site). Needs python.js (the shared
   loader) first. Mounts every widget of the page (.bj-play, made by spec_engine/pages/play.py): each has
   its own form, tables and rounds (Python keeps them under the widget's name). A widget inside a
   <details> (.bj-folded) starts Python only when the reader opens it, then deals its preset hand at once;
   the others start it as the page opens. Python's side is bj_play.py in pyodide/engine.zip
   (tools/pyodide_site.py): start() and act() return a table as JSON, which this script draws with the
   site's SVG cards (pyodide/cards.json). Python runs in the page's worker (python.js): each call is a
   promise, and the worker answers them in order. Every sentence is a message in the page's language
   (bjI18n), in the table's rulebook's words (each table's `words`, the glossary's, from Python).
   window.bjPlay is for the tests and the benchmark (its deal and act return promises of the tables drawn). */
(function () {
  "use strict";
  if (!window.bjPython) return;
  let cards = null; // the SVG cards by code, fetched once with Python
  const play = (name, ...args) => bjPython.call("bj_play", name, ...args);
  const PAGE = location.pathname.split("/").pop() || "index.html";

  const { el, clauseNodes, signed, inLanguage, say, upper, actionLabel, outcome } = bjPython.dom;
  const cardsNode = (codes) => bjPython.dom.cardsNode(cards, codes);

  // A message's parts (say) with its first letter in upper case: a translation may begin with a glossary word.
  const capital = (parts) => (typeof parts[0] === "string" ? [upper(parts[0]), ...parts.slice(1)] : parts);

  // A bettor's name as the table says it: the page's own player ("you") in the page's language.
  const bettorName = (bettor) => (bettor === "you" ? bjI18n.pgettext("bettor", "you") : bettor);

  // The values of a table's message, with its rulebook's words (the glossary's, in the page's language).
  const w = (s, values) => Object.assign({}, s.words, values);

  function refusalNode(refusal) {
    const box = el("div", { class: "bj-refusal", role: "alert" });
    box.append(el("p", {}, el("strong", {}, refusal.sentence))); // the action and its reason, one sentence
    if (!refusal.clauses.length) {
      box.append(el("p", {}, bjI18n._("Not stated in the regulation: the engine's assumption '{rule}'.", { rule: refusal.rule }),
        " ", el("span", inLanguage(refusal.note_lang), refusal.note)));
    }
    for (const c of refusal.clauses) box.append(...clauseNodes(c));
    return box;
  }

  // A button's words: the action, and the box (and bettor) where the table needs them said.
  function choiceLabel(s, choice) {
    const action = actionLabel(choice.kind, s.words);
    if (!choice.named) return action;
    return choice.bettor ? bjI18n._("{action} (box {number}, {bettor})", w(s, { action, number: choice.box, bettor: bettorName(choice.bettor) }))
      : bjI18n._("{action} (box {number})", w(s, { action, number: choice.box }));
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
      // a house's hole card (none, peek, peek_ace): the form's field where it has one, else the address (play.html?hole_card=peek)
      const hole = v("hole_card") || new URLSearchParams(location.search).get("hole_card");
      if (hole) out.hole_card = hole;
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

    function button(s, choice, legal) {
      const b = el("button", { type: "button", class: "md-button" + (legal ? " md-button--primary" : " bj-other"),
        "data-action": choice.kind, "data-box": String(choice.box), "data-legal": String(legal) }, choiceLabel(s, choice));
      b.addEventListener("click", () => act(s.reg, choice));
      return b;
    }

    function handNode(s, h) {
      const acting = s.current && s.current[0] === h.box && s.current[1] === h.hand;
      const named = s.hands.some((o) => o.bettors.join() !== "you");
      const many = s.hands.filter((o) => o.box === h.box).length > 1;
      const values = { number: h.box, bettors: h.bettors.map(bettorName).join(", "), index: h.hand, cards: cardsNode(h.cards) };
      const who = (v) => {
        if (named) {
          return many ? bjI18n._("Box {number} ({bettors}), hand {index}: {cards}", w(s, v))
            : bjI18n._("Box {number} ({bettors}): {cards}", w(s, v));
        }
        return many ? bjI18n._("Box {number}, hand {index}: {cards}", w(s, v)) : bjI18n._("Box {number}: {cards}", w(s, v));
      };
      let total = h.soft ? bjI18n._("soft {total}", { total: h.total }) : String(h.total);
      if (acting) total = bjI18n._("{total} (to act)", { total });
      return el("p", { class: "bj-hand" + (acting ? " bj-acting" : "") }, ...capital(say(who, values)), " = " + total);
    }

    // The dealer's cards: his hole card, while nobody has seen it, drawn face down and named so (never its code).
    function dealerCards(s) {
      const node = cardsNode(s.dealer);
      return s.hole ? bjPython.dom.faceDown(node, cards, s.hole.name) : node;
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
      section.append(el("p", { class: "bj-dealer" }, ...capital(say((v) => bjI18n._("Dealer: {cards}", w(s, v)), { cards: dealerCards(s) })),
        dealerTotal));
      for (const h of s.hands) section.append(handNode(s, h));
      const script = scripts[s.reg];
      const next = script && script.steps[script.done];
      if (s.legal.length || s.other.length || next) {
        const actions = el("div", { class: "bj-actions" });
        if (s.legal.length) actions.append(el("p", {}, bjI18n._("Allowed:", w(s)) + " ", ...s.legal.map((c) => button(s, c, true))));
        if (s.other.length) {
          actions.append(el("p", {}, bjI18n._("Not allowed now (press to see why):", w(s)) + " ", ...s.other.map((c) => button(s, c, false))));
        }
        if (next) {
          const values = { action: actionLabel(next[0], s.words), number: next[1], amount: next[3] };
          const label = next[3] ? bjI18n._("The page's next decision: {action} (box {number}, {amount})", w(s, values))
            : bjI18n._("The page's next decision: {action} (box {number})", w(s, values));
          const b = el("button", { type: "button", class: "md-button bj-next", "data-step": String(script.done) }, label);
          b.addEventListener("click", () => act(s.reg, { kind: next[0], box: next[1], bettor: next[2], amount: next[3] }, true));
          actions.append(el("p", {}, b));
        }
        section.append(actions);
      }
      if (s.refusal) section.append(refusalNode(s.refusal));
      if (s.settled.length) {
        const list = el("ul", {});
        for (const e of s.settled) {
          const values = { number: e.box, index: e.hand, bettor: bettorName(e.bettor), outcome: outcome(e.outcome, s.words),
            stake: e.stake, net: signed(e.net) };
          list.append(el("li", {}, upper(e.hand ? bjI18n._("Box {number}, hand {index}, {bettor}: {outcome}, stake {stake}, net {net}", w(s, values))
            : bjI18n._("Box {number}, {bettor}: {outcome}, stake {stake}, net {net}", w(s, values)))));
        }
        const nets = s.net ? Object.entries(s.net) : [];
        const total = nets.length === 1 && nets[0][0] === "you" ? bjI18n._("Your net result: {net}", w(s, { net: signed(nets[0][1]) }))
          : bjI18n._("Net results: {nets}", w(s, { nets: nets.map(([b, v]) => bettorName(b) + " " + signed(v)).join(", ") }));
        section.append(el("div", { class: "bj-settlement" }, el("p", {}, el("strong", {}, bjI18n._("Settlement", w(s)))), list,
          nets.length ? el("p", {}, total) : ""));
      }
      const log = el("pre", { tabindex: "0", "aria-label": bjI18n._("Event log, {reg}", w(s, { reg: s.reg })) }, s.log.join("\n"));
      section.append(el("details", { class: "bj-log" }, el("summary", {}, bjI18n._("Event log", w(s))), log));
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
      status.textContent = bjI18n._("Python is ready: choose the cards and deal.");
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
          status.textContent = bjI18n._("Python could not start: {error}. Serve the site with make serve.", { error });
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
