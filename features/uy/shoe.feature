@UY
Feature: Uruguay (DGC PR 5403/03): the shoe, the cut and the dealer's mistakes
  Table-level procedure: the cut, the separator two decks from the end, the burnt first
  card, the last round announced at the cut card, and the remedies for wrong cards.

  Background:
    Given the UY rules
    And table limits of 10 to 1000

  @UY-21.1 @UY-21.2 @UY-6.a
  Scenario: A cut of fewer than about sixty cards is refused
    Art. 21: "Este corte no podrá ser inferior a 60 cartas aproximadamente." Read as at least
    60 cards on each side of the cut.
    Given the shuffled shoe starts with 9S 9H
    When the cut is made at 59
    Then it is refused citing UY-21.2
    And the cut is offered to any player
    When the cut is made at 60
    Then the cut card lies 104 cards from the end

  @UY-22 @UY-6.b
  Scenario: The separator leaves two decks and the first card is burnt
    Art. 22: "procediendo el Pagador a anular la primera carta, 'quemado'." The separator is
    placed two decks (104 cards) from the end (art. 6 b).
    Given the shoe, once cut, starts with 7D 9S 9H
    When the cut is made at 100
    Then the cut card lies 104 cards from the end
    And the burnt cards are 7D

  @UY-33 @UY-55
  Scenario: A card seen in the shoe is voided and nothing is reconstructed
    Art. 33: "Cuando en el Sabot apareciera una carta vista, esta será anulada." Art. 55:
    "queda prohibida toda reconstrucción".
    Given box 1 is dealt TS 6H
    And the dealer's first card is 9D
    And the next cards are 5C 4D 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And the dealer exposes the next card by mistake
    Then the voided cards are 5C
    When box 1 hits and stands
    Then the log shows, in order:
      | type   | box | card | info |
      | remedy |     | 5C   | void |
      | card   | 1   | 4D   |      |
    And P1 wins 10
