#!/usr/bin/env node
// An independent blackjack implementation in JavaScript that speaks the conformance
// protocol (JSON lines on stdin/stdout, version 1.0; see spec_engine/protocol.py and
// docs/protocol.md). It exists to show that the protocol is language-neutral: it shares no
// code with the Python engine, only the rule sets' data.
//
//   node conformance/js/blackjack.js
//
// Scope: the round level (a single round on a stacked shoe) under the Czech casino (CZ)
// and Campione (IT) rule sets. The rule values and the clause ids a refusal cites are read
// at run time from spec_engine/data/rulesets/<reg>.toml (BLACKJACK_JS_RULESETS names
// another folder). Everything else -- the table and session levels, misdeals, absent
// players, the other regulations, rule overrides -- answers the error code "unsupported".
//
// Money is exact: a rational of two BigInts, written as a decimal string ("22.5").
// No npm dependencies.
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

const PROTOCOL = '1.0';
const REGULATIONS = ['CZ', 'IT'];
const ACTIONS = ['bet', 'change_bet', 'withdraw_bet', 'consent', 'object', 'deal', 'insurance', 'even_money', 'close_insurance',
  'hit', 'stand', 'double', 'split'];
const UNSUPPORTED_ACTIONS = new Set(['misdeal', 'forget_insurance_call', 'play_absent', 'cut', 'shuffle',
  'change_dealer', 'announce_closing', 'leave', 'claim', 'session_round', 'session_play']);
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

function totals(cards) {
  const hard = cards.reduce((s, c) => s + c.value, 0);
  const soft = cards.some((c) => c.value === 1) && hard + 10 <= 21;
  return { hard, soft, best: soft ? hard + 10 : hard };
}

// ------------------------------------------------------------------ one round
class Round {
  constructor(rules, shoe, minBet, maxBet) {
    this.seated = null; // the boxes whose seat is taken (null: all)
    this.rules = rules;
    this.r = rules.values;
    this.shoe = shoe; // card objects, first dealt first
    this.minBet = minBet;
    this.maxBet = maxBet;
    this.phase = 'betting';
    this.boxes = new Map(); // number -> box
    this.answers = new Map(); // "box/bettor" -> the holder's consent (true) or objection (false)
    this.dealer = [];
    this.log = [];
  }

  // -- helpers
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

  draw() {
    const card = this.shoe.shift();
    if (!card) throw bad('shoe', 'the stacked shoe is empty; stack more cards');
    return card;
  }

  ordered(rule) {
    const list = [...this.boxes.values()].sort((a, b) => a.number - b.number);
    return this.r[rule] === 'descending' ? list.reverse() : list;
  }

  boxNumber(number) {
    const max = this.r.max_boxes;
    if (!Number.isInteger(number) || number < 1 || number > max) throw bad('box', `no box ${number}: boxes are 1..${max}`);
    return number;
  }

  box(number) {
    const box = this.boxes.get(this.boxNumber(number));
    if (!box) throw bad('box', `box ${number} has no bet`);
    return box;
  }

  owner(box) { return box.bets.keys().next().value; }

  isNatural(box, hand) {
    return hand.cards.length === 2 && totals(hand.cards).best === 21 && !(hand.fromSplit && !this.r.split_21_is_blackjack);
  }

  // -- betting
  needBetting() {
    if (this.phase !== 'betting') throw this.refuse('bets_closed_at_deal', 'bets are closed once dealing has started');
  }

  checkAmount(amount) {
    const value = parseMoney(amount);
    if (value.cmp(0) <= 0) throw bad('amount', `a bet is a positive amount, not ${value}`);
    if (value.cmp(this.minBet) < 0) throw this.refuse('table_limits', `bet ${value} is below the table minimum ${this.minBet}`);
    const step = this.r.bet_multiple;
    if (step !== null && step !== undefined && value.mul(new Q(1n, BigInt(step))).d !== 1n) {
      throw this.refuse('bet_multiple', `bet ${value} is not a multiple of ${this.r.bet_multiple}`);
    }
    return value;
  }

  overMaximum(box, except, amount) {
    if (this.maxBet === null) return false;
    let sum = amount;
    for (const [who, v] of box.bets) if (who !== except) sum = sum.add(v);
    return sum.cmp(this.maxBet) > 0;
  }

  bet({ box: number, bettor, amount, unnoticed }) {
    this.needBetting();
    this.boxNumber(number);
    if (this.seated && !this.seated.has(number)) throw unsupported('a box whose seat is empty is not modelled');
    if (typeof bettor !== 'string' || !bettor) throw bad('bettor', 'a bettor is named by a non-empty string');
    const value = this.checkAmount(amount);
    const box = this.boxes.get(number) || { number, bets: new Map(), hands: [], insured: new Map(), even: new Set() };
    if (box.bets.has(bettor)) throw bad('bettor', `${bettor} already has a bet on box ${number}`);
    if (box.bets.size) {
      const answer = this.answers.get(`${number}/${bettor}`);
      const need = this.r.bet_behind_consent;
      if (need === 'unless_objected' && answer === false) {
        throw this.refuse('bet_behind_consent', `the holder of box ${number} objects to ${bettor}'s bet`);
      }
      if (need === 'required' && answer !== true) {
        throw this.refuse('bet_behind_consent', `a bet on box ${number} needs its holder's consent`);
      }
    }
    const most = this.r.max_bets_per_box;
    if (most !== null && box.bets.size >= most) throw this.refuse('max_bets_per_box', `box ${number} already holds ${most} bets`);
    if (this.overMaximum(box, null, value)) {
      throw this.refuse(unnoticed ? 'over_maximum_bet' : 'table_limits', `box ${number} would hold more than the table maximum ${this.maxBet}`);
    }
    box.bets.set(bettor, value);
    this.boxes.set(number, box);
    this.emit('bet', { box: number, bettor, amount: value });
  }

  changeBet({ box: number, bettor, amount }) {
    this.needBetting();
    const box = this.box(number);
    if (!box.bets.has(bettor)) throw bad('bettor', `${bettor} has no bet on box ${number}`);
    const value = this.checkAmount(amount);
    if (this.overMaximum(box, bettor, value)) throw this.refuse('table_limits', `box ${number} would hold more than the table maximum ${this.maxBet}`);
    box.bets.set(bettor, value);
    this.emit('change_bet', { box: number, bettor, amount: value });
  }

  // The holder of a box answers another bettor's bet on it, before that bet.
  answer({ box: number, bettor, by }, consent) {
    this.needBetting();
    const box = this.box(number);
    if (this.r.bet_behind_consent === 'not_asked') {
      throw this.refuse('bet_behind_consent', "a box's holder has no say over the bets of others on it");
    }
    if (by !== undefined && by !== null && by !== this.owner(box)) {
      throw this.refuse('bet_behind_consent', `only box ${number}'s holder, ${this.owner(box)}, answers for it`);
    }
    if (typeof bettor !== 'string' || !bettor || bettor === this.owner(box)) {
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
    if (!box.bets.size) this.boxes.delete(number);
    this.emit('withdraw_bet', { box: number, bettor });
  }

  // -- the deal
  deal() {
    if (this.phase !== 'betting') throw this.refuse('play_order', `no deal in the ${this.phase} phase`);
    if (!this.boxes.size) throw bad('bets', 'no bet has been placed');
    if (this.r.no_more_bets_call) this.emit('announce', { info: this.r.no_more_bets_call });
    const order = this.ordered('deal_order');
    for (const box of order) {
      const hand = { cards: [this.draw()], stakes: new Map(box.bets), open: new Set(box.bets.keys()), done: false, fromSplit: false, doubled: false };
      box.hands.push(hand);
      this.emit('card', { box: box.number, hand: 1, card: hand.cards[0].code });
    }
    this.dealer.push(this.draw());
    this.emit('dealer_card', { card: this.dealer[0].code });
    for (const box of order) {
      const card = this.draw();
      box.hands[0].cards.push(card);
      this.emit('card', { box: box.number, hand: 1, card: card.code });
      if (this.isNatural(box, box.hands[0])) box.hands[0].done = true; // nothing to decide
    }
    if (this.dealer[0].value === 1 && this.r.insurance_timing === 'after_initial_deal') {
      this.emit('insurance_offered');
      this.phase = 'insurance';
      return;
    }
    this.phase = 'playing';
    this.advance();
  }

  // -- insurance and even money
  needInsurance(rule) {
    if (this.phase !== 'insurance') throw this.refuse(rule, 'no insurance call is open');
  }

  bettorOn(box, bettor) {
    if (!box.bets.has(bettor)) throw bad('bettor', `${bettor} has no bet on box ${box.number}`);
  }

  insurance({ box: number, bettor, amount }) {
    this.needInsurance('insurance_timing');
    const box = this.box(number);
    this.bettorOn(box, bettor);
    if (box.insured.has(bettor) || box.even.has(bettor)) throw this.refuse('insurance_timing', `${bettor} has already answered the insurance call`);
    const value = parseMoney(amount);
    if (value.cmp(0) <= 0) throw bad('amount', `insurance is a positive amount, not ${value}`);
    const most = box.bets.get(bettor).mul(ratio(this.r.insurance_max));
    if (value.cmp(most) > 0) throw this.refuse('insurance_max', `insurance ${value} exceeds ${most}`);
    if (this.r.insurance_exact && value.cmp(most) !== 0) throw this.refuse('insurance_exact', `insurance is exactly ${most}, not ${value}`);
    box.insured.set(bettor, value);
    this.emit('insurance', { box: number, bettor, amount: value });
  }

  evenMoney({ box: number, bettor }) {
    if (!this.r.even_money) throw this.refuse('even_money', 'no even money is offered');
    this.needInsurance('insurance_timing');
    const box = this.box(number);
    this.bettorOn(box, bettor);
    const hand = box.hands[0];
    if (!this.isNatural(box, hand)) throw this.refuse('even_money', 'even money is for a blackjack only');
    if (box.insured.has(bettor) || box.even.has(bettor)) throw this.refuse('insurance_timing', `${bettor} has already answered the insurance call`);
    box.even.add(bettor);
    this.emit('even_money', { box: number, bettor });
    const stake = hand.stakes.get(bettor);
    this.emit('settle', { box: number, hand: 1, bettor, amount: stake, stake, info: 'even_money' });
    hand.open.delete(bettor);
  }

  closeInsurance() {
    this.needInsurance('insurance_timing');
    this.emit('insurance_closed');
    this.phase = 'playing';
    this.advance();
  }

  // -- playing
  current() {
    for (const box of this.ordered('play_order')) {
      const index = box.hands.findIndex((h) => !h.done);
      if (index >= 0) return { box, hand: box.hands[index], number: index + 1 };
    }
    return null;
  }

  hitRefusal(hand) {
    if (hand.doubled && this.r.double_one_card) return ['double_one_card', 'a doubled hand receives one card only'];
    if (hand.fromSplit && hand.cards[0].value === 1 && this.r.split_aces_one_card) return ['split_aces_one_card', 'a split ace receives one card only'];
    const t = totals(hand.cards);
    if (t.best === 21 && !t.soft && !this.r.hit_on_hard_21) return ['hit_on_hard_21', 'no card may be drawn on 21'];
    if (t.best === 21 && t.soft && !this.r.hit_on_soft_21) return ['hit_on_soft_21', 'no card may be drawn on soft 21'];
    return null;
  }

  standRefusal(hand) {
    const least = this.r.min_stand_total || 0;
    if (totals(hand.cards).best < least) return ['min_stand_total', `a hand stands on ${least} or more`];
    return null;
  }

  doubleRefusal(box, hand) {
    if (hand.cards.length !== 2 || hand.doubled) return ['double_totals', 'only a hand of two cards may double'];
    if (this.isNatural(box, hand) && !this.r.double_on_blackjack) return ['double_on_blackjack', 'a blackjack may not double'];
    if (hand.fromSplit) {
      if (!this.r.double_after_split) return ['double_after_split', 'a split hand may not double'];
      const limit = this.r.double_after_split_hands;
      if (limit !== null && box.hands.indexOf(hand) >= limit) return ['double_after_split_hands', `only the first ${limit} split hands may double`];
      if (hand.cards[0].value === 1 && this.r.split_aces_one_card) return ['split_aces_one_card', 'a split ace receives one card only'];
      if (hand.cards[0].value === 1 && !this.r.double_on_split_aces) return ['double_on_split_aces', 'split aces may not double'];
    }
    const t = totals(hand.cards);
    if (this.r.double_totals !== null) {
      const counts = t.soft ? [t.hard, t.hard + 10] : [t.hard];
      if (!counts.some((c) => this.r.double_totals.includes(c))) return ['double_totals', `no double on ${t.best}`];
    }
    const hit = t.best === 21 ? this.hitRefusal({ cards: hand.cards }) : null;
    return hit;
  }

  splitRefusal(box, hand) {
    if (hand.cards.length !== 2) return ['split_ten_value_mixes', 'only a pair of two cards may split'];
    const [a, b] = hand.cards;
    if (a.value !== b.value) return ['split_ten_value_mixes', `${a.code} and ${b.code} are not of equal value`];
    if (a.rank !== b.rank && !this.r.split_ten_value_mixes) return ['split_ten_value_mixes', `${a.code} and ${b.code} are not of the same rank`];
    const most = this.r.max_split_hands;
    if (most !== null && box.hands.length >= most) return ['max_split_hands', `a box makes at most ${most} hands`];
    if (hand.fromSplit && a.value === 1 && !this.r.resplit_aces) return ['resplit_aces', 'split aces may not split again'];
    return null;
  }

  // The box and hand an action goes to, or the reason it is refused.
  acting(number, action, by) {
    const target = Number.isInteger(number) ? this.boxes.get(number) : undefined;
    const cur = this.phase === 'playing' ? this.current() : null;
    if (!cur || target !== cur.box) {
      if (target && target.hands.length) {
        // a hand the rules have closed (21, a split ace, a double): name the rule that closed it
        const hand = target.hands[target.hands.length - 1];
        const why = action === 'hit' ? this.hitRefusal(hand)
          : action === 'double' ? this.doubleRefusal(target, hand)
            : action === 'split' ? this.splitRefusal(target, hand) : null;
        if (why) throw this.refuse(...why);
      }
      if (this.phase !== 'playing') throw this.refuse('play_order', `no ${action} in the ${this.phase} phase`);
      this.box(number);
      throw this.refuse('play_order', `box ${number} is out of turn: box ${cur.box.number} is to act`);
    }
    if (by !== undefined && by !== null && this.r.box_owner_decides && by !== this.owner(cur.box)) {
      throw this.refuse('box_owner_decides', `${by} may not decide for box ${number}: ${this.owner(cur.box)} does`);
    }
    return cur;
  }

  settleHand(box, hand, number, outcome, times) {
    for (const bettor of box.bets.keys()) {
      if (!hand.open.has(bettor)) continue;
      const stake = hand.stakes.get(bettor);
      this.emit('settle', { box: box.number, hand: number, bettor, amount: stake.mul(times), stake, info: outcome });
    }
    hand.open.clear();
  }

  // A card to a hand, and what it forces: a bust is settled at once; a hand that can
  // neither draw, double nor split stands by itself.
  dealTo(box, hand) {
    const card = this.draw();
    hand.cards.push(card);
    const number = box.hands.indexOf(hand) + 1;
    this.emit('card', { box: box.number, hand: number, card: card.code });
    const t = totals(hand.cards);
    if (t.hard > 21) {
      this.emit('bust', { box: box.number, hand: number, total: t.hard });
      this.settleHand(box, hand, number, 'lose', -1);
      hand.done = true;
    } else if (hand.doubled) {
      hand.done = true;
    } else if (this.hitRefusal(hand) && this.doubleRefusal(box, hand) && this.splitRefusal(box, hand)) {
      this.emit('stand', { box: box.number, hand: number, info: 'automatic' });
      hand.done = true;
    }
  }

  advance() {
    for (;;) {
      const cur = this.current();
      if (!cur) { this.dealerPlays(); return; }
      if (cur.hand.cards.length >= 2) return;
      this.dealTo(cur.box, cur.hand); // a split hand waiting for its second card
    }
  }

  decide(action, { box: number, by, declining }) {
    const { box, hand, number: handNo } = this.acting(number, action, by);
    const who = by || this.owner(box);
    if (action === 'hit') {
      const why = this.hitRefusal(hand);
      if (why) throw this.refuse(...why);
      this.emit('hit', { box: box.number, hand: handNo, bettor: who });
      this.dealTo(box, hand);
    } else if (action === 'stand') {
      const why = this.standRefusal(hand);
      if (why) throw this.refuse(...why);
      this.emit('stand', { box: box.number, hand: handNo, bettor: who });
      hand.done = true;
    } else {
      const why = action === 'double' ? this.doubleRefusal(box, hand) : this.splitRefusal(box, hand);
      if (why) throw this.refuse(...why);
      const out = new Set(declining || []);
      for (const b of out) if (!hand.stakes.has(b)) throw bad('declining', `${b} has no stake on box ${box.number}'s hand`);
      const rule = action === 'double' ? 'behind_may_decline_double' : 'behind_may_decline_split';
      if (out.size && !this.r[rule]) throw this.refuse(rule, `bettors behind follow the box's ${action}`);
      if (out.has(this.owner(box))) throw bad('declining', `${this.owner(box)} decides for box ${box.number} and cannot decline`);
      this.emit(action, { box: box.number, hand: handNo, bettor: who });
      if (action === 'double') {
        for (const b of box.bets.keys()) {
          if (!hand.stakes.has(b)) continue;
          if (out.has(b)) { this.emit('decline', { box: box.number, hand: handNo, bettor: b, info: 'double' }); continue; }
          const stake = hand.stakes.get(b);
          hand.stakes.set(b, stake.mul(2));
          this.emit('match', { box: box.number, hand: handNo, bettor: b, amount: stake });
        }
        hand.doubled = true;
        this.dealTo(box, hand);
      } else {
        const fresh = { cards: [hand.cards.pop()], stakes: new Map(), open: new Set(), done: false, fromSplit: true, doubled: false };
        for (const b of box.bets.keys()) {
          if (!hand.stakes.has(b)) continue;
          if (out.has(b)) { this.emit('decline', { box: box.number, hand: handNo, bettor: b, info: 'split' }); continue; }
          fresh.stakes.set(b, hand.stakes.get(b));
          fresh.open.add(b);
          this.emit('match', { box: box.number, hand: handNo + 1, bettor: b, amount: hand.stakes.get(b) });
        }
        hand.fromSplit = true;
        box.hands.splice(handNo, 0, fresh);
        this.dealTo(box, hand);
      }
    }
    this.advance();
  }

  // -- the dealer and the settlement
  dealerPlays() {
    const live = [...this.boxes.values()].some((box) => box.hands.some((h) => h.open.size) || box.insured.size);
    if (!live && !this.r.dealer_plays_when_all_bust) {
      this.emit('dealer_discards', { card: this.dealer[0].code });
      this.finish();
      return;
    }
    for (;;) {
      const t = totals(this.dealer);
      if (this.dealer.length >= 2 && (t.best > 17 || (t.best === 17 && (!t.soft || this.r.dealer_stands_soft_17)))) break;
      if (this.dealer.length >= 2 && t.hard > 21) break;
      const card = this.draw();
      this.dealer.push(card);
      this.emit('dealer_card', { card: card.code });
    }
    const t = totals(this.dealer);
    const blackjack = this.dealer.length === 2 && t.best === 21;
    const bust = t.hard > 21;
    this.emit('dealer_total', { total: bust ? t.hard : t.best, info: blackjack ? 'blackjack' : bust ? 'bust' : 'stands' });
    const payout = ratio(this.r.insurance_payout);
    for (const box of this.ordered('payment_order')) {
      for (const [bettor, stake] of box.insured) {
        const net = blackjack ? stake.mul(payout) : stake.neg();
        this.emit('settle', { box: box.number, bettor, amount: net, stake, info: blackjack ? 'insurance_win' : 'insurance_lose' });
      }
      box.hands.forEach((hand, i) => {
        if (!hand.open.size) return;
        const mine = totals(hand.cards).best;
        if (this.isNatural(box, hand)) {
          if (blackjack) this.settleHand(box, hand, i + 1, 'push', 0);
          else this.settleHand(box, hand, i + 1, 'blackjack', ratio(this.r.blackjack_payout));
        } else if (blackjack) this.settleHand(box, hand, i + 1, 'lose', -1);
        else if (bust || mine > t.best) this.settleHand(box, hand, i + 1, 'win', 1);
        else if (mine === t.best) this.settleHand(box, hand, i + 1, 'push', 0);
        else this.settleHand(box, hand, i + 1, 'lose', -1);
      });
    }
    this.finish();
  }

  finish() {
    const cards = [];
    for (const box of this.ordered('deal_order')) for (const hand of box.hands) cards.push(...hand.cards);
    cards.push(...this.dealer);
    this.emit('clear', { total: cards.length, info: cards.map((c) => c.code).join(' ') });
    this.phase = 'done';
  }

  legal() {
    if (this.phase === 'betting') return this.boxes.size ? [{ kind: 'bet' }, { kind: 'deal' }] : [{ kind: 'bet' }];
    if (this.phase === 'insurance') {
      const out = [{ kind: 'close_insurance' }];
      for (const box of this.ordered('deal_order')) {
        for (const bettor of box.bets.keys()) {
          if (box.insured.has(bettor) || box.even.has(bettor)) continue;
          out.push({ kind: 'insurance', box: box.number, bettor });
          if (this.r.even_money && this.isNatural(box, box.hands[0])) out.push({ kind: 'even_money', box: box.number, bettor });
        }
      }
      return out;
    }
    const cur = this.phase === 'playing' ? this.current() : null;
    if (!cur) return [];
    const out = [];
    const b = cur.box.number;
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
      case 'deal':
        if (args.misdeals && args.misdeals.length) throw unsupported('this implementation does not offer misdeal');
        return this.deal();
      case 'insurance': return this.insurance(args);
      case 'even_money': return this.evenMoney(args);
      case 'close_insurance': return this.closeInsurance();
      case 'hit': case 'stand': case 'double': case 'split': return this.decide(action, args);
      default:
        if (UNSUPPORTED_ACTIONS.has(action)) throw unsupported(`this implementation does not offer ${action}`);
        throw bad('action', `unknown action ${JSON.stringify(action)}`);
    }
  }
}

// ------------------------------------------------------------------ the protocol
let round = null;

function start(request) {
  round = null;
  const level = request.level || 'round';
  if (level !== 'round') throw unsupported(`no level ${JSON.stringify(level)}: round only`);
  const regulation = String(request.regulation || '').toUpperCase();
  if (!REGULATIONS.includes(regulation)) throw unsupported(`no regulation ${JSON.stringify(request.regulation)}: ${REGULATIONS.join(', ')} only`);
  if (request.overrides && Object.keys(request.overrides).length) throw unsupported('rule overrides are not offered');
  if (!Array.isArray(request.shoe)) throw bad('shoe', 'the shoe is a list of card codes');
  const shoe = request.shoe.map(parseCard);
  const minBet = parseMoney(request.min_bet === undefined ? '1' : request.min_bet, 'min_bet');
  const maxBet = request.max_bet === undefined || request.max_bet === null ? null : parseMoney(request.max_bet, 'max_bet');
  round = new Round(loadRules(regulation), shoe, minBet, maxBet);
  if (Array.isArray(request.seated)) round.seated = new Set(request.seated);
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
          implementation: { name: 'blackjack-js', version: '0.1.0', language: 'JavaScript' },
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
