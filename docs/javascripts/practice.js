/* Practise dealing: the reader deals, the engine judges (Pyodide, served by this site; loaded by
   practice.html only). Needs python.js (the shared loader) first. Python's side is
   spec_engine/practice.py in pyodide/engine.zip: round_json(reg, seed) gives a round's questions,
   answer_json(reg, seed, index, answer) judges one answer. Python starts in the page's worker as
   soon as this script runs, and the engine is imported at once; a link that chooses the round
   asks for it then, so the worker deals it the moment Python is ready. window.bjPractice is for
   the tests (its start and answer return promises). A house's hole card (the form's choice, or the
   address's: practice.html?reg=ES&hole_card=peek) goes with every call; the scene draws the
   dealer's hole card face down (a card's back, named as his hole card) until he turns it. Every sentence is a message in the page's language
   (bjI18n), in the round's rulebook's words (the round's `words`, the glossary's, from Python); the
   rules' meanings, notes and gists the catalog does not say yet are marked with their language. */
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
  let round = null; // {reg, name, seed, hole_card, house, questions, index, right, answered, judging}
  let dealing = 0; // the latest deal asked for (an earlier one still answering is dropped)
  const engine = (name, ...args) => bjPython.call("spec_engine.practice", name, ...args).then(JSON.parse);

  const { el, clauseNodes, signed, inLanguage, say, upper, outcome } = bjPython.dom;
  const cardsNode = (codes) => bjPython.dom.cardsNode(CARDS, codes);
  // The values of a message, with the round's rulebook's words (the glossary's, in the page's language).
  const w = (values) => Object.assign({}, round && round.words, values);

  function sceneNode(scene) {
    const table = el("div", { class: "bj-scene" });
    const dealer = el("p", { class: "bj-dealer" }, el("strong", {}, bjI18n._("You (the dealer):", w())), " ");
    if (scene.dealer.length) {
      const cards = cardsNode(scene.dealer);
      // (while his hole card lies face down his total is not shown: nobody knows it)
      if (scene.hole) bjPython.dom.faceDown(cards, CARDS, bjI18n._("your hole card, face down", w()));
      dealer.append(cards, scene.dealer_total ? " = " + scene.dealer_total : "");
    } else {
      dealer.append(bjI18n._("no card yet", w()));
    }
    table.append(dealer);
    const boxes = el("ul", { class: "bj-boxes" });
    for (const b of scene.boxes) {
      const item = el("li", { class: "bj-box", "data-box": String(b.box) },
        el("strong", {}, upper(bjI18n._("Box {number}", w({ number: b.box })))),
        " · " + bjI18n._("{bettor}, bet {amount}:", w({ bettor: b.bettor, amount: b.bet })) + " ");
      if (!b.hands.length) item.append(bjI18n._("no card yet", w()));
      b.hands.forEach((h, i) => {
        const hand = el("span", { class: "bj-hand" });
        if (b.hands.length > 1) hand.append(bjI18n._("hand {index}:", w({ index: i + 1 })) + " ");
        if (h.cards.length) hand.append(cardsNode(h.cards), " = " + h.total);
        if (h.doubled) hand.append(" " + bjI18n._("(doubled)", w()));
        if (h.bust) hand.append(" " + bjI18n._("(bust)", w()));
        item.append(hand);
      });
      boxes.append(item);
    }
    table.append(boxes);
    const extra = [];
    if (scene.burnt) extra.push(bjI18n.ngettext("burnt: {count} card", "burnt: {count} cards", scene.burnt, w({ count: scene.burnt })));
    const notes = el("p", { class: "bj-notes" }, extra.join("; "));
    if (scene.voided.length) {
      const cards = { cards: cardsNode(scene.voided) };
      notes.append(...(extra.length ? ["; ", ...say((v) => bjI18n._("voided: {cards}", w(v)), cards)] : say((v) => bjI18n._("Voided: {cards}", w(v)), cards)));
    }
    if (extra.length || scene.voided.length) table.append(notes);
    if (scene.misdealt) {
      const values = { number: scene.misdealt.box, card: cardsNode([scene.misdealt.card]) };
      const said = scene.misdealt.box ? say((v) => bjI18n._("Card dealt to box {number} by mistake: {card}", w(v)), values)
        : say((v) => bjI18n._("Card exposed by mistake: {card}", w(v)), values);
      // (the words in bold, the card beside them)
      table.append(el("p", { class: "bj-misdealt" }, ...said.map((part, i) => (typeof part === "string" ? el("strong", {}, i ? part : upper(part)) : part))));
    }
    if (scene.settled.length) {
      const list = el("ul", { class: "bj-settled" });
      for (const s of scene.settled) {
        const values = w({ number: s.box, index: s.hand, bettor: s.bettor, net: signed(s.amount), outcome: outcome(s.info, w()) });
        list.append(el("li", {}, upper(s.hand && s.hand > 1 ? bjI18n._("Box {number}, hand {index}, {bettor}: {net} ({outcome})", values)
          : bjI18n._("Box {number}, {bettor}: {net} ({outcome})", values))));
      }
      table.append(el("div", { class: "bj-settled-list" }, el("p", {}, bjI18n._("Settled so far:", w())), list));
    }
    return table;
  }

  function ruleNode(rule) {
    const node = el("div", { class: "bj-rule", "data-field": rule.field });
    const value = { value: el("strong", inLanguage(rule.value_lang), rule.value) };
    node.append(el("p", {}, el("strong", {}, bjI18n._("The rule:", w())), " ", el("span", inLanguage(rule.doc_lang), rule.doc), " ",
      ...say((v) => bjI18n._("Here: {value}.", w(v)), value)));
    const note = () => el("span", inLanguage(rule.note_lang), rule.note);
    if (!rule.clauses.length) {
      node.append(el("p", { class: "bj-assumed" }, bjI18n._("Not stated in the regulation: the engine assumes this.", w()), " ", note()));
    } else if (rule.basis === "interpretation" && rule.note) {
      node.append(el("p", { class: "bj-reading" }, bjI18n._("The project's reading:", w()), " ", note()));
    }
    for (const c of rule.clauses) node.append(...clauseNodes(c));
    return node;
  }

  function questionNode(q, index, count) {
    const section = el("section", { class: "bj-question", "data-kind": q.kind, "aria-labelledby": "bj-q-title" });
    section.append(el("h3", { id: "bj-q-title", tabindex: "-1" }, bjI18n._("Step {step} of {count}", w({ step: index + 1, count }))));
    section.append(sceneNode(q.scene));
    const fieldset = el("fieldset", { class: "bj-answer" });
    fieldset.append(el("legend", {}, q.prompt));
    if (q.amount) {
      const f = el("form", { class: "bj-amount" });
      const id = "bj-amount-" + index;
      f.append(el("label", { for: id }, bjI18n._("Net result for the bettor", w())),
        el("input", { id, name: "amount", type: "text", inputmode: "decimal", autocomplete: "off",
          "aria-describedby": id + "-hint" }),
        el("small", { id: id + "-hint" }, bjI18n._("exact: 15 if you pay 15, -10 if you take 10, 0 for a push, 37.5 for halves", w())),
        el("button", { type: "submit", class: "md-button md-button--primary" }, bjI18n._("Answer", w())));
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
      tallyNode.textContent = bjI18n._("This session: no round finished yet.");
      return;
    }
    tallyNode.textContent = bjI18n.ngettext("This session: {rounds} round finished, {right} of {asked} steps right.",
      "This session: {rounds} rounds finished, {right} of {asked} steps right.", tally.rounds,
      { rounds: tally.rounds, right: tally.right, asked: tally.asked });
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

  async function start(reg, seed, hole) {
    reg = reg || form.elements.reg.value;
    seed = String(seed === undefined || seed === null ? form.elements.seed.value : seed).trim();
    if (seed === "") seed = String(Math.floor(Math.random() * 1000000));
    hole = hole || form.elements.hole_card.value;
    form.elements.reg.value = reg;
    form.elements.seed.value = seed;
    const mine = ++dealing;
    const data = await engine("round_json", reg, seed, hole);
    if (mine !== dealing) return data;
    area.replaceChildren();
    if (data.error) {
      round = null;
      area.append(el("p", { class: "bj-error", role: "alert" }, data.error));
      return data;
    }
    round = Object.assign(data, { index: 0, right: 0, answered: false });
    area.append(el("h2", { id: "bj-round-title" }, bjI18n._("{name}, seed {seed}", w({ name: data.name, seed: data.seed }))));
    const bets = data.bets.map((b) => bjI18n._("box {number}, {bettor} {amount}", w({ number: b.box, bettor: b.bettor, amount: b.amount })));
    area.append(el("p", { class: "bj-bets" }, bjI18n._("Bets: {bets}. Table limits {min} to {max}.", w({ bets: bets.join("; "), min: 10, max: 500 }))));
    if (data.house) {
      area.append(el("p", { class: "bj-house" }, bjI18n._("A house's rule, not the regulation's: your second card is dealt {value}.", w({ value: data.house }))));
    }
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
      verdict = await engine("answer_json", asked.reg, String(asked.seed), index, String(value), asked.hole_card);
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
      box.append(el("p", {}, el("strong", {}, bjI18n._("Right:", w())), " " + bjI18n._("{answer}.", w({ answer: verdict.right }))));
    } else {
      box.append(el("p", {}, el("strong", {}, bjI18n._("Not so:", w())), " " +
        bjI18n._("you answered {given}; the engine, under these rules: {right}.", w({ given: verdict.given, right: verdict.right }))));
    }
    // the rule behind the step and its clauses, quoted for a right answer as for a wrong one
    if (!verdict.rules.length) {
      box.append(el("p", {}, bjI18n._("No rule value changes this: a win is paid the stake, a loss takes it, a push leaves it with the bettor.", w())));
    }
    for (const rule of verdict.rules) box.append(ruleNode(rule));
    const last = index + 1 >= round.questions.length;
    const next = el("button", { type: "button", class: "md-button md-button--primary", id: "bj-next" },
      last ? bjI18n._("See the score", w()) : bjI18n._("Next step", w()));
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
      el("h3", { id: "bj-score-title", tabindex: "-1" }, bjI18n._("Round over: {right} of {total} right", w({ right: round.right, total }))));
    const again = el("button", { type: "button", class: "md-button md-button--primary", id: "bj-again" },
      bjI18n._("Deal the next round (seed {seed})", w({ seed: Number(round.seed) + 1 })));
    again.addEventListener("click", () => start(round.reg, String(Number(round.seed) + 1), round.hole_card));
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
    const dealt = preset.has("reg") || preset.has("seed") ? start(null, null, preset.get("hole_card")).catch(() => null) : null;
    const [, engine] = await Promise.all([python, imported]);
    window.bjPractice.readyMs = performance.now() - t0;
    window.bjPractice.phases = Object.assign({}, bjPython.phases, { engine });
    ready = true;
    status.textContent = bjI18n._("Python is ready: choose a rulebook and deal a round.");
    startButton.disabled = false;
    await dealt;
  }

  // A link may choose the round: practice.html?reg=UY&seed=7 (then it deals at once), and a house's
  // hole card: &hole_card=peek (a value that is none of the form's is the engine's to refuse).
  const preset = new URLSearchParams(location.search);
  const regs = Array.from(form.elements.reg.options, (o) => o.value);
  if (regs.includes((preset.get("reg") || "").toUpperCase())) form.elements.reg.value = preset.get("reg").toUpperCase();
  if (preset.has("seed")) form.elements.seed.value = preset.get("seed");
  const holes = Array.from(form.elements.hole_card.options, (o) => o.value);
  if (holes.includes(preset.get("hole_card"))) form.elements.hole_card.value = preset.get("hole_card");

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (ready) start(form.elements.reg.value, form.elements.seed.value, form.elements.hole_card.value);
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
    status.textContent = bjI18n._("Python could not start: {error}. Serve the site with make serve.", { error });
    status.classList.add("bj-warning");
    throw error;
  });
})();
