// The comparison matrix: filter rows by topic, or show only the rows that differ.
(function () {
  function setup() {
    var table = document.querySelector("table.matrix");
    if (!table) return;
    var topic = "all";
    var only = document.getElementById("only-differs");
    function apply() {
      table.querySelectorAll("tbody tr").forEach(function (row) {
        var show = (topic === "all" || row.dataset.topic === topic) && (!only.checked || row.classList.contains("differs"));
        row.style.display = show ? "" : "none";
      });
      document.querySelectorAll(".topic-filter").forEach(function (b) {
        b.classList.toggle("active", b.dataset.topic === topic);
      });
    }
    document.querySelectorAll(".topic-filter").forEach(function (button) {
      button.addEventListener("click", function () { topic = button.dataset.topic; apply(); });
    });
    only.addEventListener("change", apply);
    apply();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup); else setup();
})();
