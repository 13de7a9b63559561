Feature: The house's choices at the start: a rule its text fixes is refused, a malformed choice names house
  docs/protocol.md (start, house; since protocol 7.1): a start may give the house's choice of
  the rules its text leaves to the house (a house option: the values the text permits, each
  cited). None of the five texts leaves a rule to the house, so under them every choice is
  refused by the rule chosen, citing exactly the clauses its rule set cites for it (none where
  the rule set assumes the value or the start overrides it), and a house of no rule, or not an
  object, is bad input naming house; a house that chooses nothing plays the text's rules. These
  are the protocol's conventions (the scenarios carry the protocol tag), played under the five
  rule sets, one Examples table per regulation. (A choice within the values a text permits is
  played by the reference and the JavaScript implementation under a made-up rule set:
  tests/test_house_options.py.)

  @protocol
  Scenario Outline: A house's choice of a rule its text fixes is refused by that rule, even at the value the text sets
    The dealer hitting soft 17 (every text has him stand on it), and the decks at the text's own
    number: neither is the house's to choose. The refusal cites the clauses the rule set cites
    for the rule (none where it assumes the deck count: ES, IT). No game is started.
    Given the <reg> rules
    And table limits of 10 to 500
    And the house chooses <rule> as <value>
    And the shoe holds 9S 8D 7H TC
    When P1 bets 10 on box 1
    Then it is refused by the rule <rule>

    @CL
    Examples: CL
      | reg | rule                  | value |
      | CL  | dealer_stands_soft_17 | false |
      | CL  | decks                 | 2     |

    @ES
    Examples: ES
      | reg | rule                  | value |
      | ES  | dealer_stands_soft_17 | false |
      | ES  | decks                 | 6     |

    @UY
    Examples: UY
      | reg | rule                  | value |
      | UY  | dealer_stands_soft_17 | false |
      | UY  | decks                 | 5     |

    @CZ
    Examples: CZ
      | reg | rule                  | value |
      | CZ  | dealer_stands_soft_17 | false |
      | CZ  | decks                 | 6     |

    @IT
    Examples: IT
      | reg | rule                  | value |
      | IT  | dealer_stands_soft_17 | false |
      | IT  | decks                 | 6     |

  @protocol
  Scenario Outline: At a table, a house's choice of a rule its text fixes is refused by that rule
    Surrender, which no text offers (CL, UY and CZ read its absence from their ban on taking a
    stake back, ES and IT assume it): the refusal cites the clauses the rule set reads it from, or
    none. The table does not start: the cut is refused with it.
    Given the <reg> rules
    And table limits of 10 to 500
    And 3 participants are at the table
    And the house chooses surrender as "late"
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    Then it is refused by the rule surrender

    @CL
    Examples: CL
      | reg |
      | CL  |

    @ES
    Examples: ES
      | reg |
      | ES  |

    @UY
    Examples: UY
      | reg |
      | UY  |

    @CZ
    Examples: CZ
      | reg |
      | CZ  |

    @IT
    Examples: IT
      | reg |
      | IT  |

  @protocol
  Scenario Outline: A rule the start overrides is not the house's to choose: refused naming the rule alone
    The overrides come first: the deck count they set is nobody's regulation, and no house's
    choice; the refusal names decks with no clauses.
    Given the <reg> rules
    And table limits of 10 to 500
    And the start overrides decks with 4
    And the house chooses decks as 4
    And the shoe holds 9S 8D 7H TC
    When P1 bets 10 on box 1
    Then it is refused by the rule decks

    @CL
    Examples: CL
      | reg |
      | CL  |

    @ES
    Examples: ES
      | reg |
      | ES  |

    @UY
    Examples: UY
      | reg |
      | UY  |

    @CZ
    Examples: CZ
      | reg |
      | CZ  |

    @IT
    Examples: IT
      | reg |
      | IT  |

  @protocol
  Scenario Outline: A house's choice of no rule, or not given as an object, is refused naming house
    Given the <reg> rules
    And table limits of 10 to 500
    And the house's choices are given as <house>
    And the shoe holds 9S 8D 7H TC
    When P1 bets 10 on box 1
    Then it is refused as bad input naming house

    @CL
    Examples: CL
      | reg | house                   |
      | CL  | {"resplit_kings": true} |
      | CL  | ["decks", 6]            |

    @ES
    Examples: ES
      | reg | house                   |
      | ES  | {"resplit_kings": true} |
      | ES  | ["decks", 6]            |

    @UY
    Examples: UY
      | reg | house                   |
      | UY  | {"resplit_kings": true} |
      | UY  | ["decks", 6]            |

    @CZ
    Examples: CZ
      | reg | house                   |
      | CZ  | {"resplit_kings": true} |
      | CZ  | ["decks", 6]            |

    @IT
    Examples: IT
      | reg | house                   |
      | IT  | {"resplit_kings": true} |
      | IT  | ["decks", 6]            |

  @protocol
  Scenario Outline: A house that chooses nothing plays its text's rules
    An empty object: the start is accepted and the round is the text's.
    Given the <reg> rules
    And table limits of 10 to 500
    And the house chooses nothing
    And box 1 is dealt 9S 7H
    And the dealer's first card is 8D
    And the next cards are TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 18
    And P1 loses 10

    @CL
    Examples: CL
      | reg |
      | CL  |

    @ES
    Examples: ES
      | reg |
      | ES  |

    @UY
    Examples: UY
      | reg |
      | UY  |

    @CZ
    Examples: CZ
      | reg |
      | CZ  |

    @IT
    Examples: IT
      | reg |
      | IT  |

  @protocol
  Scenario Outline: At a table, a house that chooses nothing deals its text's shoe
    The table starts, the shoe waiting for its cut; once cut, a round may start.
    Given the <reg> rules
    And table limits of 10 to 500
    And 3 participants are at the table
    And the house chooses nothing
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    Then the next round can start

    @CL
    Examples: CL
      | reg |
      | CL  |

    @ES
    Examples: ES
      | reg |
      | ES  |

    @UY
    Examples: UY
      | reg |
      | UY  |

    @CZ
    Examples: CZ
      | reg |
      | CZ  |

    @IT
    Examples: IT
      | reg |
      | IT  |

  @CL @protocol
  Scenario: A session takes the house's choices: choosing nothing, the club's session is played
    The session level takes house, though it takes no overrides: a house's choice is one its
    text permits, so the session is still the club's. Choosing nothing, the participants bank in
    turn and the accounts agree with the log.
    Given the CL rules
    And the house chooses nothing
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 100 and seed 7
    When the session is played to its end with every player betting 10
    Then the session is over
    And the session's accounts agree with its log

  @CL @protocol
  Scenario: A session whose house chooses a banker the text fixes is refused by that rule
    The club's annex has every participant bank in turn (banker_rotation, CL-ANX-4): the house
    may not bank instead; the refusal cites the annex.
    Given the CL rules
    And the house chooses banker_rotation as "house"
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 100
    When the session starts
    Then it is refused by the rule banker_rotation
