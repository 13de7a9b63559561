@CZ
Feature: Czech casino: the dealer's mistakes with the cards
  A card wrongly used, drawn or given is used as the next card from the shoe (HRA-12); a card
  dealt to a box without a bet means the cards are put back and dealt again (HRA-13).

  Background:
    Given the CZ rules
    And table limits of 10 to 500

  @CZ-HRA-12
  Scenario: A card given to the wrong box during the deal is used as the next card
    "Kterákoliv karta během rozdávání chybně ... přidělená komukoliv se musí použít jako
    nejbližší další karta z 'boty'." During the deal ("během rozdávání"), box 2's first card,
    9S, goes to box 1 by mistake: it is used as the next card, so box 2 receives it and the
    deal goes on in order.
    Given the shoe holds TS 9S 9D 8H 9H 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt, the dealer giving the next card to box 1 by mistake before card 2 of the deal
    And box 1 stands
    And box 2 stands
    Then the returned cards are 9S
    And the log shows, in order:
      | type        | box | card | info      |
      | card        | 1   | TS   |           |
      | misdeal     | 1   | 9S   |           |
      | remedy      |     | 9S   | next_card |
      | card        | 2   | 9S   |           |
      | dealer_card |     | 9D   |           |
    And the dealer stands on 17
    And P1 wins 10
    And P2 wins 10

  @CZ-HRA-13
  Scenario: A card dealt during the deal to a box without a bet means the deal starts again
    "Pokud by byla karta rozdána do boxu bez sázky, všechny karty se uvedou do původního stavu
    (zrekonstruují) a rozdají se znovu." Box 3 holds no bet; box 2's first card, 9S, goes to it
    by mistake while the dealer deals. Every card goes back and the deal starts again: box 1
    TS 8H = 18, box 2 9S 9H = 18, the dealer 9D 8C = 17.
    Given the shoe holds TS 9S 9D 8H 9H 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt, the dealer giving the next card to box 3 by mistake before card 2 of the deal
    And box 1 stands
    And box 2 stands
    Then the log shows, in order:
      | type        | box | card | info        |
      | card        | 1   | TS   |             |
      | misdeal     | 3   | 9S   |             |
      | remedy      |     | 9S   | reconstruct |
      | card        | 1   | TS   |             |
      | card        | 2   | 9S   |             |
      | dealer_card |     | 9D   |             |
    And the dealer stands on 17
    And P1 wins 10
    And P2 wins 10

  @CZ-HRA-12
  Scenario: A card dealt to the wrong box is used as the next card
    "Kterákoliv karta během rozdávání chybně použitá, vytažená či chybně přidělená komukoliv se
    musí použít jako nejbližší další karta z 'boty'." Box 1 is to act; the dealer gives 5C to
    box 2 by mistake. 5C is the next card: box 1 draws it (21), box 2 then draws 4D (20); the
    dealer draws 8C to 17.
    Given box 1 is dealt TS 6H
    And box 2 is dealt 9S 7H
    And the dealer's first card is 9D
    And the next cards are 5C 4D 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And the dealer deals the next card to box 2 by mistake
    Then the returned cards are 5C
    When box 1 hits
    And box 2 hits and stands
    Then the log shows, in order:
      | type        | box | card | info      |
      | misdeal     | 2   | 5C   |           |
      | remedy      |     | 5C   | next_card |
      | card        | 1   | 5C   |           |
      | card        | 2   | 4D   |           |
      | dealer_card |     | 8C   |           |
    And the dealer stands on 17
    And P1 wins 10
    And P2 wins 10

  @CZ-HRA-12
  Scenario: A card drawn by mistake is used as the next card
    "Kterákoliv karta ... vytažená ... se musí použít jako nejbližší další karta z 'boty'." The
    dealer draws 5C out of turn; it is not voided: box 1 draws it (21) and the dealer then
    draws 8D to 17.
    Given box 1 is dealt TS 6H
    And the dealer's first card is 9D
    And the next cards are 5C 8D
    And P1 bets 10 on box 1
    When the cards are dealt
    And the dealer exposes the next card by mistake
    Then the returned cards are 5C
    When box 1 hits
    Then the log shows, in order:
      | type        | box | card | info      |
      | remedy      |     | 5C   | next_card |
      | card        | 1   | 5C   |           |
      | dealer_card |     | 8D   |           |
    And the dealer stands on 17
    And P1 wins 10

  @CZ-HRA-13
  Scenario: A card dealt to a box without a bet means the round is put back and dealt again
    "Pokud by byla karta rozdána do boxu bez sázky, všechny karty se uvedou do původního stavu
    (zrekonstruují) a rozdají se znovu." Box 3 has no bet; the dealer gives it 5C. All cards go
    back in their order and are dealt again: box 1 TS 6H, box 2 TD 7H, the dealer 6D; box 1
    then draws 5C (21), box 2 stands on 17 and the dealer draws 9C and TC to 25.
    Given box 1 is dealt TS 6H
    And box 2 is dealt TD 7H
    And the dealer's first card is 6D
    And the next cards are 5C 9C TC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And the dealer deals the next card to box 3 by mistake
    When box 1 hits
    And box 2 stands
    Then the log shows, in order:
      | type        | box | card | info        |
      | misdeal     | 3   | 5C   |             |
      | remedy      |     | 5C   | reconstruct |
      | card        | 1   | TS   |             |
      | card        | 2   | TD   |             |
      | dealer_card |     | 6D   |             |
      | card        | 1   | 6H   |             |
      | card        | 2   | 7H   |             |
      | card        | 1   | 5C   |             |
      | dealer_card |     | 9C   |             |
      | dealer_card |     | TC   |             |
    And the dealer busts
    And P1 wins 10
    And P2 wins 10
