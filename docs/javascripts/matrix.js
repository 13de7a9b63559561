// The comparison matrix: filter rows by topic, or show only the rows where the texts differ.
// The filter lives in the address (?topic=doubling&differs=1), so a link or the Back button
// brings it back.
(function () {
  function setup() {
    var table = document.querySelector("table.matrix");
    if (!table) return;
    var params = new URLSearchParams(window.location.search);
    var topic = params.get("topic") || "all";
    var only = document.getElementById("only-differs");
    only.checked = params.get("differs") === "1";
    function apply(remember) {
      table.querySelectorAll("tbody tr").forEach(function (row) {
        // a row belongs to every topic it is filed or cross-filed under (data-topics)
        var topics = (row.dataset.topics || row.dataset.topic || "").split(" ");
        var show = (topic === "all" || topics.indexOf(topic) >= 0) && (!only.checked || row.classList.contains("differs"));
        row.style.display = show ? "" : "none";
      });
      document.querySelectorAll(".topic-filter").forEach(function (b) {
        var on = b.dataset.topic === topic;
        b.classList.toggle("active", on);
        b.setAttribute("aria-pressed", on ? "true" : "false");
      });
      if (remember) {
        var next = new URLSearchParams();
        if (topic !== "all") next.set("topic", topic);
        if (only.checked) next.set("differs", "1");
        var query = next.toString();
        window.history.replaceState(null, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
      }
    }
    document.querySelectorAll(".topic-filter").forEach(function (button) {
      button.addEventListener("click", function () { topic = button.dataset.topic; apply(true); });
    });
    only.addEventListener("change", function () { apply(true); });
    apply(false);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup); else setup();
})();
