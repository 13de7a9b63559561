@CL
Feature: Catalan card club CCCJ: the core game
  Rounds under the club's house rules and the annex's internal norms: two decks, no hole
  card, dealing and play from the banker's right, blackjack paid at once unless the banker
  shows an ace or a ten, doubling on 9, 10 or 11 only, bets in multiples of 10 and
  insurance in multiples of 5.

  Background:
    Given the CL rules
    And table limits of 10 to 500

  # ------------------------------------------------------------ card values

  @CL-3 @CL-5.3
  Scenario: An ace counts eleven or one as the hand needs
    CL-3: "los ases por 1 ó 11 a criterio del jugador". Ace-six is a soft 17; after a ten
    the ace counts 1 and the hand is a hard 17, which ties the banker's 17.
    Given box 1 is dealt AS 6H
    And the dealer's first card is 9D
    And the next cards are TC 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    And box 1 stands
    Then the dealer stands on 17
    And P1 breaks even

  @CL-3 @CL-4.1 @CL-12.2
  Scenario: Figures count ten
    CL-3: "las figuras cuentan por 10". King-queen is 20 and beats the banker's 19.
    Given box 1 is dealt KS QH
    And the dealer's first card is 9D
    And the next cards are JC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 19
    And P1 wins 10

  # ------------------------------------------------------------ naturals

  @CL-8 @CL-5.2 @CL-19
  Scenario: A blackjack against a low card is paid 3 to 2 at once
    CL-8: "A un jugador que tenga blackiack se le paga inmediatamente 3 a 2". The bet is then
    settled, no bet is left in play, and the banker deals himself nothing (CL-19).
    Given box 1 is dealt AS KH
    And the dealer's first card is 7D
    And P1 bets 10 on box 1
    When the cards are dealt
    Then P1 wins 15
    And the dealer draws no second card
    And the log shows, in order:
      | type        | box | card | info      | amount |
      | card        | 1   | AS   |           |        |
      | dealer_card |     | 7D   |           |        |
      | card        | 1   | KH   |           |        |
      | settle      | 1   |      | blackjack | 15     |
      | dealer_discards |  | 7D  |           |        |

  @CL-8 @CL-5.2
  Scenario: A blackjack against a ten waits for the banker's second card
    CL-8: "a menos que la carta del banquero sea un as o una carta que valga 10, en cuyo caso
    el jugador deberá esperar". The banker draws 9 (19, no blackjack): then 3 to 2 is paid.
    Given box 1 is dealt AS KH
    And the dealer's first card is TD
    And the next cards are 9C
    And P1 bets 10 on box 1
    When the cards are dealt
    Then insurance is not offered
    And P1 wins 15
    And the log shows, in order:
      | type        | card | info      | amount |
      | dealer_card | TD   |           |        |
      | dealer_card | 9C   |           |        |
      | settle      |      | blackjack | 15     |

  @CL-8 @CL-5.3 @CL-5.1
  Scenario: Blackjack against the banker's blackjack is a tie
    CL-5.3: "un empate anula la mano, conservando el jugador su apuesta". The blackjack waits
    for the banker's second card against his ace; he also makes blackjack.
    Given box 1 is dealt AS KH
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 10 on box 1
    When the cards are dealt
    And insurance closes
    Then the dealer has blackjack
    And P1 breaks even

  @CL-5.1 @CL-5.2
  Scenario: A blackjack beats the banker's three-card 21
    CL-5.1: a blackjack "supera a todas las otras manos". Box 2 (played first, from the
    banker's right) stands on 18; the banker makes 21 with three cards.
    Given box 1 is dealt AS QH
    And box 2 is dealt TS 8H
    And the dealer's first card is TD
    And the next cards are 5C 6S
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 stands
    Then the dealer stands on 21
    And P1 wins 15
    And P2 loses 10

  @CL-13b.ex2 @CL-13b.ex1 @CL-5.3
  Scenario: A split ace and a ten make 21, paid 1 to 1
    CL-13b.ex2: "En las manos divididas no se admiten los black jacks, se consideran como 21,
    por tanto no se pagan 3 a 2." Each split ace takes one card (CL-13b.ex1).
    Given box 1 is dealt AS AH
    And the dealer's first card is 9D
    And the next cards are KC 7D 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | bettor | outcome | net | stake |
      | 1   | 1    | P1     | win     | 10  | 10    |
      | 1   | 2    | P1     | win     | 10  | 10    |

  @CL-5.1
  Scenario: The banker's blackjack takes a doubled stake whole
    CL-5.1: the banker's blackjack "supera a todas las otras manos". Reading (rule set): with
    no hole card it takes every stake of the hand, the doubled part included.
    Given box 1 is dealt 6S 5H
    And the dealer's first card is AD
    And the next cards are 8C KC
    And P1 bets 10 on box 1
    When the cards are dealt
    And insurance closes
    And box 1 doubles
    Then the dealer has blackjack
    And P1 loses 20

  # ------------------------------------------------------------ the banker's hand

  @CL-11.3 @CL-12.2
  Scenario: The banker draws on 16 and stands on 19
    CL-11.3: "Con un total de 16 o menos debe extraer otra carta, y con 17 o más debe
    plantarse." 6 + 10 = 16 draws; + 3 = 19 stands and beats 18.
    Given box 1 is dealt TS 8H
    And the dealer's first card is 6D
    And the next cards are TC 3S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 19
    And P1 loses 10

  @CL-11.4 @CL-11.3
  Scenario: The banker stands on a soft 17
    CL-11.4: "Si su mano incluye un as, que considerado como 11 le suma un total 17 ... debe
    plantarse, y no puede considerar el as como 1." Six-ace is 17: he stands; 19 wins.
    Given box 1 is dealt TS 9H
    And the dealer's first card is 6D
    And the next cards are AC 5S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10

  @CL-12.1 @CL-4.2 @CL-10.2
  Scenario: The banker busts and pays only the players who did not bust
    CL-12.1: "Si suma más de 21 se pasa y paga a todos los demás jugadores que no se hayan
    pasado a su vez." Box 2 (played first) busts with 25 and loses at once (CL-4.2); box 1
    stands on 16; the banker makes 6 + 10 + 8 = 24.
    Given box 1 is dealt TS 6H
    And box 2 is dealt TC 5D
    And the dealer's first card is 6D
    And the next cards are KS TH 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 hits
    And box 1 stands
    Then the dealer busts
    And P1 wins 10
    And P2 loses 10
    And the log shows, in order:
      | type         | box | card | info | amount |
      | bust         | 2   |      |      |        |
      | settle       | 2   |      | lose | -10    |
      | dealer_card  |     | TH   |      |        |
      | dealer_card  |     | 8C   |      |        |
      | dealer_total |     |      | bust |        |
      | settle       | 1   |      | win  | 10     |

  @CL-19 @CL-4.2
  Scenario: The banker deals himself nothing when no bet is left in play
    CL-19: "El banquero no se distribuye cartas a sí mismo si no hay apuestas en juego."
    Reading (rule set): the only hand has busted, so no bet is in play.
    Given box 1 is dealt TS 6H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then the dealer draws no second card
    And P1 loses 10

  # ------------------------------------------------------------ settlement

  @CL-5.3 @CL-12.2 @CL-6
  Scenario: Win at evens, tie and loss, paid from the banker's right
    CL-5.3: "Todas las demás apuestas se pagan a la par, y un empate anula la mano". CL-6:
    "Se empiezan a pagar las apuestas por la derecha" (read as the banker's right, box 3).
    The banker makes 8 + 10 = 18: 19 wins, 18 ties, 17 loses.
    Given box 1 is dealt TD 7H
    And box 2 is dealt TC 8H
    And box 3 is dealt TS 9H
    And the dealer's first card is 8D
    And the next cards are TH
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And P3 bets 10 on box 3
    When the cards are dealt
    And box 3 stands
    And box 2 stands
    And box 1 stands
    Then the dealer stands on 18
    And the settlement is:
      | box | bettor | outcome | net |
      | 3   | P3     | win     | 10  |
      | 2   | P2     | push    | 0   |
      | 1   | P1     | lose    | -10 |

  # ------------------------------------------------------------ order of play

  @CL-7.1 @CL-7.2 @CL-9 @CL-11.1
  Scenario: Cards are dealt and hands completed from the banker's right
    CL-7.1: the banker deals "comenzando por el de su derecha y se da también una a sí mismo";
    CL-7.2: a second card to each player, "pero no se da ninguna a sí mismo"; CL-11.1: his
    second card only when every hand is complete. Box 2 is on the banker's right.
    Given the shoe holds 9S 7H 6D TC TD KH 2C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 stands
    And box 1 stands
    Then the log shows, in order:
      | type        | box | card |
      | card        | 2   | 9S   |
      | card        | 1   | 7H   |
      | dealer_card |     | 6D   |
      | card        | 2   | TC   |
      | card        | 1   | TD   |
      | stand       | 2   |      |
      | stand       | 1   |      |
      | dealer_card |     | KH   |
      | dealer_card |     | 2C   |
    And P2 wins 10
    And P1 loses 10

  @CL-9
  Scenario: A box may not play out of turn
    CL-9: the banker completes the hands "por turno, comenzando por el que queda a su
    derecha": box 2 plays before box 1.
    Given box 1 is dealt TS 7H
    And box 2 is dealt TC 8H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 stands
    Then it is refused citing CL-9
    And box 2 may stand

  @CL-10.1
  Scenario: A player may stand on any two cards
    CL-10.1: "Si a un juqador le satisface el valor de sus dos cartas iniciales puede
    plantarse." Twelve may stand; the banker's 9 + 10 = 19 then wins.
    Given box 1 is dealt TS 2H
    And the dealer's first card is 9D
    And the next cards are TC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 may stand
    When box 1 stands
    Then P1 loses 10

  @CL @assumes-hit_on_hard_21
  Scenario: A player may still draw on 21
    Not stated: the engine assumes a player may draw on 21 (hit_on_hard_21). CL-10.2 only
    says he "continuará pidiendo cartas adicionales hasta que le satisfaga su punto".
    Given box 1 is dealt 7S 7H
    And the dealer's first card is 9D
    And the next cards are 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then box 1 may hit
    And box 1 may stand

  # ------------------------------------------------------------ doubling

  @CL-13a.1 @CL-13a.2
  Scenario: Doubling on 11 doubles the stake and gives one card only
    CL-13a.2: "doblar su apuesta, pero sólo recibirá una carta adicional y no puede volver a
    pedir". 6 + 5 doubled takes a 2 (13) and may not draw again; the banker's 17 takes 40.
    Given box 1 is dealt 6S 5H
    And the dealer's first card is 9D
    And the next cards are 2C 8S
    And P1 bets 20 on box 1
    When the cards are dealt
    And box 1 doubles
    Then the dealer stands on 17
    And P1 loses 40
    And the log shows, in order:
      | type        | box | card | amount |
      | double      | 1   |      |        |
      | match       | 1   |      | 20     |
      | card        | 1   | 2C   |        |
      | dealer_card |     | 8S   |        |

  @CL-13a.1
  Scenario: Doubling on 12 is refused
    CL-13a.1: "Un jugador cuyas dos primeras cartas sumen 9, 10 u 11 puede doblar." Seven-five
    is 12.
    Given box 1 is dealt 7S 5H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles
    Then it is refused citing CL-13a.1
    And box 1 may hit
    And box 1 may not double

  @CL-13a.1
  Scenario: Doubling on 9 and 10 is allowed, on 8 it is not
    CL-13a.1: "sumen 9, 10 u 11". Box 3 has 9, box 2 has 10, box 1 has 8.
    Given box 1 is dealt 5D 3C
    And box 2 is dealt 6S 4H
    And box 3 is dealt 5S 4D
    And the dealer's first card is 9D
    And the next cards are TC 9C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And P3 bets 10 on box 3
    When the cards are dealt
    Then box 3 may double
    When box 3 doubles
    Then box 2 may double
    When box 2 doubles
    Then box 1 may not double

  @CL-13a.1 @CL-3
  Scenario: Ace-eight may double as a total of 9
    CL-13a.1 with CL-3 ("los ases por 1 ó 11 a criterio del jugador"). Reading (rule set): a
    hand qualifies if either count of the ace is 9, 10 or 11; ace-eight counts 9 or 19.
    Given box 1 is dealt AS 8H
    And the dealer's first card is 9D
    And the next cards are 2C 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 may double
    When box 1 doubles
    Then the dealer stands on 17
    And P1 wins 20

  @CL-13a.1
  Scenario: A three-card 11 may not double
    CL-13a.1: the double is for a player "cuyas dos primeras cartas" total 9 to 11; six-three
    and a two is 11 in three cards.
    Given box 1 is dealt 6S 3H
    And the dealer's first card is 9D
    And the next cards are 2C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then box 1 may not double
    And box 1 may hit

  @CL-ANX-5b.3 @CL-13a.2
  Scenario: A maximum bet may still be doubled
    CL-ANX-5b.3: "Se entiende por apuesta máxima la cantidad máxima que se permite apostar por
    mano de cartas, antes de doblar o dividir el par." A bet of 500 doubles to 1000; 20
    beats the banker's 17.
    Given box 1 is dealt 6S 5H
    And the dealer's first card is 7D
    And the next cards are 9C TC
    And P1 bets 500 on box 1
    When the cards are dealt
    And box 1 doubles
    Then P1 wins 1000

  # ------------------------------------------------------------ splitting

  @CL-13b.1 @CL-13b.2 @CL-13b.3
  Scenario: A ten and a king are split as a pair
    CL-13b.1: "Un jugador que reciba dos cartas del mismo valor puede dividir el par." Reading:
    equal value, so a ten and a king. CL-13b.3: the second hand carries the same bet.
    Given box 1 is dealt KS TH
    And the dealer's first card is 7D
    And the next cards are 9C 8D TC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 may split
    When box 1 splits
    And box 1 stands
    And box 1 stands
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | outcome | net | stake |
      | 1   | 1    | win     | 10  | 10    |
      | 1   | 2    | win     | 10  | 10    |

  @CL-13b.1
  Scenario: Two cards of unequal value may not split
    CL-13b.1: only "dos cartas del mismo valor" may be split; nine-eight may not.
    Given box 1 is dealt 9S 8H
    And the dealer's first card is 7D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then it is refused citing CL-13b.1
    And box 1 may stand

  @CL-13b.4 @CL-13a.1
  Scenario: A split hand may double on 11
    CL-13b.4: on each split hand the player may "doblar la apuesta o dividir el par de nuevo
    si fuera posible". Eight-three doubles and takes a ten (21 on 20); eight-nine stands on
    17 against the banker's 17.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are 3C TD 9C 8D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 doubles
    And box 1 stands
    Then the dealer stands on 17
    And the settlement is:
      | hand | outcome | net | stake |
      | 1    | win     | 20  | 20    |
      | 2    | push    | 0   | 10    |

  @CL-13b.4
  Scenario: Pairs re-split with no limit on the hands
    CL-13b.4: "dividir el par de nuevo si fuera posible"; no limit is set. Three splits make
    four hands: 8-2 (10) and 8-3 (11) lose to 17, 8-10 (18) wins, 8-9 (17) ties.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 7D
    And the next cards are 8C 8D 2C 3C TC 9S TH
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 splits
    And box 1 splits
    And box 1 stands, stands, stands and stands
    Then box 1 holds 4 hands
    And the dealer stands on 17
    And P1 loses 10

  @CL-13b.ex1
  Scenario: Split aces receive one card each
    CL-13b.ex1: "A dos ases divididos se les da sólo una carta adicional y no se les permite
    doblar ni pedir más cartas." Ace-five (16) loses and ace-nine (20) wins against 18.
    Given box 1 is dealt AS AH
    And the dealer's first card is 8S
    And the next cards are 5C 9D TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then the dealer stands on 18
    And P1 breaks even
    And the log shows, in order:
      | type        | box | hand | card |
      | split       | 1   | 1    |      |
      | card        | 1   | 1    | 5C   |
      | card        | 1   | 2    | 9D   |
      | dealer_card |     |      | TC   |

  @CL-13b.ex1
  Scenario: An ace dealt to a split ace is not split again
    CL-13b.ex1: split aces take "sólo una carta adicional". Reading (rule set): so an ace
    received is no new pair. Ace-ace (12) loses, ace-nine (20) wins against 18.
    Given box 1 is dealt AS AH
    And the dealer's first card is 8S
    And the next cards are AC 9D TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then box 1 holds 2 hands
    And the dealer stands on 18
    And P1 breaks even

  # ------------------------------------------------------------ insurance

  @CL-13c.1 @CL-13c.2 @CL-13c.3 @CL-5.1
  Scenario: Insurance pays 2 to 1 when the banker makes blackjack
    CL-13c.1: "Cuando el banquero se ha dado un as como primera carta, los jugadores pueden
    asegurarse"; CL-13c.3: "la apuesta del seguro se pagará 2 a 1". Insurance 10 on a bet of
    20 wins 20; the 19 loses 20 to the blackjack.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 20 on box 1
    When the cards are dealt
    Then insurance is offered
    When P1 insures box 1 for 10
    And insurance closes
    And box 1 stands
    Then the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | outcome       | net | stake |
      | 1   |      | P1     | insurance_win | 20  | 10    |
      | 1   | 1    | P1     | lose          | -20 | 20    |
    And P1 breaks even

  @CL-13c.4 @CL-13c.5 @CL-ANX-5a
  Scenario: Insurance is lost when the banker makes no blackjack
    CL-13c.4: "De no obtenerlo los jugadores que hayan optado por el seguro lo perderán";
    CL-13c.5: "Las apuestas originales seguirán su curso normal". Insurance 5 (a multiple of
    5) is lost; 19 beats the banker's ace-seven (18) and wins 20.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are 7C
    And P1 bets 20 on box 1
    When the cards are dealt
    And P1 insures box 1 for 5
    And insurance closes
    And box 1 stands
    Then the dealer stands on 18
    And P1 wins 15

  @CL-13c.2
  Scenario: Insurance above half the bet is refused
    CL-13c.2: "una nueva apuesta, que no exceda de la mitad de su apuesta original". On a bet
    of 20, 15 is too much.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And P1 bets 20 on box 1
    When the cards are dealt
    And P1 insures box 1 for 15
    Then it is refused citing CL-13c.2

  @CL-ANX-5a
  Scenario: Insurance must be a multiple of 5
    CL-ANX-5a: "Las cantidades apostadas serán múltiplos naturales de 10, excepto los seguros
    que lo serán de 5." On a bet of 30, 12 is within half but not a multiple of 5.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And P1 bets 30 on box 1
    When the cards are dealt
    And P1 insures box 1 for 12
    Then it is refused citing CL-ANX-5a

  @CL-13c.2
  Scenario: No insurance once the banker deals additional cards
    CL-13c.2: insurance must be placed "antes de que el banquero empiece a distribuir cartas
    adicionales a los jugadores". After a hit it is too late.
    Given box 1 is dealt TS 2H
    And the dealer's first card is AD
    And the next cards are 5C
    And P1 bets 20 on box 1
    When the cards are dealt
    And insurance closes
    And box 1 hits
    And P1 insures box 1 for 10
    Then it is refused citing CL-13c.2

  # ------------------------------------------------------------ bets and limits

  @CL-ANX-5a
  Scenario: A bet that is not a multiple of 10 is refused
    CL-ANX-5a: "Las cantidades apostadas serán múltiplos naturales de 10".
    When P1 bets 25 on box 1
    Then it is refused citing CL-ANX-5a

  @CL-ANX-5
  Scenario: Bets off the table limits are refused
    CL-ANX-5: "Las apuestas máxima y mínima serán las acordadas por la mesa". With limits of
    10 to 500, 5 is below the minimum and 510 above the maximum; 500 is accepted.
    When P1 bets 5 on box 1
    Then it is refused citing CL-ANX-5
    When P1 bets 510 on box 1
    Then it is refused citing CL-ANX-5
    When P1 bets 500 on box 1
    Then the round is betting

  @CL @assumes-max_bets_per_box
  Scenario: A box takes one player's bet only
    Not stated: the engine assumes one bet per box (max_bets_per_box): the club's text knows
    no bets behind, each of its at most 6 players (CL-ANX-1) plays his own hand (CL-ANX-6).
    When P1 bets 10 on box 1
    And P2 bets 10 on box 1
    Then it is refused under the assumption max_bets_per_box
