Feature: The players' decisions compared across the regulations
  Each outline plays one stacked situation under the five rule sets (one Examples table per
  regulation, tagged with what its row checks) and shows what a box may still do once it has
  doubled, holds a blackjack or a soft twenty-one, and what a bettor behind may do when the box
  holder splits. The column basis says whether the row's value is the text's word (stated), a
  documented reading of it (reading), or an assumption where the text is silent (not stated:
  assumed ...).

  Scenario Outline: A doubled hand takes one card, compared
    Rule compared: how many cards a doubled hand receives. The club: "sólo recibirá una carta
    adicional y no puede volver a pedir" (CL-13a.2); Uruguay: "solo recibirá una carta
    adicional, quedando 'plantado' al recibirla" (UY-36); the Czech casino: "hráči bude
    rozdána jen jedna karta navíc" (CZ-HRA-18); Campione: "una e una sola carta" (IT-16). The
    Melilla fragment has no doubling rule; the rule set takes one card from the national
    Catálogo (context). Six-five is eleven, a total every rule set doubles; the double draws a
    two: thirteen, a total that could still draw, but the hand is complete and the dealer
    plays at once (9 and 8: 17). A card asked for afterwards is refused.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 6S 5H
    And the dealer's first card is 9D
    And the next cards are 2C 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles
    Then box 1 may not hit
    And the round is over
    And the dealer stands on 17
    And P1 loses 20
    When box 1 hits
    Then <the card asked for>

    @CL-13a.2
    Examples: CL
      | reg | the card asked for             | basis                                                         |
      | CL  | it is refused citing CL-13a.2  | stated: "sólo recibirá una carta adicional y no puede volver a pedir" |

    @ES @assumes-double_one_card @assumes-double_totals
    Examples: ES
      | reg | the card asked for                                 | basis                                                              |
      | ES  | it is refused under the assumption double_one_card | not stated: assumed one card (national Catálogo, context)          |

    @UY-36
    Examples: UY
      | reg | the card asked for          | basis                                                    |
      | UY  | it is refused citing UY-36  | stated: "solo recibirá una carta adicional"              |

    @CZ-HRA-18
    Examples: CZ
      | reg | the card asked for              | basis                                          |
      | CZ  | it is refused citing CZ-HRA-18  | stated: "jen jedna karta navíc"                |

    @IT-16
    Examples: IT
      | reg | the card asked for          | basis                                          |
      | IT  | it is refused citing IT-16  | stated: "una e una sola carta"                 |

  Scenario Outline: Doubling a blackjack, compared
    Rule compared: whether a blackjack may double. The Czech casino doubles "jakoukoliv
    sestavu karet z výjimkou Blackjacku" (CZ-HRA-17). The club pays a blackjack at once or
    holds it for the banker's hand (CL-8) and doubles only a total of 9, 10 or 11 (CL-13a.1):
    read as no double; Uruguay draws no card after a blackjack (UY-46), and a double draws one:
    read as no double. Melilla and Campione say nothing; the engine assumes a blackjack is a
    finished hand. Box 1 holds ace-king while box 2 (16) is still to play; box 1 asks to double
    and is refused. Box 2 stands, the dealer's 9 and 8 make 17: the blackjack is paid 3 to 2,
    the 16 loses.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt AS KH
    And box 2 is dealt TD 6H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    Then box 1 may not double
    When box 1 doubles
    Then <the double>
    When box 2 stands
    Then the dealer stands on 17
    And P1 wins 15
    And P2 loses 10

    @CL-8 @CL-13a.1 @assumes-double_on_blackjack
    Examples: CL
      | reg | the double                 | basis                                                                  |
      | CL  | it is refused citing CL-8  | reading: a blackjack is paid or waits (CL-8), it is no total to double |

    @ES @assumes-double_on_blackjack
    Examples: ES
      | reg | the double                                             | basis                                                  |
      | ES  | it is refused under the assumption double_on_blackjack | not stated: assumed a blackjack is a finished hand     |

    @UY-46 @assumes-double_on_blackjack
    Examples: UY
      | reg | the double                  | basis                                                          |
      | UY  | it is refused citing UY-46  | reading: no card after a blackjack, and a double draws a card  |

    @CZ-HRA-17
    Examples: CZ
      | reg | the double                      | basis                                          |
      | CZ  | it is refused citing CZ-HRA-17  | stated: "z výjimkou Blackjacku"                |

    @IT @assumes-double_on_blackjack
    Examples: IT
      | reg | the double                                             | basis                                                  |
      | IT  | it is refused under the assumption double_on_blackjack | not stated: assumed a blackjack is a finished hand     |

  Scenario Outline: Drawing on a soft twenty-one of three cards, compared
    Rule compared: whether a hand of 21 counting an ace as eleven may still draw. Melilla: no
    card "si ha obtenido ya una puntuación de 21 o más" (ES-18.1.a.4); Uruguay: 21 with more
    than two cards draws no more, "aunque en el juego contase con un As" (UY-47); the Czech
    casino: not on 21 "tvrdých nebo měkkých" (CZ-HRA-32). The club and Campione say nothing, and
    the engine assumes a card may be asked, as on a hard 21. Ace-five takes a five: 21 with the
    ace counted eleven. Where no card may be drawn the hand stands at once, the dealer's 9, 2
    and 8 make 19 and the 21 wins.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt AS 5H
    And the dealer's first card is 9D
    And the next cards are 5C 2D 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then box 1 <may> hit
    And the round is <phase>
    And P1 <P1>

    @CL @assumes-hit_on_soft_21
    Examples: CL
      | reg | may | phase   | P1          | basis                                                   |
      | CL  | may | playing | breaks even | not stated: assumed allowed, as on a hard 21            |

    @ES-18.1.a.4
    Examples: ES
      | reg | may     | phase | P1      | basis                                                  |
      | ES  | may not | over  | wins 10 | stated: "si ha obtenido ya una puntuación de 21 o más" |

    @UY-47
    Examples: UY
      | reg | may     | phase | P1      | basis                                                    |
      | UY  | may not | over  | wins 10 | stated: "aunque en el juego contase con un As"           |

    @CZ-HRA-32 @CZ-SESTAVA-1
    Examples: CZ
      | reg | may     | phase | P1      | basis                                  |
      | CZ  | may not | over  | wins 10 | stated: no card on hard or soft 21     |

    @IT @assumes-hit_on_soft_21
    Examples: IT
      | reg | may | phase   | P1          | basis                                               |
      | IT  | may | playing | breaks even | not stated: assumed allowed, no clause forbids it   |

  Scenario Outline: A bettor behind declines a split, compared
    Rule compared: whether a bettor behind the box holder must follow his split. Uruguay: "No
    será obligación de quien acompaña el efectuar la misma apuesta" (UY-42.2); the Czech
    casino: those who decline "pokračují ve hře na první sestavě" (CZ-BOX-3); Melilla's
    standing players "deben aceptar sus iniciativas" (ES-PRE-b.2), read as accepting the split
    without having to stake again; Campione takes up to three bets a box (IT-13) and says
    nothing of a split, and the engine assumes a stake not matched stays on the first hand.
    The club has no bets behind (one bet a box), so it has no row. P1 holds box 1 and splits
    eight-eight (P1 first consents to P2's bet: Uruguay asks it, UY-11.2, Melilla allows it,
    ES-PRE-b.1; the Czech casino and Campione give the holder no say and refuse the answer);
    P2 declines and stays on the first hand, eight-king (18), which beats the
    dealer's 17 for both; the second hand, eight-nine (17), ties for P1 alone.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are KC 9C 8D
    And P1 bets 10 on box 1
    When P1 consents to P2's bet on box 1
    Then <the consent>
    When P2 bets 10 on box 1
    And the cards are dealt
    And box 1 splits and P2 declines
    And box 1 stands and stands
    Then the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | win     | 10  |
      | 1   | 1    | P2     | win     | 10  |
      | 1   | 2    | P1     | push    | 0   |
    And P1 wins 10
    And P2 wins 10

    @ES-PRE-b.2 @assumes-behind_may_decline_split
    Examples: ES
      | reg | the consent                                           | basis                                                                  |
      | ES  | the round is betting                                  | reading: standing players accept the split but need not stake again   |

    @UY-42.2
    Examples: UY
      | reg | the consent                                           | basis                                                          |
      | UY  | the round is betting                                  | stated: "No será obligación de quien acompaña ..."             |

    @CZ-BOX-3
    Examples: CZ
      | reg | the consent                                           | basis                                                            |
      | CZ  | it is refused under the assumption bet_behind_consent | stated: "pokračují ve hře na první sestavě z rozdělených karet"  |

    @IT @assumes-behind_may_decline_split
    Examples: IT
      | reg | the consent                                           | basis                                                              |
      | IT  | it is refused citing IT-13                            | not stated: assumed a stake not matched stays on the first hand    |
