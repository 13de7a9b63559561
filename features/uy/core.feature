@UY
Feature: Uruguay (DGC PR 5403/03): the core game
  Rounds under the Uruguayan procedure: five decks, no hole card, insurance called just
  before the bank's second card, free play on split aces, re-splits to six hands in
  succession only, and no standing below twelve.

  Background:
    Given the UY rules
    And table limits of 10 to 1000

  @UY-28.2
  Scenario: A hand of eleven may not stand
    Art. 28: "Para 'plantar', es necesario contar con un puntaje mínimo de doce."
    Given box 1 is dealt 6S 5H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then it is refused citing UY-28.2
    And box 1 may hit
    And box 1 may not stand

  @UY-45.1 @UY-45.3 @UY-9.b
  Scenario: Split aces keep drawing until twenty-one
    Art. 45: split aces count one or eleven and may draw until the hand reaches 21.
    Given box 1 is dealt AS AH
    And the dealer's first card is 9D
    And the next cards are 3C 2D 9H KS 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 hits
    Then box 1 may hit
