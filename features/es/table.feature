@ES
Feature: Melilla, Spain: the cards collected after the settlement
  The fragment's table procedure after the payment: the dealer collects the cards face down
  into the discard holder, his own last.

  Background:
    Given the ES rules
    And table limits of 10 to 1000

  @ES-18.1.a.10 @ES @assumes-burn_after_shuffle
  Scenario: After the payment the round's cards, the dealer's included, go to the discards
    ES-18.1.a.10: "A continuación recoge las cartas y las coloca boca abajo en un recipiente
    destinado a este fin, retirando las suyas en último lugar". Not stated: the fragment has
    no cut, burn or cut card rule; the engine burns five cards after the cut (the rule set's
    assumption), so the stacked shoe starts with five cards to burn. Round 1: box 1 TS 9H
    (19) against the dealer's 7D KS (17); after the payment (ES-18.1.a.9) its four cards,
    the dealer's two included, are collected. They are not dealt again: round 2 is dealt from
    the following cards, box 1 6D 5H drawing 9C (20) against the dealer's QH 8S (18), and
    its five cards are collected in turn. P1 wins both rounds. The engine's log records the
    collection as one event with the number of cards; the order within it (the dealer's own
    cards last) is not in the log.
    Given the shoe, once cut, starts with 2C 3C 4C 5C 6C TS 7D 9H KS 6D QH 5H 9C 8S
    When the cut is made at 30
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the round is over
    When P1 bets 10 on box 1
    And the cards are dealt
    And box 1 hits
    And box 1 stands
    Then the log shows, in order:
      | type         | box | card | info   | total |
      | burn         |     | 6C   |        |       |
      | card         | 1   | TS   |        |       |
      | dealer_card  |     | 7D   |        |       |
      | card         | 1   | 9H   |        |       |
      | dealer_card  |     | KS   |        |       |
      | dealer_total |     |      | stands | 17    |
      | settle       | 1   |      | win    |       |
      | clear        |     |      |        | 4     |
      | card         | 1   | 6D   |        |       |
      | dealer_card  |     | QH   |        |       |
      | card         | 1   | 5H   |        |       |
      | card         | 1   | 9C   |        |       |
      | dealer_card  |     | 8S   |        |       |
      | settle       | 1   |      | win    |       |
      | clear        |     |      |        | 5     |
    And P1 wins 20
