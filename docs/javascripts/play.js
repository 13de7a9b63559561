/* Play it yourself: the engine in the page (Pyodide, served by this site; loaded by play.html only).
   Needs python.js (the shared loader) first. Python's side is bj_play.py in pyodide/engine.zip (tools/pyodide_site.py): start() and act()
   return the table as JSON, which this script draws. window.bjPlay is for the tests and benchmark. */
(function () {
  "use strict";
  const root = document.getElementById("bj-play");
  if (!root) return;
  const REGS = Array.from(document.querySelectorAll("#bj-reg option"), (o) => o.value).filter((v) => v !== "all");
  const CARDS = JSON.parse(document.getElementById("bj-cards").textContent);
  const form = document.getElementById("bj-form");
  const status = document.getElementById("bj-status");
  const tables = document.getElementById("bj-tables");
  const dealButton = document.getElementById("bj-deal");
  let py = null;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    for (const child of children) node.append(child);
    return node;
  }

  function cardsNode(codes, label) {
    const span = el("span", { class: "bj-cards", role: "img", "aria-label": label });
    span.innerHTML = codes.map((c) => CARDS[c].svg).join("");
    for (const svg of span.querySelectorAll("svg")) svg.setAttribute("aria-hidden", "true");
    return span;
  }

  function names(codes) {
    return codes.map((c) => CARDS[c].name).join(", ");
  }

  function clauseHref(id) {
    return id.split("-")[0].toLowerCase() + ".html#" + id.toLowerCase().replaceAll(".", "-");
  }

  function refusalNode(refusal) {
    const box = el("div", { class: "bj-refusal", role: "alert" });
    box.append(el("p", {}, el("strong", {}, refusal.action + " refused: "), refusal.reason));
    if (!refusal.clauses.length) {
      box.append(el("p", {}, "Not stated in the regulation: the engine's assumption '" + refusal.rule + "'. " + refusal.note));
    }
    for (const c of refusal.clauses) {
      const quote = el("blockquote", { class: "bj-clause", lang: c.lang }, el("p", {}, c.text));
      box.append(el("p", { class: "bj-clause-id" }, el("a", { href: clauseHref(c.id) }, c.id)), quote,
        el("p", { class: "bj-gist" }, c.gist));
    }
    return box;
  }

  function tableNode(s) {
    const section = el("section", { class: "bj-table", "data-reg": s.reg, "aria-label": s.reg });
    section.append(el("h3", { tabindex: "-1" }, (s.name || s.reg) + " (" + s.reg + ")"));
    if (s.error) section.append(el("p", { class: "bj-error", role: "alert" }, s.error));
    if (!s.phase) {
      if (s.refusal) section.append(refusalNode(s.refusal));
      return section;
    }
    const dealerTotal = s.phase === "done" ? " = " + s.dealer_total : "";
    section.append(el("p", { class: "bj-dealer" }, "Dealer: ", cardsNode(s.dealer, names(s.dealer)), dealerTotal));
    for (const h of s.hands) {
      const acting = s.current && s.current[0] === h.box && s.current[1] === h.hand;
      const p = el("p", { class: "bj-hand" + (acting ? " bj-acting" : "") },
        "Box " + h.box + (s.hands.length > 1 ? ", hand " + h.hand : "") + ": ",
        cardsNode(h.cards, names(h.cards)), " = " + (h.soft ? "soft " : "") + h.total + (acting ? " (to act)" : ""));
      section.append(p);
    }
    if (s.legal.length || s.other.length) {
      const actions = el("div", { class: "bj-actions" });
      const button = (kind, legal) => {
        const b = el("button", { type: "button", class: "md-button" + (legal ? " md-button--primary" : " bj-other"),
          "data-action": kind, "data-legal": String(legal) }, kind.replace("_", " "));
        b.addEventListener("click", () => act(s.reg, kind));
        return b;
      };
      actions.append(el("p", {}, "Allowed: ", ...s.legal.map((k) => button(k, true))));
      if (s.other.length) actions.append(el("p", {}, "Not allowed now (press to see why): ", ...s.other.map((k) => button(k, false))));
      section.append(actions);
    }
    if (s.refusal) section.append(refusalNode(s.refusal));
    if (s.settled.length) {
      const list = el("ul", {});
      for (const e of s.settled) {
        list.append(el("li", {}, "Box " + e.box + (e.hand ? ", hand " + e.hand : "") + ", " + e.bettor + ": " +
          e.outcome.replaceAll("_", " ") + ", stake " + e.stake + ", net " + (e.net.startsWith("-") ? "" : "+") + e.net));
      }
      section.append(el("div", { class: "bj-settlement" }, el("p", {}, el("strong", {}, "Settlement")), list,
        s.net === null ? "" : el("p", {}, "Your net result: " + (s.net.startsWith("-") ? "" : "+") + s.net)));
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

  function deal() {
    const data = new FormData(form);
    const regs = data.get("reg") === "all" ? REGS : [data.get("reg")];
    tables.replaceChildren();
    tables.classList.toggle("bj-many", regs.length > 1);
    return regs.map((reg) =>
      show(py.start(reg, data.get("box"), data.get("dealer"), data.get("rest"), data.get("seed"), data.get("bet"))));
  }

  function act(reg, kind) {
    const s = show(py.act(reg, kind));
    // the table was redrawn: keep the keyboard where it was (the same button, else the table's heading)
    const node = tables.querySelector('[data-reg="' + reg + '"]');
    const again = node.querySelector('button[data-action="' + kind + '"]') || node.querySelector("button");
    (again || node.querySelector("h3")).focus();
    return s;
  }

  async function boot() {
    const t0 = performance.now();
    const pyodide = await bjPython.load((text) => { status.textContent = text; });
    const t2 = performance.now();
    py = pyodide.pyimport("bj_play");
    window.bjPlay.phases = Object.assign({}, bjPython.phases, { engine: performance.now() - t2 });
    window.bjPlay.readyMs = performance.now() - t0;
    window.bjPlay.readyAt = performance.now(); // since the page's navigation started
    status.textContent = "Python is ready: choose the cards and deal.";
    dealButton.disabled = false;
    if (preset.has("box") || preset.has("seed")) deal();
  }

  // A link may preset the form: play.html?reg=CL&box=TS+6H&dealer=9D&rest=5C&bet=10 (then it deals at once).
  const preset = new URLSearchParams(location.search);
  if (preset.has("seed") && !preset.has("box")) for (const name of ["box", "dealer", "rest"]) form.elements[name].value = "";
  for (const [name, value] of preset) if (form.elements[name]) form.elements[name].value = value;

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (py) deal();
  });
  window.bjPlay = { deal, act, readyMs: null, readyAt: null, ready: null };
  if (bjPython.fromDisk()) {
    status.textContent = bjPython.serveHint("play.html");
    status.classList.add("bj-warning");
    return;
  }
  window.bjPlay.ready = boot().catch((error) => {
    status.textContent = "Python could not start: " + error + ". Serve the site with make serve.";
    status.classList.add("bj-warning");
    throw error;
  });
})();
