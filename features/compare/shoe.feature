Feature: The shoe compared across the regulations
  Each outline plays one table-level situation (the shuffle, the cut, the cut card, the burnt
  cards, a change of dealer, closing time) under the five rule sets, one Examples table per
  regulation, tagged with its clauses. The column basis says whether the row's value is the
  text's word (stated), a documented reading of it (reading), or an assumption where the text
  is silent (not stated: assumed ...). The Melilla fragment (ES) and the Campione summary (IT)
  have no shoe procedure at all: their rows follow the rule sets' assumptions.

  Scenario Outline: The shoe and the cards burnt after the shuffle, compared
    Rule compared: how many decks fill the shoe and how many cards are burnt once it is cut.
    The club: "Se emplearán 2 barajas de 52 naipes cada una" (CL-ANX-2; the main text's
    "generalmente 4 ó 6", CL-2, describes the game in general) and no burn. Uruguay: "Se
    utilizarán 5 mazos" (UY-5.1), then "anular la primera carta, 'quemado'" (UY-22). The
    Czech casino: "šest (6) balíčků" (CZ-KARTY-1) and "'spálí' (odloží) pět karet" after
    every shuffle (CZ-HRA-14). Melilla and Campione state neither. The shoe is stacked as it
    lies once cut; box 1 cuts.
    Given the <reg> rules
    And 3 participants are at the table
    And table limits of 10 to 500
    And the shoe, once cut, starts with 2C 3C 4C 5C 6C 7C
    Then the shoe holds <cards> cards
    When box 1 cuts at 60
    Then <the burn>
    And the shoe holds <left> cards

    @CL-ANX-2 @CL-2 @assumes-decks @CL @assumes-burn_after_shuffle
    Examples: CL
      | reg | cards | the burn         | left | basis                                                       |
      | CL  | 104   | no card is burnt | 104  | reading: the annex's two decks; not stated: assumed no burn |

    @ES @assumes-decks @assumes-burn_after_shuffle
    Examples: ES
      | reg | cards | the burn                           | left | basis                                                                  |
      | ES  | 312   | the burnt cards are 2C 3C 4C 5C 6C | 307  | not stated: assumed six decks and five cards burnt (national Catálogo) |

    @UY-5.1 @UY-22
    Examples: UY
      | reg | cards | the burn               | left | basis                                        |
      | UY  | 260   | the burnt cards are 2C | 259  | stated: "5 mazos"; "anular la primera carta" |

    @CZ-KARTY-1 @CZ-HRA-14
    Examples: CZ
      | reg | cards | the burn                           | left | basis                                   |
      | CZ  | 312   | the burnt cards are 2C 3C 4C 5C 6C | 307  | stated: "šest (6) balíčků"; "pět karet" |

    @IT @assumes-decks @assumes-burn_after_shuffle
    Examples: IT
      | reg | cards | the burn                           | left | basis                                                                    |
      | IT  | 312   | the burnt cards are 2C 3C 4C 5C 6C | 307  | not stated: assumed six decks and five cards burnt (official regulation) |

  Scenario Outline: The first cut of the shoe, compared
    Rule compared: who is offered the cut of a new shoe. The club: "al jugador al que le
    hubiera correspondido la carta de corte en la última jugada, o en su defecto, al situado a
    su izquierda" (CL-14.1); the Czech casino: "prvnímu hráči u stolu, jestliže hra právě
    začala" (CZ-KARTY-5): at the first shuffle both mean box 1. Uruguay: "al apostador que
    desee hacerlo" (UY-21.1). Melilla and Campione say nothing. Box 3 cuts.
    Given the <reg> rules
    And 3 participants are at the table
    And table limits of 10 to 500
    And the shuffled shoe starts with 9S 9H
    Then the cut is offered to <offer>
    When box 3 cuts at 60
    Then <the cut by box 3>

    @CL-14.1
    Examples: CL
      | reg | offer | the cut by box 3             | basis                                                |
      | CL  | box 1 | it is refused citing CL-14.1 | stated: "o en su defecto, al situado a su izquierda" |

    @ES @assumes-cut_offered_to
    Examples: ES
      | reg | offer      | the cut by box 3          | basis                          |
      | ES  | any player | the cut at 60 is accepted | not stated: assumed any player |

    @UY-21.1
    Examples: UY
      | reg | offer      | the cut by box 3          | basis                                    |
      | UY  | any player | the cut at 60 is accepted | stated: "al apostador que desee hacerlo" |

    @CZ-KARTY-5
    Examples: CZ
      | reg | offer | the cut by box 3                | basis                                        |
      | CZ  | box 1 | it is refused citing CZ-KARTY-5 | stated: "prvnímu hráči u stolu" at the start |

    @IT @assumes-cut_offered_to
    Examples: IT
      | reg | offer      | the cut by box 3          | basis                          |
      | IT  | any player | the cut at 60 is accepted | not stated: assumed any player |

  Scenario Outline: A cut ten cards from the front, compared
    Rule compared: how near the front the shoe may be cut. Uruguay: "Este corte no podrá ser
    inferior a 60 cartas aproximadamente" (UY-21.2, read as sixty cards on either side); the
    Czech casino: "nejméně jeden balíček (52) karet" from either end (CZ-KARTY-6). The club,
    Melilla and Campione set no least cut. Box 1, offered the cut everywhere, cuts ten cards.
    Given the <reg> rules
    And 3 participants are at the table
    And table limits of 10 to 500
    And the shuffled shoe starts with 9S 9H
    When box 1 cuts at 10
    Then <the cut at ten>

    @CL @assumes-min_cut
    Examples: CL
      | reg | the cut at ten            | basis                            |
      | CL  | the cut at 10 is accepted | not stated: assumed no least cut |

    @ES @assumes-min_cut
    Examples: ES
      | reg | the cut at ten            | basis                            |
      | ES  | the cut at 10 is accepted | not stated: assumed no least cut |

    @UY-21.2 @assumes-min_cut
    Examples: UY
      | reg | the cut at ten               | basis                                                        |
      | UY  | it is refused citing UY-21.2 | reading: "no podrá ser inferior a 60 cartas", on either side |

    @CZ-KARTY-6
    Examples: CZ
      | reg | the cut at ten                  | basis                                      |
      | CZ  | it is refused citing CZ-KARTY-6 | stated: "nejméně jeden balíček (52) karet" |

    @IT @assumes-min_cut
    Examples: IT
      | reg | the cut at ten            | basis                            |
      | IT  | the cut at 10 is accepted | not stated: assumed no least cut |

  Scenario Outline: Where the cut card lies, compared
    Rule compared: how many cards lie behind the cut card. The club: "multiplicar 3 por el
    número de participantes" (CL-ANX-3, the banker read as a participant): three players and
    the banker make 12. Uruguay: the separator leaves "un número no menor a dos mazos" (UY-6.b),
    read as exactly two decks. The Czech casino says where the player cuts but not where the
    cut card goes; Melilla and Campione say nothing: a quarter of the shoe is assumed.
    Given the <reg> rules
    And table limits of 10 to 500
    And 4 participants are at the table
    And the shuffled shoe starts with 9S 9H
    When box 1 cuts at 60
    Then the cut card lies <behind> cards from the end

    @CL-ANX-3 @CL-14.2 @assumes-cut_card_per_participant
    Examples: CL
      | reg | behind | basis                                           |
      | CL  | 12     | reading: 3 x 4 participants, the banker counted |

    @ES @assumes-cut_card_from_end @assumes-cut_card_per_participant
    Examples: ES
      | reg | behind | basis                                                          |
      | ES  | 78     | not stated: assumed a quarter of the shoe, not per participant |

    @UY-6.b @assumes-cut_card_from_end
    Examples: UY
      | reg | behind | basis                                                        |
      | UY  | 104    | reading: "no menor a dos mazos", placed at exactly two decks |

    @CZ @assumes-cut_card_from_end @assumes-cut_card_per_participant
    Examples: CZ
      | reg | behind | basis                                                          |
      | CZ  | 78     | not stated: assumed a quarter of the shoe, not per participant |

    @IT @assumes-cut_card_from_end @assumes-cut_card_per_participant
    Examples: IT
      | reg | behind | basis                                                          |
      | IT  | 78     | not stated: assumed a quarter of the shoe, not per participant |

  Scenario Outline: The round in which the cut card comes out, compared
    Rule compared: what the cut card's coming out does. Uruguay: "si el mismo apareciera
    durante la distribución de cartas, se anunciara que será la última ronda" (UY-56). The
    club: the cut card shows "cuando sea extraída que deben mezclarse de nuevo" (CL-14.2) and
    "Una jugada iniciada debe completarse, aunque aparezca la carta de corte" (CL-18.1). The
    Czech casino shuffles again "objeví se řezací karta" (CZ-KARTY-4, read as after the round
    under way). Melilla and Campione say nothing: the round is assumed completed, with no
    announcement, and the shoe shuffled before the next. The cut card is moved (a changed
    value, not the regulation's) so that it comes out with the second card dealt, the dealer's
    first: 305 cards from the end of the 307 a six-deck shoe keeps after five are burnt, 257 of
    the 259 Uruguay's five decks keep after one, and at the club 17 per participant with six
    participants, 102 of its 104. The round is completed, 19 against the dealer's 7 and king
    (17); a bet for a next round then needs a new shuffle.
    Given the <reg> rules with <moved> set to <place>
    And table limits of 10 to 500
    And 6 participants are at the table
    And the shoe, once cut, starts with <shoe>
    When box 1 cuts at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    Then the cut card has come out
    And the last round is <announced>
    When box 1 stands
    Then the dealer stands on 17
    And P1 wins 10
    When P1 bets 10 on box 1
    Then <the next bet>

    @CL-14.2 @CL-18.1 @CL @assumes-announce_last_round
    Examples: CL
      | reg | moved                    | place | shoe        | announced     | the next bet                 | basis                                                                   |
      | CL  | cut_card_per_participant | 17    | TS 7D 9H KC | not announced | it is refused citing CL-14.2 | stated: "deben mezclarse de nuevo"; not stated: assumed no announcement |

    @ES @assumes-announce_last_round @assumes-last_round_on_cut_card
    Examples: ES
      | reg | moved             | place | shoe                       | announced     | the next bet                                              | basis                                                                   |
      | ES  | cut_card_from_end | 305   | 2C 3C 4C 5C 6C TS 7D 9H KC | not announced | it is refused under the assumption last_round_on_cut_card | not stated: assumed the round completed, no announcement, a new shuffle |

    @UY-56
    Examples: UY
      | reg | moved             | place | shoe           | announced | the next bet               | basis                                           |
      | UY  | cut_card_from_end | 257   | 2C TS 7D 9H KC | announced | it is refused citing UY-56 | stated: "se anunciara que será la última ronda" |

    @CZ-KARTY-4 @assumes-last_round_on_cut_card @CZ @assumes-announce_last_round
    Examples: CZ
      | reg | moved             | place | shoe                       | announced     | the next bet                    | basis                                                                               |
      | CZ  | cut_card_from_end | 305   | 2C 3C 4C 5C 6C TS 7D 9H KC | not announced | it is refused citing CZ-KARTY-4 | reading: the round completed, then the shuffle; not stated: assumed no announcement |

    @IT @assumes-announce_last_round @assumes-last_round_on_cut_card
    Examples: IT
      | reg | moved             | place | shoe                       | announced     | the next bet                                              | basis                                                                   |
      | IT  | cut_card_from_end | 305   | 2C 3C 4C 5C 6C TS 7D 9H KC | not announced | it is refused under the assumption last_round_on_cut_card | not stated: assumed the round completed, no announcement, a new shuffle |

  Scenario Outline: A shuffle between rounds before the cut card has come out, compared
    Rule compared: whether the house may shuffle the shoe between two rounds before the cut card
    has come out, and who is then offered the cut (nobody received the cut card). The club
    places the cut card "para indicar cuando sea extraída que deben mezclarse de nuevo"
    (CL-14.2), and the bank changes hands "cada vez que deba barajarse el mazo" (CL-ANX-4): read
    as no shuffle at any other time. Uruguay's managements "quedan facultadas para cambiar total
    o parcialmente los mazos, cuando así lo consideren conveniente" (UY-23), and the cut goes to
    any bettor who wishes (UY-21.1). The Czech casino's management replaces all the cards when it
    believes they were marked (CZ-HRA-11), read as a shuffle when the house sees fit; the cut then
    goes to "prvnímu hráči u stolu" (CZ-KARTY-5), the first box. Melilla and Campione say
    nothing: the house is assumed free to shuffle, and the cut offered to any player. One round
    is played (19 against the dealer's 7 and king), then the shoe is shuffled.
    Given the <reg> rules
    And table limits of 10 to 500
    And 3 participants are at the table
    And the shoe, once cut, starts with <shoe>
    When box 1 cuts at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10
    When the shoe is shuffled
    Then <the shuffle>
    And <after it>

    @CL-14.2 @CL-ANX-4
    Examples: CL
      | reg | shoe        | the shuffle                  | after it                 | basis                                                                     |
      | CL  | TS 7D 9H KC | it is refused citing CL-14.2 | the next round can start | reading: shuffled again when the cut card comes out, and at no other time |

    @ES @assumes-house_reshuffle @assumes-cut_offered_to
    Examples: ES
      | reg | shoe                       | the shuffle                      | after it                 | basis                                                                |
      | ES  | 2C 3C 4C 5C 6C TS 7D 9H KC | the cut is offered to any player | the shoe holds 312 cards | not stated: assumed the house may shuffle, the cut offered to anyone |

    @UY-23 @UY-21.1
    Examples: UY
      | reg | shoe           | the shuffle                      | after it                 | basis                                                                    |
      | UY  | 2C TS 7D 9H KC | the cut is offered to any player | the shoe holds 260 cards | reading: "cuando así lo consideren conveniente"; stated: any bettor cuts |

    @CZ-HRA-11 @CZ-KARTY-5
    Examples: CZ
      | reg | shoe                       | the shuffle                 | after it                 | basis                                                                |
      | CZ  | 2C 3C 4C 5C 6C TS 7D 9H KC | the cut is offered to box 1 | the shoe holds 312 cards | reading: the management replaces the cards; the cut to the first box |

    @IT @assumes-house_reshuffle @assumes-cut_offered_to
    Examples: IT
      | reg | shoe                       | the shuffle                      | after it                 | basis                                                                |
      | IT  | 2C 3C 4C 5C 6C TS 7D 9H KC | the cut is offered to any player | the shoe holds 312 cards | not stated: assumed the house may shuffle, the cut offered to anyone |

  Scenario Outline: A new dealer takes over mid-shoe, compared
    Rule compared: the cards burnt when the dealer changes. The Czech casino: "Jestliže dojde
    ke změně rozdávajícího v době, kdy jsou v 'botě' ještě karty, potom rozdávající 'spálí'
    (odloží) jednu kartu" (CZ-HRA-15). No other text burns a card then (at the club the banker
    changes only at a new shuffle, CL-ANX-4). One round is played (19 against 17), then the
    dealer changes with the 7 of clubs next in the shoe.
    Given the <reg> rules
    And 3 participants are at the table
    And table limits of 10 to 500
    And the shoe, once cut, starts with <shoe>
    When box 1 cuts at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then P1 wins 10
    When the dealer changes
    Then <the burn>

    @CL @assumes-burn_on_dealer_change
    Examples: CL
      | reg | shoe           | the burn         | basis                             |
      | CL  | TS 7D 9H KC 7C | no card is burnt | not stated: assumed no card burnt |

    @ES @assumes-burn_on_dealer_change
    Examples: ES
      | reg | shoe                          | the burn         | basis                             |
      | ES  | 2C 3C 4C 5C 6C TS 7D 9H KC 7C | no card is burnt | not stated: assumed no card burnt |

    @UY @assumes-burn_on_dealer_change
    Examples: UY
      | reg | shoe              | the burn         | basis                             |
      | UY  | 2C TS 7D 9H KC 7C | no card is burnt | not stated: assumed no card burnt |

    @CZ-HRA-15
    Examples: CZ
      | reg | shoe                          | the burn               | basis                                  |
      | CZ  | 2C 3C 4C 5C 6C TS 7D 9H KC 7C | the burnt cards are 7C | stated: "'spálí' (odloží) jednu kartu" |

    @IT @assumes-burn_on_dealer_change
    Examples: IT
      | reg | shoe                          | the burn         | basis                             |
      | IT  | 2C 3C 4C 5C 6C TS 7D 9H KC 7C | no card is burnt | not stated: assumed no card burnt |

  Scenario Outline: Closing time announced, compared
    Rule compared: the announcement of the last round before closing time. Uruguay: "Previo a
    la hora de cierre de la sesión, en la penúltima ronda, se anunciará la última ronda del
    juego" (UY-63), at the hour management sets (UY-61): the round under way is the one before
    the last, one more is played, then none. The club's game ends when every participant has
    banked (CL-ANX-4): it has no closing time. The others provide no announcement. Closing
    time is announced during round one; both rounds are won (19 against 17, 20 against 17);
    then P1 bets for a third.
    Given the <reg> rules
    And 3 participants are at the table
    And table limits of 10 to 500
    And the shoe, once cut, starts with <shoe>
    When box 1 cuts at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And closing time is announced
    Then <the announcement>
    When box 1 stands
    Then P1 wins 10
    When P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then P1 wins 20
    When P1 bets 10 on box 1
    Then <the third bet>

    @CL-ANX-4 @assumes-announce_closing
    Examples: CL
      | reg | shoe                    | the announcement              | the third bet        | basis                                                           |
      | CL  | TS 7D 9H KC TD 9C QD 8S | it is refused citing CL-ANX-4 | the round is betting | reading: the game ends with the bankers' round, no closing time |

    @ES @assumes-announce_closing
    Examples: ES
      | reg | shoe                                   | the announcement                                    | the third bet        | basis                               |
      | ES  | 2C 3C 4C 5C 6C TS 7D 9H KC TD 9C QD 8S | it is refused under the assumption announce_closing | the round is betting | not stated: assumed no announcement |

    @UY-61 @UY-63
    Examples: UY
      | reg | shoe                       | the announcement            | the third bet              | basis                                                         |
      | UY  | 2C TS 7D 9H KC TD 9C QD 8S | the last round is announced | it is refused citing UY-63 | stated: "en la penúltima ronda, se anunciará la última ronda" |

    @CZ @assumes-announce_closing
    Examples: CZ
      | reg | shoe                                   | the announcement                                    | the third bet        | basis                               |
      | CZ  | 2C 3C 4C 5C 6C TS 7D 9H KC TD 9C QD 8S | it is refused under the assumption announce_closing | the round is betting | not stated: assumed no announcement |

    @IT @assumes-announce_closing
    Examples: IT
      | reg | shoe                                   | the announcement                                    | the third bet        | basis                               |
      | IT  | 2C 3C 4C 5C 6C TS 7D 9H KC TD 9C QD 8S | it is refused under the assumption announce_closing | the round is betting | not stated: assumed no announcement |
