Feature: Insurance compared across the regulations
  Each outline plays one stacked situation under the five rule sets (one Examples table per
  regulation, tagged with its clauses) and shows when insurance is called and which amounts
  are taken. The column basis says whether the row's value is the text's word (stated), a
  documented reading of it (reading), or an assumption where the text is silent (not stated:
  assumed ...).

  The amount outlines insure a blackjack against the dealer's ace: no box has a decision to
  make, so Uruguay, which calls insurance only once the bettors have played (UY-38.1), calls
  it right after the deal like the others, and the same steps run under every rule set. A row
  whose insurance is taken shows "the round is insurance" (the call stays open, no refusal);
  the money at the end shows the insurance won or lost. The dealer's ace then takes a seven
  (soft 18, no blackjack): the insurance is lost and the blackjack is paid 3 to 2.

  Scenario Outline: When insurance is called, compared
    Rule compared: the moment of the insurance call. Uruguay calls it "antes de sacar la
    segunda carta para la banca", after the bettors' hands are complete (UY-38.1); the others
    right after the deal, before any card is drawn. Box 1 holds nineteen against an ace.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then insurance is <offered>
    And the round is <phase>
    And box 1 <may> stand

    @CL-13c.1 @CL-13c.2
    Examples: CL
      | reg | offered | phase     | may     | basis                                                          |
      | CL  | offered | insurance | may not | stated: before the banker deals additional cards                |

    @ES-18.1.b.2
    Examples: ES
      | reg | offered | phase     | may     | basis                                                         |
      | ES  | offered | insurance | may not | stated: before the third card to the first player who asks    |

    @UY-38.1
    Examples: UY
      | reg | offered     | phase   | may | basis                                                      |
      | UY  | not offered | playing | may | stated: called before the bank's second card, after play   |

    @CZ-HRA-26 @CZ-HRA-27
    Examples: CZ
      | reg | offered | phase     | may     | basis                                                |
      | CZ  | offered | insurance | may not | stated: offered once the players have two cards      |

    @IT-20 @IT-21
    Examples: IT
      | reg | offered | phase     | may     | basis                                                  |
      | IT  | offered | insurance | may not | stated: before any card beyond the first two           |

  Scenario Outline: Insurance of a quarter of the bet, compared
    Rule compared: up to half the bet, or exactly half. The Czech player "musí polovinu své
    původní sázky vsadit" (CZ-HRA-28, read as exactly half); the others take up to half. On a
    bet of 20, P1 insures for 5; taken, it is lost: 30 for the blackjack less 5.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt AS KH
    And the dealer's first card is AD
    And the next cards are 7C
    And P1 bets 20 on box 1
    When the cards are dealt
    And P1 insures box 1 for 5
    Then <the insurance>
    When insurance closes
    Then P1 wins <net>

    @CL-13c.2 @CL-ANX-5a
    Examples: CL
      | reg | the insurance          | net | basis                                            |
      | CL  | the round is insurance | 25  | stated: "que no exceda de la mitad"; a multiple of 5 |

    @ES-18.1.b.3
    Examples: ES
      | reg | the insurance          | net | basis                                   |
      | ES  | the round is insurance | 25  | stated: "como máximo igual a la mitad"  |

    @UY-39.1 @UY-39.2
    Examples: UY
      | reg | the insurance          | net | basis                                                      |
      | UY  | the round is insurance | 25  | stated: "hasta el 50%"; 5 is half the table minimum of 10  |

    @CZ-HRA-28
    Examples: CZ
      | reg | the insurance                   | net | basis                                     |
      | CZ  | it is refused citing CZ-HRA-28  | 30  | reading: exactly half the original bet    |

    @IT-21
    Examples: IT
      | reg | the insurance          | net | basis                                 |
      | IT  | the round is insurance | 25  | stated: "pari al massimo la metà"     |

  Scenario Outline: Insurance below half the table minimum, compared
    Rule compared: a least insurance. Uruguay: insurance "No podrá ser ... inferior al 50% del
    mínimo establecido para el juego" (UY-39.2). With table limits of 20 to 1000, P1 bets 40
    and insures for 5: below Uruguay's 10. The Czech casino refuses it too, as not exactly half
    (20). Taken, it is lost: 60 for the blackjack less 5.
    Given the <reg> rules
    And table limits of 20 to 1000
    And box 1 is dealt AS KH
    And the dealer's first card is AD
    And the next cards are 7C
    And P1 bets 40 on box 1
    When the cards are dealt
    And P1 insures box 1 for 5
    Then <the insurance>
    When insurance closes
    Then P1 wins <net>

    @CL-13c.2 @CL-ANX-5a @CL @assumes-insurance_min_of_table_min
    Examples: CL
      | reg | the insurance          | net | basis                                                      |
      | CL  | the round is insurance | 55  | not stated: assumed no least insurance, only the step of 5 |

    @ES-18.1.b.3 @ES @assumes-insurance_min_of_table_min
    Examples: ES
      | reg | the insurance          | net | basis                                     |
      | ES  | the round is insurance | 55  | not stated: assumed no least insurance    |

    @UY-39.2
    Examples: UY
      | reg | the insurance                 | net | basis                                              |
      | UY  | it is refused citing UY-39.2  | 60  | stated: at least half the table minimum (10)       |

    @CZ-HRA-28
    Examples: CZ
      | reg | the insurance                   | net | basis                                            |
      | CZ  | it is refused citing CZ-HRA-28  | 60  | reading: exactly half the original bet (20)      |

    @IT-21 @IT @assumes-insurance_min_of_table_min
    Examples: IT
      | reg | the insurance          | net | basis                                     |
      | IT  | the round is insurance | 55  | not stated: assumed no least insurance    |

  Scenario Outline: Insurance that is not a multiple of five, compared
    Rule compared: the step of an insurance. The club: bets in multiples of 10 "excepto los
    seguros que lo serán de 5" (CL-ANX-5a). On a bet of 30, P1 insures for 12, within half
    (15) but not a multiple of 5. The Czech casino refuses it too, as not exactly half (15).
    Taken, it is lost: 45 for the blackjack less 12.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt AS KH
    And the dealer's first card is AD
    And the next cards are 7C
    And P1 bets 30 on box 1
    When the cards are dealt
    And P1 insures box 1 for 12
    Then <the insurance>
    When insurance closes
    Then P1 wins <net>

    @CL-ANX-5a
    Examples: CL
      | reg | the insurance                  | net | basis                                  |
      | CL  | it is refused citing CL-ANX-5a | 45  | stated: insurance in multiples of 5    |

    @ES-18.1.b.3 @ES @assumes-insurance_multiple
    Examples: ES
      | reg | the insurance          | net | basis                                  |
      | ES  | the round is insurance | 33  | not stated: assumed any amount         |

    @UY-39.1 @UY @assumes-insurance_multiple
    Examples: UY
      | reg | the insurance          | net | basis                                  |
      | UY  | the round is insurance | 33  | not stated: assumed any amount         |

    @CZ-HRA-28
    Examples: CZ
      | reg | the insurance                   | net | basis                                          |
      | CZ  | it is refused citing CZ-HRA-28  | 45  | reading: exactly half the original bet (15)    |

    @IT-21 @IT @assumes-insurance_multiple
    Examples: IT
      | reg | the insurance          | net | basis                                  |
      | IT  | the round is insurance | 33  | not stated: assumed any amount         |
