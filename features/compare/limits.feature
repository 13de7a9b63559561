Feature: Bets compared across the regulations
  Each outline plays one stacked situation under the five rule sets (one Examples table per
  regulation, tagged with its clauses) and shows which bets are taken. A row whose bet is
  taken shows "the round is betting" (no refusal); the money at the end shows who played. The
  column basis says whether the row's value is the text's word (stated), a documented reading
  of it (reading), or an assumption where the text is silent (not stated: assumed ...).

  Scenario Outline: A bet of fifteen, compared
    Rule compared: a step for bets. The club: "Las cantidades apostadas serán múltiplos
    naturales de 10" (CL-ANX-5a); no other text sets a step. P1 bets 15 on box 1, then P2 bets
    20 on it too (where P1's bet was refused, P2 alone holds the box). Nineteen beats the
    dealer's 7 and ten (17). Uruguay's row plays box 1 with its seat empty, where two bettors
    need nobody's consent (UY-11.2 asks it on an occupied box only, UY-50.1 allows two).
    Given the <reg> rules
    And table limits of 10 to 500
    And the seat of box <seated> is taken
    And box 1 is dealt TS 9H
    And the dealer's first card is 7D
    And the next cards are KC
    When P1 bets 15 on box 1
    Then <the bet of 15>
    When P2 bets 20 on box 1
    And the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 <P1>
    And P2 wins 20

    @CL-ANX-5a
    Examples: CL
      | reg | seated | the bet of 15                  | P1          | basis                                  |
      | CL  | 1      | it is refused citing CL-ANX-5a | breaks even | stated: bets in multiples of 10        |

    @ES-PRE-b.1 @ES @assumes-bet_multiple
    Examples: ES
      | reg | seated | the bet of 15        | P1      | basis                                  |
      | ES  | 1      | the round is betting | wins 15 | not stated: assumed any amount         |

    @UY @assumes-bet_multiple
    Examples: UY
      | reg | seated | the bet of 15        | P1      | basis                                  |
      | UY  | 7      | the round is betting | wins 15 | not stated: assumed any amount         |

    @CZ @assumes-bet_multiple
    Examples: CZ
      | reg | seated | the bet of 15        | P1      | basis                                  |
      | CZ  | 1      | the round is betting | wins 15 | not stated: assumed any amount         |

    @IT-13 @IT @assumes-bet_multiple
    Examples: IT
      | reg | seated | the bet of 15        | P1      | basis                                  |
      | IT  | 1      | the round is betting | wins 15 | not stated: assumed any amount         |

  Scenario Outline: Four bets on one box, compared
    Rule compared: how many bets one box takes. Melilla and Campione: three (ES-PRE-b.1,
    IT-13); the club's text knows no bets behind and the engine assumes one; Uruguay and the
    Czech casino set no number for an occupied box. P1 holds the seat of box 1 and bets;
    he consents to the others' bets (Uruguay asks his consent first, UY-11.2; Melilla lets him
    object, ES-PRE-b.1; elsewhere he has no say, and his answer is refused); P2, P3 and P4 bet
    on the same box. Nineteen beats the dealer's 17: each bet taken wins 10.
    Given the <reg> rules
    And table limits of 10 to 500
    And the seat of box 1 is taken
    And box 1 is dealt TS 9H
    And the dealer's first card is 7D
    And the next cards are KC
    When P1 bets 10 on box 1
    And P1 consents to the bets of P2, P3 and P4 on box 1
    Then <the consents>
    When P2 bets 10 on box 1
    Then <the second bet>
    When P3 bets 10 on box 1
    Then <the third bet>
    When P4 bets 10 on box 1
    Then <the fourth bet>
    When the cards are dealt
    And box 1 stands
    Then P1 wins 10
    And P2 <P2>
    And P4 <P4>

    @CL @assumes-max_bets_per_box @assumes-bet_behind_consent
    Examples: CL
      | reg | the consents                                          | the second bet                                      | the third bet                                       | the fourth bet                                      | P2          | P4          | basis                                              |
      | CL  | it is refused under the assumption bet_behind_consent | it is refused under the assumption max_bets_per_box | it is refused under the assumption max_bets_per_box | it is refused under the assumption max_bets_per_box | breaks even | breaks even | not stated: assumed one bet per box, no bets behind |

    @ES-PRE-b.1
    Examples: ES
      | reg | the consents                                          | the second bet       | the third bet        | the fourth bet                  | P2      | P4          | basis                                    |
      | ES  | the round is betting                                  | the round is betting | the round is betting | it is refused citing ES-PRE-b.1 | wins 10 | breaks even | stated: "tres apuestas totales ... por casilla" |

    @UY-11.1 @UY-11.2
    Examples: UY
      | reg | the consents                                          | the second bet       | the third bet        | the fourth bet       | P2      | P4      | basis                                                      |
      | UY  | the round is betting                                  | the round is betting | the round is betting | the round is betting | wins 10 | wins 10 | reading: with the occupant's consent, no number is set     |

    @CZ @assumes-max_bets_per_box @assumes-bet_behind_consent
    Examples: CZ
      | reg | the consents                                          | the second bet       | the third bet        | the fourth bet       | P2      | P4      | basis                                                    |
      | CZ  | it is refused under the assumption bet_behind_consent | the round is betting | the round is betting | the round is betting | wins 10 | wins 10 | not stated: players share a box, assumed no number       |

    @IT-13
    Examples: IT
      | reg | the consents                                          | the second bet       | the third bet        | the fourth bet            | P2      | P4          | basis                                       |
      | IT  | it is refused citing IT-13                            | the round is betting | the round is betting | it is refused citing IT-13 | wins 10 | breaks even | stated: "non più di tre puntate per casella" |

  Scenario Outline: The stake of a push, compared
    Rule compared: what becomes of a bet that pushed. The Czech casino: after a tie "Hráč poté
    může sázku snížit či zvýšit ... nebo též může sázku se stolu odstranit" (CZ-SESTAVA-7),
    read as the stake staying on its box for the next round; no other text says what becomes
    of it and the engine returns it. P1's ten and eight push against the dealer's nine and
    nine; then P1 bets 10 on box 1 for the next round: where his stake stayed, he already has a
    bet there.
    Given the <reg> rules
    And 3 participants are at the table
    And table limits of 10 to 500
    And the shoe, once cut, starts with <burnt> TS 9D 8H 9C
    When the cut is made at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the dealer stands on 18
    And P1 breaks even
    When P1 bets 10 on box 1
    Then <the next bet>

    @CL @assumes-push_stake_stays
    Examples: CL
      | reg | burnt | the next bet         | basis                                    |
      | CL  |       | the round is betting | not stated: assumed the stake goes back  |

    @ES @assumes-push_stake_stays
    Examples: ES
      | reg | burnt          | the next bet         | basis                                    |
      | ES  | 2C 3C 4C 5C 6C | the round is betting | not stated: assumed the stake goes back  |

    @UY @assumes-push_stake_stays
    Examples: UY
      | reg | burnt | the next bet         | basis                                    |
      | UY  | 2C    | the round is betting | not stated: assumed the stake goes back  |

    @CZ-SESTAVA-7 @assumes-push_stake_stays
    Examples: CZ
      | reg | burnt          | the next bet                            | basis                                               |
      | CZ  | 2C 3C 4C 5C 6C | it is refused as bad input naming bettor | reading: "sázku snížit či zvýšit ... odstranit": it stays |

    @IT @assumes-push_stake_stays
    Examples: IT
      | reg | burnt          | the next bet         | basis                                    |
      | IT  | 2C 3C 4C 5C 6C | the round is betting | not stated: assumed the stake goes back  |
