@UY
Feature: Uruguay, DGC: the game in general, the kinds of hand and the split hands
  The house banks; each bettor plays his own hand against it; a hand is an "Aire" hand
  (Black Jack) or a hand "a definir"; the order in which split hands are played and how a
  split is declared.

  Background:
    Given the UY rules
    And table limits of 10 to 1000

  @UY-1.1
  Scenario: The casino's dealer banks and one bettor is enough to play
    Art. 1: "un Pagador del Casino, oficia de banquero y se enfrenta a los apostadores; el juego
    dará comienzo con un mínimo de un apostador." With no bet there is no round to deal; with a
    single bettor the round is dealt and settled against the bank.
    Given the shoe holds TS 7H 9D TC
    When the cards are dealt
    Then it is refused as bad input naming bets
    When P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10

  @UY-1.1
  Scenario: The bettors may not take the bank in turn
    Art. 1: "un Pagador del Casino, oficia de banquero y se enfrenta a los apostadores". A
    player-banked session (a bank the players advance and bank in turn) is refused.
    Given a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 100
    When the session starts
    Then it is refused citing UY-1.1

  @UY-1.3 @UY-2.1
  Scenario: Each bettor plays his own hand and only the total nearest twenty-one without going over beats the bank
    Art. 1: "El objeto del juego es obtener el puntaje de '21' o el más cercano posible sin
    excederlo, de forma de batir el puntaje que obtenga la banca." Art. 2: "Cada apostador hace
    su propio juego contra la Banca." Against the bank's 19, a 20 wins, an 18 loses, and a 23
    (two from 21, nearer than 18) loses for going over.
    Given box 1 is dealt TS QH
    And box 2 is dealt 9S 9H
    And box 3 is dealt TD 5D
    And the dealer's first card is 9D
    And the next cards are 8C TC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And P3 bets 10 on box 3
    When the cards are dealt
    And box 1 stands
    And box 2 stands
    And box 3 hits
    Then the dealer stands on 19
    And P1 wins 10
    And P2 loses 10
    And P3 loses 10

  @UY-2.2 @UY-28.1 @UY-24.3
  Scenario: After the forced deal a bettor without twenty-one may draw or stand
    Art. 24: "concluye la etapa de 'entrega forzosa de cartas'; a partir de ese momento cada
    jugador se podrá plantar." Art. 28: "Cuando en sus dos primeras cartas el apostador no
    obtenga 21 puntos, puede pedir cartas o 'plantar'." Interpretation (rule set,
    min_stand_total): art. 28's minimum of twelve restricts arts. 2 and 24, so the twelve here
    may stand. Before the deal nobody stands.
    Given box 1 is dealt TS 2H
    And the dealer's first card is 9D
    And the next cards are 5C 8C
    And P1 bets 10 on box 1
    When box 1 stands
    Then it is refused citing UY-27
    When the cards are dealt
    Then box 1 may hit
    And box 1 may stand
    When box 1 hits
    Then box 1 may hit
    And box 1 may stand
    When box 1 stands
    Then the dealer stands on 17
    And P1 breaks even

  @UY-25.1 @UY-25.a.1 @UY-25.a.2
  Scenario: Only an ace and a ten-value card in the first two cards make a Black Jack
    Art. 25: "Pases de 'Aire', son aquellos en los que ... en sus dos primeras cartas totalizan 21
    puntos, lo que solamente es posible, si una de ellas es un 'As' y la otra un naipe valor
    diez. Esta suerte se denomina Black Jack o Veintiuno genuino o natural." An ace, five and
    five is twenty-one too, but in three cards: it is paid even money, not three to two.
    Given box 1 is dealt AS KH
    And box 2 is dealt AH 5S
    And the dealer's first card is 9D
    And the next cards are 5D TC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 hits
    Then the dealer stands on 19
    And the settlement is:
      | box | hand | bettor | outcome   | net |
      | 1   | 1    | P1     | blackjack | 15  |
      | 2   | 1    | P2     | win       | 10  |

  @UY-25.b
  Scenario: In a hand to be decided both sides draw and a twenty-one of three cards ties
    Art. 25: "Pases 'a definir', son aquellos en que tanto la Banca como el apostador, piden una
    o más cartas además de las dos iniciales, para definir el juego." Neither twenty-one is a
    Black Jack, so they tie (art. 59).
    Given box 1 is dealt 7S 4H
    And the dealer's first card is 6D
    And the next cards are TC 5C KC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then the log shows, in order:
      | type        | box | card | total | info      |
      | card        | 1   | TC   |       |           |
      | stand       | 1   |      |       | automatic |
      | dealer_card |     | 5C   |       |           |
      | dealer_card |     | KC   |       |           |
      | dealer_total |    |      | 21    | stands    |
    And P1 breaks even

  @UY-9.2
  Scenario: The bank counts its ace by the rule, not by choice
    Art. 9: "Sin embargo, la Banca estará obligada a valorarlos según lo establecido a
    continuación en el presente artículo": it draws on 16 or less, and an ace counts one only
    when eleven would take it over 21. Ace and five is a soft 16 and must draw; with a nine the
    ace counts one (15) and it draws again, ending on 20.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are 5C 9C 5H
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    And insurance closes
    Then the log shows, in order:
      | type         | card | total | info   |
      | dealer_card  | 5C   |       |        |
      | dealer_card  | 9C   |       |        |
      | dealer_card  | 5H   |       |        |
      | dealer_total |      | 20    | stands |
    And P1 loses 10

  @UY-46
  Scenario: A bettor with a Black Jack may take no more cards
    Art. 46: "El apostador al haber logrado Blackjack, no podrá solicitar más cartas." Neither a
    card nor a double (which draws one) is allowed on the Black Jack, paid at once against a 9.
    Given box 1 is dealt AS KH
    And box 2 is dealt TS 6H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 doubles
    Then it is refused citing UY-46
    When box 1 hits
    Then it is refused citing UY-47
    When box 2 stands
    Then the dealer stands on 17
    And P1 wins 15
    And P2 loses 10

  @UY-44
  Scenario: After a split the first hand is finished before the next one draws
    Art. 44: "Al abrirse, el apostador deberá comenzar pidiendo carta para el juego de su
    derecha, luego pasar al siguiente de derecha a izquierda, hasta definirlos todos."
    Interpretation: the engine numbers split hands in the order they are played, so hand 1 is
    the one on the bettor's right; it draws to its end before hand 2 gets its second card.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 7D
    And the next cards are 3C TC 9C TD
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 hits
    And box 1 stands
    Then the log shows, in order:
      | type        | box | hand | card | info      |
      | split       | 1   | 1    |      |           |
      | card        | 1   | 1    | 3C   |           |
      | hit         | 1   | 1    |      |           |
      | card        | 1   | 1    | TC   |           |
      | stand       | 1   | 1    |      | automatic |
      | card        | 1   | 2    | 9C   |           |
      | stand       | 1   | 2    |      |           |
      | dealer_card |     |      | TD   |           |
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | win     | 10  |
      | 1   | 2    | P1     | push    | 0   |

  @UY-42.1
  Scenario: A split is declared in the bettor's turn with a bet equal to the original
    Art. 42: "El apostador que desee 'abrirse', deberá manifestarlo cuando sea su turno,
    efectuando entonces, en cada carta 'abierta', una apuesta igual a la efectuada
    originariamente." Box 2 may not split while box 1 is to act; when it does, the new hand
    carries 20 like the first.
    Given box 1 is dealt TS 7H
    And box 2 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are TC 9C 8D
    And P1 bets 10 on box 1
    And P2 bets 20 on box 2
    When the cards are dealt
    And box 2 splits
    Then it is refused citing UY-27
    When box 1 stands
    And box 2 splits
    And box 2 stands and stands
    Then the log shows, in order:
      | type  | box | hand | bettor | amount |
      | split | 2   | 1    | P2     |        |
      | match | 2   | 2    | P2     | 20     |
    And the settlement is:
      | box | hand | bettor | stake | outcome | net |
      | 1   | 1    | P1     | 10    | push    | 0   |
      | 2   | 1    | P2     | 20    | win     | 20  |
      | 2   | 2    | P2     | 20    | push    | 0   |
