Feature: Surrender compared across the regulations
  Surrender gives up a hand on its first two cards, before any other decision on it, for half
  its stake: late, when the half comes back only if the dealer has no blackjack (his blackjack
  takes the whole stake); early, whatever he holds. None of the five texts mentions it, and
  every rule set offers none: the club, Uruguay and the Czech casino forbid changing, withdrawing
  or taking a bet from the table once the round has started, save where the text provides
  (CL-15.2, UY-13.3, CZ-HRA-5), which their rule sets read as ruling surrender out; Melilla's
  fragment and Campione's summary say nothing of it (an assumption). The scenarios after the
  outline change the value, as a club or a regulator weighing the rule would, to show how the
  engine plays it; the texts' own rules still apply around it.

  Scenario Outline: Surrender, compared
    Rule compared: whether a hand may be given up for half its stake. No text mentions
    surrender; three forbid taking a stake back once the round has started (read: no
    surrender), two are silent (assumed: none). Ten-six against the dealer's ten is the hand the
    trade surrenders first: here it must stand (or draw), and loses to the dealer's 17.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt TS 6H
    And the dealer's first card is TD
    And the next cards are 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 may not surrender
    When box 1 surrenders
    Then <the surrender>
    When box 1 stands
    Then the dealer stands on 17
    And P1 loses 10

    @CL-15.2 @CL @assumes-surrender
    Examples: CL
      | reg | the surrender                | basis                                                                                   |
      | CL  | it is refused citing CL-15.2 | reading: "no se pueden modificar las apuestas realizadas, salvo en los tasos previstos" |

    @ES @assumes-surrender
    Examples: ES
      | reg | the surrender                                | basis                                               |
      | ES  | it is refused under the assumption surrender | not stated: the fragment does not mention surrender |

    @UY-13.3 @UY @assumes-surrender
    Examples: UY
      | reg | the surrender                | basis                                                                          |
      | UY  | it is refused citing UY-13.3 | reading: after "NO VA MAS" no bet may be "retirarse", save where the rules say |

    @CZ-HRA-5 @CZ @assumes-surrender
    Examples: CZ
      | reg | the surrender                 | basis                                                            |
      | CZ  | it is refused citing CZ-HRA-5 | reading: "nelze na stůl žádné sázky přidávat ani je z něho brát" |

    @IT @assumes-surrender
    Examples: IT
      | reg | the surrender                                | basis                                              |
      | IT  | it is refused under the assumption surrender | not stated: the summary does not mention surrender |

  @CL @CL-5.1 @assumes-surrender
  Scenario: A late surrender loses the whole stake to a dealer blackjack
    The club's rules with late surrender (a changed value). The hand is given up, but no card
    is turned yet: the dealer's second card, an ace, makes his blackjack, which "supera a todas
    las otras manos" (CL-5.1): the whole stake of 20 is lost, as if the hand had played.
    Given the CL rules with surrender set to "late"
    And table limits of 10 to 500
    And box 1 is dealt TS 6H
    And the dealer's first card is TD
    And the next cards are AC
    And P1 bets 20 on box 1
    When the cards are dealt
    Then box 1 may surrender
    When box 1 surrenders
    Then the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | lose    | -20 |

  @CL @CL-5.1 @assumes-surrender
  Scenario: A late surrender gets half the stake back when the dealer has no blackjack
    The club's rules with late surrender. The dealer's second card is a seven: no blackjack,
    and he draws no more for a hand that is already given up. Half of 30 comes back: the loss
    is exactly 15.
    Given the CL rules with surrender set to "late"
    And table limits of 10 to 500
    And box 1 is dealt TS 6H
    And the dealer's first card is TD
    And the next cards are 6C 9S
    And P1 bets 30 on box 1
    When the cards are dealt
    And box 1 surrenders
    Then the dealer stands on 16
    And the settlement is:
      | box | hand | bettor | outcome   | net |
      | 1   | 1    | P1     | surrender | -15 |

  @CZ @assumes-surrender
  Scenario: An early surrender is settled at once, whatever the dealer holds
    The Czech rules with early surrender (a changed value). Half the stake is lost at once; the
    dealer's later blackjack takes nothing more. A stake of 15 loses 7.5, exact money.
    Given the CZ rules with surrender set to "early"
    And table limits of 10 to 500
    And box 1 is dealt TS 6H
    And the dealer's first card is TD
    And the next cards are AC
    And P1 bets 15 on box 1
    When the cards are dealt
    And box 1 surrenders
    Then the settlement is:
      | box | hand | bettor | outcome   | net  |
      | 1   | 1    | P1     | surrender | -7.5 |
    And P1 loses 7.5

  @CZ @CZ-HRA-19 @assumes-surrender
  Scenario: Surrender is for a hand's first two cards, and for a split hand only where the rule says
    The Czech rules with late surrender. Box 1 hits first: with three cards it may no longer
    surrender, and loses on 15. Box 2 splits its eights ("Všechny dvojice lze rozdělit",
    CZ-HRA-19): a split hand may not surrender (surrender_after_split is no). Its hands stand on
    18 (a win) and 17 (a push) against the dealer's 17.
    Given the CZ rules with surrender set to "late"
    And table limits of 10 to 500
    And box 1 is dealt TS 3H
    And box 2 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are 2C TC 9C 8D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 hits
    Then box 1 may not surrender
    When box 1 surrenders
    Then it is refused under the assumption surrender
    When box 1 stands
    And box 2 splits
    Then box 2 may not surrender
    When box 2 surrenders
    Then it is refused under the assumption surrender_after_split
    When box 2 stands
    And box 2 stands
    Then the dealer stands on 17
    And P1 loses 10
    And P2 wins 10

  @CZ @CZ-HRA-19 @assumes-surrender
  Scenario: A split hand surrenders where the rule lets it
    The Czech rules with late surrender, and surrender after a split (both changed values).
    Box 1 splits its eights; the first hand draws a ten (18) and stands; the second draws a
    six (14) and surrenders: half its stake comes back against the dealer's 17.
    Given the CZ rules with surrender set to "late"
    And the rule surrender_after_split set to true
    And table limits of 10 to 500
    And box 1 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are TC 6C 8D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 stands
    Then box 1 may surrender
    When box 1 surrenders
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | bettor | outcome   | net |
      | 1   | 1    | P1     | win       | 10  |
      | 1   | 2    | P1     | surrender | -5  |
