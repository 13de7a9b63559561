@CL
Feature: Catalan card club CCCJ: the game against the banker, the bets and the banker's mistakes
  General clauses of the club's main text: the players face the banker, the banker has no
  choices, the options announced to the players, bets placed before the round and fixed
  once it starts, and cards dealt or exposed by mistake put back in their place.

  Background:
    Given the CL rules
    And table limits of 10 to 500

  @CL-1 @CL-12.2
  Scenario: Each player plays against the banker, not against the other players
    CL-1: "El black jack es un juego de apuestas en el que los jugadores se enfrentan a un
    banquero." Box 1 makes 20 and box 2 makes 19: each is compared with the banker's 18
    only, so both win, though box 2's 19 is below box 1's 20 (CL-12.2: each player's total
    against "el suyo propio"). Dealt from the banker's right: box 2, box 1, the banker.
    Given box 1 is dealt TS KH
    And box 2 is dealt 9S TH
    And the dealer's first card is 8D
    And the next cards are TC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 stands
    And box 1 stands
    Then the dealer stands on 18
    And P1 wins 10
    And P2 wins 10

  @CL-11.2 @CL-11.3
  Scenario: The banker has no choice: he draws on 16 though he already beats the player
    CL-11.2: "No tiene posibilidades de elección." CL-11.3: "Con un total de 16 o menos
    debe extraer otra carta". The player stands on 13; the banker's 6D TC (16) would beat
    it, but he must draw: 8C takes him to 24 and he pays.
    Given box 1 is dealt TS 3H
    And the dealer's first card is 6D
    And the next cards are TC 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer busts
    And P1 wins 10

  @CL-11.2 @CL-11.3
  Scenario: The banker has no choice: he stands on 17 though the player has 18
    CL-11.2: "No tiene posibilidades de elección." CL-11.3: "con 17 o más debe
    plantarse". The player stands on 18; the banker's 7D TC (17) loses to it, but he may
    not draw.
    Given box 1 is dealt TS 8H
    And the dealer's first card is 7D
    And the next cards are TC 4C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10

  @CL-13
  Scenario: Besides standing and drawing, a pair of fives may double or split
    CL-13: "Aparte de plantarse o pedir, el jugador tiene otras posibilidades de elección
    (el banquero anunciará a los jugadores estas posibilidades)". With 5S 5H (10) the
    player may stand, draw, double (CL-13a) or split (CL-13b). The engine shows the options
    as the legal actions; it has no event for the banker's announcement of them.
    Given box 1 is dealt 5S 5H
    And the dealer's first card is 9D
    And the next cards are 9C TC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 may stand
    And box 1 may hit
    And box 1 may double
    And box 1 may split

  # ------------------------------------------------------------ bets and the round

  @CL-15.1 @CL-16
  Scenario: A bet placed once the banker has started dealing is refused
    CL-15.1: "Las apuestas deben realizarse antes de que empiece cada jugada." CL-16: "La
    jugada se inicia cuando el banquero empieza a distribuir las cartas". Once box 1's
    cards are dealt, a new bet on box 2 is refused; the round goes on: 19 against the
    banker's 9D 7C 2S (18).
    Given box 1 is dealt TS 9H
    And the dealer's first card is 9D
    And the next cards are 7C 2S
    And P1 bets 10 on box 1
    When the cards are dealt
    And P2 bets 10 on box 2
    Then it is refused citing CL-15.1
    When box 1 stands
    Then the dealer stands on 18
    And P1 wins 10

  @CL-15.2 @CL-16
  Scenario: A bet may be changed before the deal but not once the round has started
    CL-15.2: "Una vez iniciada una jugada no se pueden modificar las apuestas realizadas,
    salvo en los casos previstos." (the source's "iniclada" and "tasos" read as "iniciada"
    and "casos"). CL-16: the round starts when the banker starts dealing. P1 raises his
    bet from 10 to 20 before the deal; once dealt, raising it to 30 or taking it back is
    refused. His 19 beats the banker's 18: he wins 20.
    Given box 1 is dealt TS 9H
    And the dealer's first card is 9D
    And the next cards are 7C 2S
    When P1 bets 10 on box 1
    And P1 changes his bet on box 1 to 20
    And the cards are dealt
    And P1 changes his bet on box 1 to 30
    Then it is refused citing CL-15.2
    When P1 withdraws his bet from box 1
    Then it is refused citing CL-15.2
    When box 1 stands
    Then P1 wins 20

  @CL-16
  Scenario: A round ends when the banker has settled every bet
    CL-16: the round "finaliza cuando ha saldado todas las apuestas realizadas". Box 2
    busts and is collected at once; the round is not over while box 1 still plays; it is
    over once the banker (7D KC, 17) has settled box 1's 18.
    Given box 1 is dealt TS 8H
    And box 2 is dealt TC 6H
    And the dealer's first card is 7D
    And the next cards are 9C KC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 hits
    Then P2 loses 10
    And the round is playing
    When box 1 stands
    Then the round is over
    And P1 wins 10

  # ------------------------------------------------------------ the banker's mistakes

  @CL-20
  Scenario: A card dealt by mistake during the deal goes back to its place in the shoe
    CL-20: "Si el banquero distribuyera o descubriera una o más cartas por equivocación,
    devolverá éstas al mazo a su previa posición." The mistake comes while the banker deals:
    the second card of the deal is his own, but he gives it to box 1. It goes back on top of
    the shoe, the banker takes it (9D), and the deal goes on in order: box 1 has TS 8H = 18,
    the banker 9D 8C = 17.
    Given the shoe holds TS 9D 8H 8C
    And P1 bets 10 on box 1
    When the cards are dealt, the dealer giving the next card to box 1 by mistake before card 2 of the deal
    And box 1 stands
    Then the returned cards are 9D
    And the log shows, in order:
      | type        | box | card | info           |
      | card        | 1   | TS   |                |
      | misdeal     | 1   | 9D   |                |
      | remedy      |     | 9D   | return_to_shoe |
      | dealer_card |     | 9D   |                |
      | card        | 1   | 8H   |                |
    And the dealer stands on 17
    And P1 wins 10

  @CL-20
  Scenario: A card dealt to the wrong box goes back to its place in the shoe
    CL-20: "Si el banquero distribuyera o descubriera una o más cartas por equivocación,
    devolverá éstas al mazo a su previa posición." Box 2 plays first (from the banker's
    right). The banker deals 5C to box 1 by mistake: it goes back on top of the shoe and is
    the card box 2 draws (13 + 5 = 18). Then he exposes 4D by mistake: it goes back too and
    box 1 draws it (16 + 4 = 20). The banker's 9D draws 8C: 17. Both players win.
    Given box 1 is dealt TS 6H
    And box 2 is dealt TC 3H
    And the dealer's first card is 9D
    And the next cards are 5C 4D 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And the dealer deals the next card to box 1 by mistake
    And box 2 hits
    And box 2 stands
    And the dealer exposes the next card by mistake
    And box 1 hits
    And box 1 stands
    Then the returned cards are 5C 4D
    And the log shows, in order:
      | type    | box | card | info           |
      | misdeal | 1   | 5C   |                |
      | remedy  |     | 5C   | return_to_shoe |
      | card    | 2   | 5C   |                |
      | misdeal |     | 4D   |                |
      | remedy  |     | 4D   | return_to_shoe |
      | card    | 1   | 4D   |                |
    And the dealer stands on 17
    And P1 wins 10
    And P2 wins 10
