Feature: The protocol's conventions of the log and the table under every rulebook
  The moment each event is logged and what it holds (docs/protocol.md: The round's log, The shoe), played
  under the five rule sets, one Examples table per regulation. Where a scenario needs a rule
  value a rulebook does not have, the game sets it (a value no text states: a refusal by it
  names the rule alone); the burns after a shuffle differ (none for the club, one for Uruguay,
  five for the others): a table's shoe starts with the cards each burns.

  @protocol
  Scenario Outline: Late surrender, named by its bettor, waits for the dealer's second card and loses half the stake
    No text offers surrender: the game sets it to late. P1 gives up box 1 himself (by P1).
    Given the <reg> rules
    And table limits of 10 to 500
    And the rule surrender set to "late"
    And box 1 is dealt TS 6H
    And the dealer's first card is TD
    And the next cards are 7C
    And P1 bets 20 on box 1
    When the cards are dealt
    And P1 surrenders for box 1
    Then the dealer stands on 17
    And the log shows, in order:
      | type      | box | hand | bettor | amount | info      |
      | surrender | 1   | 1    | P1     |        |           |
      | settle    | 1   | 1    | P1     | -10    | surrender |
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
  Scenario Outline: A hand that has hit may no longer surrender: refused by the rule alone
    The game sets surrender to late; box 1 has drawn a card: the surrender refused names the rule, no clause.
    Given the <reg> rules
    And table limits of 10 to 500
    And the rule surrender set to "late"
    And box 1 is dealt 9C 2C
    And the dealer's first card is TD
    And the next cards are 5C 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    And box 1 surrenders
    Then it is refused by the rule surrender
    When box 1 stands
    Then the dealer stands on 17
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
  Scenario Outline: A doubled hand that may draw again stands by itself at 21
    The game sets double_one_card to false (and, where the rule set lets a hand draw on 21, not to): the doubled ten draws an ace, 21, and no card may follow on it (an automatic stand, no bettor).
    Given the <reg> rules
    And table limits of 10 to 500
    And <setup>
    And the rule double_one_card set to false
    And box 1 is dealt 6S 4H
    And the dealer's first card is 9D
    And the next cards are AC 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles
    Then the log shows, in order and with nothing between:
      | type   | box | hand | bettor | card | info      |
      | double | 1   | 1    | P1     |      |           |
      | match  | 1   | 1    | P1     |      |           |
      | card   | 1   | 1    |        | AC   |           |
      | stand  | 1   | 1    |        |      | automatic |
    And the dealer stands on 17
    And P1 wins 20

    @CL
    Examples: CL
      | reg | setup                                                    |
      | CL  | the rules hit_on_hard_21 and hit_on_soft_21 set to false |

    @ES
    Examples: ES
      | reg | setup                     |
      | ES  | table limits of 10 to 500 |

    @UY
    Examples: UY
      | reg | setup                     |
      | UY  | table limits of 10 to 500 |

    @CZ
    Examples: CZ
      | reg | setup                     |
      | CZ  | table limits of 10 to 500 |

    @IT
    Examples: IT
      | reg | setup                                                    |
      | IT  | the rules hit_on_hard_21 and hit_on_soft_21 set to false |

  @protocol
  Scenario Outline: The options are announced once the deal is over
    Where the rule set does not have the dealer announce the options, the game sets it to.
    Given the <reg> rules
    And table limits of 10 to 500
    And <setup>
    And box 1 is dealt TS 8H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the log shows, in order:
      | type    | box |
      | card    | 1   |
      | options |     |
      | stand   | 1   |
    And P1 wins 10

    @CL
    Examples: CL
      | reg | setup                     |
      | CL  | table limits of 10 to 500 |

    @ES
    Examples: ES
      | reg | setup                                 |
      | ES  | the rule announce_options set to true |

    @UY
    Examples: UY
      | reg | setup                                 |
      | UY  | the rule announce_options set to true |

    @CZ
    Examples: CZ
      | reg | setup                                 |
      | CZ  | the rule announce_options set to true |

    @IT
    Examples: IT
      | reg | setup                                 |
      | IT  | the rule announce_options set to true |

  @protocol
  Scenario Outline: Too many participants, none, or none given where the cut card depends on them, are refused
    More than a player to a box (and the banker where the players bank) is refused by max_boxes; no participant names participants; a table whose rule set places the cut card per participant (the club's; the game sets it for the others) started without them names participants.
    Given the <reg> rules
    And table limits of 10 to 500
    And <setup>
    And <participants>
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    Then <refusal>

    @CL
    Examples: CL
      | reg | setup                     | participants                    | refusal                                        |
      | CL  | table limits of 10 to 500 | 9 participants are at the table | it is refused by the rule max_boxes            |
      | CL  | table limits of 10 to 500 | 0 participants are at the table | it is refused as bad input naming participants |
      | CL  | table limits of 10 to 500 | table limits of 10 to 500       | it is refused as bad input naming participants |

    @ES
    Examples: ES
      | reg | setup                                      | participants                    | refusal                                        |
      | ES  | table limits of 10 to 500                  | 9 participants are at the table | it is refused by the rule max_boxes            |
      | ES  | table limits of 10 to 500                  | 0 participants are at the table | it is refused as bad input naming participants |
      | ES  | the rule cut_card_per_participant set to 3 | table limits of 10 to 500       | it is refused as bad input naming participants |

    @UY
    Examples: UY
      | reg | setup                                      | participants                    | refusal                                        |
      | UY  | table limits of 10 to 500                  | 9 participants are at the table | it is refused by the rule max_boxes            |
      | UY  | table limits of 10 to 500                  | 0 participants are at the table | it is refused as bad input naming participants |
      | UY  | the rule cut_card_per_participant set to 3 | table limits of 10 to 500       | it is refused as bad input naming participants |

    @CZ
    Examples: CZ
      | reg | setup                                      | participants                    | refusal                                        |
      | CZ  | table limits of 10 to 500                  | 9 participants are at the table | it is refused by the rule max_boxes            |
      | CZ  | table limits of 10 to 500                  | 0 participants are at the table | it is refused as bad input naming participants |
      | CZ  | the rule cut_card_per_participant set to 3 | table limits of 10 to 500       | it is refused as bad input naming participants |

    @IT
    Examples: IT
      | reg | setup                                      | participants                    | refusal                                        |
      | IT  | table limits of 10 to 500                  | 9 participants are at the table | it is refused by the rule max_boxes            |
      | IT  | table limits of 10 to 500                  | 0 participants are at the table | it is refused as bad input naming participants |
      | IT  | the rule cut_card_per_participant set to 3 | table limits of 10 to 500       | it is refused as bad input naming participants |

  @protocol
  Scenario Outline: During the insurance call, the amount, the bettor and a play are refused in the protocol's order
    Insurance is called after the deal: an amount of "ten" names the amount; P9, with no bet on the box, the bettor (an input error); a hit during the call is out of its phase (play_order).
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 9S 7H
    And the dealer's first card is AD
    And the next cards are 8C
    And P1 bets 20 on box 1
    When the cards are dealt
    Then the round is insurance
    When P1 insures box 1 for ten
    Then it is refused as bad input naming amount
    When P9 insures box 1 for 5
    Then it is refused as bad input naming bettor
    When box 1 hits
    Then it is refused by the rule play_order
    When insurance closes
    And box 1 stands
    Then the dealer stands on 19
    And P1 loses 20

    @CL
    Examples: CL
      | reg |
      | CL  |

    @ES
    Examples: ES
      | reg |
      | ES  |

    @CZ
    Examples: CZ
      | reg |
      | CZ  |

    @IT
    Examples: IT
      | reg |
      | IT  |

  @protocol
  Scenario Outline: Winnings held for a bettor who left are handed back when he comes back
    The game keeps an absent bettor's winnings three rounds and has the dealer play his hand to twelve (values no text states but Uruguay's). P1 leaves during the round; his twenty stands and beats the dealer's seventeen: 20 is held (his stake and the 10 won), then claimed.
    Given the <reg> rules
    And table limits of 10 to 500
    And the rule unclaimed_winnings_rounds set to 3
    And the rule absent_player_draws_to set to 12
    And 3 participants are at the table
    And the shoe, once cut, starts with <burnt> TS 9D KH 8C
    When the cut is made at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And P1 leaves the table
    And the dealer plays box 1 for its absent bettor
    Then P1's winnings of 20 are held on the table
    When P1 comes back for his winnings
    Then the log shows, in order:
      | type    | box | bettor | amount | info      |
      | absent  | 1   |        |        |           |
      | stand   | 1   |        |        | automatic |
      | held    |     | P1     | 20     |           |
      | claimed |     | P1     | 20     |           |
    And nothing of P1's is held

    @CL
    Examples: CL
      | reg | burnt |
      | CL  |       |

    @ES
    Examples: ES
      | reg | burnt          |
      | ES  | 2C 3C 4C 5C 6C |

    @CZ
    Examples: CZ
      | reg | burnt          |
      | CZ  | 2C 3C 4C 5C 6C |

    @IT
    Examples: IT
      | reg | burnt          |
      | IT  | 2C 3C 4C 5C 6C |

  @protocol
  Scenario Outline: A pushed stake that stays on its box opens the next round before its first bet
    Where the rule set returns a pushed stake, the game keeps it on its box: the next round opens with it (stays), before the bet that opened it.
    Given the <reg> rules
    And table limits of 10 to 500
    And <setup>
    And 3 participants are at the table
    And the shoe, once cut, starts with <burnt> TS 9D 8H 9C
    When the cut is made at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    And P2 bets 10 on box 2
    Then the log shows, in order:
      | type   | box | bettor | amount | info |
      | settle | 1   | P1     | 0      | push |
      | clear  |     |        |        |      |
      | stays  | 1   | P1     | 10     |      |
      | bet    | 2   | P2     | 10     |      |

    @CL
    Examples: CL
      | reg | burnt | setup                                 |
      | CL  |       | the rule push_stake_stays set to true |

    @ES
    Examples: ES
      | reg | burnt          | setup                                 |
      | ES  | 2C 3C 4C 5C 6C | the rule push_stake_stays set to true |

    @CZ
    Examples: CZ
      | reg | burnt          | setup                     |
      | CZ  | 2C 3C 4C 5C 6C | table limits of 10 to 500 |

    @IT
    Examples: IT
      | reg | burnt          | setup                                 |
      | IT  | 2C 3C 4C 5C 6C | the rule push_stake_stays set to true |

  @protocol
  Scenario Outline: A blackjack against a nine is paid as soon as the deal is over, without a stand
    Where the rule set pays a blackjack only at the end, the game pays it at once.
    Given the <reg> rules
    And table limits of 10 to 500
    And <setup>
    And box 1 is dealt AS KH
    And the dealer's first card is 9D
    And the next cards are 9C
    And P1 bets 10 on box 1
    When the cards are dealt
    Then the log shows, in order:
      | type        | box | card | info      |
      | card        | 1   | AS   |           |
      | dealer_card |     | 9D   |           |
      | card        | 1   | KH   |           |
      | settle      | 1   |      | blackjack |
    And P1 wins 15

    @CL
    Examples: CL
      | reg | setup                     |
      | CL  | table limits of 10 to 500 |

    @ES
    Examples: ES
      | reg | setup                                          |
      | ES  | the rule pay_blackjack_immediately set to true |

    @CZ
    Examples: CZ
      | reg | setup                                          |
      | CZ  | the rule pay_blackjack_immediately set to true |

    @IT
    Examples: IT
      | reg | setup                                          |
      | IT  | the rule pay_blackjack_immediately set to true |

  @protocol
  Scenario Outline: Limits off the ratio of maximum to minimum, or no maximum under it, are refused by limit_ratio
    The club sets a ratio between 4 and 50; the game sets the same for the others: 10 to 1000 is 100 to one.
    Given the <reg> rules
    And <setup>
    And <limits>
    And the shoe holds TS 9D 8H 8C
    When P1 bets 10 on box 1
    Then it is refused by the rule limit_ratio

    @CL
    Examples: CL
      | reg | setup                     | limits                               |
      | CL  | table limits of 10 to 500 | table limits of 10 to 1000           |
      | CL  | table limits of 10 to 500 | a table minimum of 10 and no maximum |

    @ES
    Examples: ES
      | reg | setup                               | limits                               |
      | ES  | the rule limit_ratio set to [4, 50] | table limits of 10 to 1000           |
      | ES  | the rule limit_ratio set to [4, 50] | a table minimum of 10 and no maximum |

    @CZ
    Examples: CZ
      | reg | setup                               | limits                               |
      | CZ  | the rule limit_ratio set to [4, 50] | table limits of 10 to 1000           |
      | CZ  | the rule limit_ratio set to [4, 50] | a table minimum of 10 and no maximum |

    @IT
    Examples: IT
      | reg | setup                               | limits                               |
      | IT  | the rule limit_ratio set to [4, 50] | table limits of 10 to 1000           |
      | IT  | the rule limit_ratio set to [4, 50] | a table minimum of 10 and no maximum |

  @protocol
  Scenario Outline: A bettor behind declines a double the box's owner names himself
    P2 bets behind P1 on box 1; P1 doubles (by P1) and P2 declines: a decline naming the doubled hand.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 6S 5H
    And the dealer's first card is 6D
    And the next cards are 9C TC 3C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And P1 doubles for box 1 and P2 declines
    Then the log shows, in order:
      | type    | box | hand | bettor | info   |
      | double  | 1   | 1    | P1     |        |
      | match   | 1   | 1    | P1     |        |
      | decline | 1   | 1    | P2     | double |

    @ES
    Examples: ES
      | reg |
      | ES  |

    @CZ
    Examples: CZ
      | reg |
      | CZ  |

    @IT
    Examples: IT
      | reg |
      | IT  |

  @protocol
  Scenario Outline: A changed and a withdrawn bet are logged as they happen
    P1 raises his bet before the deal; P2 bets on box 2 and takes it back.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt TS 8H
    And the dealer's first card is 9D
    And the next cards are 8C
    When P1 bets 10 on box 1
    And P1 changes his bet on box 1 to 20
    And P2 bets 10 on box 2
    And P2 withdraws his bet from box 2
    And the cards are dealt
    And box 1 stands
    Then the log shows, in order and with nothing between:
      | type         | box | bettor | amount |
      | bet          | 1   | P1     | 10     |
      | change_bet   | 1   | P1     | 20     |
      | bet          | 2   | P2     | 10     |
      | withdraw_bet | 2   | P2     |        |
    And P1 wins 20

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
