// Every page: scroll areas reachable by keyboard, and a word on what needs a served site.
(function () {
  function setup() {
    // Material wraps wide tables in a scrolling frame: let the keyboard reach it (WCAG 2.1.1).
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (frame, i) {
      if (frame.hasAttribute("tabindex")) return;
      frame.setAttribute("tabindex", "0");
      frame.setAttribute("role", "region");
      frame.setAttribute("aria-label", "table " + (i + 1) + " (scrolls)");
    });
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
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup); else setup();
})();
