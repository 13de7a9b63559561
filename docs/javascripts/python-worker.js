/* The page's Python, off the page's main thread: a dedicated Web Worker (a module worker) that
   javascripts/python.js starts, one per page. It loads Pyodide from this site (../pyodide/,
   copied there by tools/pyodide_site.py), unpacks the engine pack (engine.zip) into /engine and
   puts it on sys.path, as soon as it starts, and activates the page's language (?lang=, from
   <html lang>) for the engine's messages (spec_engine.i18n.activate: the pack carries the
   compiled catalogs). Python may run as long as it likes here: the page
   stays responsive, and python.js stops a run by terminating this worker (Pyodide's interrupt
   buffer needs a cross-origin-isolated page, which a static site cannot make).

   Messages in, each {id, op, ...}, answered in order by {id, ok: true, value} or
   {id, ok: false, error}:

     {op: "import", module}          imports module; value: the milliseconds it took
     {op: "call", module, name, args}
                                     module.name(*args); value: the result, as JavaScript
                                     (a str stays a string; a tuple or list becomes an Array)
     {op: "write", path, text}       writes a file into Python's file system

   and, outside that queue, {op: "wasm", module}: Pyodide's WebAssembly, compiled by the page
   (python.js), which Python waits for (null: the page could not compile it; Pyodide then
   fetches and compiles it here). Compiled by the page, its code is shared with this worker and
   with the next worker of the page or of the next page in the same tab while the browser keeps
   it: a worker compiling it alone would compile it afresh each time (twice as slow to start).

   Also posted once: {ready: true, phases: {pyodide, pack}} (milliseconds) when Python is ready,
   or {ready: false, error} when it could not start. Nothing is fetched from any other host. */
const BASE = new URL("../pyodide/", import.meta.url).href;

// Pyodide fetches its WebAssembly, then instantiates it with WebAssembly.instantiateStreaming:
// in this worker both take the page's compiled module when there is one (no second download).
const WASM = BASE + "pyodide.asm.wasm";
let received;
const compiled = new Promise((resolve) => { received = resolve; });
const { fetch: fetchOriginal } = globalThis;
const { instantiateStreaming } = WebAssembly;
globalThis.fetch = async (url, options) => {
  if (String(url) === WASM && await compiled) return new Response(null); // not read: see below
  return fetchOriginal(url, options);
};
WebAssembly.instantiateStreaming = async (source, imports) => {
  const module = await compiled;
  if (!module) return instantiateStreaming(source, imports);
  return { instance: await WebAssembly.instantiate(module, imports), module };
};

async function boot() {
  const t0 = performance.now();
  const pack = fetch(BASE + "engine.zip").then((r) => {  // meanwhile
    if (!r.ok) throw new Error("engine.zip: HTTP " + r.status);
    return r.arrayBuffer();
  });
  const { loadPyodide } = await import(BASE + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: BASE });
  const t1 = performance.now();
  pyodide.unpackArchive(await pack, "zip", { extractDir: "/engine" });
  pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
  // The page's language (python.js passes <html lang>): the engine's messages answer in it.
  const lang = new URL(import.meta.url).searchParams.get("lang") || "en";
  pyodide.globals.set("page_language", lang);
  pyodide.runPython("import spec_engine.i18n as i18n; i18n.activate(page_language if page_language in i18n.LANGUAGES else i18n.SOURCE)");
  return { pyodide, phases: { pyodide: t1 - t0, pack: performance.now() - t1 } };
}

const started = boot();
started.then(({ phases }) => postMessage({ ready: true, phases }),
  (error) => postMessage({ ready: false, error: String(error && error.message || error) }));

function toJs(value) {
  if (value && typeof value.toJs === "function") {  // a PyProxy: copied out, then released
    const copy = value.toJs({ dict_converter: Object.fromEntries });
    value.destroy();
    return copy;
  }
  return value;
}

const modules = new Map(); // name -> the module's proxy, kept

function imported(pyodide, name) {
  if (!modules.has(name)) modules.set(name, pyodide.pyimport(name));
  return modules.get(name);
}

const OPS = {
  import(pyodide, { module }) {
    const t = performance.now();
    imported(pyodide, module);
    return performance.now() - t;
  },
  call(pyodide, { module, name, args }) {
    const fn = imported(pyodide, module)[name];
    if (typeof fn !== "function") throw new Error(module + "." + name + " is not a function");
    try {
      return toJs(fn(...args));
    } finally {
      fn.destroy();
    }
  },
  write(pyodide, { path, text }) {
    pyodide.FS.writeFile(path, text);
    pyodide.runPython("import importlib; importlib.invalidate_caches()"); // a new module is found
    return null;
  },
};

// One message at a time, in order: each waits for Python, then runs to its end.
let queue = Promise.resolve();
onmessage = (event) => {
  const { id, op } = event.data;
  if (op === "wasm") {
    received(event.data.module);
    return;
  }
  queue = queue.then(async () => {
    try {
      const { pyodide } = await started;
      postMessage({ id, ok: true, value: OPS[op](pyodide, event.data) });
    } catch (error) {
      postMessage({ id, ok: false, error: String(error && error.message || error) });
    }
  });
};
