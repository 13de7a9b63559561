"""Cards drawn as inline SVG (no external asset or font) and named in words."""

from __future__ import annotations

import html
from collections.abc import Iterable

from spec_engine.cards import Card, parse_card, parse_cards
from spec_engine.errors import InputError

# ---------------------------------------------------------------------------- cards as SVG

RANK_NAMES = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CARD_W, _CARD_H, _CARD_GAP = 42, 60, 6
_RED, _BLACK = "#b3141b", "#1a1a1a"
_FONT = 'font-family="sans-serif"'


def card_name(code: str) -> str:
    """The card's name in words: ``"7S"`` -> ``"seven of spades"``."""
    card = parse_card(code)
    return f"{RANK_NAMES[card.rank]} of {_SUIT_NAMES[card.suit]}"


def card_text(code: str) -> str:
    """The card as short text with its suit symbol: ``"TH"`` -> ``"10♥"``."""
    card = parse_card(code)
    return _rank_shown(card) + _SUIT_SYMBOLS[card.suit]


def _rank_shown(card: Card) -> str:
    return "10" if card.rank == "T" else card.rank


def _card_group(card: Card, x: int) -> str:
    """One card drawn at ``x``: a rounded rectangle, the rank and suit in two corners, a
    large suit symbol in the middle."""
    colour = _RED if card.suit in "HD" else _BLACK
    rank, suit = _rank_shown(card), _SUIT_SYMBOLS[card.suit]
    paint = f'{_FONT} fill="{colour}"'
    return (
        f'<g transform="translate({x} 0)"><title>{card_name(card.code)}</title>'
        f'<rect x="0.5" y="0.5" width="{_CARD_W - 1}" height="{_CARD_H - 1}" rx="4" '
        'fill="#ffffff" stroke="#777777"/>'
        f'<text x="4" y="14" font-size="12" font-weight="bold" {paint}>{rank}</text>'
        f'<text x="4" y="26" font-size="11" {paint}>{suit}</text>'
        f'<text x="{_CARD_W // 2}" y="{_CARD_H // 2 + 9}" text-anchor="middle" font-size="24" {paint}>{suit}</text>'
        f'<text x="{_CARD_W - 4}" y="{_CARD_H - 5}" text-anchor="end" font-size="12" font-weight="bold" '
        f"{paint}>{rank}</text>"
        "</g>"
    )


def _svg(width: int, label: str, body: str) -> str:
    label = html.escape(label, quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{_CARD_H}" '
        f'viewBox="0 0 {width} {_CARD_H}" role="img" aria-label="{label}">'
        f"<title>{label}</title>{body}</svg>"
    )


def card_svg(code: str) -> str:
    """A small inline SVG of one card (on one line, so Markdown keeps it whole)."""
    card = parse_card(code)
    return _svg(_CARD_W, card_name(card.code), _card_group(card, 0))


def back_svg(label: str) -> str:
    """A card face down: its back (cross-hatched blue in a white frame), named ``label`` (the
    reader's "face-down card"), never the card it hides."""
    inner_w, inner_h = _CARD_W - 8, _CARD_H - 8
    hatch = "".join(
        f'<line x1="{x}" y1="0" x2="{x + inner_h // 2}" y2="{inner_h}" stroke="#7f9fd6"/>'
        for x in range(-inner_h // 2, inner_w, 6)
    )
    body = (
        f'<rect x="0.5" y="0.5" width="{_CARD_W - 1}" height="{_CARD_H - 1}" rx="4" fill="#ffffff" stroke="#777777"/>'
        f'<svg x="4" y="4" width="{inner_w}" height="{inner_h}">'  # (a nested svg clips the hatching)
        f'<rect width="{inner_w}" height="{inner_h}" fill="#23408e"/>{hatch}</svg>'
    )
    return _svg(_CARD_W, label, body)


def hand_svg(codes: str | Iterable[str], *, label: str | None = None) -> str:
    """Several cards side by side in one inline SVG; ``label`` (default: the cards' names)
    is its accessible name."""
    cards = parse_cards(codes)
    if not cards:
        raise InputError("a hand to draw needs at least one card", field="cards")
    step = _CARD_W + _CARD_GAP
    width = len(cards) * step - _CARD_GAP
    body = "".join(_card_group(card, i * step) for i, card in enumerate(cards))
    return _svg(width, label or ", ".join(card_name(c.code) for c in cards), body)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card_text(c.code) for c in cards)
