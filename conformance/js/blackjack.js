#!/usr/bin/env node
// An independent blackjack implementation in JavaScript that speaks the conformance
// protocol (JSON lines on stdin/stdout, version 7.1; see docs/protocol.md). It exists to
// show that the protocol is language-neutral and to catch the reference engine's faults:
// it shares no code with the Python engine, only the rule sets' data.
//
//   node conformance/js/blackjack.js
//
// Scope: every level -- a round on a stacked shoe, a table dealing shoe after shoe, a
// player-banked session -- under every rule set of the project (data/regulations.toml), with every action
// of the protocol. The rule values and the clause ids a refusal cites are read at run time
// from spec_engine/data/rulesets/<reg>.toml (BLACKJACK_JS_RULESETS names another folder);
// `overrides` change them for one game (a changed value cites no clause); `house` chooses among
// the values a text leaves to the house (a rule's `options`).
//
// Money is exact: a rational of two BigInts, written as a decimal string ("22.5").
// No npm dependencies.
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

const PROTOCOL = '7.1';
const ACTIONS = ['bet', 'change_bet', 'withdraw_bet', 'consent', 'object', 'deal', 'insurance', 'even_money',
  'close_insurance', 'forget_insurance_call', 'hit', 'stand', 'double', 'split', 'surrender', 'close_surrender', 'misdeal',
  'play_absent',
  'announce_closing', 'change_dealer', 'claim', 'cut', 'leave', 'session_play', 'session_round', 'shuffle'];
const TABLE_ACTIONS = new Set(['cut', 'shuffle', 'change_dealer', 'announce_closing', 'leave', 'claim',
  'session_round', 'session_play']);
const RULESETS = process.env.BLACKJACK_JS_RULESETS ||
  path.join(__dirname, '..', '..', 'spec_engine', 'data', 'rulesets');

// ------------------------------------------------------------------ errors
class Refusal extends Error {
  constructor(code, message, extra = {}) {
    super(message);
    this.code = code;
    this.clauses = extra.clauses || [];
    this.rule = extra.rule || null;
    this.field = extra.field || null;
  }
}
const bad = (field, message) => new Refusal('input_error', message, { field });
const unsupported = (message) => new Refusal('unsupported', message);

// ------------------------------------------------------------------ exact money
function gcd(a, b) {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

class Q {
  constructor(n, d = 1n) {
    if (d === 0n) throw new Error('zero denominator');
    if (d < 0n) { n = -n; d = -d; }
    const g = gcd(n, d) || 1n;
    this.n = n / g;
    this.d = d / g;
  }
  static of(x) { return x instanceof Q ? x : new Q(BigInt(x)); }
  add(o) { o = Q.of(o); return new Q(this.n * o.d + o.n * this.d, this.d * o.d); }
  sub(o) { o = Q.of(o); return new Q(this.n * o.d - o.n * this.d, this.d * o.d); }
  mul(o) { o = Q.of(o); return new Q(this.n * o.n, this.d * o.d); }
  neg() { return new Q(-this.n, this.d); }
  cmp(o) { o = Q.of(o); const l = this.n * o.d, r = o.n * this.d; return l < r ? -1 : l > r ? 1 : 0; }
  isZero() { return this.n === 0n; }
  // "22.5", "-10", "0"; "n/d" when no finite decimal exists
  toString() {
    let d = this.d, places = 0, twos = 0, fives = 0;
    while (d % 2n === 0n) { d /= 2n; twos++; }
    while (d % 5n === 0n) { d /= 5n; fives++; }
    if (d !== 1n) return `${this.n}/${this.d}`;
    places = Math.max(twos, fives);
    if (places === 0) return this.n.toString();
    const scaled = this.n * 10n ** BigInt(places) / this.d;
    const digits = (scaled < 0n ? -scaled : scaled).toString().padStart(places + 1, '0');
    return `${scaled < 0n ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
  }
}

// Money as the protocol writes it: a decimal or ratio string, or a whole JSON number.
function parseMoney(value, field = 'amount') {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return Q.of(value);
  if (typeof value === 'string') {
    const text = value.trim();
    let m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (m) {
      const frac = m[3] || '';
      const n = BigInt(m[2] + frac) * (m[1] === '-' ? -1n : 1n);
      return new Q(n, 10n ** BigInt(frac.length));
    }
    m = /^([+-]?\d+)\/(\d+)$/.exec(text);
    if (m && BigInt(m[2]) !== 0n) return new Q(BigInt(m[1]), BigInt(m[2]));
  }
  throw bad(field, `not an amount of money: ${JSON.stringify(value)}`);
}

// ------------------------------------------------------------------ the rule sets (TOML)
// The rule-set files are flat: one `name = { value = ..., clauses = [...], ... }` a line.
// This reader knows TOML's strings, numbers, booleans, arrays and inline tables, enough
// for those files.
function parseTomlValue(text, pos) {
  const skip = () => { while (pos < text.length && /\s/.test(text[pos])) pos++; };
  const value = () => {
    skip();
    const c = text[pos];
    if (c === '"') {
      let end = pos + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const s = JSON.parse(text.slice(pos, end + 1));
      pos = end + 1;
      return s;
    }
    if (c === "'") {
      const end = text.indexOf("'", pos + 1);
      const s = text.slice(pos + 1, end);
      pos = end + 1;
      return s;
    }
    if (c === '[' || c === '{') {
      const table = c === '{';
      const out = table ? {} : [];
      pos++;
      for (;;) {
        skip();
        if (text[pos] === (table ? '}' : ']')) { pos++; return out; }
        if (table) {
          const m = /^[A-Za-z0-9_-]+/.exec(text.slice(pos));
          pos += m[0].length;
          skip();
          pos++; // '='
          out[m[0]] = value();
        } else {
          out.push(value());
        }
        skip();
        if (text[pos] === ',') pos++;
      }
    }
    const m = /^(true|false|[+-]?[0-9_]+(?:\.[0-9_]+)?)/.exec(text.slice(pos));
    if (!m) throw new Error(`cannot read TOML at ${JSON.stringify(text.slice(pos, pos + 20))}`);
    pos += m[0].length;
    if (m[0] === 'true' || m[0] === 'false') return m[0] === 'true';
    return Number(m[0].replace(/_/g, ''));
  };
  const v = value();
  return v;
}

const rulesetCache = new Map();

// The regulations, in order: the project's one list (data/regulations.toml, beside the rule sets).
const REGULATIONS = (() => {
  const beside = path.join(RULESETS, '..', 'regulations.toml');
  const file = fs.existsSync(beside) ? beside : path.join(__dirname, '..', '..', 'spec_engine', 'data', 'regulations.toml');
  const text = fs.readFileSync(file, 'utf8');
  const line = text.split('\n').find((l) => /^ids\s*=/.test(l));
  return parseTomlValue(line.replace(/^ids\s*=\s*/, ''), 0);
})();

function loadRules(regulation) {
  if (rulesetCache.has(regulation)) return rulesetCache.get(regulation);
  const file = path.join(RULESETS, `${regulation.toLowerCase()}.toml`);
  const text = fs.readFileSync(file, 'utf8');
  const values = {};
  const clauses = {};
  const options = {}; // rule -> { values, clauses }: the rules whose text lets the house choose
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const head = /^\[([^\]]+)\]$/.exec(line);
    if (head) { section = head[1]; continue; }
    if (section !== 'rules') continue;
    const m = /^([A-Za-z0-9_]+)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    const entry = parseTomlValue(m[2], 0);
    const own = entry.clauses || [];
    if (entry.options) {
      // a house option: the values the text permits, each with its clauses (its own, else the
      // rule's); the house's choice is the default, else the first
      const table = (o) => o !== null && typeof o === 'object' && !Array.isArray(o);
      const permitted = entry.options.map((o) => noneless(table(o) ? o.value : o));
      const cited = entry.options.map((o) => (table(o) && o.clauses && o.clauses.length ? o.clauses : own));
      options[m[1]] = { values: permitted, clauses: cited };
      values[m[1]] = 'default' in entry ? noneless(entry.default) : permitted[0];
      clauses[m[1]] = own.length ? own : [...new Set(cited.flat())];
      continue;
    }
    values[m[1]] = noneless(entry.value);
    clauses[m[1]] = own;
  }
  const rules = { id: regulation, values, clauses, options };
  rulesetCache.set(regulation, rules);
  return rules;
}

const noneless = (value) => (value === 'none' ? null : value);

const ratio = (value) => parseMoney(String(value), 'rules');

// ------------------------------------------------------------------ cards
const RANKS = 'A23456789TJQK';
const SUITS = 'SHDC';

function parseCard(code) {
  if (typeof code !== 'string' || code.length !== 2 || !RANKS.includes(code[0]) || !SUITS.includes(code[1])) {
    throw bad('card', `not a card: ${JSON.stringify(code)}`);
  }
  const rank = code[0];
  const value = rank === 'A' ? 1 : 'TJQK'.includes(rank) ? 10 : Number(rank);
  return { code, rank, value };
}

// A hand's count: `hard` counts every ace as one; `soft` when one ace may count eleven.
function count(cards) {
  const hard = cards.reduce((s, c) => s + c.value, 0);
  const soft = cards.some((c) => c.value === 1) && hard <= 11;
  return { hard, soft, total: soft ? hard + 10 : hard };
}

const isInt = (x) => typeof x === 'number' && Number.isInteger(x);

// ------------------------------------------------------------------ one round
class Hand {
  constructor(cards, stakes, fromSplit = false) {
    this.cards = cards;
    this.stakes = stakes; // bettor -> stake (Q)
    // what each bettor staked before doubling: a split hand's stake is all added
    this.original = new Map([...stakes].map(([b, v]) => [b, fromSplit ? Q.of(0) : v]));
    this.open = new Set(stakes.keys()); // bettors whose stake is not settled yet
    this.fromSplit = fromSplit;
    this.doubled = false;
    this.surrendered = false; // a late surrender waits for the dealer's second card
    this.done = false;
    this.natural = false;
  }

  get count() { return count(this.cards); }
  codes() { return this.cards.map((c) => c.code); }
}

class Box {
  constructor(number, seated, holder = null) {
    this.number = number;
    this.seated = seated;
    this.holder = holder; // the player seated at the box, where the round was told who sits there
    this.bets = new Map(); // bettor -> bet, in the order placed
    this.excess = new Map(); // the part of an unnoticed over-maximum bet that does not play
    this.hands = [];
    this.insurance = new Map();
    this.even = new Set();
    this.series = false; // a run of equal cards since the last split, still unbroken
    this.special = null; // the bettor playing his special maximum on this box
  }

  // the holder: the player seated at the box once he has a bet on it, else the first bettor
  get owner() { return this.holder !== null && this.bets.has(this.holder) ? this.holder : this.bets.keys().next().value; }
}

const sum = (values) => [...values].reduce((a, b) => a.add(b), Q.of(0));

class Round {
  // `shoe`: { cards (first dealt first), cutRemaining (cards behind the cut card, or null) };
  // at a table, `log` is the table's, `refill` refills an empty shoe, `specialMax` gives
  // the bettors authorised a special maximum and `players` says how many may bet.
  constructor(rules, shoe, { minBet, maxBet, seated = null, log = [], refill = null, specialMax = new Map(), players = null }) {
    this.rules = rules;
    this.r = rules.values;
    this.shoe = shoe;
    this.refill = refill;
    this.specialMax = specialMax;
    this.minBet = minBet;
    this.maxBet = maxBet;
    // a Set of the boxes whose seat is taken, or a Map from each to the player seated there, or null: all
    this.holders = seated instanceof Map ? seated : new Map();
    this.seated = seated instanceof Map ? new Set(seated.keys()) : seated;
    this.players = players; // how many players the table has: no more bettors than that (null: not said)
    this.phase = 'betting';
    this.boxes = new Map();
    this.answers = new Map(); // "box/bettor" -> consent (true) or objection (false)
    this.dealer = [];
    this.voided = [];
    this.drawn = []; // every card drawn from the shoe this round, in order
    this.log = log;
    this.start = log.length;
    this.net = new Map(); // bettor -> result this round
    this.cleared = []; // the cards that went to the discards
    this.cutCardBox = null; // the box that "received" the cut card (0: the dealer), once out
    this.cutPending = false;
    this.insuranceDone = false;
    this.hole = null; // the dealer's hole card while face down (a hole-card game)
    this.holeStage = 0; // 0: before the check; 1: early surrender offered; 2: checked
    this.order = [];
    this.bi = 0; // the box to act (index in this.order) ...
    this.hi = 0; // ... and its hand
    this.checkLimits();
  }

  // -- plumbing
  emit(type, fields = {}) {
    const event = { type };
    for (const key of ['box', 'hand', 'bettor', 'card', 'amount', 'stake', 'total', 'info']) {
      const v = fields[key];
      if (v === undefined || v === null) continue;
      event[key] = v instanceof Q ? v.toString() : v;
    }
    this.log.push(event);
  }

  refuse(rule, message) {
    const clauses = this.rules.clauses[rule] || [];
    const cite = clauses.length ? clauses.join(', ') : `not stated; assumption '${rule}'`;
    return new Refusal('rule_violation', `${message} [${cite}]`, { clauses, rule });
  }

  checkLimits() {
    const { minBet, maxBet, r } = this;
    if (minBet.cmp(0) <= 0 || (maxBet && maxBet.cmp(minBet) < 0)) {
      throw bad('limits', `table limits ${minBet}..${maxBet} need 0 < min <= max`);
    }
    if (r.bets_closed_at_deal === false) throw bad('bets_closed_at_deal', 'bets always close when the deal starts');
    if (r.double_on_blackjack === true) throw bad('double_on_blackjack', 'a blackjack is complete when dealt');
    if (r.hole_card && r.insurance_timing === 'before_dealer_second_card') {
      throw bad('hole_card', `hole_card = '${r.hole_card}' and insurance_timing = 'before_dealer_second_card' cannot be played together: `
        + 'insurance is settled when the dealer checks his hole card, before the players act');
    }
    const step = r.bet_multiple;
    const off = (x) => step !== null && x.mul(new Q(1n, BigInt(step))).d !== 1n;
    if (step !== null && (off(minBet) || (maxBet && off(maxBet)))) {
      throw this.refuse('bet_multiple', `limits ${minBet} and ${maxBet} must be multiples of ${step}`);
    }
    if (r.limit_ratio !== null) {
      const [low, high] = r.limit_ratio;
      if (!maxBet) { // no maximum is a ratio beyond any bound
        throw this.refuse('limit_ratio', `a maximum is needed: between ${low} and ${high} times the minimum ${minBet}`);
      }
      if (maxBet.cmp(minBet.mul(low)) < 0 || maxBet.cmp(minBet.mul(high)) > 0) {
        throw this.refuse('limit_ratio', `the maximum ${maxBet} must lie between ${low} and ${high} times the minimum ${minBet}`);
      }
    }
  }

  // The next card of the shoe, for box `to` (0: the dealer).
  draw(to) {
    const shoe = this.shoe;
    if (this.cutPending) { // this card lay behind the cut card: its receiver "got" the cut card
      this.cutPending = false;
      this.cutCardBox = to;
    }
    if (!shoe.cards.length && this.refill) this.refill(this.cutCardBox);
    const card = shoe.cards.shift();
    if (!card) throw bad('shoe', 'the shoe is empty; stack more cards');
    this.drawn.push(card);
    if (shoe.cards.length === shoe.cutRemaining) {
      this.emit('cut_card_out');
      if (this.r.announce_last_round) this.emit('last_round');
      this.cutPending = true;
    }
    return card;
  }

  // The round's settlements that stand: those before a reconstruction are undone.
  settlements() {
    let out = [];
    for (const e of this.log.slice(this.start)) {
      if (e.type === 'settle') out.push(e);
      else if (e.type === 'remedy' && e.info === 'reconstruct') out = [];
    }
    return out;
  }

  inOrder(rule) {
    const list = [...this.boxes.values()].sort((a, b) => a.number - b.number);
    return this.r[rule] === 'descending' ? list.reverse() : list;
  }

  checkBoxNumber(number, field = 'box') {
    const max = this.r.max_boxes;
    if (!isInt(number) || number < 1 || number > max) throw bad(field, `no box ${JSON.stringify(number)}: boxes are 1..${max}`);
    return number;
  }

  box(number) {
    this.checkBoxNumber(number);
    const box = this.boxes.get(number);
    if (!box) throw bad('box', `box ${number} has no bet`);
    return box;
  }

  decider(box) {
    if (box.seated || this.r.unseated_box_decider === 'first_bettor') return box.owner;
    let best = null;
    for (const [who, amount] of box.bets) if (!best || amount.cmp(box.bets.get(best)) > 0) best = who;
    return best;
  }

  settle(box, handNo, bettor, stake, net, info) {
    this.net.set(bettor, (this.net.get(bettor) || Q.of(0)).add(net));
    this.emit('settle', { box: box.number, hand: handNo, bettor, amount: net, stake, info });
  }

  settleHand(box, hand, info, times) {
    const number = box.hands.indexOf(hand) + 1;
    for (const bettor of box.bets.keys()) {
      if (hand.open.has(bettor)) {
        const stake = hand.stakes.get(bettor);
        this.settle(box, number, bettor, stake, stake.mul(times), info);
      }
    }
    hand.open.clear();
    hand.done = true;
  }

  needPhase(phase, action) {
    if (this.phase !== phase) throw this.refuse('play_order', `no ${action} in the ${this.phase} phase (only in ${phase})`);
  }

  // -- betting
  needBetting() {
    if (this.phase !== 'betting') throw this.refuse('bets_closed_at_deal', 'bets are closed once dealing has started');
  }

  amount(value) {
    const amount = parseMoney(value);
    if (amount.cmp(0) <= 0) throw bad('amount', `a bet is a positive amount, not ${amount}`);
    if (this.r.table_limits && amount.cmp(this.minBet) < 0) {
      throw this.refuse('table_limits', `bet ${amount} is below the table minimum ${this.minBet}`);
    }
    const step = this.r.bet_multiple;
    if (step !== null && amount.mul(new Q(1n, BigInt(step))).d !== 1n) {
      throw this.refuse('bet_multiple', `bet ${amount} is not a multiple of ${step}`);
    }
    return amount;
  }

  bet({ box: number, bettor, amount: raw, unnoticed }, stays = false) {
    this.needBetting();
    const r = this.r;
    this.checkBoxNumber(number);
    if (typeof bettor !== 'string' || !bettor) throw bad('bettor', 'a bettor is named by a non-empty string');
    const amount = this.amount(raw);
    const box = this.boxes.get(number) || new Box(number, !this.seated || this.seated.has(number), this.holders.get(number) ?? null);
    if (box.bets.has(bettor)) throw bad('bettor', `${bettor} already has a bet on box ${number}`);
    if (this.players !== null) {
      const betting = new Set([...this.boxes.values()].flatMap((b) => [...b.bets.keys()]));
      if (!betting.has(bettor) && betting.size >= this.players) {
        throw bad('participants', `${bettor} cannot bet: the ${this.players} player(s) at this table already bet`);
      }
    }
    if (box.seated && !stays && (box.holder === null ? box.bets.size : bettor !== box.holder)) {
      const answer = this.answers.get(`${number}/${bettor}`);
      if (r.bet_behind_consent === 'unless_objected' && answer === false) {
        throw this.refuse('bet_behind_consent', `the holder of box ${number} objects to ${bettor}'s bet`);
      }
      if (r.bet_behind_consent === 'required' && answer !== true) {
        throw this.refuse('bet_behind_consent', `a bet on box ${number} needs its holder's consent`);
      }
    }
    if (box.special !== null) throw this.refuse('special_maximum', `box ${number} carries ${box.special}'s special maximum`);
    let [limit, rule] = [r.max_bets_per_box, 'max_bets_per_box'];
    if (!box.seated && r.max_bets_unseated_box !== null) [limit, rule] = [r.max_bets_unseated_box, 'max_bets_unseated_box'];
    if (limit !== null && box.bets.size >= limit) throw this.refuse(rule, `box ${number} already holds ${box.bets.size} bet(s)`);
    let excess = Q.of(0);
    const onBox = sum(box.bets.values()).add(amount);
    if (r.table_limits && this.maxBet && onBox.cmp(this.maxBet) > 0) {
      const special = this.specialMax.get(bettor);
      const capped = unnoticed && r.over_maximum_bet === 'capped';
      if (special && r.special_maximum) {
        if (box.bets.size) throw this.refuse('special_maximum', `a special maximum needs a free box; box ${number} holds other bets`);
        if ([...this.boxes.values()].some((b) => b.special === bettor)) {
          throw this.refuse('special_maximum', `${bettor} already plays his special maximum on another box`);
        }
        if (amount.cmp(special) > 0) {
          if (!capped) throw this.refuse('special_maximum', `bet ${amount} exceeds ${bettor}'s special maximum ${special}`);
          excess = amount.sub(special);
        }
        box.special = bettor;
      } else if (capped) excess = onBox.sub(this.maxBet);
      else {
        throw this.refuse(unnoticed ? 'over_maximum_bet' : 'table_limits',
          `box ${number} would hold more than the table maximum ${this.maxBet}`);
      }
    }
    box.bets.set(bettor, amount.sub(excess));
    if (!excess.isZero()) box.excess.set(bettor, excess);
    this.boxes.set(number, box);
    if (!this.net.has(bettor)) this.net.set(bettor, Q.of(0));
    this.emit(stays ? 'stays' : 'bet', { box: number, bettor, amount });
  }

  changeBet({ box: number, bettor, amount: raw }) {
    this.needBetting();
    const box = this.box(number);
    if (!box.bets.has(bettor)) throw bad('bettor', `${bettor} has no bet on box ${number}`);
    const amount = this.amount(raw);
    const others = sum([...box.bets].filter(([who]) => who !== bettor).map(([, v]) => v));
    if (this.r.table_limits && this.maxBet && others.add(amount).cmp(this.maxBet) > 0 && box.special !== bettor) {
      throw this.refuse('table_limits', `box ${number} would hold more than the table maximum ${this.maxBet}`);
    }
    if (box.special === bettor && amount.cmp(this.specialMax.get(bettor)) > 0) {
      throw this.refuse('special_maximum', `bet ${amount} exceeds ${bettor}'s special maximum ${this.specialMax.get(bettor)}`);
    }
    box.excess.delete(bettor); // the old bet, its unnoticed excess with it, is replaced whole
    box.bets.set(bettor, amount);
    this.emit('change_bet', { box: number, bettor, amount });
  }

  // The holder of a box answers another bettor's bet on it, before that bet.
  answer({ box: number, bettor, by }, consent) {
    this.needBetting();
    const box = this.holders.has(number) && !this.boxes.has(number)
      ? new Box(number, true, this.holders.get(number)) // the seated player answers before any bet on his box
      : this.box(number);
    const holder = box.holder ?? box.owner;
    if (this.r.bet_behind_consent === 'not_asked') {
      throw this.refuse('bet_behind_consent', "a box's holder has no say over the bets of others on it");
    }
    if (!box.seated) throw this.refuse('bet_behind_consent', `box ${number}'s seat is empty: nobody answers for it`);
    if (by !== undefined && by !== null && by !== holder) {
      throw this.refuse('bet_behind_consent', `only box ${number}'s holder, ${holder}, answers for it`);
    }
    if (typeof bettor !== 'string' || !bettor || bettor === holder) {
      throw bad('bettor', `${JSON.stringify(bettor)} is not another bettor than box ${number}'s holder`);
    }
    if (box.bets.has(bettor)) throw bad('bettor', `${bettor} already has a bet on box ${number}`);
    this.answers.set(`${number}/${bettor}`, consent);
    this.emit(consent ? 'consent' : 'objection', { box: number, bettor });
  }

  withdrawBet({ box: number, bettor }) {
    this.needBetting();
    const box = this.box(number);
    if (!box.bets.has(bettor)) throw bad('bettor', `${bettor} has no bet on box ${number}`);
    box.bets.delete(bettor);
    box.excess.delete(bettor);
    if (box.special === bettor) box.special = null;
    if (!box.bets.size) this.boxes.delete(number);
    this.emit('withdraw_bet', { box: number, bettor });
  }

  // -- the deal
  // Why the bets may not be dealt yet: where the holder alone decides a box's play, a box whose
  // seated player has no bet on it holds only bets of others, none of whom may decide for it.
  dealRefusal() {
    if (!this.r.box_owner_decides) return null;
    for (const number of [...this.boxes.keys()].sort((a, b) => a - b)) {
      const box = this.boxes.get(number);
      if (box.holder !== null && !box.bets.has(box.holder)) {
        return ['box_owner_decides', `box ${number}'s seated player, ${box.holder}, has no bet on it: nobody else may decide its play`];
      }
    }
    return null;
  }

  deal({ misdeals } = {}) {
    this.needPhase('betting', 'deal');
    if (!this.boxes.size) throw bad('bets', 'no bet has been placed');
    const refusal = this.dealRefusal();
    if (refusal) throw this.refuse(...refusal);
    const order = this.inOrder('deal_order');
    const need = 2 * order.length + 1 + (this.r.hole_card ? 1 : 0); // (a hole card: the deal's last)
    const mistakes = new Map(); // the deal's n-th card -> the boxes the mistakes go to
    for (const m of misdeals || []) {
      const n = m && m.before;
      if (!isInt(n) || n < 1 || n > need) throw bad('misdeals', `the deal has cards 1..${need}`);
      const to = m.to_box === undefined ? null : m.to_box;
      if (to !== null) this.checkBoxNumber(to);
      if (!mistakes.has(n)) mistakes.set(n, []);
      mistakes.get(n).push(to);
    }
    if (this.r.no_more_bets_call) this.emit('announce', { info: this.r.no_more_bets_call });
    const receivers = [...order, null, ...order];
    for (let n = 1; n <= receivers.length; n++) {
      for (const to of mistakes.get(n) || []) if (this.mistake(to)) return; // dealt again
      const box = receivers[n - 1];
      const card = this.draw(box ? box.number : 0);
      if (box === null) {
        this.dealer.push(card);
        this.emit('dealer_card', { card: card.code });
        continue;
      }
      if (!box.hands.length) box.hands.push(new Hand([card], new Map(box.bets)));
      else {
        const hand = box.hands[0];
        hand.cards.push(card);
        const c = hand.count;
        if (c.hard === 11 && c.soft) hand.natural = hand.done = true;
      }
      this.emit('card', { box: box.number, hand: 1, card: card.code });
    }
    if (this.r.hole_card) {
      for (const to of mistakes.get(need) || []) if (this.mistake(to)) return;
      this.hole = this.draw(0);
      this.emit('dealer_hole', { card: this.hole.code });
    }
    this.afterDeal();
  }

  afterDeal() {
    const r = this.r;
    const up = this.dealer[0];
    if (r.announce_options) {
      const options = [];
      if (r.double_totals === null || r.double_totals.length) options.push('double');
      if (r.max_split_hands === null || r.max_split_hands > 1) options.push('split');
      if (up.value === 1) options.push('insurance');
      this.emit('options', { info: options.join(', ') });
    }
    if (r.pay_blackjack_immediately && up.value !== 1 && up.value !== 10) {
      for (const box of this.inOrder('payment_order')) {
        if (box.hands[0].natural) this.settleHand(box, box.hands[0], 'blackjack', ratio(r.blackjack_payout));
      }
    }
    if (up.value === 1 && r.insurance_timing === 'after_initial_deal' && this.offerInsurance()) return;
    this.toPlay();
  }

  // -- the hole card: checked before the players act with an ace up, or a ten under peek
  peekDue() {
    if (!this.hole || this.holeStage === 2) return false;
    const up = this.dealer[0].value;
    return up === 1 || (up === 10 && this.r.hole_card === 'peek');
  }

  // After the deal and insurance: early surrender and the dealer's check where due, then play.
  toPlay() {
    if (this.peekDue()) {
      if (this.holeStage === 0 && this.r.surrender === 'early') {
        this.holeStage = 1;
        if ([...this.boxes.values()].some((box) => !this.surrenderRefusal(box, box.hands[0]) && !this.earlyRefusal(box))) {
          this.phase = 'surrender';
          this.emit('surrender_offered');
          return;
        }
      }
      this.holeStage = 2;
      if (this.peek()) return;
    }
    this.startPlay();
  }

  // The check: a blackjack ends the round at once (true); otherwise insurance is lost and a
  // blackjack paid at once is paid.
  peek() {
    const c = count([this.dealer[0], this.hole]);
    const blackjack = c.soft && c.hard === 11;
    this.emit('peek', { info: blackjack ? 'blackjack' : 'no_blackjack' });
    if (blackjack) { this.dealerPlays(true); return true; }
    for (const box of this.inOrder('payment_order')) {
      for (const [bettor, amount] of box.insurance) this.settle(box, null, bettor, amount, amount.neg(), 'insurance_lose');
      box.insurance.clear();
      const hand = box.hands[0];
      if (this.r.pay_blackjack_immediately && hand.natural && hand.open.size) {
        this.settleHand(box, hand, 'blackjack', ratio(this.r.blackjack_payout));
      }
    }
    return false;
  }

  earlyRefusal(box) {
    const hand = box.hands[0];
    return hand.natural || !hand.open.size ? ['surrender', `box ${box.number}'s hand is not in play`] : null;
  }

  // Early surrender before the check: any box's first hand, at once for half its stake.
  surrenderEarly({ box: number, by }) {
    const box = this.box(number);
    const decider = this.decider(box);
    if (by !== undefined && by !== null && (typeof by !== 'string' || !by)) throw bad('by', 'a decision is made by a bettor named by a non-empty string');
    if (by && this.r.box_owner_decides && by !== decider) {
      throw this.refuse(box.seated ? 'box_owner_decides' : 'unseated_box_decider', `${by} may not decide for box ${box.number}: ${decider} does`);
    }
    const why = this.surrenderRefusal(box, box.hands[0]) || this.earlyRefusal(box);
    if (why) throw this.refuse(...why);
    this.emit('surrender', { box: box.number, hand: 1, bettor: by || decider });
    this.settleHand(box, box.hands[0], 'surrender', new Q(-1n, 2n));
  }

  closeSurrender() {
    this.needPhase('surrender', 'close_surrender');
    this.emit('surrender_closed');
    this.toPlay();
  }

  // -- insurance and even money
  offerInsurance() {
    if (![...this.boxes.values()].some((box) => box.hands.some((h) => h.open.size))) return false;
    this.phase = 'insurance';
    this.emit('insurance_offered');
    return true;
  }

  needInsuranceCall() {
    if (this.phase === 'insurance') return;
    let why = this.insuranceDone ? 'is closed' : 'has not been called';
    if (this.dealer.length && this.dealer[0].value !== 1) why = `is not offered: the dealer's first card is ${this.dealer[0].code}`;
    throw this.refuse('insurance_timing', `insurance ${why}`);
  }

  insuranceRefusal(box, bettor, amount) {
    const r = this.r;
    if (!box.hands.some((h) => h.open.size)) return ['insurance_timing', `box ${box.number} has no hand left in play`];
    if (box.insurance.has(bettor) || box.even.has(bettor)) return ['insurance_timing', `${bettor} has already decided`];
    if (!r.insurance_per_bettor && bettor !== box.owner) return ['insurance_per_bettor', 'only the box holder insures'];
    if (amount === null) return null;
    const held = box.hands.filter((h) => h.open.has(bettor));
    const hands = r.insurance_base === 'total_stake' ? held.length : 1; // each hand insured: the least on each
    const stake = r.insurance_base === 'total_stake' ? sum(held.map((h) => h.stakes.get(bettor))) : box.bets.get(bettor);
    const cap = stake.mul(ratio(r.insurance_max));
    if (amount.cmp(cap) > 0) return ['insurance_max', `insurance ${amount} exceeds ${cap}`];
    if (r.insurance_exact && amount.cmp(cap) !== 0) return ['insurance_exact', `insurance is exactly ${cap}`];
    if (r.insurance_min_of_table_min !== null) {
      const floor = this.minBet.mul(ratio(r.insurance_min_of_table_min)).mul(new Q(BigInt(hands), 1n));
      if (amount.cmp(floor) < 0) return ['insurance_min_of_table_min', `insurance ${amount} is below ${floor}`];
    }
    const step = r.insurance_multiple;
    if (step !== null && amount.mul(new Q(1n, BigInt(step))).d !== 1n) {
      return ['insurance_multiple', `insurance ${amount} is not a multiple of ${step}`];
    }
    return null;
  }

  insurance({ box: number, bettor, amount: raw }) {
    this.needInsuranceCall();
    const box = this.box(number);
    const amount = parseMoney(raw);
    if (amount.cmp(0) <= 0) throw bad('amount', `insurance is a positive amount, not ${amount}`);
    needBettor(box, bettor);
    const why = this.insuranceRefusal(box, bettor, amount);
    if (why) throw this.refuse(...why);
    box.insurance.set(bettor, amount);
    this.emit('insurance', { box: number, bettor, amount });
  }

  evenMoneyRefusal(box, bettor) {
    if (!this.r.even_money) return ['even_money', 'even money is not offered'];
    const hand = box.hands[0];
    if (box.hands.length !== 1 || !hand.natural || !hand.open.has(bettor)) {
      return ['even_money', `box ${box.number} has no unsettled blackjack of ${bettor}`];
    }
    return this.insuranceRefusal(box, bettor, null);
  }

  evenMoney({ box: number, bettor }) {
    this.needInsuranceCall();
    const box = this.box(number);
    needBettor(box, bettor);
    const why = this.evenMoneyRefusal(box, bettor);
    if (why) throw this.refuse(...why);
    box.even.add(bettor);
    this.emit('even_money', { box: number, bettor });
    const hand = box.hands[0];
    const stake = hand.stakes.get(bettor);
    this.settle(box, 1, bettor, stake, stake, 'even_money');
    hand.open.delete(bettor);
  }

  closeInsurance() {
    this.needPhase('insurance', 'close_insurance');
    this.emit('insurance_closed');
    this.insuranceDone = true;
    if (this.r.insurance_timing === 'after_initial_deal') this.toPlay();
    else this.dealerPlays();
  }

  // -- the dealer's mistakes
  misdeal({ to_box: to = null }) {
    if (this.phase !== 'insurance' && this.phase !== 'surrender' && this.phase !== 'playing') {
      throw this.refuse('misdeal_remedy', `no misdeal in the ${this.phase} phase`);
    }
    if (to !== null) this.checkBoxNumber(to);
    this.mistake(to);
  }

  // The next card drawn by mistake (to box `to`, or exposed) and its remedy; true when the
  // round was reconstructed and dealt again.
  mistake(to) {
    const card = this.draw(to || 0);
    this.emit('misdeal', { box: to, card: card.code });
    if (to !== null && !this.boxes.has(to) && this.r.card_to_box_without_bet === 'reconstruct') {
      this.emit('remedy', { card: card.code, info: 'reconstruct' });
      this.reconstruct();
      return true;
    }
    const remedy = this.r.misdeal_remedy;
    if (remedy === 'void') this.voided.push(card);
    else this.shoe.cards.unshift(this.drawn.pop()); // back to its place: the next card
    this.emit('remedy', { card: card.code, info: remedy });
    return false;
  }

  reconstruct() {
    this.shoe.cards.unshift(...this.drawn);
    this.drawn = [];
    this.dealer = [];
    this.voided = [];
    for (const box of this.boxes.values()) {
      box.hands = [];
      box.insurance.clear();
      box.even.clear();
      box.series = false;
    }
    for (const bettor of this.net.keys()) this.net.set(bettor, Q.of(0));
    this.insuranceDone = false;
    this.hole = null;
    this.holeStage = 0;
    this.cutPending = false;
    this.cutCardBox = null;
    this.phase = 'betting';
    this.deal();
  }

  forgetInsuranceCall() {
    this.needInsuranceCall();
    this.emit('insurance_missed');
    this.insuranceDone = true;
    if (this.r.insurance_timing === 'after_initial_deal') { this.toPlay(); return; }
    const card = this.draw(0);
    this.emit('dealer_card', { card: card.code });
    if (card.value === 10 && this.r.missed_insurance_call === 'void_ten') {
      this.voided.push(card);
      this.emit('remedy', { card: card.code, info: 'void' });
      this.insuranceDone = false;
      this.emit('insurance_offered');
      return;
    }
    this.dealer.push(card);
    this.dealerPlays();
  }

  playAbsent({ box: number }) {
    const { box, hand } = this.acting(number, 'play_absent', null);
    const drawTo = this.r.absent_player_draws_to;
    if (drawTo === null) throw this.refuse('absent_player_draws_to', 'no rule plays the hand of an absent bettor');
    const handNo = this.hi + 1;
    this.emit('absent', { box: number, hand: handNo });
    while (hand.count.total < drawTo && !hand.done) {
      this.emit('hit', { box: number, hand: handNo });
      this.dealTo(box, hand);
    }
    if (!hand.done) {
      this.emit('stand', { box: number, hand: handNo, info: 'automatic' });
      this.finish(box, hand);
    }
    this.advance();
  }

  // -- playing
  startPlay() {
    this.phase = 'playing';
    this.order = this.inOrder('play_order');
    this.bi = 0;
    this.hi = 0;
    this.advance();
  }

  current() {
    if (this.phase !== 'playing') return null;
    const box = this.order[this.bi];
    return { box, hand: box.hands[this.hi] };
  }

  // On to the next hand that needs a decision, completing those that have none.
  advance() {
    for (; this.bi < this.order.length; this.bi++, this.hi = 0) {
      const box = this.order[this.bi];
      for (; this.hi < box.hands.length; this.hi++) {
        const hand = box.hands[this.hi];
        if (hand.done) continue;
        if (hand.cards.length === 1) { // a split hand takes its second card
          this.dealTo(box, hand);
          if (hand.done) continue;
        }
        if (!hand.open.size) hand.done = true;
        else if (this.hitRefusal(hand) && this.doubleRefusal(box, hand) && this.splitRefusal(box, hand)) {
          this.emit('stand', { box: box.number, hand: this.hi + 1, info: 'automatic' });
          this.finish(box, hand);
        } else return;
      }
    }
    this.playersDone();
  }

  dealTo(box, hand) {
    const card = this.draw(box.number);
    hand.cards.push(card);
    const number = box.hands.indexOf(hand) + 1;
    this.emit('card', { box: box.number, hand: number, card: card.code });
    if (box.series && card.value !== hand.cards[0].value) box.series = false;
    const { hard } = hand.count;
    if (hard > 21) {
      this.emit('bust', { box: box.number, hand: number, total: hard });
      this.settleHand(box, hand, 'lose', -1);
      box.series = false;
    }
  }

  finish(box, hand) {
    hand.done = true;
    box.series = false;
  }

  playersDone() {
    if (this.dealer[0].value === 1 && this.r.insurance_timing === 'before_dealer_second_card' && !this.insuranceDone &&
        this.offerInsurance()) return;
    this.dealerPlays();
  }

  // The box and hand an action goes to, or the reason it is refused.
  acting(number, action, by) {
    const target = isInt(number) ? this.boxes.get(number) : undefined;
    const cur = this.current();
    if (!cur || target !== cur.box) {
      if (target && target.hands.length) {
        // a hand the rules have closed (21, a split ace, a double): name the rule that closed it
        const hand = target.hands[target.hands.length - 1];
        const why = action === 'hit' ? this.hitRefusal(hand)
          : action === 'double' ? this.doubleRefusal(target, hand)
            : action === 'split' ? this.splitRefusal(target, hand) : null;
        if (why) throw this.refuse(...why);
      }
      this.needPhase('playing', action);
      this.box(number);
      throw this.refuse('play_order', `box ${number} is out of turn: box ${cur.box.number} is to act`);
    }
    if (by !== undefined && by !== null && this.r.box_owner_decides && by !== this.decider(cur.box)) {
      throw this.refuse(cur.box.seated ? 'box_owner_decides' : 'unseated_box_decider',
        `${by} may not decide for box ${number}: ${this.decider(cur.box)} does`);
    }
    return cur;
  }

  hitRefusal(hand) {
    const r = this.r;
    if (hand.doubled && r.double_one_card) return ['double_one_card', 'a doubled hand receives one card only'];
    if (hand.fromSplit && hand.cards[0].value === 1 && r.split_aces_one_card) return ['split_aces_one_card', 'a split ace receives one card only'];
    const c = hand.count;
    if (c.hard === 21 && !r.hit_on_hard_21) return ['hit_on_hard_21', 'no card may be drawn on 21'];
    if (c.soft && c.hard === 11 && !r.hit_on_soft_21) return ['hit_on_soft_21', 'no card may be drawn on soft 21'];
    return null;
  }

  standRefusal(hand) {
    const least = this.r.min_stand_total || 0;
    const total = hand.count.total;
    return total < least ? ['min_stand_total', `a hand may stand only with ${least} or more, not ${total}`] : null;
  }

  doubleRefusal(box, hand) {
    const r = this.r;
    if (hand.cards.length !== 2 || hand.doubled) return ['double_totals', 'only a hand of two cards may double'];
    if (hand.natural && !r.double_on_blackjack) return ['double_on_blackjack', 'a blackjack may not double'];
    if (hand.fromSplit) {
      if (!r.double_after_split) return ['double_after_split', 'a split hand may not double'];
      const limit = r.double_after_split_hands;
      if (limit !== null && box.hands.indexOf(hand) >= limit) return ['double_after_split_hands', `only the first ${limit} hands of a split may double`];
      if (hand.cards[0].value === 1) {
        if (r.split_aces_one_card) return ['split_aces_one_card', 'a split ace receives one card only'];
        if (!r.double_on_split_aces) return ['double_on_split_aces', 'split aces may not double'];
      }
    }
    const c = hand.count;
    if (r.double_totals !== null) {
      const possible = c.soft ? [c.hard, c.hard + 10] : [c.hard];
      if (!possible.some((t) => r.double_totals.includes(t))) return ['double_totals', `no double on ${c.total}`];
    }
    if (c.hard === 21 && !r.hit_on_hard_21) return ['hit_on_hard_21', 'no card may be drawn on 21'];
    if (c.soft && c.hard === 11 && !r.hit_on_soft_21) return ['hit_on_soft_21', 'no card may be drawn on soft 21'];
    return null;
  }

  splitRefusal(box, hand) {
    const r = this.r;
    if (hand.cards.length !== 2) return ['split_ten_value_mixes', 'only a pair of two cards may split'];
    const [a, b] = hand.cards;
    if (a.value !== b.value) return ['split_ten_value_mixes', `${a.code} and ${b.code} are not of equal value`];
    if (a.rank !== b.rank && !r.split_ten_value_mixes) return ['split_ten_value_mixes', `${a.code} and ${b.code} are not of the same rank`];
    if (r.max_split_hands !== null && box.hands.length >= r.max_split_hands) return ['max_split_hands', `a box makes at most ${r.max_split_hands} hands`];
    if (hand.fromSplit) {
      if (a.value === 1 && !r.resplit_aces) return ['resplit_aces', 'split aces may not split again'];
      if (r.resplit_consecutive_only && !box.series) return ['resplit_consecutive_only', 'the series of equal cards was interrupted'];
    }
    return null;
  }

  decliners(box, hand, declining, rule, action) {
    const out = new Set(declining || []);
    for (const b of out) if (!hand.stakes.has(b)) throw bad('declining', `${b} has no stake on box ${box.number}'s hand`);
    if (out.size && !this.r[rule]) throw this.refuse(rule, `bettors behind follow the box's ${action}`);
    const decider = this.decider(box);
    if (out.has(decider)) throw bad('declining', `${decider} decides for box ${box.number} and cannot decline`);
    return out;
  }

  hit({ box: number, by }) {
    const { box, hand } = this.acting(number, 'hit', by);
    const why = this.hitRefusal(hand);
    if (why) throw this.refuse(...why);
    this.emit('hit', { box: number, hand: this.hi + 1, bettor: by || this.decider(box) });
    this.dealTo(box, hand);
    if (hand.done) this.advance();
    else if (this.hitRefusal(hand) && this.doubleRefusal(box, hand)) {
      this.emit('stand', { box: number, hand: this.hi + 1, info: 'automatic' });
      this.finish(box, hand);
      this.advance();
    }
  }

  stand({ box: number, by }) {
    const { box, hand } = this.acting(number, 'stand', by);
    const why = this.standRefusal(hand);
    if (why) throw this.refuse(...why);
    this.emit('stand', { box: number, hand: this.hi + 1, bettor: by || this.decider(box) });
    this.finish(box, hand);
    this.advance();
  }

  double({ box: number, by, declining }) {
    const { box, hand } = this.acting(number, 'double', by);
    const why = this.doubleRefusal(box, hand);
    if (why) throw this.refuse(...why);
    const out = this.decliners(box, hand, declining, 'behind_may_decline_double', 'double');
    const handNo = this.hi + 1;
    this.emit('double', { box: number, hand: handNo, bettor: by || this.decider(box) });
    for (const bettor of box.bets.keys()) {
      if (!hand.stakes.has(bettor)) continue;
      if (out.has(bettor)) { this.emit('decline', { box: number, hand: handNo, bettor, info: 'double' }); continue; }
      const extra = hand.stakes.get(bettor);
      hand.stakes.set(bettor, extra.mul(2));
      this.emit('match', { box: number, hand: handNo, bettor, amount: extra });
    }
    hand.doubled = true;
    this.dealTo(box, hand);
    if (hand.done) this.advance();
    else if (this.r.double_one_card) { this.finish(box, hand); this.advance(); }
    else if (this.hitRefusal(hand)) { // more cards may follow, but none now (a 21): as after a hit
      this.emit('stand', { box: number, hand: this.hi + 1, info: 'automatic' });
      this.finish(box, hand);
      this.advance();
    }
  }

  surrenderRefusal(box, hand) {
    const r = this.r;
    if (!r.surrender || r.surrender === 'none') return ['surrender', 'surrender is not offered']; // (a 'none' is read as null)
    if (hand.cards.length !== 2 || hand.doubled) return ['surrender', "only a hand's first two cards may surrender"];
    if (hand.fromSplit && !r.surrender_after_split) return ['surrender_after_split', 'a split hand may not surrender'];
    if (this.holeStage === 2 && r.surrender === 'early' && !hand.fromSplit) {
      return ['surrender', 'early surrender is offered before the dealer checks his hole card, not after'];
    }
    return null;
  }

  // The hand is given up for half its stake: at once where surrender is early; where it is
  // late, against the dealer's second card (his blackjack takes the whole stake).
  surrender({ box: number, by }) {
    if (this.phase === 'surrender') { this.surrenderEarly({ box: number, by }); return; }
    const { box, hand } = this.acting(number, 'surrender', by);
    const why = this.surrenderRefusal(box, hand);
    if (why) throw this.refuse(...why);
    this.emit('surrender', { box: number, hand: this.hi + 1, bettor: by || this.decider(box) });
    if (this.r.surrender === 'early') this.settleHand(box, hand, 'surrender', new Q(-1n, 2n));
    else hand.surrendered = true;
    this.finish(box, hand);
    this.advance();
  }

  split({ box: number, by, declining }) {
    const { box, hand } = this.acting(number, 'split', by);
    const why = this.splitRefusal(box, hand);
    if (why) throw this.refuse(...why);
    const out = this.decliners(box, hand, declining, 'behind_may_decline_split', 'split');
    const handNo = this.hi + 1;
    this.emit('split', { box: number, hand: handNo, bettor: by || this.decider(box) });
    const stakes = new Map();
    for (const bettor of box.bets.keys()) {
      if (!hand.stakes.has(bettor)) continue;
      if (out.has(bettor)) { this.emit('decline', { box: number, hand: handNo, bettor, info: 'split' }); continue; }
      stakes.set(bettor, hand.stakes.get(bettor));
      this.emit('match', { box: number, hand: handNo + 1, bettor, amount: stakes.get(bettor) });
    }
    const second = hand.cards.pop();
    hand.fromSplit = true;
    box.hands.splice(this.hi + 1, 0, new Hand([second], stakes, true));
    box.series = true;
    this.dealTo(box, hand);
    this.advance(); // the hand may have no decision left (a split ace's one card)
  }

  // -- the dealer and the settlement
  // `found`: the dealer's check found a blackjack (he turns his hole card, whatever is in play).
  dealerPlays(found = false) {
    const r = this.r;
    this.phase = 'done';
    const live = [...this.boxes.values()].flatMap((box) => box.hands.filter((h) => h.open.size));
    const insured = [...this.boxes.values()].some((box) => box.insurance.size);
    const hole = this.hole;
    this.hole = null;
    if (!found && !live.length && !insured && !r.dealer_plays_when_all_bust) {
      this.emit('dealer_discards', { card: this.dealer[0].code });
      if (hole) { // (face down: discarded unseen)
        this.dealer.push(hole);
        this.emit('dealer_discards', { card: hole.code });
      }
      this.clear();
      return;
    }
    if (hole) {
      this.dealer.push(hole);
      this.emit('hole_turned', { card: hole.code });
    }
    const take = () => { const card = this.draw(0); this.dealer.push(card); this.emit('dealer_card', { card: card.code }); };
    if (this.dealer.length === 1) take();
    const first = count(this.dealer);
    const blackjack = first.soft && first.hard === 11;
    // the dealer draws unless he has a blackjack or only blackjacks are left to beat
    if (!blackjack && !live.every((h) => h.natural || h.surrendered)) {
      for (;;) {
        const c = count(this.dealer);
        if (c.total > 17 || (c.total === 17 && (!c.soft || r.dealer_stands_soft_17))) break;
        take();
      }
    }
    const total = count(this.dealer).total;
    this.emit('dealer_total', { total, info: blackjack ? 'blackjack' : total > 21 ? 'bust' : 'stands' });
    const order = this.inOrder('payment_order');
    if (r.blackjack_paid_first && !blackjack) {
      for (const box of order) {
        box.hands.forEach((hand, i) => { if (hand.open.size && hand.natural) this.against(box, i + 1, hand, blackjack, total); });
      }
    }
    for (const box of order) {
      for (const [bettor, amount] of box.insurance) {
        if (blackjack) this.settle(box, null, bettor, amount, amount.mul(ratio(r.insurance_payout)), 'insurance_win');
        else this.settle(box, null, bettor, amount, amount.neg(), 'insurance_lose');
      }
      box.hands.forEach((hand, i) => { if (hand.open.size) this.against(box, i + 1, hand, blackjack, total); });
    }
    this.clear();
  }

  against(box, number, hand, dealerBlackjack, dealerTotal) {
    const r = this.r;
    const mine = hand.count.total;
    const blackjack = hand.natural || (r.split_21_is_blackjack && hand.fromSplit && hand.cards.length === 2 && mine === 21);
    for (const bettor of box.bets.keys()) {
      if (!hand.open.has(bettor)) continue;
      const stake = hand.stakes.get(bettor);
      let info, net;
      if (hand.surrendered) [info, net] = dealerBlackjack ? ['lose', stake.neg()] : ['surrender', stake.mul(new Q(-1n, 2n))];
      else if (blackjack) [info, net] = dealerBlackjack ? ['push', Q.of(0)] : ['blackjack', stake.mul(ratio(r.blackjack_payout))];
      else if (dealerBlackjack) {
        [info, net] = ['lose', (r.dealer_blackjack_takes === 'all_stakes' ? stake : hand.original.get(bettor)).neg()];
      } else if (dealerTotal > 21 || mine > dealerTotal) [info, net] = ['win', stake];
      else if (mine === dealerTotal) [info, net] = ['push', Q.of(0)];
      else [info, net] = ['lose', stake.neg()];
      this.settle(box, number, bettor, stake, net, info);
    }
    hand.open.clear();
  }

  clear() {
    const order = this.inOrder('payment_order');
    for (const box of order) {
      for (const [bettor, excess] of box.excess) this.settle(box, null, bettor, excess, Q.of(0), 'excess_returned');
    }
    this.phase = 'done';
    const cards = [...order.flatMap((box) => box.hands.flatMap((h) => h.cards)), ...this.voided, ...this.dealer];
    this.cleared = cards;
    this.emit('clear', { total: cards.length, info: cards.map((c) => c.code).join(' ') });
  }

  legal() {
    if (this.phase === 'betting') return this.boxes.size && !this.dealRefusal() ? [{ kind: 'bet' }, { kind: 'deal' }] : [{ kind: 'bet' }];
    if (this.phase === 'insurance') {
      const out = [{ kind: 'close_insurance' }];
      for (const box of this.inOrder('payment_order')) {
        for (const bettor of box.bets.keys()) {
          if (!this.insuranceRefusal(box, bettor, null)) out.push({ kind: 'insurance', box: box.number, bettor });
          if (!this.evenMoneyRefusal(box, bettor)) out.push({ kind: 'even_money', box: box.number, bettor });
        }
      }
      return out;
    }
    if (this.phase === 'surrender') {
      const out = [{ kind: 'close_surrender' }];
      for (const box of this.inOrder('play_order')) {
        if (!this.surrenderRefusal(box, box.hands[0]) && !this.earlyRefusal(box)) out.push({ kind: 'surrender', box: box.number });
      }
      return out;
    }
    const cur = this.current();
    if (!cur) return [];
    const b = cur.box.number;
    const out = [];
    if (!this.hitRefusal(cur.hand)) out.push({ kind: 'hit', box: b });
    if (!this.standRefusal(cur.hand)) out.push({ kind: 'stand', box: b });
    if (!this.doubleRefusal(cur.box, cur.hand)) out.push({ kind: 'double', box: b });
    if (!this.splitRefusal(cur.box, cur.hand)) out.push({ kind: 'split', box: b });
    if (!this.surrenderRefusal(cur.box, cur.hand)) out.push({ kind: 'surrender', box: b });
    return out;
  }

  act(action, args) {
    switch (action) {
      case 'bet': return this.bet(args);
      case 'change_bet': return this.changeBet(args);
      case 'withdraw_bet': return this.withdrawBet(args);
      case 'consent': return this.answer(args, true);
      case 'object': return this.answer(args, false);
      case 'deal': return this.deal(args);
      case 'insurance': return this.insurance(args);
      case 'even_money': return this.evenMoney(args);
      case 'close_insurance': return this.closeInsurance();
      case 'forget_insurance_call': return this.forgetInsuranceCall();
      case 'hit': return this.hit(args);
      case 'stand': return this.stand(args);
      case 'double': return this.double(args);
      case 'split': return this.split(args);
      case 'surrender': return this.surrender(args);
      case 'close_surrender': return this.closeSurrender();
      case 'misdeal': return this.misdeal(args);
      case 'play_absent': return this.playAbsent(args);
      default:
        throw bad('action', `unknown action ${JSON.stringify(action)}`);
    }
  }
}

// ------------------------------------------------------------------ the table: shoe after shoe
const DECK = [...SUITS].flatMap((s) => [...RANKS].map((r) => r + s)); // spades first, ace to king

// Python's random.Random (MT19937, seeded from an integer as Python seeds it): the shuffles
// and cuts no scenario stacks come out as the reference engine's do, so that a test
// vector's every card can be compared.
class PyRandom {
  constructor(seed) {
    const N = 624;
    this.mt = new Uint32Array(N);
    this.index = N;
    let n = BigInt(seed < 0 ? -seed : seed);
    const key = [];
    do { key.push(Number(n & 0xFFFFFFFFn)); n >>= 32n; } while (n > 0n);
    const mt = this.mt;
    mt[0] = 19650218;
    for (let i = 1; i < N; i++) mt[i] = Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
    let i = 1, j = 0;
    for (let k = Math.max(N, key.length); k; k--) {
      mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j;
      i++; j++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k; k--) {
      mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i;
      i++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
    }
    mt[0] = 0x80000000;
  }

  uint32() {
    const mt = this.mt, N = 624, M = 397;
    if (this.index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % N] & 0x7FFFFFFF);
        mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908B0DF : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9D2C5680;
    y ^= (y << 15) & 0xEFC60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  below(n) { // a whole number in [0, n), n < 2**32, as Python's _randbelow draws it
    const k = n.toString(2).length;
    for (;;) {
      const r = this.uint32() >>> (32 - k);
      if (r < n) return r;
    }
  }

  randint(a, b) { return a + this.below(b - a + 1); }

  shuffle(list) {
    for (let i = list.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  }
}

class Table {
  constructor(rules, { minBet, maxBet, participants, seated = null, shoes, afterCut, specialMax = new Map(), seed = 1, autoCut = false }) {
    this.rules = rules;
    this.r = rules.values;
    this.minBet = minBet;
    this.maxBet = maxBet;
    // the limits are checked as a round checks them (the step, the ratio, the values it cannot play)
    new Round(rules, { cards: [], cutRemaining: null }, { minBet, maxBet });
    const per = this.r.cut_card_per_participant;
    if ((participants === undefined || participants === null) && per !== null) {
      throw bad('participants', `the cut card is placed ${per} cards per person at the table: say how many there are`);
    }
    if (participants !== undefined && participants !== null) {
      // a player to a box, and the banker where the players bank (CL-ANX-1: six and a banker)
      const banker = this.r.banker_rotation !== 'house' ? 1 : 0;
      if (!isInt(participants) || participants < 1 + banker) {
        throw bad('participants', `${JSON.stringify(participants)} people cannot play at this table (at least ${1 + banker})`);
      }
      if (participants > this.r.max_boxes + banker) {
        throw this.refuse('max_boxes', `${participants} people at the table: at most ${this.r.max_boxes} players${banker ? ' and a banker' : ''}`);
      }
    }
    this.participants = participants === undefined ? null : participants;
    // where the people at the table place the cut card, no more bettors than its players (a
    // player to a box, and the banker where the players bank)
    this.players = this.participants === null || per === null ? null : this.participants - (this.r.banker_rotation !== 'house' ? 1 : 0);
    this.seated = seated; // as a round's: a Set of boxes, a Map box -> the player seated there, or null
    this.specialMax = specialMax;
    this.random = new PyRandom(seed);
    this.autoCut = autoCut; // the cut made at random within the rules (a session), else by a player
    this.log = [];
    this.tray = Array.from({ length: this.r.decks }, () => DECK).flat().map(parseCard);
    this.shoe = { cards: [], cutRemaining: null };
    this.balances = new Map();
    this.bank = Q.of(0);
    this.staying = []; // [box, bettor, amount]: the stakes of the last round's pushes that stay
    this.absent = new Set();
    this.held = new Map(); // bettor -> { amount, rounds }: winnings kept for an absent bettor
    this.cutOffer = null;
    this.awaitingCut = false;
    this.lastCutBox = null; // the box that would have received the cut card when it last came out
    this.lastCutPlayer = null; // the player seated there, where the seats name him
    this.closing = null; // rounds left once closing is announced
    this.roundOpen = false;
    this.stacked = shoes.map((cards) => cards.slice());
    this.afterCut = afterCut;
    this.rotate = true;
    this.offered = false; // whether a cut was offered yet: the table's first is at a new table
    const conflict = cutCardConflict(this.r);
    if (conflict) throw bad('cut_card_share', conflict);
    this.shuffleShoe();
  }

  get cutCardOut() { return this.shoe.cutRemaining !== null && this.shoe.cards.length <= this.shoe.cutRemaining; }

  refuse(rule, message) { return Round.prototype.refuse.call(this, rule, message); }

  // A shuffle asked for between rounds: before the cut card has come out it is the house's
  // reshuffle (house_reshuffle), after which nobody received the cut card.
  shuffle() {
    if (this.roundOpen) throw bad('action', 'a round is under way: the shoe is shuffled between rounds');
    if (!this.cutCardOut) {
      if (!this.r.house_reshuffle) {
        throw this.refuse('house_reshuffle', 'the cut card has not come out: the shoe is shuffled again only once it has');
      }
      this.lastCutBox = this.lastCutPlayer = null;
    }
    this.shuffleShoe();
  }

  shuffleShoe() {
    let cards = [...this.shoe.cards, ...this.tray];
    this.tray = [];
    this.rotate = true;
    if (this.stacked.length) {
      cards = this.stack(this.stacked.shift(), cards);
      this.rotate = !this.afterCut;
    } else this.random.shuffle(cards);
    this.shoe = { cards, cutRemaining: null };
    this.log.push({ type: 'shuffle', total: cards.length });
    const receiver = this.receiver(null);
    this.offered = true;
    this.cutOffer = receiver;
    this.awaitingCut = true;
    this.log.push(receiver === null ? { type: 'offer_cut' } : { type: 'offer_cut', box: receiver });
    if (this.autoCut) {
      const low = this.r.min_cut || 1;
      this.cut({ at: this.random.randint(low, Math.max(low, cards.length - low)), by: receiver });
    }
  }

  // The box offered the cut where it goes to the one who would have received the cut card (else
  // null: any player): `box`, this round's receiver (a refill), else the last one's; where the
  // seats name him, the box that player sits at now; failing one (none, the dealer, he plays no
  // more, a house reshuffle), the box cut_without_receiver names.
  receiver(box) {
    if (this.r.cut_offered_to !== 'cut_card_receiver') return null;
    if (box === null) {
      box = this.lastCutBox;
      if (this.lastCutPlayer !== null && this.seated instanceof Map) {
        box = null;
        for (const [number, name] of this.seated) if (name === this.lastCutPlayer) box = number;
      }
    }
    return box || this.withoutReceiver();
  }

  // The box offered the cut when nobody received the cut card (cut_without_receiver): the first
  // box; the dealer's right (the highest seat taken, else the last box); the first player seated
  // (listed seats in their order, mapped ones by box; else box 1); or the first player seated at
  // the table's first shuffle and the dealer's right after it.
  withoutReceiver() {
    let rule = this.r.cut_without_receiver;
    if (rule === 'first_player_then_dealer_right') rule = this.offered ? 'dealer_right' : 'first_player';
    const order = this.seated instanceof Map ? [...this.seated.keys()].sort((a, b) => a - b)
      : this.seated ? [...this.seated] : [];
    if (rule === 'dealer_right') return order.length ? Math.max(...order) : this.r.max_boxes;
    if (rule === 'first_player' && order.length) return order[0];
    return 1;
  }

  // A stacked shoe: the cards given first, then the table's other cards deck after deck,
  // each in deck order.
  stack(top, cards) {
    const rest = new Map();
    for (const c of cards) rest.set(c.code, (rest.get(c.code) || 0) + 1);
    for (const c of top) rest.set(c.code, (rest.get(c.code) || 0) - 1);
    const extra = [...rest].filter(([, n]) => n < 0).map(([code]) => code).sort();
    if (extra.length) throw bad('shoe', `the stacked cards ${extra.join(' ')} are more than the decks hold`);
    const tail = [];
    for (let pass = 0; tail.length + top.length < cards.length; pass++) {
      for (const code of DECK) {
        if (rest.get(code) > 0) { tail.push(parseCard(code)); rest.set(code, rest.get(code) - 1); }
      }
    }
    return [...top, ...tail];
  }

  cut({ at, by }) {
    if (!this.awaitingCut) throw bad('cut', 'the shoe is not waiting for a cut');
    if (by !== undefined && by !== null && this.cutOffer !== null && by !== this.cutOffer) {
      throw this.refuse('cut_offered_to', `the cut is offered to box ${this.cutOffer}, not box ${by}`);
    }
    const size = this.shoe.cards.length;
    const low = this.r.min_cut || 1;
    if (!isInt(at) || at < low || at > size - low) {
      throw this.refuse('min_cut', `a cut at ${at} leaves fewer than ${low} cards on one side of ${size}`);
    }
    let cards = this.shoe.cards;
    if (this.rotate) cards = [...cards.slice(at), ...cards.slice(0, at)];
    let behind = this.r.cut_card_from_end;
    if (this.r.cut_card_share !== null) {
      const share = ratio(this.r.cut_card_share); // behind that share of the cards, rounded down
      behind = Number((share.n * BigInt(size)) / share.d);
    }
    if (this.r.cut_card_per_participant !== null) behind = this.r.cut_card_per_participant * this.participants;
    this.shoe = { cards, cutRemaining: behind };
    this.awaitingCut = false;
    this.log.push(by === undefined || by === null ? { type: 'cut', total: at } : { type: 'cut', box: by, total: at });
    if (behind !== null) this.log.push({ type: 'cut_card', total: behind });
    this.burn(this.r.burn_after_shuffle);
  }

  burn(n) {
    for (let i = 0; i < n && this.shoe.cards.length; i++) {
      const out = this.cutCardOut;
      const card = this.shoe.cards.shift();
      this.tray.push(card);
      this.log.push({ type: 'burn', card: card.code });
      if (!out && this.cutCardOut) { // the dealer burnt the cut card out: the next cut goes to box 1
        this.log.push({ type: 'cut_card_out' });
        this.lastCutBox = this.lastCutPlayer = null;
      }
    }
  }

  announceClosing() {
    if (!this.r.announce_closing) throw this.refuse('announce_closing', 'no closing announcement is provided for');
    this.log.push({ type: 'last_round', info: 'closing' });
    this.closing = this.roundOpen ? 2 : 1;
  }

  changeDealer() {
    if (this.roundOpen) throw bad('action', 'a round is under way: the dealer changes between rounds');
    this.log.push({ type: 'dealer_change' });
    this.burn(this.r.burn_on_dealer_change);
  }

  // The shoe ran out mid-round (`cutCardBox`: the round's cut-card receiver, if the cut card
  // came out in it): the discards are shuffled, the cut offered as after any shuffle and made
  // by the table for the receiver, keeping the minimum cut where the discards allow (half of
  // them at most), and the cards burnt after a shuffle are burnt, leaving one at least to deal.
  // That round is the shoe's last.
  refill(cutCardBox) {
    if (!this.r.refill_from_discards || !this.tray.length) {
      throw bad('shoe', 'the shoe ran out mid-round and the rules do not refill it');
    }
    let cards = this.random.shuffle(this.tray);
    this.tray = [];
    this.log.push({ type: 'shuffle', total: cards.length, info: 'discards' });
    const receiver = this.receiver(cutCardBox);
    this.log.push(receiver === null ? { type: 'offer_cut' } : { type: 'offer_cut', box: receiver });
    const size = cards.length;
    let at = 0;
    if (size > 1) {
      const low = Math.max(1, Math.min(this.r.min_cut || 1, Math.floor(size / 2)));
      at = this.random.randint(low, size - low);
    }
    cards = [...cards.slice(at), ...cards.slice(0, at)];
    this.log.push(receiver === null ? { type: 'cut', total: at } : { type: 'cut', box: receiver, total: at });
    this.shoe.cards = cards;
    this.shoe.cutRemaining = size;
    this.burn(Math.min(this.r.burn_after_shuffle, size - 1));
  }

  newRound() {
    if (this.cutCardOut && this.r.last_round_on_cut_card) {
      if (!this.autoCut) throw this.refuse('last_round_on_cut_card', 'the cut card is out: the shoe must be shuffled and cut');
      this.shuffle();
    }
    if (this.awaitingCut) throw bad('cut', `the shoe waits for the cut (offered to box ${this.cutOffer || 'any'})`);
    if (this.closing === 0) throw this.refuse('announce_closing', 'the last round has been played: the table is closed');
    this.roundOpen = true;
    const round = new Round(this.rules, this.shoe, {
      minBet: this.minBet, maxBet: this.maxBet, seated: this.seated, log: this.log, refill: (box) => this.refill(box),
      specialMax: this.specialMax, players: this.players,
    });
    const stays = this.staying;
    this.staying = [];
    for (const [box, bettor, amount] of stays) round.bet({ box, bettor, amount: amount.toString() }, true);
    round.stayed = stays;
    return round;
  }

  // A settled round's results go to the balances and its cards to the discards; the winnings
  // of the bettors who left are held for them.
  finish(round) {
    const absent = [...this.absent].filter((b) => round.net.has(b)).sort();
    for (const [bettor, net] of round.net) {
      this.balances.set(bettor, (this.balances.get(bettor) || Q.of(0)).add(net));
      this.bank = this.bank.sub(net);
    }
    this.tray.push(...round.cleared);
    this.roundOpen = false;
    if (this.closing !== null) this.closing -= 1;
    if (round.cutCardBox !== null) {
      this.lastCutBox = round.cutCardBox;
      this.lastCutPlayer = round.holders.get(round.cutCardBox) ?? null;
    } else if (round.cutPending) this.lastCutBox = this.lastCutPlayer = null; // out with the round's last card: nobody got it
    if (this.r.push_stake_stays) this.staying = this.pushed(round, new Set(absent));
    for (const [bettor, entry] of [...this.held]) {
      entry.rounds -= 1;
      if (entry.rounds <= 0) {
        this.held.delete(bettor);
        this.balances.set(bettor, this.balances.get(bettor).sub(entry.amount));
        this.bank = this.bank.add(entry.amount);
        this.log.push({ type: 'forfeit', bettor, amount: entry.amount.toString() });
      }
    }
    for (const bettor of absent) {
      const won = sum(round.settlements().filter((e) => e.bettor === bettor && e.amount !== undefined &&
        e.stake !== undefined && parseMoney(e.amount).cmp(0) > 0).map((e) => parseMoney(e.stake).add(parseMoney(e.amount))));
      if (!won.isZero()) {
        this.held.set(bettor, { amount: won, rounds: this.r.unclaimed_winnings_rounds });
        this.log.push({ type: 'held', bettor, amount: won.toString() });
      }
    }
  }

  // The stakes of a round's pushes that stay on their boxes, as long as the box still fits
  // the table's limits (a stake that no longer fits goes back).
  pushed(round, absent) {
    const stakes = new Map();
    for (const e of round.settlements()) {
      if (e.info === 'push' && e.box !== undefined && e.bettor !== undefined && e.stake !== undefined) {
        const key = `${e.box}/${e.bettor}`;
        stakes.set(key, (stakes.get(key) || Q.of(0)).add(parseMoney(e.stake)));
      }
    }
    const kept = [];
    for (const number of [...round.boxes.keys()].sort((a, b) => a - b)) {
      let onBox = Q.of(0);
      for (const bettor of round.boxes.get(number).bets.keys()) {
        const amount = stakes.get(`${number}/${bettor}`);
        if (!amount || absent.has(bettor) || amount.cmp(this.minBet) < 0) continue;
        if (this.maxBet && onBox.add(amount).cmp(this.maxBet) > 0) continue;
        onBox = onBox.add(amount);
        kept.push([number, bettor, amount]);
      }
    }
    return kept;
  }

  leave({ bettor }) {
    if (this.r.unclaimed_winnings_rounds === null) {
      throw this.refuse('unclaimed_winnings_rounds', 'no rule keeps the winnings of a bettor who left');
    }
    this.absent.add(bettor);
  }

  claim({ bettor }) {
    this.absent.delete(bettor);
    if (!this.held.has(bettor)) throw this.refuse('unclaimed_winnings_rounds', `no winnings of ${bettor} are held`);
    const { amount } = this.held.get(bettor);
    this.held.delete(bettor);
    this.log.push({ type: 'claimed', bettor, amount: amount.toString() });
  }

  state() {
    const money = (map) => Object.fromEntries([...map].map(([k, v]) => [k, v.toString()]));
    return {
      balances: money(this.balances),
      held: Object.fromEntries([...this.held].map(([k, v]) => [k, v.amount.toString()])),
      awaiting_cut: this.awaitingCut,
      cut_offer: this.cutOffer,
      shoe_remaining: this.shoe.cards.length,
      cut_card_out: this.cutCardOut,
    };
  }
}

// ------------------------------------------------------------------ the session: a rotating banker
// A plain player for the hands no scenario decides: never insures; splits aces and eights;
// doubles on 10 or 11; draws below 17 (and below the least total to stand).
function plainPlayer(round) {
  const cur = round.current();
  if (!cur) throw bad('round', 'no hand is waiting for a decision');
  const { box, hand } = cur;
  const two = hand.cards.length === 2;
  const total = hand.count.total;
  const args = { box: box.number };
  if (two && [1, 8].includes(hand.cards[0].value) && !round.splitRefusal(box, hand)) round.split(args);
  else if (two && [10, 11].includes(total) && !round.doubleRefusal(box, hand)) round.double(args);
  else if ((total < 17 || round.standRefusal(hand)) && !round.hitRefusal(hand)) round.hit(args);
  else round.stand(args);
}

class Session {
  constructor(rules, { participants, advance, minBet, maxBet, seed, shoes, afterCut }) {
    this.rules = rules;
    this.r = rules.values;
    if (this.r.banker_rotation !== 'each_participant_per_shoe') throw this.refuse('banker_rotation', 'under this rule set the house banks');
    const names = Array.isArray(participants) ? participants : [];
    if (!Array.isArray(participants) || new Set(names).size !== names.length || !names.every((n) => typeof n === 'string' && n)) {
      throw bad('participants', 'participants are distinct non-empty names');
    }
    if (names.length < 2 || names.length > this.r.max_boxes + 1) {
      throw this.refuse('max_boxes', `${names.length} participants: at most ${this.r.max_boxes} players and a banker`);
    }
    for (const [field, value] of [['advance', advance], ['min_bet', minBet], ['max_bet', maxBet]]) {
      if (!value || value.cmp(0) <= 0) throw bad(field, `${value} is not a positive amount`);
    }
    this.participants = names;
    this.amount = advance;
    this.table = new Table(rules, { minBet, maxBet, participants: names.length, shoes, afterCut, seed, autoCut: true });
    this.log = this.table.log;
    this.bankerIndex = 0;
    this.seat();
    this.bank = Q.of(0);
    this.advances = new Map(names.map((n) => [n, Q.of(0)]));
    this.results = new Map(names.map((n) => [n, Q.of(0)]));
    this.shares = new Map();
    this.over = false;
    this.advanceAll();
    this.log.push({ type: 'banker', bettor: this.banker });
  }

  refuse(rule, message) { return Round.prototype.refuse.call(this, rule, message); }

  get banker() { return this.participants[this.bankerIndex]; }

  advanceAll() {
    for (const name of this.participants) {
      this.advances.set(name, this.advances.get(name).add(this.amount));
      this.bank = this.bank.add(this.amount);
      this.log.push({ type: 'advance', bettor: name, amount: this.amount.toString() });
    }
  }

  // The table learns who sits where for the shoe to come.
  seat() { this.table.seated = new Map([...this.seats()].map(([name, box]) => [box, name])); }

  // The players of this shoe, from the banker on, at boxes 1, 2, ...
  seats() {
    const n = this.participants.length;
    return new Map(Array.from({ length: n - 1 }, (_, i) => [this.participants[(this.bankerIndex + i + 1) % n], i + 1]));
  }

  playRound(bets) {
    if (this.over) throw this.refuse('banker_rotation', 'the round of bankers is over');
    const seats = this.seats();
    const unknown = [...bets.keys()].filter((b) => !seats.has(b)).sort();
    if (unknown.length) throw bad('bets', `${unknown.join(', ')} do not play this shoe (the banker is ${this.banker})`);
    const missing = [...seats.keys()].filter((p) => !bets.has(p));
    if (missing.length && this.r.every_player_bets_every_round) {
      throw this.refuse('every_player_bets_every_round', `${missing.join(', ')} must play every round`);
    }
    const round = this.table.newRound();
    for (const [name, box] of seats) if (bets.has(name)) round.bet({ box, bettor: name, amount: bets.get(name).toString() });
    round.deal();
    while (round.phase !== 'done') {
      if (round.phase === 'insurance') round.closeInsurance();
      else if (round.phase === 'surrender') round.closeSurrender();
      else plainPlayer(round);
    }
    this.table.finish(round);
    for (const [name, net] of round.net) {
      this.results.set(name, this.results.get(name).add(net));
      this.bank = this.bank.sub(net);
    }
    if (this.bank.cmp(0) <= 0 && this.r.co_owned_bank) this.advanceAll();
    if (this.table.cutCardOut) {
      this.bankerIndex += 1;
      if (this.bankerIndex === this.participants.length) this.finish();
      else {
        this.log.push({ type: 'banker', bettor: this.banker });
        this.seat();
      }
    }
    return round;
  }

  finish() {
    this.over = true;
    this.log.push({ type: 'session_end' });
    if (this.r.co_owned_bank) {
      const share = this.bank.mul(new Q(1n, BigInt(this.participants.length)));
      for (const name of this.participants) {
        this.shares.set(name, share);
        this.log.push({ type: 'share', bettor: name, amount: share.toString() });
      }
      this.bank = Q.of(0);
    }
  }

  play(bet) {
    while (!this.over) this.playRound(new Map([...this.seats().keys()].map((name) => [name, bet])));
  }

  state() {
    const money = (map) => Object.fromEntries([...map].map(([k, v]) => [k, v.toString()]));
    const final = new Map(this.participants.map((p) => [p,
      this.results.get(p).sub(this.advances.get(p)).add(this.shares.get(p) || Q.of(0))]));
    return {
      ...this.table.state(),
      banker: this.over ? null : this.banker,
      over: this.over,
      bank: this.bank.toString(),
      advances: money(this.advances),
      results: money(this.results),
      shares: money(this.shares),
      final: money(final),
    };
  }
}

// ------------------------------------------------------------------ the protocol
const BETTING_ACTIONS = new Set(['bet', 'change_bet', 'withdraw_bet', 'consent', 'object', 'deal']);
const LEVELS = ['round', 'table', 'session'];

// The one game kept between requests: a round alone, or a table and its current round.
let game = { round: null, table: null, session: null, finished: true };

const money = (value, field) => (value === undefined || value === null ? null : parseMoney(value, field));
const cardsOf = (list, field = 'shoe') => {
  if (!Array.isArray(list)) throw bad(field, 'a shoe is a list of card codes');
  return list.map(parseCard);
};

function start(request) {
  game = { round: null, table: null, session: null, finished: true };
  const level = request.level === undefined ? 'round' : request.level;
  if (!LEVELS.includes(level)) throw unsupported(`no level ${JSON.stringify(level)}: this implementation plays ${LEVELS.join(' and ')}`);
  const regulation = String(request.regulation || '').toUpperCase();
  if (!REGULATIONS.includes(regulation)) throw bad('regulation', `no regulation ${JSON.stringify(request.regulation)}: ${REGULATIONS.join(', ')}`);
  const rules = withHouse(withOverrides(loadRules(regulation), request.overrides), request.house);
  if (level === 'round') {
    const shoe = cardsOf(request.shoe);
    const counts = new Map();
    for (const c of shoe) counts.set(c.code, (counts.get(c.code) || 0) + 1);
    const extra = [...counts].filter(([, n]) => n > rules.values.decks).map(([code]) => code).sort();
    if (extra.length) throw bad('shoe', `the stacked cards ${extra.join(' ')} are more than the ${rules.values.decks} deck(s) hold`);
    const minBet = money(request.min_bet === undefined ? '1' : request.min_bet, 'limits');
    const maxBet = money(request.max_bet, 'limits');
    game.round = new Round(rules, { cards: shoe, cutRemaining: null }, { minBet, maxBet, seated: seatsOf(request.seated, rules) });
    return;
  }
  const shoes = (request.shoes || []).map((s) => cardsOf(s));
  if (level === 'session') {
    game.session = new Session(rules, {
      participants: request.participants, advance: money(request.advance, 'advance'), minBet: money(request.min_bet, 'limits'),
      maxBet: money(request.max_bet, 'limits'), seed: request.seed === undefined ? 1 : request.seed, shoes,
      afterCut: Boolean(request.after_cut),
    });
    game.table = game.session.table;
    return;
  }
  const minBet = money(request.min_bet === undefined ? '1' : request.min_bet, 'limits');
  const maxBet = money(request.max_bet, 'limits');
  const specialMax = new Map(Object.entries(request.special_max || {}).map(([k, v]) => [k, parseMoney(v, 'special_max')]));
  game.table = new Table(rules, {
    minBet, maxBet, participants: request.participants, seated: seatsOf(request.seated, rules), shoes,
    afterCut: Boolean(request.after_cut), specialMax,
  });
}

// `seated` of a start: the boxes whose seat is taken (a Set), or each mapped to the player
// seated there (a Map), or null (every seat taken).
function seatsOf(given, rules) {
  if (given === undefined || given === null) return null;
  if (Array.isArray(given)) {
    if (!given.every(isInt)) throw bad('seated', 'seated lists box numbers');
    return new Set(given);
  }
  if (!given || typeof given !== 'object') throw bad('seated', 'seated lists box numbers, or maps them to the players seated there');
  const seated = new Map(); // box number -> the player seated there
  for (const [key, name] of Object.entries(given)) {
    if (!/^[1-9][0-9]*$/.test(key) || Number(key) > rules.values.max_boxes) throw bad('seated', `no box ${key}`);
    if (typeof name !== 'string' || !name) throw bad('seated', `the player seated at box ${key} is named by a non-empty string`);
    seated.set(Number(key), name);
  }
  return seated;
}

// Why the rule set cannot place its cut card at its share of the cards (cut_card_share: a share
// outside 0 to 1, or beside a number of cards), or null.
function cutCardConflict(r) {
  if (r.cut_card_share === null) return null;
  const share = ratio(r.cut_card_share);
  const shown = `${share.n}/${share.d}`;
  if (share.n <= 0n || share.n >= share.d) {
    return `cut_card_share = ${shown}: the cut card lies behind a share of the cards greater than 0 and less than 1`;
  }
  for (const other of ['cut_card_from_end', 'cut_card_per_participant']) {
    if (r[other] !== null) {
      return `cut_card_share = ${shown} and ${other} = ${r[other]}: the cut card is placed at a share of the cards or by a number of cards, not both`;
    }
  }
  return null;
}

// A rule set with some values changed, written as in the rule-set files: a changed value
// is nobody's regulation and cites no clause.
function withOverrides(rules, overrides) {
  if (overrides === undefined || overrides === null || !Object.keys(overrides).length) return rules;
  if (typeof overrides !== 'object' || Array.isArray(overrides)) throw bad('overrides', 'overrides map rule names to values');
  const values = { ...rules.values };
  const clauses = { ...rules.clauses };
  const options = { ...rules.options };
  for (const [name, raw] of Object.entries(overrides)) {
    if (!(name in values)) throw bad('override', `unknown rule ${JSON.stringify(name)}`);
    if (!sameKind(values[name], raw)) throw bad(`override [${name}]`, `value ${JSON.stringify(raw)} is not of the rule's kind`);
    values[name] = raw === 'none' ? null : raw;
    clauses[name] = [];
    delete options[name]; // a changed value is no longer the house's to choose
  }
  return { id: rules.id, values, clauses, options };
}

// A rule set with the house's choices (`house` of a start: rule -> value, written as in the
// rule-set files), each among the values its text permits (a house option). A rule the text
// fixes, or a value it does not permit, is refused by that rule; no rule, or no object, names house.
function withHouse(rules, house) {
  if (house === undefined) return rules;
  if (house === null || typeof house !== 'object' || Array.isArray(house)) {
    throw bad('house', `the house's choices are an object of rule to value, not ${JSON.stringify(house)}`);
  }
  const values = { ...rules.values };
  for (const [name, raw] of Object.entries(house)) {
    if (!(name in values)) throw bad('house', `${JSON.stringify(name)} is not a rule`);
    const option = rules.options[name];
    if (!option) {
      throw new Refusal('rule_violation', `${name} is not the house's to choose: it is ${JSON.stringify(values[name])}`,
        { rule: name, clauses: rules.clauses[name] });
    }
    const at = option.values.findIndex((v) => sameValue(name, v, raw));
    if (at < 0) {
      throw new Refusal('rule_violation',
        `${name} = ${JSON.stringify(raw)} is not permitted: the house chooses one of ${option.values.map((v) => JSON.stringify(v)).join(', ')}`,
        { rule: name, clauses: [...new Set(option.clauses.flat())] });
    }
    values[name] = option.values[at];
  }
  return { ...rules, values };
}

// Whether a value written in a start is the rule value `value`: of the same kind (a flag is never
// a number), ratios by their worth ("6/4" is "3/2"), lists of totals as sets (limit_ratio's pair
// in order), "none" as no value.
function sameValue(name, value, raw) {
  raw = noneless(raw);
  if (value === null || raw === null) return value === raw;
  if (Array.isArray(value)) {
    if (!Array.isArray(raw) || !raw.every(isInt)) return false;
    if (name === 'limit_ratio') return raw.length === 2 && raw[0] === value[0] && raw[1] === value[1];
    const set = new Set(raw);
    return set.size === new Set(value).size && value.every((v) => set.has(v));
  }
  if (typeof value !== typeof raw) return false;
  if (typeof value === 'string' && value !== raw) {
    try { return parseMoney(value).cmp(parseMoney(raw)) === 0; } catch (exc) { return false; }
  }
  return value === raw;
}

// Whether an override's value is of the rule's kind, as far as the rule set's own value shows
// it (a flag, a whole number, a word, a list); a rule set without a value ("none") takes any.
function sameKind(current, raw) {
  if (current === null || raw === 'none') return true;
  if (typeof current === 'boolean') return typeof raw === 'boolean';
  if (Number.isInteger(current)) return Number.isInteger(raw);
  if (Array.isArray(current)) return Array.isArray(raw);
  return typeof raw === typeof current;
}

// Only a bettor with a stake on the box may decide for it: anyone else is an input error.
function needBettor(box, bettor) {
  if (typeof bettor !== 'string' || !box.bets.has(bettor)) throw bad('bettor', `${JSON.stringify(bettor)} has no bet on box ${box.number}`);
}

function needRound() {
  if (!game.round) throw bad('round', 'no round started');
  return game.round;
}

function needTable() {
  if (!game.table) throw bad('table', 'no table started');
  return game.table;
}

function act(action, args) {
  const table = game.table;
  if (TABLE_ACTIONS.has(action)) {
    const t = needTable();
    if (action === 'session_round' || action === 'session_play') {
      if (!game.session) throw bad('level', `${action} needs a session (start level 'session'), not a table alone`);
      if (action === 'session_play') return game.session.play(parseMoney(args.bet, 'bet'));
      const bets = new Map(Object.entries(args.bets || {}).map(([k, v]) => [k, parseMoney(v, 'bets')]));
      game.round = game.session.playRound(bets);
      return;
    }
    switch (action) {
      case 'cut': return t.cut(args);
      case 'shuffle': return t.shuffle();
      case 'change_dealer': return t.changeDealer();
      case 'announce_closing': return t.announceClosing();
      case 'leave': return t.leave(args);
      default: return t.claim(args);
    }
  }
  // at a table, a betting action after a settled round opens the next one
  if (table && BETTING_ACTIONS.has(action) && (!game.round || game.round.phase === 'done')) game.round = table.newRound();
  const round = needRound();
  if (BETTING_ACTIONS.has(action)) game.finished = false;
  round.act(action, args);
  if (table && round.phase === 'done' && !game.finished) {
    game.finished = true;
    table.finish(round);
  }
}

function handle(request) {
  const reply = { id: request.id === undefined ? null : request.id, ok: true };
  try {
    switch (request.op) {
      case 'hello':
        Object.assign(reply, {
          protocol: PROTOCOL,
          implementation: { name: 'blackjack-js', version: '0.3.0', language: 'JavaScript' },
          regulations: REGULATIONS,
          levels: LEVELS,
          actions: ACTIONS,
        });
        break;
      case 'start': start(request); break;
      case 'act': act(request.action, request.args || {}); break;
      case 'events': reply.events = game.table ? game.table.log : needRound().log; break;
      case 'legal': reply.actions = needRound().legal(); break;
      case 'phase': reply.phase = needRound().phase; break;
      case 'state': reply.state = game.session ? game.session.state() : game.table ? game.table.state() : (needRound(), {}); break;
      case 'bye': break;
      default: throw unsupported(`no operation ${JSON.stringify(request.op)}`);
    }
  } catch (exc) {
    const error = exc instanceof Refusal
      ? { code: exc.code, message: exc.message }
      : { code: 'internal', message: String(exc && exc.stack || exc) };
    if (exc instanceof Refusal) {
      if (exc.clauses.length) error.clauses = exc.clauses;
      if (exc.rule) error.rule = exc.rule;
      if (exc.field) error.field = exc.field;
    }
    return { id: reply.id, ok: false, error };
  }
  return reply;
}

function main() {
  const input = readline.createInterface({ input: process.stdin, terminal: false });
  let closed = false;
  input.on('line', (line) => {
    if (closed || !line.trim()) return;
    let request;
    try {
      request = JSON.parse(line);
      if (request === null || typeof request !== 'object' || Array.isArray(request)) throw new Error('a request is a JSON object');
    } catch (exc) {
      process.stdout.write(JSON.stringify({ id: null, ok: false, error: { code: 'input_error', message: `not a request: ${exc.message}` } }) + '\n');
      return;
    }
    const reply = handle(request);
    process.stdout.write(JSON.stringify(reply) + '\n');
    if (reply.ok && request.op === 'bye') {
      closed = true;
      input.close();
      process.stdin.destroy();
    }
  });
}

if (require.main === module) main();
module.exports = { Q, parseMoney, loadRules, Round, handle };
