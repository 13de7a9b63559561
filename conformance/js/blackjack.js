#!/usr/bin/env node
// An independent blackjack implementation in JavaScript that speaks the conformance
// protocol (JSON lines on stdin/stdout, version 1.0; see docs/protocol.md). It exists to
// show that the protocol is language-neutral and to catch the reference engine's faults:
// it shares no code with the Python engine, only the rule sets' data.
//
//   node conformance/js/blackjack.js
//
// Scope: the round level (a single round on a stacked shoe) under all five rule sets (CL,
// ES, UY, CZ, IT), with the dealer's mistakes (misdeal, forget_insurance_call) and the
// absent bettor's hand (play_absent). The rule values and the clause ids a refusal cites are
// read at run time from spec_engine/data/rulesets/<reg>.toml (BLACKJACK_JS_RULESETS names
// another folder); `overrides` change them for one game (a changed value cites no clause).
// The table and session levels answer the error code "unsupported".
//
// Money is exact: a rational of two BigInts, written as a decimal string ("22.5").
// No npm dependencies.
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

const PROTOCOL = '1.0';
const REGULATIONS = ['CL', 'ES', 'UY', 'CZ', 'IT'];
const ACTIONS = ['bet', 'change_bet', 'withdraw_bet', 'consent', 'object', 'deal', 'insurance', 'even_money',
  'close_insurance', 'forget_insurance_call', 'hit', 'stand', 'double', 'split', 'misdeal', 'play_absent'];
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

function loadRules(regulation) {
  if (rulesetCache.has(regulation)) return rulesetCache.get(regulation);
  const file = path.join(RULESETS, `${regulation.toLowerCase()}.toml`);
  const text = fs.readFileSync(file, 'utf8');
  const values = {};
  const clauses = {};
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
    let value = entry.value;
    if (value === 'none') value = null;
    values[m[1]] = value;
    clauses[m[1]] = entry.clauses || [];
  }
  const rules = { id: regulation, values, clauses };
  rulesetCache.set(regulation, rules);
  return rules;
}

const ratio = (value) => parseMoney(String(value), 'rules');

// ------------------------------------------------------------------ cards
const RANKS = 'A23456789TJQK';
const SUITS = 'SHDC';

function parseCard(code) {
  if (typeof code !== 'string' || code.length !== 2 || !RANKS.includes(code[0]) || !SUITS.includes(code[1])) {
    throw bad('shoe', `not a card: ${JSON.stringify(code)}`);
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
    this.done = false;
    this.natural = false;
  }

  get count() { return count(this.cards); }
  codes() { return this.cards.map((c) => c.code); }
}

class Box {
  constructor(number, seated) {
    this.number = number;
    this.seated = seated;
    this.bets = new Map(); // bettor -> bet, in the order placed: the first holds the box
    this.excess = new Map(); // the part of an unnoticed over-maximum bet that does not play
    this.hands = [];
    this.insurance = new Map();
    this.even = new Set();
    this.series = false; // a run of equal cards since the last split, still unbroken
  }

  get owner() { return this.bets.keys().next().value; }
}

const sum = (values) => [...values].reduce((a, b) => a.add(b), Q.of(0));

class Round {
  constructor(rules, shoe, { minBet, maxBet, seated }) {
    this.rules = rules;
    this.r = rules.values;
    this.shoe = shoe; // card objects, first dealt first
    this.minBet = minBet;
    this.maxBet = maxBet;
    this.seated = seated; // a Set of the boxes whose seat is taken, or null: all
    this.phase = 'betting';
    this.boxes = new Map();
    this.answers = new Map(); // "box/bettor" -> consent (true) or objection (false)
    this.dealer = [];
    this.voided = [];
    this.drawn = [];
    this.log = [];
    this.insuranceDone = false;
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
    const step = r.bet_multiple;
    const off = (x) => step !== null && x.mul(new Q(1n, BigInt(step))).d !== 1n;
    if (step !== null && (off(minBet) || (maxBet && off(maxBet)))) {
      throw this.refuse('bet_multiple', `limits ${minBet} and ${maxBet} must be multiples of ${step}`);
    }
    if (r.limit_ratio !== null && maxBet) {
      const [low, high] = r.limit_ratio;
      if (maxBet.cmp(minBet.mul(low)) < 0 || maxBet.cmp(minBet.mul(high)) > 0) {
        throw this.refuse('limit_ratio', `the maximum ${maxBet} must lie between ${low} and ${high} times the minimum ${minBet}`);
      }
    }
  }

  draw() {
    const card = this.shoe.shift();
    if (!card) throw bad('shoe', 'the stacked shoe is empty; stack more cards');
    this.drawn.push(card);
    return card;
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

  bet({ box: number, bettor, amount: raw, unnoticed }) {
    this.needBetting();
    const r = this.r;
    this.checkBoxNumber(number);
    if (typeof bettor !== 'string' || !bettor) throw bad('bettor', 'a bettor is named by a non-empty string');
    const amount = this.amount(raw);
    const box = this.boxes.get(number) || new Box(number, !this.seated || this.seated.has(number));
    if (box.bets.has(bettor)) throw bad('bettor', `${bettor} already has a bet on box ${number}`);
    if (box.bets.size && box.seated) {
      const answer = this.answers.get(`${number}/${bettor}`);
      if (r.bet_behind_consent === 'unless_objected' && answer === false) {
        throw this.refuse('bet_behind_consent', `the holder of box ${number} objects to ${bettor}'s bet`);
      }
      if (r.bet_behind_consent === 'required' && answer !== true) {
        throw this.refuse('bet_behind_consent', `a bet on box ${number} needs its holder's consent`);
      }
    }
    let [limit, rule] = [r.max_bets_per_box, 'max_bets_per_box'];
    if (!box.seated && r.max_bets_unseated_box !== null) [limit, rule] = [r.max_bets_unseated_box, 'max_bets_unseated_box'];
    if (limit !== null && box.bets.size >= limit) throw this.refuse(rule, `box ${number} already holds ${box.bets.size} bet(s)`);
    let excess = Q.of(0);
    const onBox = sum(box.bets.values()).add(amount);
    if (r.table_limits && this.maxBet && onBox.cmp(this.maxBet) > 0) {
      if (unnoticed && r.over_maximum_bet === 'capped') excess = onBox.sub(this.maxBet);
      else {
        throw this.refuse(unnoticed ? 'over_maximum_bet' : 'table_limits',
          `box ${number} would hold more than the table maximum ${this.maxBet}`);
      }
    }
    box.bets.set(bettor, amount.sub(excess));
    if (!excess.isZero()) box.excess.set(bettor, excess);
    this.boxes.set(number, box);
    this.emit('bet', { box: number, bettor, amount });
  }

  changeBet({ box: number, bettor, amount: raw }) {
    this.needBetting();
    const box = this.box(number);
    if (!box.bets.has(bettor)) throw bad('bettor', `${bettor} has no bet on box ${number}`);
    const amount = this.amount(raw);
    const others = sum([...box.bets].filter(([who]) => who !== bettor).map(([, v]) => v));
    if (this.r.table_limits && this.maxBet && others.add(amount).cmp(this.maxBet) > 0) {
      throw this.refuse('table_limits', `box ${number} would hold more than the table maximum ${this.maxBet}`);
    }
    box.bets.set(bettor, amount);
    this.emit('change_bet', { box: number, bettor, amount });
  }

  // The holder of a box answers another bettor's bet on it, before that bet.
  answer({ box: number, bettor, by }, consent) {
    this.needBetting();
    const box = this.box(number);
    if (this.r.bet_behind_consent === 'not_asked') {
      throw this.refuse('bet_behind_consent', "a box's holder has no say over the bets of others on it");
    }
    if (!box.seated) throw this.refuse('bet_behind_consent', `box ${number}'s seat is empty: nobody answers for it`);
    if (by !== undefined && by !== null && by !== box.owner) {
      throw this.refuse('bet_behind_consent', `only box ${number}'s holder, ${box.owner}, answers for it`);
    }
    if (typeof bettor !== 'string' || !bettor || bettor === box.owner) {
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
    if (!box.bets.size) this.boxes.delete(number);
    this.emit('withdraw_bet', { box: number, bettor });
  }

  // -- the deal
  deal({ misdeals } = {}) {
    this.needPhase('betting', 'deal');
    if (!this.boxes.size) throw bad('bets', 'no bet has been placed');
    const order = this.inOrder('deal_order');
    const mistakes = new Map(); // the deal's n-th card -> the boxes the mistakes go to
    for (const m of misdeals || []) {
      const n = m && m.before;
      if (!isInt(n) || n < 1 || n > 2 * order.length + 1) throw bad('misdeals', `the deal has cards 1..${2 * order.length + 1}`);
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
      const card = this.draw();
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
    this.startPlay();
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
    if (!box.bets.has(bettor)) return ['max_bets_per_box', `${bettor} has no bet on box ${box.number}`];
    if (!box.hands.some((h) => h.open.size)) return ['insurance_timing', `box ${box.number} has no hand left in play`];
    if (box.insurance.has(bettor) || box.even.has(bettor)) return ['insurance_timing', `${bettor} has already decided`];
    if (!r.insurance_per_bettor && bettor !== box.owner) return ['insurance_per_bettor', 'only the box holder insures'];
    if (amount === null) return null;
    const stake = r.insurance_base === 'total_stake'
      ? sum(box.hands.filter((h) => h.open.has(bettor)).map((h) => h.stakes.get(bettor)))
      : box.bets.get(bettor);
    const cap = stake.mul(ratio(r.insurance_max));
    if (amount.cmp(cap) > 0) return ['insurance_max', `insurance ${amount} exceeds ${cap}`];
    if (r.insurance_exact && amount.cmp(cap) !== 0) return ['insurance_exact', `insurance is exactly ${cap}`];
    if (r.insurance_min_of_table_min !== null) {
      const floor = this.minBet.mul(ratio(r.insurance_min_of_table_min));
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
    if (this.r.insurance_timing === 'after_initial_deal') this.startPlay();
    else this.dealerPlays();
  }

  // -- the dealer's mistakes
  misdeal({ to_box: to = null }) {
    if (this.phase !== 'insurance' && this.phase !== 'playing') {
      throw this.refuse('misdeal_remedy', `no misdeal in the ${this.phase} phase`);
    }
    if (to !== null) this.checkBoxNumber(to);
    this.mistake(to);
  }

  // The next card drawn by mistake (to box `to`, or exposed) and its remedy; true when the
  // round was reconstructed and dealt again.
  mistake(to) {
    const card = this.draw();
    this.emit('misdeal', { box: to, card: card.code });
    if (to !== null && !this.boxes.has(to) && this.r.card_to_box_without_bet === 'reconstruct') {
      this.emit('remedy', { card: card.code, info: 'reconstruct' });
      this.reconstruct();
      return true;
    }
    const remedy = this.r.misdeal_remedy;
    if (remedy === 'void') this.voided.push(card);
    else this.shoe.unshift(this.drawn.pop()); // back to its place: the next card
    this.emit('remedy', { card: card.code, info: remedy });
    return false;
  }

  reconstruct() {
    this.shoe.unshift(...this.drawn);
    this.drawn = [];
    this.dealer = [];
    this.voided = [];
    for (const box of this.boxes.values()) {
      box.hands = [];
      box.insurance.clear();
      box.even.clear();
      box.series = false;
    }
    this.insuranceDone = false;
    this.phase = 'betting';
    this.deal();
  }

  forgetInsuranceCall() {
    this.needInsuranceCall();
    this.emit('insurance_missed');
    this.insuranceDone = true;
    if (this.r.insurance_timing === 'after_initial_deal') { this.startPlay(); return; }
    const card = this.draw();
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
    const card = this.draw();
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
  dealerPlays() {
    const r = this.r;
    this.phase = 'done';
    const live = [...this.boxes.values()].flatMap((box) => box.hands.filter((h) => h.open.size));
    const insured = [...this.boxes.values()].some((box) => box.insurance.size);
    if (!live.length && !insured && !r.dealer_plays_when_all_bust) {
      this.emit('dealer_discards', { card: this.dealer[0].code });
      this.clear();
      return;
    }
    const take = () => { const card = this.draw(); this.dealer.push(card); this.emit('dealer_card', { card: card.code }); };
    if (this.dealer.length === 1) take();
    const first = count(this.dealer);
    const blackjack = first.soft && first.hard === 11;
    // the dealer draws unless he has a blackjack or only blackjacks are left to beat
    if (!blackjack && !live.every((h) => h.natural)) {
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
      if (blackjack) [info, net] = dealerBlackjack ? ['push', Q.of(0)] : ['blackjack', stake.mul(ratio(r.blackjack_payout))];
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
    this.emit('clear', { total: cards.length, info: cards.map((c) => c.code).join(' ') });
  }

  legal() {
    if (this.phase === 'betting') return this.boxes.size ? [{ kind: 'bet' }, { kind: 'deal' }] : [{ kind: 'bet' }];
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
    const cur = this.current();
    if (!cur) return [];
    const b = cur.box.number;
    const out = [];
    if (!this.hitRefusal(cur.hand)) out.push({ kind: 'hit', box: b });
    if (!this.standRefusal(cur.hand)) out.push({ kind: 'stand', box: b });
    if (!this.doubleRefusal(cur.box, cur.hand)) out.push({ kind: 'double', box: b });
    if (!this.splitRefusal(cur.box, cur.hand)) out.push({ kind: 'split', box: b });
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
      case 'misdeal': return this.misdeal(args);
      case 'play_absent': return this.playAbsent(args);
      default:
        if (TABLE_ACTIONS.has(action)) throw unsupported(`no ${action}: this implementation plays the round level only (no level table/session)`);
        throw bad('action', `unknown action ${JSON.stringify(action)}`);
    }
  }
}

// ------------------------------------------------------------------ the protocol
let round = null;

function start(request) {
  round = null;
  const level = request.level === undefined ? 'round' : request.level;
  if (level !== 'round') throw unsupported(`no level ${JSON.stringify(level)}: this implementation plays the round level only`);
  const regulation = String(request.regulation || '').toUpperCase();
  if (!REGULATIONS.includes(regulation)) throw bad('regulation', `no regulation ${JSON.stringify(request.regulation)}: ${REGULATIONS.join(', ')}`);
  const rules = withOverrides(loadRules(regulation), request.overrides);
  if (!Array.isArray(request.shoe)) throw bad('shoe', 'the shoe is a list of card codes');
  const shoe = request.shoe.map(parseCard);
  const minBet = parseMoney(request.min_bet === undefined ? '1' : request.min_bet, 'min_bet');
  const maxBet = request.max_bet === undefined || request.max_bet === null ? null : parseMoney(request.max_bet, 'max_bet');
  let seated = null;
  if (request.seated !== undefined && request.seated !== null) {
    if (!Array.isArray(request.seated) || !request.seated.every(isInt)) throw bad('seated', 'seated lists box numbers');
    seated = new Set(request.seated);
  }
  round = new Round(rules, shoe, { minBet, maxBet, seated });
}

// A rule set with some values changed, written as in the rule-set files: a changed value
// is nobody's regulation and cites no clause.
function withOverrides(rules, overrides) {
  if (overrides === undefined || overrides === null || !Object.keys(overrides).length) return rules;
  if (typeof overrides !== 'object' || Array.isArray(overrides)) throw bad('overrides', 'overrides map rule names to values');
  const values = { ...rules.values };
  const clauses = { ...rules.clauses };
  for (const [name, raw] of Object.entries(overrides)) {
    if (!(name in values)) throw bad('override', `unknown rule ${JSON.stringify(name)}`);
    values[name] = raw === 'none' ? null : raw;
    clauses[name] = [];
  }
  return { id: rules.id, values, clauses };
}

function need() {
  if (!round) throw bad('round', 'no round started');
  return round;
}

function handle(request) {
  const reply = { id: request.id === undefined ? null : request.id, ok: true };
  try {
    switch (request.op) {
      case 'hello':
        Object.assign(reply, {
          protocol: PROTOCOL,
          implementation: { name: 'blackjack-js', version: '0.2.0', language: 'JavaScript' },
          regulations: REGULATIONS,
          levels: ['round'],
          actions: ACTIONS,
        });
        break;
      case 'start': start(request); break;
      case 'act': need().act(request.action, request.args || {}); break;
      case 'events': reply.events = need().log; break;
      case 'legal': reply.actions = need().legal(); break;
      case 'phase': reply.phase = need().phase; break;
      case 'state': need(); reply.state = {}; break;
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
