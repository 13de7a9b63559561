@IT
Feature: Campione, Italy: the player against the bank
  The summary's first sentence: each player plays against the bank, not against the other
  players.

  Background:
    Given the IT rules
    And table limits of 10 to 1000

  @IT-1 @IT-10
  Scenario: Each player's hand is compared with the bank's only
    IT-1: "Il giocatore gioca contro il banco." IT-10: "il giocatore vince, se il suo punto
    è superiore a quello del croupier". Box 1 makes 20 and box 2 makes 19; each is compared
    with the dealer's 18 only, so both win, though box 2's 19 is below box 1's 20.
    Given box 1 is dealt TS KH
    And box 2 is dealt 9S TH
    And the dealer's first card is 8D
    And the next cards are TC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 stands
    And box 2 stands
    Then the dealer stands on 18
    And P1 wins 10
    And P2 wins 10
