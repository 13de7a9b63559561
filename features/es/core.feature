@ES
Feature: Melilla, Spain: the core game
  Rounds under the Melilla fragment: no hole card, dealing and play from the dealer's left,
  no card on 21 or more, payment from right to left, standing bettors behind a seated
  player (three bets a box). The fragment has no deck count, no doubling rule and no
  split-aces rule: scenarios on those say "Not stated" and test the engine's assumption.

  Background:
    Given the ES rules
    And table limits of 10 to 1000

  # ------------------------------------------------------------ 21 or more

  @ES-18.1.a.4
  Scenario: A soft 21 draws no more and stands by itself
    ES-18.1.a.4: "en ningún caso, puede pedir naipes suplementarios si ha obtenido ya una
    puntuación de 21 o más". Ace-five takes a five: the ace counts 11, the hand is 21 and
    stands at once; the dealer's next card is his own (9 + 8 = 17).
    Given box 1 is dealt AS 5H
    And the dealer's first card is 9D
    And the next cards are 5C 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then the dealer stands on 17
    And P1 wins 10
    And the log shows, in order:
      | type        | box | card | info      |
      | hit         | 1   |      |           |
      | card        | 1   | 5C   |           |
      | stand       | 1   |      | automatic |
      | dealer_card |     | 8S   |           |

  @ES-18.1.a.4
  Scenario: A hit on 21 is refused
    ES-18.1.a.4: "en ningún caso, puede pedir naipes suplementarios si ha obtenido ya una
    puntuación de 21 o más". Three sevens make 21: box 1 stands by itself, the turn passes
    to box 2, and a hit asked for box 1 is refused citing the clause.
    Given box 1 is dealt 7S 7H
    And box 2 is dealt TS 9H
    And the dealer's first card is 9D
    And the next cards are 7C 8S
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 hits
    Then box 1 may not hit
    And box 2 may stand
    When box 1 hits
    Then it is refused citing ES-18.1.a.4
    When box 2 stands
    Then the dealer stands on 17
    And P1 wins 10
    And P2 wins 10
    And the log shows, in order:
      | type  | box | card | info      |
      | card  | 1   | 7C   |           |
      | stand | 1   |      | automatic |
      | stand | 2   |      |           |

  # ------------------------------------------------------------ naturals

  @ES-18.1.a.14 @ES-18.1.a.9
  Scenario: A Black-Jack is paid 3 to 2 when the dealer settles
    ES-18.1.a.14: a Black-Jack, "llegar a los 21 puntos sólo con los dos primeros naipes, se
    le paga a razón de tres por dos". Reading (rule set): it is paid with the other bets,
    after the dealer announces his total (ES-18.1.a.9).
    Given box 1 is dealt AS KH
    And the dealer's first card is 7D
    And the next cards are TC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then P1 wins 15
    And the log shows, in order:
      | type         | card | info      | amount |
      | dealer_card  | 7D   |           |        |
      | dealer_card  | TC   |           |        |
      | dealer_total |      | stands    |        |
      | settle       |      | blackjack | 15     |

  @ES-18.1.a.13 @ES-18.1.a.14
  Scenario: Black-Jack against the bank's Black-Jack is void
    ES-18.1.a.13: "Las manos que han obtenido una puntuación igual a la de la banca son
    consideradas nulas". Both have Black-Jack.
    Given box 1 is dealt AS KH
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 10 on box 1
    When the cards are dealt
    And insurance closes
    Then the dealer has blackjack
    And P1 breaks even

  @ES-18.1.a.15 @ES-18.1.b.1
  Scenario: A Black-Jack beats the bank's three-card 21
    ES-18.1.a.15: "El Black-Jack siempre gana a la puntuación de 21 obtenida con más de dos
    cartas." The dealer shows a ten, so no insurance (ES-18.1.b.1 needs an ace); box 2
    stands on 18 and the dealer makes 10 + 5 + 6 = 21.
    Given box 1 is dealt AS QH
    And box 2 is dealt TS 8H
    And the dealer's first card is TD
    And the next cards are 5C 6S
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    Then insurance is not offered
    When box 2 stands
    Then the dealer stands on 21
    And P1 wins 15
    And P2 loses 10

  @ES-18.1.a.14 @ES-18.1.c.3
  Scenario: A king split and an ace make 21, paid at evens
    ES-18.1.a.14: Black-Jack is 21 "sólo con los dos primeros naipes"; "Los pagos se efectúan
    a la par". Reading (rule set): a split hand's cards are not the first two, so king-ace
    after a split is an ordinary 21. It draws no more (21) and wins 10; king-nine wins 10.
    Given box 1 is dealt KS KH
    And the dealer's first card is 8D
    And the next cards are AC 9D TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 stands
    Then the dealer stands on 18
    And the settlement is:
      | box | hand | outcome | net | stake |
      | 1   | 1    | win     | 10  | 10    |
      | 1   | 2    | win     | 10  | 10    |

  @ES-18.1.a.14 @ES-18.1.c.3 @ES @assumes-split_aces_one_card
  Scenario: A split ace and a ten make 21, paid at evens
    Not stated: the fragment ends before any split-aces rule; the engine assumes (national
    Catálogo, context) one card per split ace. ES-18.1.a.14: Black-Jack only "con los dos
    primeros naipes", so ace-king after a split wins at evens: 10 and 10 against 17.
    Given box 1 is dealt AS AH
    And the dealer's first card is 9D
    And the next cards are KC 7D 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | outcome | net | stake |
      | 1   | 1    | win     | 10  | 10    |
      | 1   | 2    | win     | 10  | 10    |

  @ES-18.1.b.4 @ES @assumes-double_totals
  Scenario: The bank's Black-Jack takes a doubled stake whole
    Not stated: what a Black-Jack takes from a doubled stake; the engine assumes every stake
    of the hand (dealer_blackjack_takes), doubling itself being an assumption too.
    ES-18.1.b.4: with a Black-Jack the dealer "recoge las apuestas que pierden".
    Given box 1 is dealt 6S 5H
    And the dealer's first card is AD
    And the next cards are 8C KC
    And P1 bets 10 on box 1
    When the cards are dealt
    And insurance closes
    And box 1 doubles
    Then the dealer has blackjack
    And P1 loses 20

  # ------------------------------------------------------------ the dealer's hand

  @ES-18.1.a.7 @ES-18.1.a.12
  Scenario: The dealer draws on 16 and stands on 19
    ES-18.1.a.7: "debe pedir otros naipes hasta que el total de su puntuación alcance 17 o
    más". 6 + 10 = 16 draws, + 3 = 19 stands and beats 18.
    Given box 1 is dealt TS 8H
    And the dealer's first card is 6D
    And the next cards are TC 3S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 19
    And P1 loses 10

  @ES-18.1.a.8
  Scenario: The dealer stands on a soft 17
    ES-18.1.a.8: the dealer counts an ace "como once puntos si con este valor llega a 17 o
    más". Six-ace is 17: he stands, and 19 wins.
    Given box 1 is dealt TS 9H
    And the dealer's first card is 6D
    And the next cards are AC 5S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10

  @ES-18.1.a.8 @ES-18.1.a.7
  Scenario: The dealer's ace counts one when eleven would pass 21
    ES-18.1.a.8: "siempre que no cuente, con el as, más de 21 puntos; en este caso, el as
    tendrá el valor de un punto". 9 + 6 + ace is 16 (not 26): he draws a 4 and stands on 20.
    Given box 1 is dealt TS 8H
    And the dealer's first card is 9D
    And the next cards are 6C AS 4H
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 20
    And P1 loses 10

  @ES-18.1.a.5 @ES-18.1.a.11
  Scenario: A bust is collected at once and the bank's bust pays the bets left
    ES-18.1.a.5: "el crupier recoge inmediatamente su apuesta y los naipes, antes de pasar a
    la mano siguiente"; ES-18.1.a.11: "Si la banca ha sobrepasado los 21 puntos, el crupier
    debe pagar todas las apuestas que permanezcan todavía encima de la mesa". Box 1 busts
    with 25; box 2 stands on 16; the dealer makes 6 + 10 + 8 = 24.
    Given box 1 is dealt TC 5D
    And box 2 is dealt TS 6H
    And the dealer's first card is 6D
    And the next cards are KS TH 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 hits
    And box 2 stands
    Then the dealer busts
    And P1 loses 10
    And P2 wins 10
    And the log shows, in order:
      | type         | box | card | info | amount |
      | bust         | 1   |      |      |        |
      | settle       | 1   |      | lose | -10    |
      | stand        | 2   |      |      |        |
      | dealer_card  |     | TH   |      |        |
      | dealer_total |     |      | bust |        |
      | settle       | 2   |      | win  | 10     |

  @ES-18.1.a.6
  Scenario: The dealer draws nothing when no competitor remains
    ES-18.1.a.6: the dealer deals himself cards "siempre que queden competidores en esa
    mano". The only hand has busted.
    Given box 1 is dealt TS 6H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then the dealer draws no second card
    And P1 loses 10

  # ------------------------------------------------------------ settlement and order

  @ES-18.1.a.12 @ES-18.1.a.13 @ES-18.1.a.14 @ES-18.1.a.9
  Scenario: Win at par, void and loss, paid from right to left
    ES-18.1.a.12: the dealer "recoge las apuestas de las manos que tengan una puntuación
    inferior a la suya y paga las que la tienen superior"; ES-18.1.a.13: equal totals are
    "nulas"; ES-18.1.a.9: "haciéndolo de derecha a izquierda" (read from the dealer's right,
    box 3). The dealer makes 18.
    Given box 1 is dealt TD 7H
    And box 2 is dealt TC 8H
    And box 3 is dealt TS 9H
    And the dealer's first card is 8D
    And the next cards are TH
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And P3 bets 10 on box 3
    When the cards are dealt
    And box 1 stands
    And box 2 stands
    And box 3 stands
    Then the dealer stands on 18
    And the settlement is:
      | box | bettor | outcome | net |
      | 3   | P3     | win     | 10  |
      | 2   | P2     | push    | 0   |
      | 1   | P1     | lose    | -10 |

  @ES-18.1.a.1 @ES-18.1.a.2 @ES-18.1.a.3 @ES-18.1.a.6
  Scenario: Cards are dealt and hands played from the dealer's left
    ES-18.1.a.1: one card to each box "comenzando por su izquierda", one to himself;
    ES-18.1.a.2: "siempre en el mismo orden, distribuye un segundo naipes a cada casilla";
    the dealer draws only when the players have played (ES-18.1.a.6).
    Given the shoe holds 9S 7H 6D TC TD KH 2C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 stands
    And box 2 stands
    Then the log shows, in order:
      | type        | box | card |
      | card        | 1   | 9S   |
      | card        | 2   | 7H   |
      | dealer_card |     | 6D   |
      | card        | 1   | TC   |
      | card        | 2   | TD   |
      | stand       | 1   |      |
      | stand       | 2   |      |
      | dealer_card |     | KH   |
      | dealer_card |     | 2C   |
    And P1 wins 10
    And P2 loses 10

  @ES-PRE-1 @ES-18.1.a.3
  Scenario: A box may not play out of turn
    ES-PRE-1: each hand "debe seguir el orden normal de distribución y petición de cartas":
    box 1, on the dealer's left, plays before box 2.
    Given box 1 is dealt TS 7H
    And box 2 is dealt TC 8H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 stands
    Then it is refused citing ES-PRE-1
    And box 1 may stand

  # ------------------------------------------------------------ doubling (not in the fragment)

  @ES-18.1.a.12 @ES @assumes-double_totals @assumes-double_one_card
  Scenario: Doubling on 11 doubles the stake for one card
    Not stated: the fragment has no doubling rule; the engine assumes the national
    Catálogo's (context): 9, 10 or 11, one card. 6 + 5 doubled takes a 2 (13) and may not
    draw; the dealer "recoge las apuestas de las manos que tengan una puntuación inferior",
    40 in all.
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

  @ES @assumes-double_totals
  Scenario: Doubling on 12 is refused under the assumed doubling rule
    Not stated: the fragment has no doubling rule; the engine assumes doubling on 9, 10 or
    11 only (double_totals). The hand may still ask for cards "uno por uno" (ES-18.1.a.4).
    Given box 1 is dealt 7S 5H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles
    Then it is refused under the assumption double_totals
    And box 1 may hit

  # ------------------------------------------------------------ pairs

  @ES-18.1.c.1 @ES-18.1.c.2 @ES-18.1.c.3
  Scenario: A king and a queen are split as a pair
    ES-18.1.c.1: "las dos primeras cartas del mismo valor" (reading: equal value, king and
    queen); ES-18.1.c.2: "una apuesta igual" on the second card; ES-18.1.c.3: "manos
    separadas e independientes". 19 and 18 both beat 17.
    Given box 1 is dealt KS QH
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

  @ES-18.1.c.1
  Scenario: Two cards of unequal value may not split
    ES-18.1.c.1: only "las dos primeras cartas del mismo valor"; nine-eight may not split.
    Given box 1 is dealt 9S 8H
    And the dealer's first card is 7D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then it is refused citing ES-18.1.c.1
    And box 1 may stand

  @ES-18.1.c.4
  Scenario: As many hands as equal cards received
    ES-18.1.c.4: "podrá, por tanto, formar tantas manos como número de cartas de igual valor
    reciba". Four eights make four hands: 8-2 (10) and 8-3 (11) lose to 17, 8-10 (18) wins,
    8-9 (17) is void.
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

  @ES-18.1.c.1 @ES-18.1.c.3 @ES @assumes-split_aces_one_card @assumes-resplit_aces
  Scenario: Split aces take one card and are not split again
    Not stated: the fragment ends before any aces rule; the engine assumes (national
    Catálogo, context) one card per split ace and no re-split (split_aces_one_card,
    resplit_aces), although ES-18.1.c.4 alone would let a third ace form a hand. Ace-ace
    (12) loses and ace-nine (20) wins against 18.
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

  @ES-18.1.b.1 @ES-18.1.b.4
  Scenario: Insurance pays 2 to 1 when the bank makes Black-Jack
    ES-18.1.b.1: "Cuando el primer naipes del crupier es un as, los jugadores pueden
    asegurarse"; ES-18.1.b.4: "paga los seguros, a razón de dos por uno". Insurance 10 on a
    bet of 20 wins 20; the 19 loses 20.
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

  @ES-18.1.b.5 @ES-18.1.b.3
  Scenario: Insurance is collected when the bank makes no Black-Jack
    ES-18.1.b.5: "Si el crupier no consigue un Black-Jack, recoge los seguros y cobra o paga
    las otras apuestas como en el juego simple." Insurance of 7 ("como máximo" half of 20,
    ES-18.1.b.3) is lost; 19 beats ace-seven (18) and wins 20.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are 7C
    And P1 bets 20 on box 1
    When the cards are dealt
    And P1 insures box 1 for 7
    And insurance closes
    And box 1 stands
    Then the dealer stands on 18
    And P1 wins 13

  @ES-18.1.b.3
  Scenario: Insurance above half the initial bet is refused
    ES-18.1.b.3: "una cantidad como máximo igual a la mitad de su apuesta inicial". On 20, 11
    is too much.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And P1 bets 20 on box 1
    When the cards are dealt
    And P1 insures box 1 for 11
    Then it is refused citing ES-18.1.b.3

  @ES-18.1.b.2
  Scenario: No insurance once a player has drawn a third card
    ES-18.1.b.2: insurance is offered "antes de dar la tercera carta al primer jugador que la
    pida. A partir de este momento, nadie puede asegurarse."
    Given box 1 is dealt TS 2H
    And the dealer's first card is AD
    And the next cards are 5C
    And P1 bets 20 on box 1
    When the cards are dealt
    And insurance closes
    And box 1 hits
    And P1 insures box 1 for 10
    Then it is refused citing ES-18.1.b.2

  # ------------------------------------------------------------ standing bettors and limits

  @ES-PRE-b.1
  Scenario: A seated player's objection keeps a standing player off his box
    ES-PRE-b.1: standing players may bet on a seated player's hand "siempre que este no se
    oponga". P2 bets on P1's box without asking; P1 objects to P3, whose bet is refused; P3
    cannot object for P1.
    Given box 1 is dealt TS 9H
    And the dealer's first card is 7D
    And the next cards are KC
    When P1 bets 10 on box 1
    And P2 bets 10 on box 1
    And P3 objects to P4's bet on box 1
    Then it is refused citing ES-PRE-b.1
    When P1 objects to P3's bet on box 1
    And P3 bets 10 on box 1
    Then it is refused citing ES-PRE-b.1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10
    And P2 wins 10
    And P3 breaks even

  @ES-PRE-b.1
  Scenario: A box takes at most three bets
    ES-PRE-b.1: standing players bet "dentro del límite de tres apuestas totales autorizadas
    por casilla".
    When P1 bets 10 on box 1
    And P2 bets 10 on box 1
    And P3 bets 10 on box 1
    And P4 bets 10 on box 1
    Then it is refused citing ES-PRE-b.1

  @ES-PRE-b.1
  Scenario: Bets off the table limits are refused
    ES-PRE-b.1: bets behind stay "dentro de los límites de la apuesta máxima por cada
    casilla"; reading (rule set): the minimum applies too. With limits of 10 to 100, a bet
    of 5 is below the minimum, and 50 behind a bet of 60 takes the box over 100.
    Given table limits of 10 to 100
    When P1 bets 5 on box 1
    Then it is refused citing ES-PRE-b.1
    When P1 bets 60 on box 1
    And P2 bets 50 on box 1
    Then it is refused citing ES-PRE-b.1
    When P2 bets 40 on box 1
    Then the round is betting

  @ES-PRE-b.2
  Scenario: A standing bettor may not decide for the seated player
    ES-PRE-b.2: "En ningún caso los jugadores de pie pueden dar al jugador sentado consejos o
    instrucciones, debiendo aceptar sus iniciativas."
    Given box 1 is dealt TS 2H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And P2 hits for box 1
    Then it is refused citing ES-PRE-b.2
    And box 1 may hit

  @ES-PRE-b.2 @ES @assumes-double_totals
  Scenario: A standing bettor may decline to match a double
    ES-PRE-b.2: standing players "deben aceptar sus iniciativas". Reading (rule set): the
    seated player's double stands, but no clause makes P2 add a stake; P2 keeps 10 on the
    hand. Doubling itself is not stated (engine assumption: 9, 10 or 11). 20 beats 17.
    Given box 1 is dealt 6S 5H
    And the dealer's first card is 9D
    And the next cards are 9C 8S
    And P1 bets 10 on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles and P2 declines
    Then the dealer stands on 17
    And P1 wins 20
    And P2 wins 10

  @ES-PRE-b.2 @ES-18.1.c.2
  Scenario: A standing bettor may decline to match a split
    ES-PRE-b.2 with ES-18.1.c.2 ("debe hacer en la segunda carta una apuesta igual").
    Reading (rule set): a bettor who does not match stays on the first hand only. Hand 1
    (18) wins for both; hand 2 (11) loses P1's 10 against 17.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are TC 3C 8D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And box 1 splits and P2 declines
    And box 1 stands
    And box 1 stands
    Then the dealer stands on 17
    And P1 breaks even
    And P2 wins 10

  @ES-18.1.b.1 @ES-18.1.b.4 @ES @assumes-insurance_per_bettor
  Scenario: Each bettor on a box decides his own insurance
    Not stated: the engine assumes each bettor insures his own stake (insurance_per_bettor).
    ES-18.1.b.1: "los jugadores pueden asegurarse". P2 insures 5 and wins 10 but loses his
    10; P1, uninsured, loses 10 to the Black-Jack.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And P2 insures box 1 for 5
    And insurance closes
    And box 1 stands
    Then the dealer has blackjack
    And P1 loses 10
    And P2 breaks even
