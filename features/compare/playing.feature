Feature: Drawing and standing compared across the regulations
  Each outline plays one stacked situation under the five rule sets (one Examples table per
  regulation, tagged with its clauses) and shows whether the box may draw or stand. The column
  basis says whether the row's value is the text's word (stated), a documented reading of it
  (reading), or an assumption where the text is silent (not stated: assumed ...).

  Scenario Outline: Drawing on a twenty-one of three cards, compared
    Rule compared: whether a hand of 21 may still draw. Melilla, Uruguay and the Czech casino
    forbid it; the club and Campione say nothing, and the engine assumes a card may be asked.
    Seven-seven takes a seven: 21. Where no card may be drawn the hand stands at once, the
    dealer's 9, 2 and 8 make 19 and the 21 wins.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 7S 7H
    And the dealer's first card is 9D
    And the next cards are 7C 2D 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then box 1 <may> hit
    And the round is <phase>

    @CL @assumes-hit_on_hard_21
    Examples: CL
      | reg | may | phase   | basis                                                                |
      | CL  | may | playing | not stated: assumed allowed ("hasta que le satisfaga su punto")      |

    @ES-18.1.a.4
    Examples: ES
      | reg | may     | phase | basis                                                      |
      | ES  | may not | over  | stated: no more cards "una vez tenga 21 o más puntos"      |

    @UY-47
    Examples: UY
      | reg | may     | phase | basis                                              |
      | UY  | may not | over  | stated: 21 with more than two cards draws no more  |

    @CZ-HRA-32 @CZ-SESTAVA-1
    Examples: CZ
      | reg | may     | phase | basis                                  |
      | CZ  | may not | over  | stated: no card on hard or soft 21     |

    @IT @assumes-hit_on_hard_21
    Examples: IT
      | reg | may | phase   | basis                                               |
      | IT  | may | playing | not stated: assumed allowed, no clause forbids it   |

  Scenario Outline: Standing on eleven, compared
    Rule compared: the least total a hand may stand on. Uruguay: "Para 'plantar', es necesario
    contar con un puntaje mínimo de doce" (UY-28.2, taken over arts. 2 and 24); the others set
    no least total. Six-five is eleven.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 6S 5H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 <may> stand
    And box 1 may hit

    @CL-10.1
    Examples: CL
      | reg | may | basis                                                      |
      | CL  | may | stated: may stand if satisfied with his two cards          |

    @ES-18.1.a.4
    Examples: ES
      | reg | may | basis                                                      |
      | ES  | may | stated: may refuse cards "hasta que lo considere oportuno" |

    @UY-28.2
    Examples: UY
      | reg | may     | basis                                                          |
      | UY  | may not | reading: art. 28's least total of twelve over arts. 2 and 24   |

    @CZ-SESTAVA-1
    Examples: CZ
      | reg | may | basis                                        |
      | CZ  | may | stated: may stand on any two cards           |

    @IT @assumes-min_stand_total
    Examples: IT
      | reg | may | basis                                          |
      | IT  | may | not stated: assumed no least total to stand    |
