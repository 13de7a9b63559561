/* Practise dealing: the reader deals, the engine judges (Pyodide, served by this site; loaded by
   practice.html only). Needs python.js (the shared loader) first. Python's side is
   spec_engine/practice.py in pyodide/engine.zip: round_json(reg, seed) gives a round's questions,
   answer_json(reg, seed, index, answer) judges one answer. Python starts in the page's worker as
   soon as this script runs, and the engine is imported at once; a link that chooses the round
   asks for it then, so the worker deals it the moment Python is ready. window.bjPractice is for
   the tests (its start and answer return promises). */
(function () {
  "use strict";
  const root = document.getElementById("bj-practice");
  if (!root) return;
  const CARDS = JSON.parse(document.getElementById("bj-cards").textContent);
  const form = document.getElementById("bj-practice-form");
  const status = document.getElementById("bj-status");
  const tallyNode = document.getElementById("bj-tally");
  const area = document.getElementById("bj-round");
  const startButton = document.getElementById("bj-start");
  const tally = { rounds: 0, right: 0, asked: 0 };
  let ready = false; // Python is ready: the Deal button works
  let round = null; // {reg, name, seed, questions, index, right, answered, judging}
  let dealing = 0; // the latest deal asked for (an earlier one still answering is dropped)
  const engine = (name, ...args) => bjPython.call("spec_engine.practice", name, ...args).then(JSON.parse);

  const { el, clauseNodes, signed } = bjPython.dom;
  const cardsNode = (codes) => bjPython.dom.cardsNode(CARDS, codes);

  function sceneNode(scene) {
    const table = el("div", { class: "bj-scene" });
    const dealer = el("p", { class: "bj-dealer" }, el("strong", {}, "You (the dealer): "));
    if (scene.dealer.length) dealer.append(cardsNode(scene.dealer), " = " + scene.dealer_total);
    else dealer.append("no card yet");
    table.append(dealer);
    const boxes = el("ul", { class: "bj-boxes" });
    for (const b of scene.boxes) {
      const item = el("li", { class: "bj-box", "data-box": String(b.box) },
        el("strong", {}, "Box " + b.box), " · " + b.bettor + ", bet " + b.bet + ": ");
      if (!b.hands.length) item.append("no card yet");
      b.hands.forEach((h, i) => {
        const hand = el("span", { class: "bj-hand" });
        if (b.hands.length > 1) hand.append("hand " + (i + 1) + ": ");
        if (h.cards.length) hand.append(cardsNode(h.cards), " = " + h.total);
        if (h.doubled) hand.append(" (doubled)");
        if (h.bust) hand.append(" (bust)");
        item.append(hand);
      });
      boxes.append(item);
    }
    table.append(boxes);
    const extra = [];
    if (scene.burnt) extra.push("burnt: " + scene.burnt + " card" + (scene.burnt > 1 ? "s" : ""));
    const notes = el("p", { class: "bj-notes" }, extra.join("; "));
    if (scene.voided.length) notes.append(extra.length ? "; voided: " : "Voided: ", cardsNode(scene.voided));
    if (extra.length || scene.voided.length) table.append(notes);
    if (scene.misdealt) {
      const where = scene.misdealt.box ? "dealt to box " + scene.misdealt.box + " by mistake: " : "exposed by mistake: ";
      table.append(el("p", { class: "bj-misdealt" }, el("strong", {}, "Card " + where), cardsNode([scene.misdealt.card])));
    }
    if (scene.settled.length) {
      const list = el("ul", { class: "bj-settled" });
      for (const s of scene.settled) {
        list.append(el("li", {}, "Box " + s.box + (s.hand && s.hand > 1 ? ", hand " + s.hand : "") + ", " + s.bettor +
          ": " + signed(s.amount) + " (" + s.info.replaceAll("_", " ") + ")"));
      }
      table.append(el("div", { class: "bj-settled-list" }, el("p", {}, "Settled so far:"), list));
    }
    return table;
  }

  function ruleNode(rule) {
    const node = el("div", { class: "bj-rule", "data-field": rule.field });
    node.append(el("p", {}, el("strong", {}, "The rule: "), rule.doc + " Here: ", el("strong", {}, rule.value), "."));
    if (!rule.clauses.length) {
      node.append(el("p", { class: "bj-assumed" }, "Not stated in the regulation: the engine assumes this. " + rule.note));
    } else if (rule.basis === "interpretation" && rule.note) {
      node.append(el("p", { class: "bj-reading" }, "The project's reading: " + rule.note));
    }
    for (const c of rule.clauses) node.append(...clauseNodes(c));
    return node;
  }

  function questionNode(q, index, count) {
    const section = el("section", { class: "bj-question", "data-kind": q.kind, "aria-labelledby": "bj-q-title" });
    section.append(el("h3", { id: "bj-q-title", tabindex: "-1" }, "Step " + (index + 1) + " of " + count));
    section.append(sceneNode(q.scene));
    const fieldset = el("fieldset", { class: "bj-answer" });
    fieldset.append(el("legend", {}, q.prompt));
    if (q.amount) {
      const f = el("form", { class: "bj-amount" });
      const id = "bj-amount-" + index;
      f.append(el("label", { for: id }, "Net result for the bettor"),
        el("input", { id, name: "amount", type: "text", inputmode: "decimal", autocomplete: "off",
          "aria-describedby": id + "-hint" }),
        el("small", { id: id + "-hint" }, "exact: 15 if you pay 15, -10 if you take 10, 0 for a push, 37.5 for halves"),
        el("button", { type: "submit", class: "md-button md-button--primary" }, "Answer"));
      f.addEventListener("submit", (event) => {
        event.preventDefault();
        answer(f.elements.amount.value);
      });
      fieldset.append(f);
    } else {
      const choices = el("div", { class: "bj-choices" });
      for (const c of q.choices) {
        const b = el("button", { type: "button", class: "md-button", "data-value": c.value }, c.label);
        b.addEventListener("click", () => answer(c.value));
        choices.append(b);
      }
      fieldset.append(choices);
    }
    section.append(fieldset);
    section.append(el("div", { class: "bj-feedback", id: "bj-feedback", "aria-live": "polite" }));
    return section;
  }

  function showTally() {
    if (!tally.rounds) {
      tallyNode.textContent = "This session: no round finished yet.";
      return;
    }
    tallyNode.textContent = "This session: " + tally.rounds + " round" + (tally.rounds === 1 ? "" : "s") +
      " finished, " + tally.right + " of " + tally.asked + " steps right.";
  }

  function ask() {
    const q = round.questions[round.index];
    area.querySelector(".bj-question")?.remove();
    area.append(questionNode(q, round.index, round.questions.length));
    window.bjPractice.firstAt ??= performance.now(); // since the page's navigation started
    round.answered = false;
    const first = area.querySelector(".bj-answer input, .bj-answer button");
    first.focus();
  }

  async function start(reg, seed) {
    reg = reg || form.elements.reg.value;
    seed = String(seed === undefined || seed === null ? form.elements.seed.value : seed).trim();
    if (seed === "") seed = String(Math.floor(Math.random() * 1000000));
    form.elements.reg.value = reg;
    form.elements.seed.value = seed;
    const mine = ++dealing;
    const data = await engine("round_json", reg, seed);
    if (mine !== dealing) return data;
    area.replaceChildren();
    if (data.error) {
      round = null;
      area.append(el("p", { class: "bj-error", role: "alert" }, data.error));
      return data;
    }
    round = Object.assign(data, { index: 0, right: 0, answered: false });
    area.append(el("h2", { id: "bj-round-title" }, data.name + ", seed " + data.seed));
    area.append(el("p", { class: "bj-bets" }, "Bets: " +
      data.bets.map((b) => "box " + b.box + ", " + b.bettor + " " + b.amount).join("; ") + ". Table limits 10 to 500."));
    ask();
    return data;
  }

  async function answer(value) {
    if (!round || round.answered || round.judging) return null;
    const asked = round;
    const index = round.index;
    asked.judging = true;
    let verdict;
    try {
      verdict = await engine("answer_json", asked.reg, String(asked.seed), index, String(value));
    } finally {
      asked.judging = false;
    }
    if (round !== asked || round.index !== index) return null; // another round or step meanwhile
    const feedback = document.getElementById("bj-feedback");
    feedback.replaceChildren();
    if (verdict.error) {
      feedback.append(el("p", { class: "bj-error", role: "alert" }, verdict.error));
      return verdict;
    }
    round.answered = true;
    if (verdict.correct) round.right += 1;
    for (const b of area.querySelectorAll(".bj-answer button, .bj-answer input")) b.disabled = true;
    const chosen = area.querySelector('.bj-answer button[data-value="' + CSS.escape(String(value)) + '"]');
    if (chosen) chosen.classList.add(verdict.correct ? "bj-chosen-right" : "bj-chosen-wrong");
    const box = el("div", { class: verdict.correct ? "bj-right" : "bj-wrong" });
    if (verdict.correct) {
      box.append(el("p", {}, el("strong", {}, "Right: "), verdict.right + "."));
    } else {
      box.append(el("p", {}, el("strong", {}, "Not so: "), "you answered " + verdict.given +
        "; the engine, under these rules: " + verdict.right + "."));
    }
    // the rule behind the step and its clauses, quoted for a right answer as for a wrong one
    if (!verdict.rules.length) box.append(el("p", {}, "No rule value changes this: a win is paid the stake, " +
      "a loss takes it, a push leaves it with the bettor."));
    for (const rule of verdict.rules) box.append(ruleNode(rule));
    const last = index + 1 >= round.questions.length;
    const next = el("button", { type: "button", class: "md-button md-button--primary", id: "bj-next" },
      last ? "See the score" : "Next step");
    next.addEventListener("click", () => (last ? finish() : (round.index += 1, ask())));
    feedback.append(box, el("p", {}, next));
    next.focus();
    return verdict;
  }

  function finish() {
    tally.rounds += 1;
    tally.right += round.right;
    tally.asked += round.questions.length;
    showTally();
    area.querySelector(".bj-question")?.remove();
    const total = round.questions.length;
    const result = el("section", { class: "bj-score", "aria-labelledby": "bj-score-title" },
      el("h3", { id: "bj-score-title", tabindex: "-1" }, "Round over: " + round.right + " of " + total + " right"));
    const again = el("button", { type: "button", class: "md-button md-button--primary", id: "bj-again" },
      "Deal the next round (seed " + (Number(round.seed) + 1) + ")");
    again.addEventListener("click", () => start(round.reg, String(Number(round.seed) + 1)));
    result.append(el("p", {}, tallyNode.textContent), el("p", {}, again));
    area.append(result);
    result.querySelector("h3").focus();
    return { right: round.right, total };
  }

  async function boot() {
    const t0 = performance.now();
    const python = bjPython.start((text) => { status.textContent = text; });
    const imported = bjPython.importModule("spec_engine.practice");
    // a linked round is asked for now, queued in the worker behind the import (its failure is Python's, said below)
    const dealt = preset.has("reg") || preset.has("seed") ? start().catch(() => null) : null;
    const [, engine] = await Promise.all([python, imported]);
    window.bjPractice.readyMs = performance.now() - t0;
    window.bjPractice.phases = Object.assign({}, bjPython.phases, { engine });
    ready = true;
    status.textContent = "Python is ready: choose a rulebook and deal a round.";
    startButton.disabled = false;
    await dealt;
  }

  // A link may choose the round: practice.html?reg=UY&seed=7 (then it deals at once).
  const preset = new URLSearchParams(location.search);
  const regs = Array.from(form.elements.reg.options, (o) => o.value);
  if (regs.includes((preset.get("reg") || "").toUpperCase())) form.elements.reg.value = preset.get("reg").toUpperCase();
  if (preset.has("seed")) form.elements.seed.value = preset.get("seed");

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (ready) start(form.elements.reg.value, form.elements.seed.value);
  });
  window.bjPractice = { start, answer, finish, tally, round: () => round, ready: null, readyMs: null, phases: null,
    firstAt: null };
  showTally();
  if (bjPython.fromDisk()) {
    status.textContent = bjPython.serveHint("practice.html");
    status.classList.add("bj-warning");
    return;
  }
  window.bjPractice.ready = boot().catch((error) => {
    status.textContent = "Python could not start: " + error + ". Serve the site with make serve.";
    status.classList.add("bj-warning");
    throw error;
  });
})();
