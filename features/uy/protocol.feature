@UY
Feature: Uruguay, DGC: through the protocol, its conventions under this rulebook
  What the conformance protocol asks of an implementation beyond the texts' words, played under
  the Uruguayan rules (docs/protocol.md: which refusal wins, the field of each input error, when
  an event is logged, the shoe's procedures, the seeded generator). Where a scenario changes a
  rule value, the value is nobody's regulation: a refusal by it names the rule alone. Clause
  tags mark the scenarios that check a clause as well.

  Background:
    Given the UY rules
    And table limits of 10 to 1000

  @protocol
  Scenario: Insurance refused in the protocol's order: the call, the amount, the bettor; a play during the call by play_order
    Uruguay calls insurance once the players' hands are played (before the dealer's second
    card). Before the call P1's insurance is refused by the timing, whatever its amount; during
    the call, an amount of "ten" names the amount before anything else, P9, who has no bet on
    the box, names the bettor (an input error, not a rule of bets); a hit during the call is out
    of its phase (play_order).
    Given box 1 is dealt 9S 7H
    And the dealer's first card is AD
    And the next cards are 8C
    And P1 bets 20 on box 1
    When the cards are dealt
    And P1 insures box 1 for ten
    Then it is refused by the rule insurance_timing
    When box 1 stands
    Then the round is insurance
    When P1 insures box 1 for ten
    Then it is refused as bad input naming amount
    When P9 insures box 1 for 5
    Then it is refused as bad input naming bettor
    When P9 takes even money on box 1
    Then it is refused as bad input naming bettor
    When box 1 hits
    Then it is refused by the rule play_order
    When insurance closes
    Then the dealer stands on 19
    And P1 loses 20

  @protocol @UY-45.1 @UY-47
  Scenario: A hit on a box closed at 21 that is not the one to act names the rule of its 21, not the turn
    Box 1's five and six draw a ten: 21, which stands by itself; box 2 is to act. A hit asked
    for box 1 is refused by the rule that forbids a card on 21 (hit_on_hard_21), before the
    question of whose turn it is: the protocol's order (a dealer refuses a card to a closed
    hand for that reason first).
    Given box 1 is dealt 5S 6H
    And box 2 is dealt 9C 8C
    And the dealer's first card is 6D
    And the next cards are TC TD 3C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 hits
    Then box 2 may stand
    When box 1 hits
    Then it is refused by the rule hit_on_hard_21
    When box 2 stands
    Then the dealer stands on 19
    And P1 wins 10
    And P2 loses 10

  @protocol
  Scenario: A refusal by a rule the rule set assumes names the rule alone, with no clauses
    Surrender is offered here (late, a changed value); whether a split hand may surrender is
    an assumption of the rule set (surrender_after_split: no clause says it), so the refusal
    of the first split hand's surrender names surrender_after_split and cites no clause. Box 1
    splits its eights; its hands stand on 18 (a win) and 17 (a push) against the bank's 17.
    Given the rule surrender set to "late"
    And box 1 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are TC 9C 8D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 surrenders
    Then it is refused under the assumption surrender_after_split
    When box 1 stands
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10

  @protocol @UY-11.2
  Scenario: Consent, objection, a changed and a withdrawn bet are each logged as they happen
    P1 holds box 1: he consents to P2's bet on it and objects to P3's; P2 bets, raises his bet
    and P3, refused, bets on box 2 and withdraws it.
    Given box 1 is dealt TS 8H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    When P1 consents to P2's bet on box 1
    And P1 objects to P3's bet on box 1
    And P2 bets 10 on box 1
    And P3 bets 10 on box 1
    Then it is refused citing UY-11.2
    When P2 changes his bet on box 1 to 20
    And P3 bets 10 on box 2
    And P3 withdraws his bet from box 2
    And the cards are dealt
    And box 1 stands
    Then the log shows, in order and with nothing between:
      | type         | box | bettor | amount |
      | bet          | 1   | P1     | 10     |
      | consent      | 1   | P2     |        |
      | objection    | 1   | P3     |        |
      | bet          | 1   | P2     | 10     |
      | change_bet   | 1   | P2     | 20     |
      | bet          | 2   | P3     | 10     |
      | withdraw_bet | 2   | P3     |        |
    And P1 wins 10
    And P2 wins 20

  @protocol @UY-35.4
  Scenario: A double named by its bettor, a bettor behind who declines it, and a split named by its bettor
    P1 doubles box 1 himself (by P1): P2 behind it declines, logged as a decline naming the
    doubled hand. On box 2 P3 splits his eights (by P3).
    Given box 1 is dealt 6S 5H
    And box 2 is dealt 8S 8H
    And the dealer's first card is 6D
    And the next cards are 9C 3C 4C TC
    And P1 bets 10 on box 1
    And P1 consents to P2's bet on box 1
    And P2 bets 10 on box 1
    And P3 bets 10 on box 2
    When the cards are dealt
    And P1 doubles for box 1 and P2 declines
    And P3 splits for box 2
    Then the log shows, in order:
      | type    | box | hand | bettor | info   |
      | double  | 1   | 1    | P1     |        |
      | match   | 1   | 1    | P1     |        |
      | decline | 1   | 1    | P2     | double |
      | card    | 1   | 1    |        |        |
      | split   | 2   | 1    | P3     |        |
      | match   | 2   | 2    | P3     |        |

  @protocol
  Scenario: Surrender where the game offers it, named by its bettor, and refused by the rule alone after a hit
    No text offers surrender: this game sets surrender to late (a value no text states). P1
    gives up box 1 (by P1): it waits for the dealer's second card, and without a dealer
    blackjack half the stake is lost. Box 2, having hit, may no longer surrender: refused by
    the rule surrender alone, no clause.
    Given the rule surrender set to "late"
    And box 1 is dealt TS 6H
    And box 2 is dealt 9C 2C
    And the dealer's first card is TD
    And the next cards are 5C 7C
    And P1 bets 20 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And P1 surrenders for box 1
    And box 2 hits
    And box 2 surrenders
    Then it is refused by the rule surrender
    When box 2 stands
    Then the dealer stands on 17
    And the log shows, in order:
      | type      | box | hand | bettor | amount | info      |
      | surrender | 1   | 1    | P1     |        |           |
      | settle    | 1   | 1    | P1     | -10    | surrender |
    And P1 loses 10
    And P2 loses 10

  @protocol
  Scenario: A doubled hand that may draw again stands by itself at 21
    This game sets double_one_card to false (a value no text states): the doubled six and four
    draw an ace, 21, and no card may follow on 21: an automatic stand, no bettor.
    Given the rule double_one_card set to false
    And box 1 is dealt 6S 4H
    And the dealer's first card is 9D
    And the next cards are AC 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles
    Then the log shows, in order and with nothing between:
      | type   | box | hand | bettor | card | info      |
      | double | 1   | 1    | P1     |      |           |
      | match  | 1   | 1    | P1     |      |           |
      | card   | 1   | 1    |        | AC   |           |
      | stand  | 1   | 1    |        |      | automatic |
    And the dealer stands on 17
    And P1 wins 20

  @protocol @UY-26.1
  Scenario: A blackjack against a nine is paid as soon as the deal is over, and closed without a stand
    Given box 1 is dealt AS KH
    And box 2 is dealt 9S 8H
    And the dealer's first card is 9D
    And the next cards are 9C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    Then the log shows, in order and with nothing between:
      | type        | box | card | info      |
      | card        | 1   | AS   |           |
      | card        | 2   | 9S   |           |
      | dealer_card |     | 9D   |           |
      | card        | 1   | KH   |           |
      | card        | 2   | 8H   |           |
      | settle      | 1   |      | blackjack |
    When box 2 stands
    Then the dealer stands on 18
    And P1 wins 15
    And P2 loses 10

  @protocol
  Scenario: The options are announced after the deal where the game has the dealer announce them
    This game sets announce_options (a value no text states): after the deal the dealer names
    the options; against an ace, insurance among them.
    Given the rule announce_options set to true
    And box 1 is dealt TS 8H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the log shows, in order:
      | type    | box | info           |
      | card    | 1   |                |
      | options |     | double, split  |
      | stand   | 1   |                |
    And P1 wins 10

  @protocol @UY-17
  Scenario: A bet over the maximum that the dealer missed is refused by over_maximum_bet where the game refuses such bets
    This game sets over_maximum_bet to refused (Uruguay caps such a bet: UY-17): the bet is
    refused by that rule alone; noticed, it is refused by the table's limits.
    Given the rule over_maximum_bet set to "refused"
    And the shoe holds TS 9D 8H 8C
    When P1 bets 1500 on box 1 unnoticed by the dealer
    Then it is refused by the rule over_maximum_bet
    When P1 bets 1500 on box 1
    Then it is refused citing UY-16.1

  @protocol
  Scenario: Limits the game's ratio forbids, or no maximum under a ratio, are refused by limit_ratio
    This game sets a ratio of maximum to minimum between 4 and 50 (a value no text states for
    Uruguay): 10 to 1000 is a ratio of 100.
    Given the rule limit_ratio set to [4, 50]
    And the shoe holds TS 9D 8H 8C
    When P1 bets 10 on box 1
    Then it is refused by the rule limit_ratio

  @protocol
  Scenario: No maximum under the game's ratio of limits is refused by limit_ratio
    Given the rule limit_ratio set to [4, 50]
    And a table minimum of 10 and no maximum
    And the shoe holds TS 9D 8H 8C
    When P1 bets 10 on box 1
    Then it is refused by the rule limit_ratio

  @protocol @UY-3
  Scenario: More participants than boxes are refused by max_boxes
    Given 9 participants are at the table
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    Then it is refused citing UY-3

  @protocol
  Scenario: No participant at a table is refused naming participants
    Given 0 participants are at the table
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    Then it is refused as bad input naming participants

  @protocol
  Scenario: A table placing the cut card per participant, started without them, is refused naming participants
    This game places the cut card three cards per participant (a value no text states for
    Uruguay) and names no participants.
    Given the rule cut_card_per_participant set to 3
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    Then it is refused as bad input naming participants

  @protocol
  Scenario: A cut card placed at a share of the cards lies behind that share, rounded down to a whole card
    This game places the cut card behind a third of the cards instead of two decks (values no
    text states for Uruguay): a third of the 260 cards is 86 and two thirds, and 86 cards lie
    behind it.
    Given the rule cut_card_from_end set to "none"
    And the rule cut_card_share set to "1/3"
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    Then the cut card lies 86 cards from the end

  @protocol
  Scenario: A cut card placed both at a share of the cards and by a number of them is refused naming cut_card_share
    This game places the cut card behind a quarter of the cards, beside Uruguay's two decks: the
    table cannot place it both ways.
    Given the rule cut_card_share set to "1/4"
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    Then it is refused as bad input naming cut_card_share

  @protocol
  Scenario: A burn that brings the cut card out logs it, and the next cut is offered to the first box
    This game burns a card when the dealer changes and places the cut card 258 cards from the
    end (values no text states for Uruguay), and offers the cut to the cut card's receiver: the
    change of dealer's burn leaves 258 cards, and the cut card comes out with it. No bet until
    the shoe is shuffled; nobody received the cut card, so the cut goes to box 1.
    Given the rule burn_on_dealer_change set to 1
    And the rule cut_card_from_end set to 258
    And the rule cut_offered_to set to "cut_card_receiver"
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    And the dealer changes
    Then the log shows, in order and with nothing between:
      | type          | card |
      | dealer_change |      |
      | burn          | 9S   |
      | cut_card_out  |      |
    And the next round cannot start
    When the shoe is shuffled
    Then the cut is offered to box 1

  @protocol
  Scenario: A refill from the discards is shuffled, cut and burnt as after any shuffle, from the seeded generator, and places no cut card
    This game plays one deck, burns 45 cards when the dealer changes, places the cut card one
    card from the end and takes any cut (values no text states for Uruguay). After the
    shuffle's burn (7S) and the change of dealer's 45, six cards are left: AS to 6S. Box 1 takes
    them all, and the dealer's second card finds the shoe empty: the 46 burnt cards are
    shuffled by the table's seeded generator (seed 1), cut where it draws (44 of 46: the least
    cut, one, as far as the cards allow) and the first burnt; no cut card is placed (it is out:
    the round is the shoe's last). The dealer draws 2H, 9S, 3H and JC: 26, bust.
    Given the rule decks set to 1
    And the rule min_cut set to 1
    And the rule cut_card_from_end set to 1
    And the rule burn_on_dealer_change set to 45
    And the shoe, once cut, starts with 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
    When the cut is made at 20
    And the dealer changes
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 hits, hits, hits and stands
    Then the log shows, in order and with nothing between:
      | type        | box | card | total | info     |
      | stand       | 1   |      |       |          |
      | shuffle     |     |      | 46    | discards |
      | offer_cut   |     |      |       |          |
      | cut         |     |      | 44    |          |
      | burn        |     | 4C   |       |          |
      | dealer_card |     | 2H   |       |          |
    And the dealer busts
    And P1 wins 10
    And the next round cannot start

  @protocol
  Scenario: A table with no stacked shoe left shuffles with the seeded generator
    The table is given one stacked shoe; shuffled before its first round, it has none left and
    shuffles the five decks with its generator (seed 1): the cut at 100 and the burn of the
    first card (6S) leave TD, KH and 8C to deal first.
    Given the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    And the shoe is shuffled
    And the cut is made at 100
    And P1 bets 10 on box 1
    And the cards are dealt
    Then the log shows, in order:
      | type        | box | card |
      | shuffle     |     |      |
      | cut         |     |      |
      | burn        |     | 6S   |
      | card        | 1   | TD   |
      | dealer_card |     | KH   |
      | card        | 1   | 8C   |

  @protocol @UY-51 @UY-52.1
  Scenario: Winnings held for a bettor who left are handed back when he comes back
    P1 leaves the table during the round; the dealer plays his hand (it stands on twenty, and
    beats the dealer's seventeen): what he is owed, 20 (his stake and the 10 won), is held, then
    claimed.
    Given the shoe, once cut, starts with 2C TS 9D KH 8C
    When the cut is made at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And P1 leaves the table
    And the dealer plays box 1 for its absent bettor
    Then P1's winnings of 20 are held on the table
    When P1 comes back for his winnings
    Then the log shows, in order:
      | type    | bettor | amount |
      | held    | P1     | 20     |
      | claimed | P1     | 20     |
    And nothing of P1's is held

  @protocol
  Scenario: A pushed stake that stays on its box opens the next round before its first bet
    This game keeps a pushed stake on its box (a value no text states for Uruguay): the next
    round opens with it (stays), before the bet that opened it.
    Given the rule push_stake_stays set to true
    And the shoe, once cut, starts with 2C TS 9D 8H 9C 8C 7S 6D 9H TD
    When the cut is made at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    And P2 bets 10 on box 2
    Then the log shows, in order:
      | type   | box | bettor | amount | info |
      | settle | 1   | P1     | 0      | push |
      | clear  |     |        |        |      |
      | stays  | 1   | P1     | 10     |      |
      | bet    | 2   | P2     | 10     |      |
