// Every page: scroll areas (tables, code) reachable by keyboard, and a word on what needs a served site.
(function () {
  function setup() {
    // Material wraps wide tables in a scrolling frame: let the keyboard reach it (WCAG 2.1.1).
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (frame, i) {
      if (frame.hasAttribute("tabindex")) return;
      frame.setAttribute("tabindex", "0");
      frame.setAttribute("role", "region");
      frame.setAttribute("aria-label", "table " + (i + 1) + " (scrolls)");
    });
    focusableCode();
    // Opened from disk, the browser refuses the search's web worker: say so at once.
    if (window.location.protocol === "file:" && !document.querySelector(".from-disk")) {
      var note = document.createElement("p");
      note.className = "from-disk admonition note";
      note.setAttribute("role", "note");
      note.textContent = "Opened from disk: the search needs the site served. In the project, run " +
        "\"make serve\" and open http://127.0.0.1:8000/ (every page and link works from disk).";
      var content = document.querySelector(".md-content__inner") || document.body;
      content.insertBefore(note, content.firstChild);
      document.querySelectorAll("input.md-search__input").forEach(function (input) {
        input.setAttribute("placeholder", "Search needs: make serve");
      });
    }
  }
  // A code block that scrolls sideways must take the keyboard, or its end cannot be read
  // (WCAG 2.1.1). Material makes it focusable only where the device can hover
  // (matchMedia("(hover)")): not on a touch screen, whose reader may well have a keyboard.
  // Mark each such block, again when its width changes, and again when Material unmarks it.
  function focusableCode() {
    function mark(code) {
      if (code.scrollWidth > code.clientWidth && code.getAttribute("tabindex") !== "0") {
        code.setAttribute("tabindex", "0");
      }
    }
    var unmarked = new MutationObserver(function (changes) {
      changes.forEach(function (change) { mark(change.target); });
    });
    var resized = "ResizeObserver" in window ? new ResizeObserver(function (entries) {
      entries.forEach(function (entry) { mark(entry.target); });
    }) : null;
    document.querySelectorAll(".md-typeset pre > code").forEach(function (code) {
      mark(code);
      unmarked.observe(code, {attributes: true, attributeFilter: ["tabindex"]});
      if (resized) resized.observe(code);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup); else setup();
})();
