Feature: Splitting compared across the regulations
  Each outline plays one stacked situation under the five rule sets (one Examples table per
  regulation, tagged with its clauses) and shows what each allows. The column basis says
  whether the row's value is the text's word (stated), a documented reading of it (reading),
  or an assumption where the text is silent (not stated: assumed ...). The Melilla fragment
  (ES) ends before any rule on aces: its ace rows follow the rule set's assumption, taken from
  the Spanish national Catálogo de Juegos (context, not the Melilla text).

  Scenario Outline: How many hands a pair of eights may make, compared
    Rule compared: the most hands a box may make by splitting. Czech casino four (three
    splits), Campione three (two splits), Uruguay six (five splits); the club and Melilla set
    no limit. The shoe is the same for all: eight-eight, then five more eights. The box splits
    as often as its rules allow (five times where there is no limit, to match Uruguay), then
    asks whether the pair of eights in hand 1 may split once more; then it stands on every
    hand. The hands met afterwards take the next cards of the shoe: where fewer eights were
    used, the later hands draw the spare eights (16 each).
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 8S 8H
    And the dealer's first card is 7D
    And the next cards are 8C 8D 8S 8H 8C TC TD TH TS 9C 9D 7S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 <splits>
    Then box 1 <may> split
    When box 1 <stands>
    Then P1 <result>

    @CL-13b.4
    Examples: CL
      | reg | splits                                 | may | stands                                               | result  | basis                                                  |
      | CL  | splits, splits, splits, splits and splits | may | stands, stands, stands, stands, stands and stands | wins 60 | reading: "dividir el par de nuevo si fuera posible", no limit |

    @ES-18.1.c.4
    Examples: ES
      | reg | splits                                    | may | stands                                            | result  | basis                                                        |
      | ES  | splits, splits, splits, splits and splits | may | stands, stands, stands, stands, stands and stands | wins 60 | stated: "tantas manos como número de cartas de igual valor"  |

    @UY-43.1
    Examples: UY
      | reg | splits                                    | may     | stands                                            | result  | basis                                                  |
      | UY  | splits, splits, splits, splits and splits | may not | stands, stands, stands, stands, stands and stands | wins 60 | reading: "hasta seis juegos", five splits, six hands   |

    @CZ-HRA-19
    Examples: CZ
      | reg | splits                    | may     | stands                         | result   | basis                                                |
      | CZ  | splits, splits and splits | may not | stands, stands, stands and stands | loses 20 | stated: "až třikrát", four split hands          |

    @IT-18
    Examples: IT
      | reg | splits            | may     | stands                 | result  | basis                                          |
      | IT  | splits and splits | may not | stands, stands and stands | wins 30 | stated: one more "(e ultima)" split, three hands |

  Scenario Outline: Re-splitting after the series of pairs is interrupted, compared
    Rule compared: whether a pair may be re-split only while equal cards come in succession.
    Uruguay: "la definición de un pase o la aparición de una carta diferente interrumpe la
    serie" (UY-43.2). Eight-eight is split; hand 1 takes a three and a seven (18) and stands;
    hand 2 then takes an eight.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 8S 8H
    And the dealer's first card is 7D
    And the next cards are 3C 7C 8D TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 hits and stands
    Then box 1 <may> split
    When box 1 stands
    Then the dealer stands on 17
    And P1 breaks even

    @CL-13b.4 @CL @assumes-resplit_consecutive_only
    Examples: CL
      | reg | may | basis                                                   |
      | CL  | may | not stated: assumed no succession rule ("si fuera posible") |

    @ES-18.1.c.4
    Examples: ES
      | reg | may | basis                                                        |
      | ES  | may | reading: as many hands as equal cards, no succession needed  |

    @UY-43.2
    Examples: UY
      | reg | may     | basis                                               |
      | UY  | may not | stated: a different card interrupts the series      |

    @CZ @assumes-resplit_consecutive_only
    Examples: CZ
      | reg | may | basis                                               |
      | CZ  | may | not stated: assumed no succession rule              |

    @IT-18
    Examples: IT
      | reg | may | basis                                                            |
      | IT  | may | reading: a third card of the pair's value allows one more split  |

  Scenario Outline: Split aces take one card each or play on, compared
    Rule compared: whether split aces receive one card only. Uruguay lets split aces count one
    or eleven and draw until 21 (UY-45.1, reading); the others give each one card. Ace-ace is
    split; hand 1 takes a three (soft 14). With one card each, hand 2 takes a five (16), the
    dealer's 9 and ten make 19 and the round is over.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt AS AH
    And the dealer's first card is 9D
    And the next cards are 3C 5D TC 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then box 1 <may> hit
    And the round is <phase>

    @CL-13b.ex1
    Examples: CL
      | reg | may     | phase | basis                                                        |
      | CL  | may not | over  | stated: "sólo una carta adicional ... ni pedir más cartas"   |

    @ES @assumes-split_aces_one_card
    Examples: ES
      | reg | may     | phase | basis                                                          |
      | ES  | may not | over  | not stated: assumed one card each (national Catálogo, context) |

    @UY-45.1
    Examples: UY
      | reg | may | phase   | basis                                                   |
      | UY  | may | playing | reading: split aces draw until they reach 21            |

    @CZ-HRA-23
    Examples: CZ
      | reg | may     | phase | basis                                       |
      | CZ  | may not | over  | stated: "jen jednu další kartu"             |

    @IT-19
    Examples: IT
      | reg | may     | phase | basis                                     |
      | IT  | may not | over  | stated: "ricevendo una sola carta"        |

  Scenario Outline: An ace dealt to a split ace, compared
    Rule compared: whether split aces may be split again. Ace-ace is split and hand 1 takes a
    third ace. Campione allows "una sola divisione" of aces; the club gives split aces one card
    and no further action; Uruguay and the Czech casino make no exception for aces. Where no
    re-split is allowed, hand 1 stands on its two aces (12), hand 2 takes a nine (20), the
    dealer's 8 and ten make 18 and the round is over.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt AS AH
    And the dealer's first card is 8S
    And the next cards are AC 9D TC 7H
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then box 1 <may> split
    And the round is <phase>

    @CL-13b.ex1
    Examples: CL
      | reg | may     | phase | basis                                                   |
      | CL  | may not | over  | reading: one card only and no further action            |

    @ES-18.1.c.4 @ES @assumes-resplit_aces
    Examples: ES
      | reg | may     | phase | basis                                                          |
      | ES  | may not | over  | not stated: assumed one card each, so no re-split (context)    |

    @UY-43.1 @UY-45.1
    Examples: UY
      | reg | may | phase   | basis                                               |
      | UY  | may | playing | reading: art. 43 makes no exception for aces        |

    @CZ-HRA-19 @CZ-HRA-23
    Examples: CZ
      | reg | may | phase   | basis                                                |
      | CZ  | may | playing | reading: all pairs split up to three times, aces too |

    @IT-19
    Examples: IT
      | reg | may     | phase | basis                                   |
      | IT  | may not | over  | stated: "una sola divisione" of aces    |
