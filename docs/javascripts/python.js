/* Python in the page, off its main thread: one Web Worker per page (python-worker.js) runs
   Pyodide, started from this site (pyodide/, copied there by tools/pyodide_site.py) with the
   engine pack unpacked and on sys.path. This is the page's side: it starts the worker, sends it
   calls and returns promises of their results; it can stop it (terminate it: a run that never
   ends cannot freeze the page) and start a fresh one. Loaded only by the pages that run Python,
   before their own script. Usage:

     bjPython.fromDisk()            true when the page was opened from a file:// address
     bjPython.start(onStatus)       a promise, resolved when Python is ready (the worker is
                                    started once; again after a stop)
     bjPython.call(module, name, ...args)
                                    a promise of module.name(*args) (a str as a string, a tuple
                                    or list as an Array; undefined is Python's None)
     bjPython.importModule(module)  a promise of the milliseconds the import took
     bjPython.write(path, text)     a promise: the file written in Python's file system
     bjPython.stop(why)             terminates the worker now: every promise still pending is
                                    rejected with an Error whose .stopped is why; the next call
                                    starts a fresh Python (nothing of the old one is kept)
     bjPython.generation            how many workers the page has started (1 for the first)
     bjPython.phases                {pyodide, pack} milliseconds, once ready
     bjPython.dom                   what the pages draw alike: el, cardsNode, clauseHref,
                                    clauseNodes (a clause's id, words and gist), signed, and in
                                    the page's language (javascripts/i18n.js): say (a message
                                    whose values may be elements), upper, actionLabel, outcome

   The page's <html> gets the class bj-served, or bj-on-disk on a file:// address, before the
   page's "opened from disk" paragraph (.bj-disk-note) is read: a served page never shows it. Nothing is fetched from any other host. */
(function () {
  "use strict";
  if (window.bjPython) return;
  const SCRIPT = document.currentScript.src;
  const BASE = new URL("../pyodide/", SCRIPT).href;
  const fromDisk = () => location.protocol === "file:";
  document.documentElement.classList.add(fromDisk() ? "bj-on-disk" : "bj-served");

  let worker = null;
  let ready = null; // a promise: Python ready in the current worker
  let wasm = null; // a promise of Pyodide's WebAssembly compiled here (null if it cannot be), kept for a fresh worker
  const pending = new Map(); // message id -> {resolve, reject}
  let nextId = 1;

  function stopped(why) {
    const error = new Error(bjI18n._("Python was stopped ({why})", { why }));
    error.stopped = why;
    return error;
  }

  // Ends the current worker: its pending promises are rejected with `error`.
  function end(error) {
    if (!worker) return;
    worker.terminate();
    worker = null;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    ready.reject(error);
  }

  function start(onStatus) {
    if (worker) return ready.promise;
    if (onStatus) onStatus(bjI18n._("Loading Python (Pyodide, about 13 MB the first time)…"));
    let settle;
    const promise = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    ready = { promise, resolve: settle.resolve, reject: settle.reject };
    promise.catch(() => {}); // a failure is for the callers to see
    window.bjPython.generation += 1;
    // the page's language: the worker's Python answers in it (spec_engine.i18n.activate)
    const lang = encodeURIComponent(document.documentElement.lang || "en");
    worker = new Worker(new URL("python-worker.js?lang=" + lang, SCRIPT), { type: "module" });
    // Compiled in the page, the WebAssembly's code is shared with the worker (and kept by the
    // browser for the next page in this tab): much quicker than a worker compiling its own.
    if (!wasm) wasm = WebAssembly.compileStreaming(fetch(BASE + "pyodide.asm.wasm")).catch(() => null);
    const current = worker;
    wasm.then((module) => { if (worker === current) current.postMessage({ op: "wasm", module }); });
    worker.onmessage = (event) => {
      const message = event.data;
      if ("ready" in message) {
        if (message.ready) {
          window.bjPython.phases = message.phases;
          ready.resolve(message.phases);
        } else {
          end(new Error(message.error));
        }
        return;
      }
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      if (message.ok) call.resolve(message.value);
      else call.reject(new Error(message.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end(new Error(event.message || bjI18n._("the Python worker could not start")));
    };
    return promise;
  }

  function send(op, fields) {
    start();
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage(Object.assign({ id, op }, fields));
    });
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    for (const child of children) node.append(child);
    return node;
  }

  // The site's SVG cards (cards: code -> {svg, name}) as one image named by its cards.
  function cardsNode(cards, codes) {
    const label = codes.map((c) => cards[c].name).join(", ");
    const span = el("span", { class: "bj-cards", role: "img", "aria-label": label || bjI18n._("no card") });
    span.innerHTML = codes.map((c) => cards[c].svg).join("");
    for (const svg of span.querySelectorAll("svg")) svg.setAttribute("aria-hidden", "true");
    return span;
  }

  // A face-down card after the cards of `node` (a cardsNode): a card's back (cards.back), named
  // in the cards' accessible name by `name` (the dealer's hole card: never the card it hides).
  function faceDown(node, cards, name) {
    node.insertAdjacentHTML("beforeend", cards.back.svg);
    node.lastElementChild.setAttribute("aria-hidden", "true");
    node.lastElementChild.classList.add("bj-face-down");
    node.setAttribute("aria-label", node.getAttribute("aria-label") + ", " + name);
    return node;
  }

  function clauseHref(id) {
    return id.split("-")[0].toLowerCase() + ".html#" + id.toLowerCase().replaceAll(".", "-");
  }

  // The attributes of a text in `lang` (a text the catalog does not translate yet is English:
  // marked so, on a page in another language).
  function inLanguage(lang, attrs) {
    return lang && lang !== document.documentElement.lang ? Object.assign({ lang }, attrs) : attrs || {};
  }

  // A clause ({id, text, gist, lang, gist_lang}): its id linked to its regulation page, its words
  // (in their own language), its gist (in the reader's, where the catalog has it).
  function clauseNodes(c) {
    return [el("p", { class: "bj-clause-id" }, el("a", { href: clauseHref(c.id) }, c.id)),
      el("blockquote", { class: "bj-clause", lang: c.lang }, el("p", {}, c.text)),
      el("p", inLanguage(c.gist_lang, { class: "bj-gist" }), c.gist)];
  }

  // A whole message whose values may be elements: `translate(values)` says it (bjI18n._ or
  // ngettext with the values given), each element's place marked, then the text is cut there.
  // Returns the text and the elements in order, for el() or append().
  function say(translate, values) {
    const marked = {};
    const nodes = {};
    for (const [key, value] of Object.entries(values || {})) {
      if (value instanceof Node) {
        marked[key] = "\u0001" + key + "\u0001";
        nodes[key] = value;
      } else {
        marked[key] = value;
      }
    }
    return translate(marked).split("\u0001").map((part, i) => (i % 2 ? nodes[part] : part)).filter((p) => p !== "");
  }

  // The first letter in upper case: a translation may begin with one of the glossary's words
  // ("{the_box} 2": "el casillero 2"), which the glossary writes in lower case.
  function upper(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  // An action's name on a button, in the rulebook's words (`words`: the glossary's, from Python).
  function actionLabel(kind, words) {
    const names = {
      hit: bjI18n.pgettext("action", "hit", words),
      stand: bjI18n.pgettext("action", "stand", words),
      double: bjI18n.pgettext("action", "double", words),
      split: bjI18n.pgettext("action", "split", words),
      surrender: bjI18n.pgettext("action", "surrender", words),
      insurance: bjI18n.pgettext("action", "insurance", words),
      even_money: bjI18n.pgettext("action", "even money", words),
      close_insurance: bjI18n.pgettext("action", "close insurance", words),
      close_surrender: bjI18n.pgettext("action", "close surrender", words),
    };
    return names[kind] || kind.replaceAll("_", " ");
  }

  // A settlement's outcome (the settle event's info) in words.
  function outcome(info, words) {
    const names = {
      win: bjI18n.pgettext("outcome", "win", words),
      lose: bjI18n.pgettext("outcome", "lose", words),
      push: bjI18n.pgettext("outcome", "push", words),
      blackjack: bjI18n.pgettext("outcome", "blackjack", words),
      even_money: bjI18n.pgettext("outcome", "even money", words),
      insurance_win: bjI18n.pgettext("outcome", "insurance win", words),
      insurance_lose: bjI18n.pgettext("outcome", "insurance lose", words),
      excess_returned: bjI18n.pgettext("outcome", "excess returned", words),
      surrender: bjI18n.pgettext("outcome", "surrender", words),
    };
    return names[info] || info.replaceAll("_", " ");
  }

  function signed(amount) {
    return (amount.startsWith("-") || amount === "0" ? "" : "+") + amount; // as the pages write it
  }

  window.bjPython = {
    dom: { el, cardsNode, faceDown, clauseHref, clauseNodes, signed, inLanguage, say, upper, actionLabel, outcome },
    base: BASE,
    phases: null,
    generation: 0,
    fromDisk,
    // (a page in another language is served under its folder: es/generated/...)
    serveHint: (page) => bjI18n._("Opened from disk: browsers refuse to run Python's WebAssembly from a file. " +
      "Serve the site (make serve, then open {address}) to run it here.", { address: "http://127.0.0.1:8000/" +
      (bjI18n.lang() === "en" ? "" : bjI18n.lang() + "/") + "generated/" + page }),
    start,
    call: (module, name, ...args) => send("call", { module, name, args }),
    importModule: (module) => send("import", { module }),
    write: (path, text) => send("write", { path, text }),
    stop: (why) => end(stopped(why)),
  };
})();
