@CZ
Feature: Czech casino: the shoe, the cut and the burnt cards
  Table-level procedure under KARTY and HRA: six decks shuffled before play, the cut offered
  to the first player (later to the player at whose box the cut card appeared), at least one
  deck from either end, an unacceptable cut refused and offered again, the cut part put
  behind the rest, five cards burnt after every shuffle and one on a change of dealer, and a
  new shuffle once the cut card has appeared.

  Background:
    Given the CZ rules
    And table limits of 10 to 500

  @CZ-KARTY-1
  Scenario: The shoe holds six decks and no more
    "U každého hracího stolu na Black Jack se používá šest (6) balíčků hracích karet." Six
    aces of spades fit in the shoe, a seventh does not.
    Given the shuffled shoe starts with AS AS AS AS AS AS AS
    When the cut is made at 100
    Then it is refused as bad input naming shoe

  @CZ-KARTY-1
  Scenario: Six decks, 312 cards, are shuffled before play begins
    "šest (6) balíčků hracích karet"; "Než se začne hrát, tyto karty se promíchají". The
    shuffle (312 cards) comes before the cut and the first bet. The shuffling method ("chemmy
    shuffle") is physical handling; the scenario stacks the result of the shuffle. With six
    aces of spades first, no deck has an AS left: the first deck (51 cards) runs from 2S to
    KC, so after a cut at 52 the shoe starts at its 9C, and dealing starts at the second
    deck's 2S.
    Given the shuffled shoe starts with AS AS AS AS AS AS
    When box 1 cuts at 52
    And P1 bets 10 on box 1
    And the cards are dealt
    Then the log shows, in order:
      | type        | total | box | card |
      | shuffle     | 312   |     |      |
      | offer_cut   |       | 1   |      |
      | cut         | 52    | 1   |      |
      | burn        |       |     | 9C   |
      | burn        |       |     | KC   |
      | bet         |       | 1   |      |
      | card        |       | 1   | 2S   |
      | dealer_card |       |     | 3S   |
      | card        |       | 1   | 4S   |

  @CZ-KARTY-5
  Scenario: When play has just begun the cut is offered to the first player
    "Po skončení míchání rozdávající nabídne karty k říznutí (sejmutí) prvnímu hráči u stolu,
    jestliže hra právě začala". Not stated: which seat is the first player's; the engine
    assumes box 1, at the dealer's left. Another player's cut is refused.
    Given the shuffled shoe starts with 9S 9H
    When box 3 cuts at 100
    Then it is refused citing CZ-KARTY-5
    And the cut is offered to box 1
    When box 1 cuts at 100
    Then the cut card lies 78 cards from the end

  @CZ-KARTY-6
  Scenario: The cut leaves at least one deck on either side
    "Hráč potom karty řízne tak, aby každý konec dělil od místa říznutí nejméně jeden balíček
    (52) karet." Of 312 cards a cut may be made from 52 to 260.
    Given the shuffled shoe starts with 9S 9H
    When box 1 cuts at 51
    Then it is refused citing CZ-KARTY-6
    When box 1 cuts at 261
    Then it is refused citing CZ-KARTY-6
    When box 1 cuts at 260
    Then the log shows, in order:
      | type | total | box |
      | cut  | 260   | 1   |

  @CZ-KARTY-6
  Scenario: A cut exactly one deck from the front is accepted
    "nejméně jeden balíček (52) karet": exactly 52 is enough. The shoe stacked after the cut
    starts with the five cards burnt.
    Given the shoe, once cut, starts with 2C 3C 4C 5C 6C
    When box 1 cuts at 52
    Then the burnt cards are 2C 3C 4C 5C 6C

  @CZ-KARTY-7 @CZ-KARTY-6
  Scenario: An unacceptable cut is refused and the cards are offered for cutting again
    "Je-li říznutí z jakéhokoliv důvodu nepřijatelné, rozdávající řezací kartu odstraní a karty
    nabídne k opětnému říznutí." The refused cut leaves no trace: the second cut is made on the
    shoe as shuffled. Stacked: 9S 9H, then the first full deck (cards 3 to 54), then the
    second deck from AS (card 55): a cut at 60 puts 60 cards behind, the shoe starts at the
    second deck's 7S. Not stated: to whom the cut is offered again; the engine assumes the
    same player.
    Given the shuffled shoe starts with 9S 9H
    When box 1 cuts at 40
    Then it is refused citing CZ-KARTY-6
    And the cut is offered to box 1
    When box 1 cuts at 60
    Then the burnt cards are 7S 8S 9S TS JS

  @CZ-KARTY-8 @CZ-HRA-14
  Scenario: The cut card and the cards before it go behind the rest, then five cards are burnt
    "Je-li říznutí tentokrát přijatelné, rozdávající vezme řezací kartu a všechny karty před
    ní a umístí je za zbývající karty." "Po každém promíchání karet, rozdávající 'spálí'
    (odloží) pět karet lícem dolů". Stacked: 9S 9H, the first full deck (cards 3 to 54), the
    second deck from AS (card 55). A cut at 59 puts cards 1 to 59 behind: the shoe starts with
    the second deck's 6S; 6S to TS are burnt; the round is dealt JS, QS, KS and the dealer
    draws AH: a blackjack against the player's 20.
    Given the shuffled shoe starts with 9S 9H
    When box 1 cuts at 59
    Then the burnt cards are 6S 7S 8S 9S TS
    When P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the log shows, in order:
      | type        | box | card |
      | card        | 1   | JS   |
      | dealer_card |     | QS   |
      | card        | 1   | KS   |
      | dealer_card |     | AH   |
    And the dealer has blackjack
    And P1 loses 10

  @CZ-KARTY-9 @CZ @assumes-cut_card_from_end
  Scenario: Part of the shoe is kept back behind the cut card
    "Potom 'řízne' (odebere) určitý počet karet, než je vloží do 'boty'." Reading: a number of
    cards at the back is not dealt in a new round. Not stated: how many; the engine assumes a
    quarter of the shoe, 78 cards, behind the cut card.
    Given the shoe, once cut, starts with 2C 3C 4C 5C 6C
    When box 1 cuts at 100
    Then the cut card lies 78 cards from the end
    And the cut card has not come out
    And the next round can start

  @CZ-KARTY-4 @CZ-KARTY-5 @CZ-HRA-14
  Scenario: When the cut card appears the round is finished, then the cards are shuffled and cut by the player at whose box it appeared
    "Tento druh promíchání ('riffle shuffle') se bude opakovat i v případě, že dojdou hrací
    karty na rozdávání v zařízení zvaném 'boty' tj. objeví se řezací karta." Reading (rule set,
    interpretation): the round under way is completed, then the cards are shuffled. The cut is
    then offered to the player "na jehož boxu se řezací karta objevila". Reading: the cut card
    appears at the box that is to receive the card after it. Not stated: where the cut card
    lies; the scenario puts it 300 cards from the end so that it comes out after the first 12
    cards: the five burnt and seven of the deal (box 3's second card). Box 1 stands, box 2
    draws the next card (5C): the cut card appeared at box 2. Box 1 18, box 2 21, box 3 19
    against the dealer's 17; then, after the new shuffle, five cards are burnt again and box 1
    19 beats the dealer's 26.
    Given the CZ rules with cut_card_from_end set to 300
    And the shoe, once cut, starts with 9S 9H 9D 9C 8S TS TH TD 7S 8H 6D 9C 5C QC
    And the next shoe, once cut, starts with 8C 8D 8H 8S 7C 9C 6C TC JC KC
    When box 1 cuts at 100
    And P1 bets 10 on box 1
    And P2 bets 20 on box 2
    And P3 bets 30 on box 3
    And the cards are dealt
    And box 1 stands
    And box 2 hits
    And box 3 stands
    Then the cut card has come out
    And the dealer stands on 17
    And the round is over
    When P1 bets 10 on box 1
    Then it is refused citing CZ-KARTY-4
    And the next round cannot start
    When the shoe is shuffled
    Then the cut is offered to box 2
    When box 1 cuts at 60
    Then it is refused citing CZ-KARTY-5
    When box 2 cuts at 60
    Then the burnt cards are 8C 8D 8H 8S 7C
    And the next round can start
    When P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the dealer busts
    And P1 wins 20
    And P2 wins 20
    And P3 wins 30

  @CZ-KARTY-5
  Scenario: A cut card that comes out with the round's last card leaves the next cut to the first player
    CZ-KARTY-5: the cut goes "prvnímu hráči u stolu, jestliže hra právě začala nebo hráči, na
    jehož boxu se řezací karta objevila v 'botě' při hře". Reading (as in the scenario before):
    the cut card appears at the box that is to receive the card after it. The cut card is moved
    to 300 cards from the end (a changed value) so that it comes out with the twelfth card after
    the cut. In the first shoe it appears at box 2, which is offered the next cut. In the second,
    box 1 draws to 19 and the dealer's 7D, the round's last card, is the twelfth: no card follows
    it, it appeared at nobody's box, and the next cut goes to the first player (box 1), not to
    box 2, where it appeared in the shoe before. P1 won 10 in each shoe (18 and 19 against 17).
    Given the CZ rules with cut_card_from_end set to 300
    And the shoe, once cut, starts with 9S 9H 9D 9C 8S TS TH TD 7S 8H 6D 9C 5C QC
    And the next shoe, once cut, starts with 8C 8D 8H 8S 7C 2S TH 3S 2H 3H 9S 7D
    When box 1 cuts at 100
    And P1 bets 10 on box 1
    And P2 bets 20 on box 2
    And P3 bets 30 on box 3
    And the cards are dealt
    And box 1 stands
    And box 2 hits
    And box 3 stands
    And the shoe is shuffled
    Then the cut is offered to box 2
    When box 2 cuts at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 hits, hits, hits and stands
    Then the log shows, in order:
      | type         | card | total | info   |
      | cut_card_out |      |       |        |
      | dealer_card  | 7D   |       |        |
      | dealer_total |      | 17    | stands |
    And P1 wins 20
    And the next round cannot start
    When the shoe is shuffled
    Then the cut is offered to box 1

  @CZ-HRA-14 @CZ-KARTY-6 @CZ-KARTY-5
  Scenario: A shoe refilled from the discards is cut as near a deck from either end as it can be, and five cards are burnt
    CZ-HRA-14: "Po každém promíchání karet, rozdávající 'spálí' (odloží) pět karet lícem dolů";
    CZ-KARTY-6: the cut leaves "nejméně jeden balíček (52) karet" at either end; CZ-KARTY-5: the
    cut goes to the player at whose box the cut card appeared, else the first player. Not stated:
    a shoe running out in a round (the rule set assumes the discards are shuffled); read as any
    shuffle, of fewer than two decks the cut leaves half of them at each end. Changed values, not
    the casino's, so that the shoe runs out within a round: two decks, the cut card two cards from
    the end, 93 cards burnt at a change of dealer. The cut of 104 cards is made at 52, the only
    cut that leaves a deck at either end, and 7C to JC are burnt; the change of dealer leaves AC to
    6C. Box 1 draws to a soft 18 with 4C, which brings the cut card out; the dealer draws 5C, the
    card behind it, and 6C (13), and the shoe is empty: the 98 discards are shuffled and cut at
    49, the cut offered to the first player (the dealer took the card behind the cut card), and
    five cards are burnt before the dealer draws again.
    Given the CZ rules with decks set to 2
    And the rule cut_card_from_end set to 2
    And the rule burn_on_dealer_change set to 93
    And the shoe, once cut, starts with 7C 8C 9C TC JC QC KC
    When box 1 cuts at 52
    Then the burnt cards are 7C 8C 9C TC JC
    When the dealer changes
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 hits and stands
    Then the log shows, in order:
      | type         | box | card | total | info     |
      | card         | 1   | AC   |       |          |
      | dealer_card  |     | 2C   |       |          |
      | card         | 1   | 3C   |       |          |
      | cut_card_out |     |      |       |          |
      | card         | 1   | 4C   |       |          |
      | dealer_card  |     | 5C   |       |          |
      | dealer_card  |     | 6C   |       |          |
      | shuffle      |     |      | 98    | discards |
      | offer_cut    | 1   |      |       |          |
      | cut          | 1   |      | 49    |          |
      | burn         |     |      |       |          |
      | burn         |     |      |       |          |
      | burn         |     |      |       |          |
      | burn         |     |      |       |          |
      | burn         |     |      |       |          |
      | dealer_card  |     |      |       |          |
    And the round is over
    And the next round cannot start

  @CZ-HRA-15 @CZ-KARTY-4 @CZ-KARTY-5
  Scenario: A burn that brings the cut card out shows it, and the next cut goes to the first player
    CZ-HRA-15: a new dealer burns a card "v době, kdy jsou v 'botě' ještě karty"; CZ-KARTY-4: the
    cards are shuffled again when "objeví se řezací karta"; CZ-KARTY-5: the cut goes to the player
    at whose box the cut card appeared. Changed values: the cut card 300 cards from the end, and
    seven cards burnt at a change of dealer (the casino burns one). In the first shoe the cut
    card appears at box 2, which cuts the next shoe. There, after the five burnt at the shuffle,
    the change of dealer burns seven cards and the seventh brings the cut card out: it is shown
    in the log, no round starts before the shoe is shuffled, and since it appeared at nobody's
    box the cut goes to the first player (box 1).
    Given the CZ rules with cut_card_from_end set to 300
    And the rule burn_on_dealer_change set to 7
    And the shoe, once cut, starts with 9S 9H 9D 9C 8S TS TH TD 7S 8H 6D 9C 5C QC
    And the next shoe, once cut, starts with 8C 8D 8H 8S 7C
    When box 1 cuts at 100
    And P1 bets 10 on box 1
    And P2 bets 20 on box 2
    And P3 bets 30 on box 3
    And the cards are dealt
    And box 1 stands
    And box 2 hits
    And box 3 stands
    And the shoe is shuffled
    Then the cut is offered to box 2
    When box 2 cuts at 60
    And the dealer changes
    Then the log shows, in order:
      | type          |
      | dealer_change |
      | burn          |
      | burn          |
      | burn          |
      | burn          |
      | burn          |
      | burn          |
      | burn          |
      | cut_card_out  |
    And the next round cannot start
    When the shoe is shuffled
    Then the cut is offered to box 1

  @CZ-HRA-11 @CZ-KARTY-5
  Scenario: A reshuffle the house chooses has no receiver of the cut card: the cut goes to the first player
    CZ-HRA-11: the management "vymění všechny karty" when it believes they were marked, read as a
    shuffle the house may make between any two rounds; CZ-KARTY-5: the cut goes to the player at
    whose box the cut card appeared, else "prvnímu hráči u stolu" (read as box 1). Changed value:
    the cut card 300 cards from the end. In the first shoe the cut card appears at box 2, which
    cuts the next shoe. The house shuffles that shoe again before its cut card has come out:
    nobody received the cut card, and the cut goes to the first player, not again to box 2.
    Given the CZ rules with cut_card_from_end set to 300
    And the shoe, once cut, starts with 9S 9H 9D 9C 8S TS TH TD 7S 8H 6D 9C 5C QC
    When box 1 cuts at 100
    And P1 bets 10 on box 1
    And P2 bets 20 on box 2
    And P3 bets 30 on box 3
    And the cards are dealt
    And box 1 stands
    And box 2 hits
    And box 3 stands
    And the shoe is shuffled
    Then the cut is offered to box 2
    When box 2 cuts at 60
    Then the cut card has not come out
    When the shoe is shuffled
    Then the cut is offered to box 1

  @CZ-HRA-15
  Scenario: A new dealer burns one card while cards remain in the shoe
    "Jestliže dojde ke změně rozdávajícího v době, kdy jsou v 'botě' ještě karty, potom
    rozdávající 'spálí' (odloží) jednu kartu lícem dolů". After the first round (19 against
    18) the new dealer burns 7C; the next round is dealt 9S, 7D, TH and the dealer draws KD:
    19 against 17. Without the burn box 1 would hold 7C 7D.
    Given the shoe, once cut, starts with 2S 3S 4S 5S 6S TS 8D 9H TC 7C 9S 7D TH KD
    When box 1 cuts at 100
    Then the burnt cards are 2S 3S 4S 5S 6S
    When P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the dealer stands on 18
    When the dealer changes
    Then the burnt cards are 7C
    When P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the log shows, in order:
      | type          | box | card |
      | dealer_change |     |      |
      | burn          |     | 7C   |
      | card          | 1   | 9S   |
      | dealer_card   |     | 7D   |
      | card          | 1   | TH   |
      | dealer_card   |     | KD   |
    And the dealer stands on 17
    And P1 wins 20

  @CZ-HRA-15
  Scenario: The dealer changes between rounds, not during one
    CZ-HRA-15 speaks of a change "v době, kdy jsou v 'botě' ještě karty" (while cards remain in
    the shoe), never in the middle of a round, whose next card the burn would take: a change
    while box 1 is still to play is refused, and no card is burnt.
    Given the shoe, once cut, starts with 2S 3S 4S 5S 6S TS 8D 9H TC 7C 9S 7D TH KD
    When box 1 cuts at 100
    And P1 bets 10 on box 1
    And the cards are dealt
    And the dealer changes
    Then it is refused as bad input naming action
    When box 1 stands
    Then the dealer stands on 18
    And P1 wins 10
