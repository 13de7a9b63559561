Feature: The dealer's mistakes compared across the regulations
  Each outline plays one stacked situation under the five rule sets (one Examples table per
  regulation, tagged with what its row checks) and shows how a card the dealer gives by
  mistake, or an insurance call he forgets, is put right. The column basis says whether the
  row's value is the text's word (stated), a documented reading of it (reading), or an
  assumption where the text is silent (not stated: assumed ...).

  Scenario Outline: A card dealt to a box out of turn, compared
    Rule compared: what becomes of a card the dealer gives to the wrong box. The club: "devolverá
    éstas al mazo a su previa posición" (CL-20); the Czech casino uses it "jako nejbližší další
    karta z 'boty'" (CZ-HRA-12); Uruguay voids it (UY-53.1) and reconstructs nothing (UY-55).
    The Melilla fragment and the Campione summary have no misdeal rule; the engine voids the
    card. Box <first> (13) is the first to play: box 1 where play starts at the dealer's left,
    box 2 at the club, where it starts at the banker's right. While it is to play, the dealer
    gives the five of clubs to box <second> (17) by mistake. Returned or used as the next card,
    the five is the card box <first> draws (18) and the dealer's 9, 4 and 8 make 21; voided,
    box <first> draws the four (17) and the dealer's 9 and 8 make 17.
    Given the <reg> rules
    And table limits of 10 to 500
    And box <first> is dealt TS 3H
    And box <second> is dealt TD 7H
    And the dealer's first card is 9D
    And the next cards are 5C 4D 8C TC
    And P1 bets 10 on box <first>
    And P2 bets 10 on box <second>
    When the cards are dealt
    And the dealer deals the next card to box <second> by mistake
    Then the <remedy> cards are 5C
    When box <first> hits and stands
    And box <second> stands
    Then the dealer stands on <dealer>
    And P1 <P1>
    And P2 <P2>

    @CL-20
    Examples: CL
      | reg | first | second | remedy   | dealer | P1       | P2          | basis                                               |
      | CL  | 2     | 1      | returned | 21     | loses 10 | loses 10    | stated: "devolverá éstas al mazo a su previa posición" |

    @ES @assumes-misdeal_remedy
    Examples: ES
      | reg | first | second | remedy | dealer | P1          | P2          | basis                                          |
      | ES  | 1     | 2      | voided | 17     | breaks even | breaks even | not stated: assumed voided (to the discards)   |

    @UY-53.1 @UY-55
    Examples: UY
      | reg | first | second | remedy | dealer | P1          | P2          | basis                                              |
      | UY  | 1     | 2      | voided | 17     | breaks even | breaks even | stated: "estas serán anuladas", no reconstruction  |

    @CZ-HRA-12
    Examples: CZ
      | reg | first | second | remedy   | dealer | P1       | P2       | basis                                              |
      | CZ  | 1     | 2      | returned | 21     | loses 10 | loses 10 | stated: used "jako nejbližší další karta"          |

    @IT @assumes-misdeal_remedy
    Examples: IT
      | reg | first | second | remedy | dealer | P1          | P2          | basis                                          |
      | IT  | 1     | 2      | voided | 17     | breaks even | breaks even | not stated: assumed voided (to the discards)   |

  Scenario Outline: A card dealt to a box without a bet, compared
    Rule compared: a card the dealer gives to a box that holds no bet. The Czech casino puts
    every card back and deals again: "všechny karty se uvedou do původního stavu
    (zrekonstruují) a rozdají se znovu" (CZ-HRA-13). The others treat it as any card dealt by
    mistake: the club returns it to its place (CL-20, read as covering any such card), Uruguay
    voids it (UY-53.1, read so) and reconstructs nothing (UY-55); Melilla and Campione say
    nothing and the engine voids it. Only box 1 holds a bet (13); the five of clubs goes to
    box 2. Returned, or dealt again after the reconstruction, the five is the card box 1 draws
    (18) and the dealer's 9, 4 and 8 make 21; voided, box 1 draws the four (17) against the
    dealer's 9 and 8.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt TS 3H
    And the dealer's first card is 9D
    And the next cards are 5C 4D 8C TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And the dealer deals the next card to box 2 by mistake
    Then <the remedy>
    When box 1 hits and stands
    Then box 2 holds 0 hands
    And the dealer stands on <dealer>
    And P1 <P1>

    @CL-20 @assumes-card_to_box_without_bet
    Examples: CL
      | reg | the remedy                  | dealer | P1       | basis                                                       |
      | CL  | the returned cards are 5C   | 21     | loses 10 | reading: any card dealt by mistake goes back to its place   |

    @ES @assumes-card_to_box_without_bet @assumes-misdeal_remedy
    Examples: ES
      | reg | the remedy                | dealer | P1          | basis                                             |
      | ES  | the voided cards are 5C   | 17     | breaks even | not stated: assumed voided, like any wrong card   |

    @UY-53.1 @UY-55 @assumes-card_to_box_without_bet
    Examples: UY
      | reg | the remedy                | dealer | P1          | basis                                                   |
      | UY  | the voided cards are 5C   | 17     | breaks even | reading: a card "que no corresponda" is voided         |

    @CZ-HRA-13
    Examples: CZ
      | reg | the remedy                                     | dealer | P1       | basis                                               |
      | CZ  | the round is reconstructed and dealt again     | 21     | loses 10 | stated: "zrekonstruují a rozdají se znovu"          |

    @IT @assumes-card_to_box_without_bet @assumes-misdeal_remedy
    Examples: IT
      | reg | the remedy                | dealer | P1          | basis                                             |
      | IT  | the voided cards are 5C   | 17     | breaks even | not stated: assumed voided, like any wrong card   |

  Scenario Outline: The insurance call forgotten, compared
    Rule compared: what happens when the dealer shows an ace and forgets to call insurance.
    Uruguay calls insurance once the bettors have played, before the bank's second card
    (UY-38.1); forgotten, a ten-valued second card is voided and the call made: "autorizará a
    proceder a la anulación de esta carta, debiendo hacerse el llamado al seguro de cobertura
    habitual" (UY-40.b.1). The others call insurance right after the deal, before any player
    draws; none says what a forgotten call means, and the engine plays on without insurance.
    Box 1 holds nineteen. In Uruguay it stands, the call is forgotten, the king drawn for the
    bank is voided and insurance is called again; elsewhere the call is forgotten, box 1 stands
    and the bank's king makes a blackjack that takes the bet.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are KC 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And <first>
    And <then>
    Then the voided cards are <voided>
    And the round is <phase>
    And P1 <P1>

    @CL-13c.2 @assumes-missed_insurance_call
    Examples: CL
      | reg | first                               | then          | voided | phase | P1       | basis                                                 |
      | CL  | the dealer forgets to call insurance | box 1 stands | none   | over  | loses 10 | not stated: assumed play goes on without insurance    |

    @ES-18.1.b.2 @assumes-missed_insurance_call
    Examples: ES
      | reg | first                               | then          | voided | phase | P1       | basis                                                 |
      | ES  | the dealer forgets to call insurance | box 1 stands | none   | over  | loses 10 | not stated: assumed play goes on without insurance    |

    @UY-38.1 @UY-40.3 @UY-40.b.1
    Examples: UY
      | reg | first        | then                                 | voided | phase     | P1          | basis                                                       |
      | UY  | box 1 stands | the dealer forgets to call insurance | KC     | insurance | breaks even | stated: the ten is voided and insurance called (UY-40.b.1)  |

    @CZ-HRA-26 @CZ-HRA-27 @assumes-missed_insurance_call
    Examples: CZ
      | reg | first                               | then          | voided | phase | P1       | basis                                                 |
      | CZ  | the dealer forgets to call insurance | box 1 stands | none   | over  | loses 10 | not stated: assumed play goes on without insurance    |

    @IT-21 @assumes-missed_insurance_call
    Examples: IT
      | reg | first                               | then          | voided | phase | P1       | basis                                                 |
      | IT  | the dealer forgets to call insurance | box 1 stands | none   | over  | loses 10 | not stated: assumed play goes on without insurance    |
