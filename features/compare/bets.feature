Feature: Boxes, bets and the table limits compared across the regulations
  Each outline plays one stacked situation under the five rule sets (one Examples table per
  regulation, tagged with its clauses, or with the assumption where the text is silent) and
  shows which bets are taken, who decides and what happens to a bettor who leaves. A row whose
  bet is taken shows "the round is betting" (no refusal); the money at the end shows who
  played. The column basis says whether the row's value is the text's word (stated), a
  documented reading of it (reading), or an assumption where the text is silent (not stated:
  assumed ...). The club (CL) deals and plays its boxes from the highest down, so where two
  boxes must come in a given order its rows name the boxes the other way round.

  Scenario Outline: The highest box and the one past it, compared
    Rule compared: how many boxes the table has. Uruguay: "En el paño se destacan siete
    casilleros, uno para cada apostador" (UY-4; UY-3, UY-10.1: seven bettors at most); Campione:
    "max 7 caselle" (IT-3); the club: "Participarán un máximo de 6 jugadores y un banquero por
    mesa" (CL-ANX-1), read as one box per player. The Melilla fragment and the Czech rules give
    no number: seven is assumed. P1 bets on the highest box; P2's bet on the box past it does
    not exist. Nineteen beats the dealer's 7 and king (17).
    Given the <reg> rules
    And table limits of 10 to 500
    And box <highest> is dealt TS 9H
    And the dealer's first card is 7D
    And the next cards are KC
    When P1 bets 10 on box <highest>
    And P2 bets 10 on box <past>
    Then it is refused as bad input naming box
    When the cards are dealt
    And box <highest> stands
    Then the dealer stands on 17
    And P1 wins 10
    And P2 breaks even

    @CL-ANX-1 @assumes-max_boxes
    Examples: CL
      | reg | highest | past | basis                                                        |
      | CL  | 6       | 7    | reading: "un máximo de 6 jugadores", one box for each player |

    @ES @assumes-max_boxes
    Examples: ES
      | reg | highest | past | basis                                          |
      | ES  | 7       | 8    | not stated: assumed seven, the usual table     |

    @UY-3 @UY-4 @UY-10.1
    Examples: UY
      | reg | highest | past | basis                                |
      | UY  | 7       | 8    | stated: "se destacan siete casilleros" |

    @CZ @assumes-max_boxes
    Examples: CZ
      | reg | highest | past | basis                                          |
      | CZ  | 7       | 8    | not stated: assumed seven, the usual table     |

    @IT-3
    Examples: IT
      | reg | highest | past | basis                  |
      | IT  | 7       | 8    | stated: "max 7 caselle" |

  Scenario Outline: Four bets on a box whose seat is empty, compared
    Rule compared: how many bets a box without its seated player takes. Uruguay: "En un
    casillero cuyo asiento no esté ocupado, se permitirán apuestas de dos jugadores como máximo"
    (UY-50.1). No other text has a rule for an empty seat: there the box takes what any box
    takes, three bets in Melilla and Campione ("tres apuestas totales ... por casilla",
    ES-PRE-b.1; "non più di tre puntate per casella", IT-13), no set number in the Czech rules,
    and one in the club, whose text knows no bets behind. The seat of box 2 is taken, that of
    box 1 is empty; P1 to P4 bet on box 1. Nineteen beats the dealer's 17: each bet taken wins.
    Given the <reg> rules
    And table limits of 10 to 500
    And the seat of box 2 is taken
    And box 1 is dealt TS 9H
    And the dealer's first card is 7D
    And the next cards are KC
    When P1 bets 10 on box 1
    And P2 bets 10 on box 1
    Then <the second bet>
    When P3 bets 10 on box 1
    Then <the third bet>
    When P4 bets 10 on box 1
    Then <the fourth bet>
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10
    And P2 <P2>
    And P3 <P3>
    And P4 <P4>

    @CL @assumes-max_bets_per_box @assumes-max_bets_unseated_box
    Examples: CL
      | reg | the second bet                                      | the third bet                                       | the fourth bet                                      | P2          | P3          | P4          | basis                                                                  |
      | CL  | it is refused under the assumption max_bets_per_box | it is refused under the assumption max_bets_per_box | it is refused under the assumption max_bets_per_box | breaks even | breaks even | breaks even | not stated: assumed one bet per box, and no other rule for an empty seat |

    @ES-PRE-b.1 @ES @assumes-max_bets_unseated_box
    Examples: ES
      | reg | the second bet       | the third bet        | the fourth bet                  | P2      | P3      | P4          | basis                                                                    |
      | ES  | the round is betting | the round is betting | it is refused citing ES-PRE-b.1 | wins 10 | wins 10 | breaks even | not stated: assumed no rule for an empty seat; stated: three bets a box |

    @UY-50.1
    Examples: UY
      | reg | the second bet       | the third bet               | the fourth bet              | P2      | P3          | P4          | basis                                        |
      | UY  | the round is betting | it is refused citing UY-50.1 | it is refused citing UY-50.1 | wins 10 | breaks even | breaks even | stated: "apuestas de dos jugadores como máximo" |

    @CZ @assumes-max_bets_unseated_box @assumes-max_bets_per_box
    Examples: CZ
      | reg | the second bet       | the third bet        | the fourth bet       | P2      | P3      | P4      | basis                                                           |
      | CZ  | the round is betting | the round is betting | the round is betting | wins 10 | wins 10 | wins 10 | not stated: assumed no rule for an empty seat and no set number |

    @IT-13 @IT @assumes-max_bets_unseated_box
    Examples: IT
      | reg | the second bet       | the third bet        | the fourth bet             | P2      | P3      | P4          | basis                                                                    |
      | IT  | the round is betting | the round is betting | it is refused citing IT-13 | wins 10 | wins 10 | breaks even | not stated: assumed no rule for an empty seat; stated: three bets a box |

  Scenario Outline: Who decides for a box whose seat is empty, compared
    Rule compared: who draws or stands for a box without its seated player. Uruguay: "quien
    determina si pide carta o planta, será el apostador que posea la apuesta mayor" (UY-50.2);
    the Czech rules give the box to the first player "ať je výše jeho sázky jakákoliv" (whatever
    his bet, CZ-BOX-1); Melilla and Campione are silent on an empty seat and the first bettor is
    assumed. The club is left out: a box there takes one bet, so nobody else could decide. The
    seat of box 1 is empty; P1 bets 10 on it first, P2 bets 20. Fifteen draws a 4 (19) and
    beats the dealer's 9 and 8 (17).
    Given the <reg> rules
    And table limits of 10 to 500
    And the seat of box 2 is taken
    And box 1 is dealt TS 5H
    And the dealer's first card is 9D
    And the next cards are 4C 8C
    When P1 bets 10 on box 1
    And P2 bets 20 on box 1
    And the cards are dealt
    And <the other> hits for box 1
    Then <the other's hit>
    When <the decider> hits for box 1
    And <the decider> stands for box 1
    Then the dealer stands on 17
    And P1 wins 10
    And P2 wins 20

    @ES @assumes-unseated_box_decider
    Examples: ES
      | reg | the other | the other's hit                                          | the decider | basis                                  |
      | ES  | P2        | it is refused under the assumption unseated_box_decider | P1          | not stated: assumed the first bettor   |

    @UY-50.2 @assumes-unseated_box_decider
    Examples: UY
      | reg | the other | the other's hit              | the decider | basis                                                                                   |
      | UY  | P1        | it is refused citing UY-50.2 | P2          | stated: "la apuesta mayor" decides (the reading only concerns equal bets: the first bettor) |

    @CZ-BOX-1
    Examples: CZ
      | reg | the other | the other's hit               | the decider | basis                                                   |
      | CZ  | P2        | it is refused citing CZ-BOX-1 | P1          | stated: the first player, "ať je výše jeho sázky jakákoliv" |

    @IT @assumes-unseated_box_decider
    Examples: IT
      | reg | the other | the other's hit                                          | the decider | basis                                                       |
      | IT  | P2        | it is refused under the assumption unseated_box_decider | P1          | not stated: assumed the first bettor (the holder decides, IT-14) |

  Scenario Outline: A bet below the minimum and one over the maximum, compared
    Rule compared: the table limits. The club: "Las apuestas máxima y mínima serán las acordadas
    por la mesa" (CL-ANX-5), the maximum "por mano de cartas, antes de doblar o dividir"
    (CL-ANX-5b.3); Melilla: "dentro de los límites de la apuesta máxima por cada casilla"
    (ES-PRE-b.1; the minimum is read as holding too); Uruguay: "Los mínimos y máximos ... son
    establecidos para el casillero" (UY-16.1; UY-13.1); the Czech rules: "Všechny sázky musí být v
    souladu s minimy a maximy stolu" (CZ-SAZKY-1; CZ-HRA-2); the Campione summary states no
    limits and the table's are assumed. With limits of 10 to 500, P1's bets of 5 and of 600 are
    refused, his 500 is taken and wins.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt TS 9H
    And the dealer's first card is 7D
    And the next cards are KC
    When P1 bets 5 on box 1
    Then <refused>
    When P1 bets 600 on box 1
    Then <refused>
    When P1 bets 500 on box 1
    And the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 500

    @CL-ANX-5 @CL-ANX-5b.3
    Examples: CL
      | reg | refused                        | basis                                                      |
      | CL  | it is refused citing CL-ANX-5  | stated: "Las apuestas máxima y mínima serán las acordadas" |

    @ES-PRE-b.1 @assumes-table_limits
    Examples: ES
      | reg | refused                          | basis                                                                      |
      | ES  | it is refused citing ES-PRE-b.1  | reading: "dentro de los límites de la apuesta máxima", the minimum as well |

    @UY-13.1 @UY-16.1
    Examples: UY
      | reg | refused                       | basis                                                   |
      | UY  | it is refused citing UY-16.1  | stated: "Los mínimos y máximos ... para el casillero"   |

    @CZ-SAZKY-1 @CZ-HRA-2
    Examples: CZ
      | reg | refused                         | basis                                             |
      | CZ  | it is refused citing CZ-SAZKY-1 | stated: "v souladu s minimy a maximy stolu"       |

    @IT @assumes-table_limits
    Examples: IT
      | reg | refused                                           | basis                                     |
      | IT  | it is refused under the assumption table_limits   | not stated: assumed the table's limits    |

  Scenario Outline: A bet over the maximum that the dealer did not notice, compared
    Rule compared: a bet over the maximum that slipped past the dealer. Uruguay: "la apuesta
    ganará o perderá hasta el máximo o especial autorizado, devolviéndose el excedente" (UY-17);
    the Czech rules want every bet within the limits (CZ-HRA-2), read as refusing it; the other
    texts are silent and the engine refuses it. P2 bets 10 on the box dealt first, P1 bets 600
    (the maximum is 500) on the box dealt second, unnoticed. Where it is taken, P1's king and ace
    are a blackjack paid 3 to 2 on 500 (750), the excess of 100 going back to him; P2's ace and
    eight (soft 19) beat the dealer's 18 in both deals.
    Given the <reg> rules
    And table limits of 10 to 500
    And the shoe holds AH KD 8S 8C AS TD
    When P2 bets 10 on box <P2's box>
    And P1 bets 600 on box <P1's box> unnoticed by the dealer
    Then <the bet of 600>
    When the cards are dealt
    And box <P2's box> stands
    Then the dealer stands on 18
    And P1 <P1>
    And P2 wins 10

    @CL-ANX-5 @CL-ANX-5b.3 @CL @assumes-over_maximum_bet
    Examples: CL
      | reg | P2's box | P1's box | the bet of 600                                       | P1          | basis                                   |
      | CL  | 2        | 1        | it is refused under the assumption over_maximum_bet | breaks even | not stated: assumed the bet is refused  |

    @ES-PRE-b.1 @assumes-table_limits @ES @assumes-over_maximum_bet
    Examples: ES
      | reg | P2's box | P1's box | the bet of 600                                       | P1          | basis                                   |
      | ES  | 1        | 2        | it is refused under the assumption over_maximum_bet | breaks even | not stated: assumed the bet is refused  |

    @UY-17 @UY-16.1
    Examples: UY
      | reg | P2's box | P1's box | the bet of 600       | P1       | basis                                                   |
      | UY  | 1        | 2        | the round is betting | wins 750 | stated: "ganará o perderá hasta el máximo", excess back |

    @CZ-HRA-2 @assumes-over_maximum_bet
    Examples: CZ
      | reg | P2's box | P1's box | the bet of 600                | P1          | basis                                                   |
      | CZ  | 1        | 2        | it is refused citing CZ-HRA-2 | breaks even | reading: bets "musí odpovídat minimu a maximu", refused |

    @IT @assumes-table_limits @assumes-over_maximum_bet
    Examples: IT
      | reg | P2's box | P1's box | the bet of 600                                       | P1          | basis                                   |
      | IT  | 1        | 2        | it is refused under the assumption over_maximum_bet | breaks even | not stated: assumed the bet is refused  |

  Scenario Outline: A bettor authorised a special maximum bets over the table maximum, compared
    Rule compared: special maximums. Uruguay: "El apostador que tenga autorizado máximo
    especial, podrá exceder el máximo fijado para la mesa, solamente en un casillero, siempre y
    cuando este libre y no tenga otra apuesta" (UY-16.2); no other text knows a special maximum:
    there the table maximum holds for everyone. P1, authorised 2000, bets 1500 on a free box
    (the table maximum is 500), dealt second; P2 bets 10 on the box dealt first. Where it is
    taken, P1's king and ace are a blackjack paid 3 to 2 (2250); P2's ace and eight (soft 19)
    beat the dealer's 18 in both deals. A table shoe, once cut, burns its first cards as each
    rule set says (none in the club, one in Uruguay, five elsewhere).
    Given the <reg> rules
    And 3 participants are at the table
    And table limits of 10 to 500
    And P1 is authorised a special maximum of 2000
    And the shoe, once cut, starts with <burnt> AH KD 8S 8C AS TD
    When the cut is made at 60
    And P2 bets 10 on box <P2's box>
    And P1 bets 1500 on box <P1's box>
    Then <the bet of 1500>
    When the cards are dealt
    And box <P2's box> stands
    Then the dealer stands on 18
    And P1 <P1>
    And P2 wins 10

    @CL-ANX-5 @CL-ANX-5b.3 @CL @assumes-special_maximum
    Examples: CL
      | reg | burnt | P2's box | P1's box | the bet of 1500               | P1          | basis                                        |
      | CL  |       | 2        | 1        | it is refused citing CL-ANX-5 | breaks even | not stated: assumed no special maximum       |

    @ES-PRE-b.1 @assumes-table_limits @ES @assumes-special_maximum
    Examples: ES
      | reg | burnt          | P2's box | P1's box | the bet of 1500                 | P1          | basis                                  |
      | ES  | 2C 3C 4C 5C 6C | 1        | 2        | it is refused citing ES-PRE-b.1 | breaks even | not stated: assumed no special maximum |

    @UY-16.2
    Examples: UY
      | reg | burnt | P2's box | P1's box | the bet of 1500      | P1        | basis                                                 |
      | UY  | 2C    | 1        | 2        | the round is betting | wins 2250 | stated: "podrá exceder el máximo ... en un casillero" |

    @CZ-SAZKY-1 @CZ-HRA-2 @CZ @assumes-special_maximum
    Examples: CZ
      | reg | burnt          | P2's box | P1's box | the bet of 1500                 | P1          | basis                                  |
      | CZ  | 2C 3C 4C 5C 6C | 1        | 2        | it is refused citing CZ-SAZKY-1 | breaks even | not stated: assumed no special maximum |

    @IT @assumes-table_limits @assumes-special_maximum
    Examples: IT
      | reg | burnt          | P2's box | P1's box | the bet of 1500                                 | P1          | basis                                  |
      | IT  | 2C 3C 4C 5C 6C | 1        | 2        | it is refused under the assumption table_limits | breaks even | not stated: assumed no special maximum |

  Scenario Outline: The dealer asked to play for a bettor who left, compared
    Rule compared: a bettor who leaves after his first card. Uruguay: "el Croupier le dará
    cartas, hasta alcanzar el mínimo de doce puntos" (UY-51). The club obliges every participant
    to play every hand (CL-ANX-6), read as not providing for an absent player; the other texts
    are silent and the engine assumes nobody plays for him: the request is refused and the hand
    waits for its bettor. Seven and three (10) draw a 2 in Uruguay and stand on twelve, which
    loses to the dealer's 9 and 8.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 7S 3H
    And the dealer's first card is 9D
    And the next cards are 2D 8C
    When P1 bets 10 on box 1
    And the cards are dealt
    And the dealer plays box 1 for its absent bettor
    Then <the dealer's play>
    And box 1 holds the cards <cards>
    And the round is <phase>

    @CL-ANX-6 @assumes-absent_player_draws_to
    Examples: CL
      | reg | the dealer's play                                          | cards    | phase   | basis                                                         |
      | CL  | it is refused citing CL-ANX-6                              | 7S 3H    | playing | reading: every participant plays every hand, no absence rule |

    @ES @assumes-absent_player_draws_to
    Examples: ES
      | reg | the dealer's play                                          | cards    | phase   | basis                                  |
      | ES  | it is refused under the assumption absent_player_draws_to | 7S 3H    | playing | not stated: assumed not provided for   |

    @UY-51
    Examples: UY
      | reg | the dealer's play     | cards    | phase | basis                                          |
      | UY  | the dealer stands on 17 | 7S 3H 2D | over  | stated: "hasta alcanzar el mínimo de doce puntos" |

    @CZ @assumes-absent_player_draws_to
    Examples: CZ
      | reg | the dealer's play                                          | cards    | phase   | basis                                  |
      | CZ  | it is refused under the assumption absent_player_draws_to | 7S 3H    | playing | not stated: assumed not provided for   |

    @IT @assumes-absent_player_draws_to
    Examples: IT
      | reg | the dealer's play                                          | cards    | phase   | basis                                  |
      | IT  | it is refused under the assumption absent_player_draws_to | 7S 3H    | playing | not stated: assumed not provided for   |

  Scenario Outline: The winnings of a bettor who left, compared
    Rule compared: winnings nobody is there to take. Uruguay: "se le retirará la apuesta,
    quedando durante tres rondas en la mesa" (UY-52.1); no other text provides for it and the
    engine assumes no one may leave his bet playing: P1's leaving is refused and he stays. P1's
    ace and king, dealt first, are a blackjack (his box needs no decision); he leaves the table;
    P2 stands on nineteen against the dealer's 8 and 9. P1 is paid 15 all the same; in Uruguay
    his bet and winnings (25) wait on the table and he takes them when he comes back; elsewhere
    there is nothing to come back for.
    Given the <reg> rules
    And 3 participants are at the table
    And table limits of 10 to 500
    And the shoe, once cut, starts with <burnt> AS TS 8D KD 9H 9C
    When the cut is made at 60
    And P1 bets 10 on box <P1's box>
    And P2 bets 10 on box <P2's box>
    And the cards are dealt
    And P1 leaves the table
    Then <the leaving>
    When box <P2's box> stands
    Then <the winnings>
    And the dealer stands on 17
    And P1 wins 15
    And P2 wins 10
    When P1 comes back for his winnings
    Then <the claim>
    And nothing of P1's is held
    And P1's balance is 15

    @CL @assumes-unclaimed_winnings_rounds
    Examples: CL
      | reg | burnt | P1's box | P2's box | the leaving                                                  | the winnings             | the claim                                                    | basis                                |
      | CL  |       | 2        | 1        | it is refused under the assumption unclaimed_winnings_rounds | nothing of P1's is held  | it is refused under the assumption unclaimed_winnings_rounds | not stated: assumed not provided for |

    @ES @assumes-unclaimed_winnings_rounds
    Examples: ES
      | reg | burnt          | P1's box | P2's box | the leaving                                                  | the winnings             | the claim                                                    | basis                                |
      | ES  | 2C 3C 4C 5C 6C | 1        | 2        | it is refused under the assumption unclaimed_winnings_rounds | nothing of P1's is held  | it is refused under the assumption unclaimed_winnings_rounds | not stated: assumed not provided for |

    @UY-52.1
    Examples: UY
      | reg | burnt | P1's box | P2's box | the leaving          | the winnings                              | the claim         | basis                                             |
      | UY  | 2C    | 1        | 2        | the round is playing | P1's winnings of 25 are held on the table | the round is over | stated: "quedando durante tres rondas en la mesa" |

    @CZ @assumes-unclaimed_winnings_rounds
    Examples: CZ
      | reg | burnt          | P1's box | P2's box | the leaving                                                  | the winnings             | the claim                                                    | basis                                |
      | CZ  | 2C 3C 4C 5C 6C | 1        | 2        | it is refused under the assumption unclaimed_winnings_rounds | nothing of P1's is held  | it is refused under the assumption unclaimed_winnings_rounds | not stated: assumed not provided for |

    @IT @assumes-unclaimed_winnings_rounds
    Examples: IT
      | reg | burnt          | P1's box | P2's box | the leaving                                                  | the winnings             | the claim                                                    | basis                                |
      | IT  | 2C 3C 4C 5C 6C | 1        | 2        | it is refused under the assumption unclaimed_winnings_rounds | nothing of P1's is held  | it is refused under the assumption unclaimed_winnings_rounds | not stated: assumed not provided for |
