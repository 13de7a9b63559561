@UY
Feature: Uruguay, DGC: the boxes and who bets on them
  Seven boxes; a bet in a box before each round; a player may bet on other boxes; a player
  who stops betting loses his box; on a box with an empty seat the larger bet decides.

  Background:
    Given the UY rules
    And table limits of 10 to 1000

  @UY-3 @UY-4 @UY-10.1
  Scenario: Seven boxes take seven bettors and there is no eighth
    Art. 3: "un máximo de siete apostadores pueden distribuirse sentados en torno al Croupier".
    Art. 4: "En el paño se destacan siete casilleros, uno para cada apostador". Art. 10: "El
    número máximo de jugadores será de siete en total". All seven boxes are dealt; a bet on an
    eighth box does not exist.
    Given the shoe holds TS TH TD TC JS JH JD 9S QS QH QD QC KS KH KD
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And P3 bets 10 on box 3
    And P4 bets 10 on box 4
    And P5 bets 10 on box 5
    And P6 bets 10 on box 6
    And P7 bets 10 on box 7
    When P8 bets 10 on box 8
    Then it is refused as bad input naming box
    When the cards are dealt
    Then box 7 holds 1 hand
    And the log shows, in order:
      | type        | box | card |
      | card        | 7   | JD   |
      | dealer_card |     | 9S   |
      | card        | 1   | QS   |
      | card        | 7   | KD   |

  @UY-12
  Scenario: Only the boxes holding a bet when the round starts are dealt
    Art. 12: "Antes de comenzar cada ronda, el jugador deberá colocar su apuesta en el casillero
    correspondiente." Box 2 has no bet and receives no card; the deal goes from box 1 to box 3.
    Given the shoe holds TS 9S 7D 8H TH TC
    And P1 bets 10 on box 1
    And P3 bets 10 on box 3
    When the cards are dealt
    Then box 2 holds 0 hands
    When box 1 stands
    And box 3 stands
    Then the log shows, in order:
      | type        | box | card |
      | card        | 1   | TS   |
      | card        | 3   | 9S   |
      | dealer_card |     | 7D   |
      | card        | 1   | 8H   |
      | card        | 3   | TH   |
      | dealer_card |     | TC   |
    And P1 wins 10
    And P3 wins 10

  @UY-11.1
  Scenario: A player may bet on a box besides his own
    Art. 11: "Le será permitido a un jugador, apostar en casilleros distintos del propio." P1
    plays box 1 and box 2, each settled on its own.
    Given the shoe holds TS TD 8D 9H 7H TC
    And P1 bets 10 on box 1
    And P1 bets 20 on box 2
    When the cards are dealt
    And box 1 stands
    And box 2 stands
    Then the dealer stands on 18
    And the settlement is:
      | box | hand | bettor | stake | outcome | net |
      | 1   | 1    | P1     | 10    | win     | 10  |
      | 2   | 1    | P1     | 20    | lose    | -20 |
    And P1 loses 10

  @UY-10.2
  Scenario: A player who stops betting loses his box to the next bettor
    Art. 10: "Los jugadores deberán apostar permanentemente para no perder el lugar del
    casillero." Not stated: what losing the place means; the engine assumes a box belongs,
    round by round, to the first bettor who bets on it, so when P1 skips a round P2 takes box 1
    and P1 may no longer decide its play.
    Given the shoe, once cut, starts with 2C TS 7D 9H TC TD 8D 9S 9C
    When the cut is made at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    And P2 bets 10 on box 1
    And the cards are dealt
    And P1 stands for box 1
    Then it is refused citing UY-48
    When P2 stands for box 1
    Then P1 wins 10
    And P2 wins 10

  @UY-50.2
  Scenario: On a box with an empty seat and equal bets the first bettor decides
    Art. 50: "quien determina si pide carta o planta, será el apostador que posea la apuesta
    mayor, y en caso de apuestas iguales, quien esté más cercano al Sabot." Interpretation (rule
    set, unseated_box_decider): the engine cannot see who sits nearer the shoe and takes the
    bettor who bet first.
    Given the seat of box 2 is taken
    And box 1 is dealt TS 5H
    And the dealer's first card is 9D
    And the next cards are 4C 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And P2 hits for box 1
    Then it is refused citing UY-50.2
    When P1 hits for box 1
    And P1 stands for box 1
    Then P1 wins 10
    And P2 wins 10

  @UY-11.2 @UY-48
  Scenario: At a table the player seated at a box holds it, whoever bets first
    Art. 11: on a box "ocupado" another bettor needs "el asentimiento previo de quien lo ocupe"
    and may "en ningún caso decidir sobre el pedido de cartas"; art. 48: the box's owner is "el
    único que puede decidir su juego". The table knows who sits where, as a round does: P1 sits
    at box 1; P2's bet on it is refused until P1 consents; the deal waits for P1's own bet; P2
    bet first, and P1 decides. After the burnt 2C, box 1 draws a 4 to 19 against the bank's 17.
    Given P1 sits at box 1
    And the shoe, once cut, starts with 2C TS 9D 5H 4C 8C
    When the cut is made at 60
    And P2 bets 20 on box 1
    Then it is refused citing UY-11.2
    When P1 consents to P2's bet on box 1
    And P2 bets 20 on box 1
    And the cards are dealt
    Then it is refused citing UY-11.2
    When P1 bets 10 on box 1
    And the cards are dealt
    And P2 hits for box 1
    Then it is refused citing UY-11.2
    When P1 hits for box 1
    And P1 stands for box 1
    Then the dealer stands on 17
    And P1 wins 10
    And P2 wins 20
