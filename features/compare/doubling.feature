Feature: Doubling compared across the regulations
  Each outline plays one stacked situation under the five rule sets (one Examples table per
  regulation, tagged with its clauses) and shows whether the box may double. The column basis
  says whether the row's value is the text's word (stated), a documented reading of it
  (reading), or an assumption where the text is silent (not stated: assumed ...). The Melilla
  fragment (ES) has no doubling rule at all: its rows follow the rule set's assumption, taken
  from the Spanish national Catálogo de Juegos, which is context, not the Melilla text.

  Scenario Outline: Doubling on a hard twelve, compared
    Rule compared: the totals a first two cards may double on. The club doubles only on 9, 10
    or 11 (CL-13a.1); Uruguay, the Czech casino and Campione double whatever the total. Seven
    and five is twelve.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 7S 5H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 <may> double
    And box 1 may hit

    @CL-13a.1
    Examples: CL
      | reg | may     | basis                                         |
      | CL  | may not | stated: "sumen 9, 10 u 11"                    |

    @ES @assumes-double_totals
    Examples: ES
      | reg | may     | basis                                                              |
      | ES  | may not | not stated: assumed 9, 10 or 11 only (national Catálogo, context)  |

    @UY-35.1
    Examples: UY
      | reg | may | basis                                                       |
      | UY  | may | stated: "independientemente del puntaje"                   |

    @CZ-HRA-17
    Examples: CZ
      | reg | may | basis                                          |
      | CZ  | may | stated: any hand except a blackjack            |

    @IT-15
    Examples: IT
      | reg | may | basis                                                   |
      | IT  | may | stated: "indipendentemente dal punteggio ottenuto"      |

  Scenario Outline: Doubling on a soft seventeen, compared
    Rule compared: whether a soft hand may double. Ace-six counts 7 or 17: neither count is 9,
    10 or 11, so the club's rule (with CL-3, an ace counts 1 or 11 at the player's choice)
    refuses it; the texts that double on any total accept it, the Czech one saying so of soft
    totals in so many words.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt AS 6H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 <may> double

    @CL-13a.1 @CL-3
    Examples: CL
      | reg | may     | basis                                                          |
      | CL  | may not | reading: counted 7 or 17, neither is 9, 10 or 11               |

    @ES @assumes-double_totals
    Examples: ES
      | reg | may     | basis                                                              |
      | ES  | may not | not stated: assumed 9, 10 or 11 only (national Catálogo, context)  |

    @UY-35.1 @UY-9.b
    Examples: UY
      | reg | may | basis                                          |
      | UY  | may | stated: whatever the total of the two cards    |

    @CZ-HRA-17
    Examples: CZ
      | reg | may | basis                                        |
      | CZ  | may | stated: "tvrdý či měkký" (hard or soft)      |

    @IT-15
    Examples: IT
      | reg | may | basis                                          |
      | IT  | may | stated: whatever the total of the two cards    |

  Scenario Outline: Doubling the first hand of a split, compared
    Rule compared: whether a hand made by splitting may double. Eight-eight is split and the
    first hand takes a three: eleven, a total every text would double as a first hand.
    Campione doubles only "ricevute le prime due carte", read as the first two cards dealt,
    which a split hand is not.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are 3C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then box 1 <may> double

    @CL-13b.4 @CL-13a.1
    Examples: CL
      | reg | may | basis                                                   |
      | CL  | may | stated: "optando en ambos casos a doblar la apuesta"    |

    @ES @assumes-double_after_split
    Examples: ES
      | reg | may | basis                                                               |
      | ES  | may | not stated: assumed split hands double (national Catálogo, context) |

    @UY-35.1 @UY-35.2
    Examples: UY
      | reg | may | basis                                                  |
      | UY  | may | stated: "inclusive en el caso ... apertura de pares"   |

    @CZ-HRA-21
    Examples: CZ
      | reg | may | basis                                       |
      | CZ  | may | stated: a split hand may double             |

    @IT-15
    Examples: IT
      | reg | may     | basis                                                         |
      | IT  | may not | reading: only the first two cards dealt may double            |

  Scenario Outline: Doubling the third hand of a split, compared
    Rule compared: which split hands may double. Uruguay doubles "como máximo en los dos
    primeros juegos abiertos" (UY-35.2), read as the first two hands on the layout, in the order
    they are played. Eight-eight is split and re-split on a third eight: the re-split hand lies
    second, so the first split's other hand (8H) is hand 3 and may not double there, though the
    first split made it. Hand 1 takes a four (12) and stands, hand 2 a nine (17) and stands,
    hand 3 a three: eleven. Campione refuses it for another reason: no split hand
    doubles there (IT-15, reading).
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 8S 8H
    And the dealer's first card is 7D
    And the next cards are 8C 4D 9H 3H
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits and splits
    And box 1 stands and stands
    Then box 1 <may> double

    @CL-13b.4
    Examples: CL
      | reg | may | basis                                           |
      | CL  | may | stated: any split hand, no limit on the hands   |

    @ES-18.1.c.4 @ES @assumes-double_after_split
    Examples: ES
      | reg | may | basis                                                                  |
      | ES  | may | not stated: assumed every split hand doubles (national Catálogo)       |

    @UY-35.2
    Examples: UY
      | reg | may     | basis                                                      |
      | UY  | may not | reading: only the first two split hands may double         |

    @CZ-HRA-21 @CZ-HRA-19
    Examples: CZ
      | reg | may | basis                                           |
      | CZ  | may | stated: doubling on a split hand, no limit      |

    @IT-15 @IT-18
    Examples: IT
      | reg | may     | basis                                                  |
      | IT  | may not | reading: no split hand may double at all               |
