// The cost between two rulebooks: the pair picker. The form sends ?a=uy&b=cz; here the page
// goes to that pair's section (#uy-cz) and the pickers show the pair chosen; a pair that is not
// one is refused in the page's words (its #pair-note's data-same and data-unknown).
(function () {
  function setup() {
    var params = new URLSearchParams(window.location.search);
    var a = params.get("a"), b = params.get("b");
    document.querySelectorAll("form.pair-picker").forEach(function (form) {
      if (a) form.elements.a.value = a;
      if (b) form.elements.b.value = b;
    });
    if (!a || !b) return;
    var target = document.getElementById(a + "-" + b);
    var note = document.getElementById("pair-note");
    if (a === b || !target) {
      // (the page gives both sentences in its own language: data-same, data-unknown)
      if (note) note.textContent = a === b ? note.dataset.same : note.dataset.unknown;
      return;
    }
    if (window.location.hash !== "#" + a + "-" + b) {
      window.history.replaceState(null, "", window.location.pathname + window.location.search + "#" + a + "-" + b);
      target.scrollIntoView();
    }
    target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup); else setup();
})();
