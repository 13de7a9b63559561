Feature: Dealing and payment order compared across the five regulations
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

    @CZ-HRA-6 @CZ-HRA-7
    Examples: CZ
      | reg | first | second | basis                                                        |
      | CZ  | 1     | 2      | not stated: assumed from the dealer's left, as the others    |

    @IT-3 @IT-4
    Examples: IT
      | reg | first | second | basis                                                     |
      | IT  | 1     | 2      | reading: "da sinistra a destra" from the dealer's side    |
