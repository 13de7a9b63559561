/* Python in the page: one Pyodide per page, started from this site (pyodide/, copied there by
   tools/pyodide_site.py) with the engine pack unpacked and on sys.path. Loaded only by the pages
   that run Python, before their own script. Usage:

     bjPython.fromDisk()            true when the page was opened from a file:// address
     bjPython.load(onStatus)        a promise of the pyodide object (started once per page)
     bjPython.phases                {pyodide, pack, engine} milliseconds, once loaded

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

  window.bjPython = {
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
