/* Python in the page: one Pyodide per page, started from this site (pyodide/, copied there by
   tools/pyodide_site.py) with the engine pack unpacked and on sys.path. Loaded only by the pages
   that run Python, before their own script. Usage:

     bjPython.fromDisk()            true when the page was opened from a file:// address
     bjPython.load(onStatus)        a promise of the pyodide object (started once per page)
     bjPython.phases                {pyodide, pack, engine} milliseconds, once loaded
     bjPython.dom                   what the pages draw alike: el, cardsNode, clauseHref,
                                    clauseNodes (a clause's id, words and gist), signed

   Nothing is fetched from any other host. */
(function () {
  "use strict";
  if (window.bjPython) return;
  const BASE = new URL("../pyodide/", document.currentScript.src).href;
  let started = null;

  async function boot(onStatus) {
    const t0 = performance.now();
    onStatus("Loading Python (Pyodide, about 13 MB the first time)…");
    const pack = fetch(BASE + "engine.zip").then((r) => {  // meanwhile
      if (!r.ok) throw new Error("engine.zip: HTTP " + r.status);
      return r.arrayBuffer();
    });
    const { loadPyodide } = await import(BASE + "pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL: BASE });
    const t1 = performance.now();
    pyodide.unpackArchive(await pack, "zip", { extractDir: "/engine" });
    pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
    window.bjPython.phases = { pyodide: t1 - t0, pack: performance.now() - t1, engine: 0 };
    return pyodide;
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
    const span = el("span", { class: "bj-cards", role: "img", "aria-label": label || "no card" });
    span.innerHTML = codes.map((c) => cards[c].svg).join("");
    for (const svg of span.querySelectorAll("svg")) svg.setAttribute("aria-hidden", "true");
    return span;
  }

  function clauseHref(id) {
    return id.split("-")[0].toLowerCase() + ".html#" + id.toLowerCase().replaceAll(".", "-");
  }

  // A clause ({id, text, gist, lang}): its id linked to its regulation page, its words, its gist.
  function clauseNodes(c) {
    return [el("p", { class: "bj-clause-id" }, el("a", { href: clauseHref(c.id) }, c.id)),
      el("blockquote", { class: "bj-clause", lang: c.lang }, el("p", {}, c.text)),
      el("p", { class: "bj-gist" }, c.gist)];
  }

  function signed(amount) {
    return (amount.startsWith("-") || amount === "0" ? "" : "+") + amount; // as the pages write it
  }

  window.bjPython = {
    dom: { el, cardsNode, clauseHref, clauseNodes, signed },
    base: BASE,
    phases: null,
    fromDisk: () => location.protocol === "file:",
    serveHint: (page) => "Opened from disk: browsers refuse to run Python's WebAssembly from a file. " +
      "Serve the site (make serve, then open http://127.0.0.1:8000/generated/" + page + ") to run it here.",
    load(onStatus) {
      if (!started) started = boot(onStatus || (() => {}));
      return started;
    },
  };
})();
