Feature: Dealing and payment order compared across the regulations
  Each outline plays one stacked situation under the five rule sets, one Examples table per
  regulation, and shows in which order the boxes are served and paid. Boxes count from the
  dealer's left (box 1). The column basis says whether the row's value is the text's word
  (stated), a documented reading of it (reading), or an assumption where the text is silent
  (not stated). Deck counts and burnt cards are shoe-level and are not compared here.

  Scenario Outline: The order in which the boxes are dealt, compared
    Rule compared: where the deal starts. The club deals "comenzando por el de su derecha"
    (CL-7.1), read as the banker's right, the highest-numbered box; the others start at the
    dealer's left. The shoe holds AS 9H 6D KC 9C in dealing order, so the first box served
    receives the ace and the king, the other the two nines.
    Given the <reg> rules
    And table limits of 10 to 500
    And the shoe holds AS 9H 6D KC 9C TS 2D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    Then the log shows, in order:
      | type        | box       | card |
      | card        | <first>   | AS   |
      | card        | <second>  | 9H   |
      | dealer_card |           | 6D   |
      | card        | <first>   | KC   |
      | card        | <second>  | 9C   |

    @CL-7.1 @CL-7.2
    Examples: CL
      | reg | first | second | basis                                                  |
      | CL  | 2     | 1      | reading: "por el de su derecha" is the banker's right    |

    @ES-18.1.a.1 @ES-18.1.a.2
    Examples: ES
      | reg | first | second | basis                                  |
      | ES  | 1     | 2      | stated: "comenzando por su izquierda"  |

    @UY-24.1 @UY-24.2
    Examples: UY
      | reg | first | second | basis                           |
      | UY  | 1     | 2      | stated: from the dealer's left  |

    @CZ @assumes-deal_order
    Examples: CZ
      | reg | first | second | basis                                                        |
      | CZ  | 1     | 2      | not stated: assumed from the dealer's left, as the others    |

    @IT-3 @IT-4
    Examples: IT
      | reg | first | second | basis                                                     |
      | IT  | 1     | 2      | reading: "da sinistra a destra" from the dealer's side    |

  Scenario Outline: The order in which the boxes play, compared
    Rule compared: which box plays first. The club's banker completes the hands "comenzando
    por el que queda a su derecha" (CL-9), read as the highest-numbered box; the others play
    from the dealer's left, box 1 first. Box 1 holds seventeen, box 2 eighteen.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt TS 7H
    And box 2 is dealt TC 8H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    Then box 1 <box 1> stand
    And box 2 <box 2> stand

    @CL-9
    Examples: CL
      | reg | box 1   | box 2   | basis                                                     |
      | CL  | may not | may     | reading: "por el que queda a su derecha", box 2 first     |

    @ES-PRE-1 @ES-18.1.a.3
    Examples: ES
      | reg | box 1 | box 2   | basis                                             |
      | ES  | may   | may not | stated: "el orden normal de distribución"         |

    @UY-27
    Examples: UY
      | reg | box 1 | box 2   | basis                                            |
      | UY  | may   | may not | stated: "comenzando a partir del asiento N°1"    |

    @CZ @assumes-play_order
    Examples: CZ
      | reg | box 1 | box 2   | basis                                           |
      | CZ  | may   | may not | not stated: assumed the dealing order           |

    @IT-4 @IT @assumes-play_order
    Examples: IT
      | reg | box 1 | box 2   | basis                                           |
      | IT  | may   | may not | not stated: assumed the dealing order           |

  Scenario Outline: The order in which the boxes are paid, compared
    Rule compared: which box is paid first. The club pays "por la derecha" (CL-6) and Melilla
    "de derecha a izquierda" (ES-18.1.a.9), both read from the dealer's side: the
    highest-numbered box first. Uruguay, the Czech casino and Campione state no order; the
    engine pays from box 1. Boxes 1 and 2 both hold a blackjack against the dealer's 9, so no
    box plays; each blackjack wins 15 (paid at once by the club and Uruguay, at the settlement
    by the others: see the naturals comparison).
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt AS KH
    And box 2 is dealt AD QC
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    Then the settlement is:
      | box      | outcome   | net |
      | <first>  | blackjack | 15  |
      | <second> | blackjack | 15  |

    @CL-6
    Examples: CL
      | reg | first | second | basis                                              |
      | CL  | 2     | 1      | reading: "por la derecha", the banker's right      |

    @ES-18.1.a.9
    Examples: ES
      | reg | first | second | basis                                                  |
      | ES  | 2     | 1      | reading: "de derecha a izquierda", the dealer's right  |

    @UY-26.1 @UY-57 @UY @assumes-payment_order
    Examples: UY
      | reg | first | second | basis                                                    |
      | UY  | 1     | 2      | not stated: assumed from seat 1, the order of art. 27    |

    @CZ-SESTAVA-8 @CZ @assumes-payment_order
    Examples: CZ
      | reg | first | second | basis                                       |
      | CZ  | 1     | 2      | not stated: assumed the dealing order       |

    @IT-8 @IT @assumes-payment_order
    Examples: IT
      | reg | first | second | basis                                       |
      | IT  | 1     | 2      | not stated: assumed the dealing order       |
