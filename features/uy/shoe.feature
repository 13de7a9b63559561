@UY
Feature: Uruguay, DGC: the shoe, the cut and the dealer's mistakes
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

  @UY-5.1 @UY-5.2 @UY-6.1
  Scenario: Five packs are shuffled into the shoe, cut by a player and separated by the dealer
    Art. 5: "Se utilizarán 5 mazos de naipes franceses numerados, de 52 cartas cada uno" and,
    once shuffled, "se introducirán en un Sabot". Art. 6: "Se utilizarán dos símil de cartas en
    un material plástico, como indicadores o 'cortes'": one for the bettor's cut, the other the
    croupier's separator. The shoe holds 260 cards; the round is dealt from it after the burn.
    Interpretation (rule set, cut_card_from_end): the separator lies exactly two packs (104
    cards) from the end, the least "no menor a dos mazos" allows.
    Given the shoe, once cut, starts with 7D TS 9H 8S 8C
    When box 3 cuts at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the log shows, in order:
      | type        | box | total | card |
      | shuffle     |     | 260   |      |
      | offer_cut   |     |       |      |
      | cut         | 3   | 60    |      |
      | cut_card    |     | 104   |      |
      | burn        |     |       | 7D   |
      | bet         | 1   |       |      |
      | card        | 1   |       | TS   |
      | dealer_card |     |       | 9H   |
      | card        | 1   |       | 8S   |
      | dealer_card |     |       | 8C   |
    And P1 wins 10

  @UY-5.1
  Scenario: The shoe may hold only the cards of the five packs
    Art. 5: "5 mazos de naipes franceses ... de 52 cartas cada uno". Art. 18: "serán revisados
    todos los mazos a utilizar, carta por carta". Interpretation: the engine's counterpart of
    checking the packs card by card is that a shoe holding a card the five packs do not have
    (a sixth ace of spades) is refused; "lluvia", "ensalada" and "calado" have none.
    Given the shoe, once cut, starts with AS AS AS AS AS AS
    When the cut is made at 60
    Then it is refused as bad input naming shoe

  @UY-5.1
  Scenario: Five aces of spades are a complete shoe
    Art. 5: "Se utilizarán 5 mazos de naipes franceses": each card appears five times, so five
    aces of spades are accepted and the first is burnt.
    Given the shoe, once cut, starts with AS AS AS AS AS
    When the cut is made at 60
    Then the burnt cards are AS
    And the cut card lies 104 cards from the end

  @UY-56
  Scenario: The cut card out during the deal makes that round the last of the shoe
    Art. 56: "si el mismo apareciera durante la distribución de cartas, se anunciara que será la
    última ronda." Art. 19: during the session only "baraje" and "calado" are done again.
    Interpretation (clause note): the round is completed, then the shoe is shuffled and cut
    before any other round. The separator is moved to 255 cards from the end (a changed value,
    not the regulation's 104) only so that it comes out with the fourth card dealt.
    Given the UY rules with cut_card_from_end set to 255
    And the shoe, once cut, starts with 2C TS 9S 7D 8H TH TC
    And the next shoe, once cut, starts with 3C 5S
    When the cut is made at 60
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And the cards are dealt
    Then the cut card has come out
    And the last round is announced
    When box 1 stands
    And box 2 stands
    Then the log shows, in order:
      | type         | box | card | total |
      | cut_card_out |     |      |       |
      | last_round   |     |      |       |
      | card         | 1   | 8H   |       |
      | card         | 2   | TH   |       |
      | dealer_card  |     | TC   |       |
      | dealer_total |     |      | 17    |
    And P1 wins 10
    And P2 wins 10
    And the next round cannot start
    When P1 bets 10 on box 1
    Then it is refused citing UY-56
    When the shoe is shuffled
    Then the cut is offered to any player
    And the last round is not announced
    When the cut is made at 60
    Then the burnt cards are 3C
    And the next round can start
    And the log shows, in order:
      | type       | total |
      | last_round |       |
      | shuffle    | 260   |
      | cut        | 60    |
    When P1 bets 10 on box 1
    Then the round is betting

  @UY-56
  Scenario: The cut card out with the round's last card: that round was the last
    Art. 56: "La aparición de la seña indicadora 'corte' en la boca del 'Sabot', determinará que
    se anuncie, que fue la última ronda de ese 'Sabot'". The separator is moved to 255 cards
    from the end (a changed value) so that the bank's second card is the last before it.
    Given the UY rules with cut_card_from_end set to 255
    And the shoe, once cut, starts with 2C TS 7D 9H TC
    When the cut is made at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    Then the cut card has not come out
    When box 1 stands
    Then the log shows, in order:
      | type         | card | total |
      | stand        |      |       |
      | cut_card_out |      |       |
      | last_round   |      |       |
      | dealer_card  | TC   |       |
      | dealer_total |      | 17    |
    And P1 wins 10
    And the next round cannot start
    When P2 bets 10 on box 2
    Then it is refused citing UY-56

  @UY-31
  Scenario: When every bettor has gone over the next round starts with the next card
    Art. 31: "la Banca descartará su propia carta y se comenzará una nueva ronda, dado que todos
    los apostadores perdieron." The bank's card goes to the discards with the bettor's cards,
    and the next round is dealt from the following cards.
    Given the shoe, once cut, starts with 2C TS 9D 6H 8C TH 7D 9S TC
    When the cut is made at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 hits
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the log shows, in order:
      | type            | box | card | total | info |
      | bust            | 1   |      | 24    |      |
      | settle          | 1   |      |       | lose |
      | dealer_discards |     | 9D   |       |      |
      | clear           |     |      | 4     |      |
      | card            | 1   | TH   |       |      |
      | dealer_card     |     | 7D   |       |      |
      | card            | 1   | 9S   |       |      |
      | dealer_card     |     | TC   |       |      |
    And P1 breaks even

  @UY-63 @UY-61
  Scenario: Before closing time the last round is announced during the round before it
    Art. 63: "Previo a la hora de cierre de la sesión, en la penúltima ronda, se anunciará la
    última ronda del juego." Art. 61: management sets the time; the engine is told when it has
    come. The round under way is the one before the last; one more round is played, then none.
    Round one: 10 and 8 against the bank's 9, 7 and 10 (bust); round two: 10 and queen against
    9 and 8; P1 wins both.
    Given the shoe, once cut, starts with 7D TS 9H 8C 7C TC TD 9C QD 8S
    When the cut is made at 100
    And P1 bets 10 on box 1
    And the cards are dealt
    And closing time is announced
    And box 1 stands
    Then P1 wins 10
    When P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then P1 wins 20
    When P1 bets 10 on box 1
    Then it is refused citing UY-63
