Feature: Blackjacks compared across the regulations
  Each outline plays one stacked situation under the five rule sets (one Examples table per
  regulation, tagged with its clauses) and shows when and how a blackjack is paid. The column
  basis says whether the row's value is the text's word (stated), a documented reading of it
  (reading), or an assumption where the text is silent (not stated: assumed ...).

  Scenario Outline: When a blackjack against a low card is paid, compared
    Rule compared: whether a blackjack is paid at once when the dealer's card is neither an ace
    nor a ten. The club (CL-8) and Uruguay (UY-26.1) pay it at once; the others pay it at the
    settlement, after the dealer's hand. Box 1 holds a blackjack, box 2 sixteen; the dealer
    shows 9. Right after the deal P1 has been paid or not; box 2 then takes a two (18) and
    stands, the dealer's 9 and 8 make 17, and every rule set ends the same way.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt AS KH
    And box 2 is dealt TS 6H
    And the dealer's first card is 9D
    And the next cards are 2C 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    Then P1 <after the deal>
    When box 2 hits and stands
    Then the dealer stands on 17
    And P1 wins 15
    And P2 wins 10

    @CL-8
    Examples: CL
      | reg | after the deal | basis                                      |
      | CL  | wins 15        | stated: "se le paga inmediatamente 3 a 2"  |

    @ES-18.1.a.9 @ES-18.1.a.14
    Examples: ES
      | reg | after the deal | basis                                                        |
      | ES  | breaks even    | reading: the dealer settles all bets after his total         |

    @UY-26.1 @UY-57
    Examples: UY
      | reg | after the deal | basis                                        |
      | UY  | wins 15        | stated: "automáticamente se le pagará"       |

    @CZ-SESTAVA-8 @CZ @assumes-pay_blackjack_immediately
    Examples: CZ
      | reg | after the deal | basis                                      |
      | CZ  | breaks even    | not stated: assumed paid at the settlement |

    @IT-8 @IT @assumes-pay_blackjack_immediately
    Examples: IT
      | reg | after the deal | basis                                      |
      | IT  | breaks even    | not stated: assumed paid at the settlement |

  Scenario Outline: Even money for a blackjack against an ace, compared
    Rule compared: whether a blackjack facing the dealer's ace may take even money (1:1) at
    once. Uruguay offers it at the insurance call (UY-38.2, UY-38.3); the Czech casino pays an
    "insured" blackjack 1:1 (CZ-HRA-31, read as even money); the others offer none, and a
    blackjack waits for the dealer's hand. Here the dealer's ace takes a seven (soft 18, no
    blackjack), so a blackjack that waited is paid 3 to 2.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt AS KH
    And the dealer's first card is AD
    And the next cards are 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And P1 takes even money on box 1
    Then <even money>
    When insurance closes
    Then P1 wins <net>

    @CL-8 @CL @assumes-even_money
    Examples: CL
      | reg | even money                                 | net | basis                                                        |
      | CL  | it is refused under the assumption even_money | 15  | not stated: assumed none, the blackjack waits (CL-8)     |

    @ES-18.1.a.14 @ES @assumes-even_money
    Examples: ES
      | reg | even money                                 | net | basis                                 |
      | ES  | it is refused under the assumption even_money | 15  | not stated: assumed none             |

    @UY-38.2 @UY-38.3 @UY-37.2
    Examples: UY
      | reg | even money | net | basis                                                          |
      | UY  | P1 wins 10 | 10  | stated: paid "por un valor igual a su postura" at the call     |

    @CZ-HRA-31
    Examples: CZ
      | reg | even money | net | basis                                                   |
      | CZ  | P1 wins 10 | 10  | reading: an "insured" blackjack is paid 1:1 at once     |

    @IT-8 @IT @assumes-even_money
    Examples: IT
      | reg | even money                                 | net | basis                                 |
      | IT  | it is refused under the assumption even_money | 15  | not stated: assumed none             |
