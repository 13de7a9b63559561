Feature: The protocol's refusals under every rulebook: which code, which field, which rule
  docs/protocol.md's table of refusals (Refusals: which code, which field) gives each refusal
  its code and its field or rule, and which refusal wins when two apply. These are the
  protocol's conventions, not the texts' words (the scenarios carry the protocol tag): an
  implementation that names another field, a list of fields or another rule citing the same
  clauses fails. Each outline plays one situation under the five rule sets, one Examples table
  per regulation; a refusal by a rule cites exactly the clauses the rule set cites for it (none
  where the rule set assumes the value, or where the game overrides it).

  @protocol
  Scenario Outline: A box, an amount, a second bet and an action the protocol does not know are refused, each naming its field
    A bet on box 9 of "ten": the box is checked before the amount (the order of a bet's
    refusals), then the amount ("ten", then nothing); P1's second bet on the box names the
    bettor; after the deal an action of no protocol names the action. The game goes on after
    each refusal.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 9S 7H
    And the dealer's first card is 8D
    And the next cards are TC
    When P1 bets ten on box 9
    Then it is refused as bad input naming box
    When P1 bets ten on box 1
    Then it is refused as bad input naming amount
    When P1 bets 0 on box 1
    Then it is refused as bad input naming amount
    When P1 bets 10 on box 1
    And P1 bets 10 on box 1
    Then it is refused as bad input naming bettor
    When the cards are dealt
    And the action undo is sent for box 1
    Then it is refused as bad input naming action
    When box 1 stands
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
  Scenario Outline: A deal with no bet is refused naming bets
    Given the <reg> rules
    And table limits of 10 to 500
    And the shoe holds 9S 8D 7H TC
    When the cards are dealt
    Then it is refused as bad input naming bets

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
  Scenario Outline: A start with a card of no deck is refused naming card
    Given the <reg> rules
    And table limits of 10 to 500
    And the shoe holds 1S 8D 7H TC
    When P1 bets 10 on box 1
    Then it is refused as bad input naming card

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
  Scenario Outline: A round-level shoe with more of a card than the decks hold is refused naming shoe
    The rule set's decks: two for the club, five for Uruguay, six for the others.
    Given the <reg> rules
    And table limits of 10 to 500
    And the shoe holds <aces>
    When P1 bets 10 on box 1
    Then it is refused as bad input naming shoe

    @CL
    Examples: CL
      | reg | aces           |
      | CL  | AS AS AS 8D TC |

    @ES
    Examples: ES
      | reg | aces                       |
      | ES  | AS AS AS AS AS AS AS 8D TC |

    @UY
    Examples: UY
      | reg | aces                    |
      | UY  | AS AS AS AS AS AS 8D TC |

    @CZ
    Examples: CZ
      | reg | aces                       |
      | CZ  | AS AS AS AS AS AS AS 8D TC |

    @IT
    Examples: IT
      | reg | aces                       |
      | IT  | AS AS AS AS AS AS AS 8D TC |

  @protocol
  Scenario Outline: Table limits that are not money, or the wrong way round, are refused naming limits
    A limit that is not money at all is refused as limits the wrong way round are: naming
    limits, not amount.
    Given the <reg> rules
    And table limits of <low> to <high>
    And the shoe holds 9S 8D 7H TC
    When P1 bets 10 on box 1
    Then it is refused as bad input naming limits

    @CL
    Examples: CL
      | reg | low | high |
      | CL  | ten | 500  |
      | CL  | 500 | 10   |

    @ES
    Examples: ES
      | reg | low | high |
      | ES  | ten | 500  |
      | ES  | 500 | 10   |

    @UY
    Examples: UY
      | reg | low | high |
      | UY  | ten | 500  |
      | UY  | 500 | 10   |

    @CZ
    Examples: CZ
      | reg | low | high |
      | CZ  | ten | 500  |
      | CZ  | 500 | 10   |

    @IT
    Examples: IT
      | reg | low | high |
      | IT  | ten | 500  |
      | IT  | 500 | 10   |

  @protocol
  Scenario Outline: An override of no rule, or of the wrong kind, is refused naming override or the rule in brackets
    The field of an override of the wrong kind is the word override, a space and the rule's
    name in brackets: override [decks].
    Given the <reg> rules
    And table limits of 10 to 500
    And the start overrides <rule> with <value>
    And the shoe holds 9S 8D 7H TC
    When P1 bets 10 on box 1
    Then it is refused as bad input naming <field>

    @CL
    Examples: CL
      | reg | rule         | value | field            |
      | CL  | no_such_rule | 1     | override         |
      | CL  | decks        | "x"   | override [decks] |

    @ES
    Examples: ES
      | reg | rule         | value | field            |
      | ES  | no_such_rule | 1     | override         |
      | ES  | decks        | "x"   | override [decks] |

    @UY
    Examples: UY
      | reg | rule         | value | field            |
      | UY  | no_such_rule | 1     | override         |
      | UY  | decks        | "x"   | override [decks] |

    @CZ
    Examples: CZ
      | reg | rule         | value | field            |
      | CZ  | no_such_rule | 1     | override         |
      | CZ  | decks        | "x"   | override [decks] |

    @IT
    Examples: IT
      | reg | rule         | value | field            |
      | IT  | no_such_rule | 1     | override         |
      | IT  | decks        | "x"   | override [decks] |

  @protocol
  Scenario Outline: A regulation id that names none is refused naming regulation
    Given the rules of an unknown regulation <id>
    And table limits of 10 to 500
    And the shoe holds 9S 8D 7H TC
    When P1 bets 10 on box 1
    Then it is refused as bad input naming regulation

    @CL
    Examples: CL
      | id  |
      | CLX |

    @ES
    Examples: ES
      | id  |
      | ESX |

    @UY
    Examples: UY
      | id  |
      | UYX |

    @CZ
    Examples: CZ
      | id  |
      | CZX |

    @IT
    Examples: IT
      | id  |
      | ITX |

  @protocol
  Scenario Outline: A round-level shoe that runs out is refused naming shoe
    The dealer's second card is not in the stacked shoe: the stand that makes him draw it is
    refused (after it the game is undefined: the scenario ends there).
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 9S 7H
    And the dealer's first card is 8D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then it is refused as bad input naming shoe

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
  Scenario Outline: A table or a session action at the round level is refused naming table
    A session action is a table action here: its field is table, as for the shuffle (level is
    for a table started without a session).
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 9S 7H
    And the dealer's first card is 8D
    And the next cards are TC
    And P1 bets 10 on box 1
    When the shoe is shuffled
    Then it is refused as bad input naming table
    When a round is played with bets P1 10
    Then it is refused as bad input naming table
    When the dealer changes
    Then it is refused as bad input naming table
    When the cards are dealt
    And box 1 stands
    Then P1 loses 10

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
  Scenario Outline: At a table, each refusal names its field: the round before the first, the level without a session, the cut, the action during a round
    Before the first round a play action and the phase are refused naming round; a session
    action, at a table started without a session, naming level; a bet while the shoe waits
    for the cut, naming cut, and a second cut too; during the round the shuffle and the change
    of dealer naming action (each belongs between rounds). The cards dealt differ with the
    cards each rule set burns: nothing here depends on them.
    Given the <reg> rules
    And table limits of 10 to 500
    And 3 participants are at the table
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When box 1 hits
    Then it is refused as bad input naming round
    When the phase is asked
    Then it is refused as bad input naming round
    When a round is played with bets P1 10
    Then it is refused as bad input naming level
    When P1 bets 10 on box 1
    Then it is refused as bad input naming cut
    When the cut is made at 60
    And the cut is made at 60
    Then it is refused as bad input naming cut
    When P1 bets 10 on box 1
    And the cards are dealt
    And the shoe is shuffled
    Then it is refused as bad input naming action
    When the dealer changes
    Then it is refused as bad input naming action

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
  Scenario Outline: A misdeals entry that is no card of the deal, or has no card number, is refused naming misdeals; one to a box of none naming box
    With one box the deal has three cards: 1 to the box, 2 the dealer's, 3 the box's second.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 9S 7H
    And the dealer's first card is 8D
    And the next cards are TC
    And P1 bets 10 on box 1
    When the cards are dealt with the dealer's mistakes given as [{"before": 4, "to_box": 1}]
    Then it is refused as bad input naming misdeals
    When the cards are dealt with the dealer's mistakes given as [{"to_box": 1}]
    Then it is refused as bad input naming misdeals
    When the cards are dealt with the dealer's mistakes given as [{"before": "2"}]
    Then it is refused as bad input naming misdeals
    When the cards are dealt with the dealer's mistakes given as [{"before": 1, "to_box": 9}]
    Then it is refused as bad input naming box
    When the cards are dealt
    And box 1 stands
    Then P1 loses 10

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
  Scenario Outline: The deal's cards are numbered with the dealer's card among them
    With one box, card 3 of the deal is the box's second card, after the dealer's: a card dealt
    to box 2 by mistake before it comes after the dealer's card (what the rule set then does
    with it differs).
    Given the <reg> rules
    And table limits of 10 to 500
    And the shoe holds 9S 8D 5C 7H TC 2S 3S 4S
    And P1 bets 10 on box 1
    When the cards are dealt, the dealer giving the next card to box 2 by mistake before card 3 of the deal
    Then the log shows, in order:
      | type        | box | card |
      | card        | 1   | 9S   |
      | dealer_card |     | 8D   |
      | misdeal     | 2   | 5C   |

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
  Scenario Outline: Before the deal a misdeal and insurance are refused by their rules; after it consent to a bet by bets_closed_at_deal
    A refusal by a rule names that rule and cites exactly what the rule set cites for it.
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 9S 7H
    And the dealer's first card is 8D
    And the next cards are TC
    And P1 bets 10 on box 1
    When the dealer deals the next card to box 1 by mistake
    Then it is refused by the rule misdeal_remedy
    When P1 insures box 1 for 5
    Then it is refused by the rule insurance_timing
    When the cards are dealt
    And P1 consents to P2's bet on box 1
    Then it is refused by the rule bets_closed_at_deal
    When box 1 stands
    Then P1 loses 10

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
  Scenario Outline: A double on three cards names double_totals
    Box 1's nine draws a three: twelve on three cards, which may not double (the rule of the
    totals a hand may double on, whatever they are: only a hand of two cards has one).
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 5S 4H
    And the dealer's first card is 6D
    And the next cards are 3C TC 5D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    And box 1 doubles
    Then it is refused by the rule double_totals
    And the log shows, in order:
      | type | box | card |
      | hit  | 1   |      |
      | card | 1   | 3C   |
    When box 1 stands
    Then the dealer stands on 21
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
  Scenario Outline: Declining a bettor with no stake on the hand names declining
    Given the <reg> rules
    And table limits of 10 to 500
    And box 1 is dealt 6S 5H
    And the dealer's first card is 6D
    And the next cards are TC TD 2C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles and P9 declines
    Then it is refused as bad input naming declining
    When box 1 doubles
    Then the dealer stands on 18
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

  @protocol
  Scenario Outline: A hit on a hand closed at 21 names the rule of a hard or of a soft 21
    A five and a six draw a ten: a hard 21; an ace and a six draw a four: a soft 21 (the ace
    counted eleven). Either stands by itself where no card may be drawn on it, and a further
    hit is refused by the rule of its 21: hit_on_hard_21 or hit_on_soft_21, whichever it is.
    Where the rule set lets a hand draw on 21, the game sets it not to (a value no text states:
    refused by the rule alone).
    Given the <reg> rules
    And table limits of 10 to 500
    And <setup>
    And box 1 is dealt <cards>
    And the dealer's first card is 9D
    And the next cards are <next>
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    And box 1 hits
    Then it is refused by the rule <rule>
    And the dealer stands on 17
    And P1 wins 10

    @CL
    Examples: CL
      | reg | setup                                                    | cards | next  | rule           |
      | CL  | the rules hit_on_hard_21 and hit_on_soft_21 set to false | 5S 6H | TC 8C | hit_on_hard_21 |
      | CL  | the rules hit_on_hard_21 and hit_on_soft_21 set to false | AS 6C | 4C 8C | hit_on_soft_21 |

    @ES
    Examples: ES
      | reg | setup                     | cards | next  | rule           |
      | ES  | table limits of 10 to 500 | 5S 6H | TC 8C | hit_on_hard_21 |
      | ES  | table limits of 10 to 500 | AS 6C | 4C 8C | hit_on_soft_21 |

    @UY
    Examples: UY
      | reg | setup                     | cards | next  | rule           |
      | UY  | table limits of 10 to 500 | 5S 6H | TC 8C | hit_on_hard_21 |
      | UY  | table limits of 10 to 500 | AS 6C | 4C 8C | hit_on_soft_21 |

    @CZ
    Examples: CZ
      | reg | setup                     | cards | next  | rule           |
      | CZ  | table limits of 10 to 500 | 5S 6H | TC 8C | hit_on_hard_21 |
      | CZ  | table limits of 10 to 500 | AS 6C | 4C 8C | hit_on_soft_21 |

    @IT
    Examples: IT
      | reg | setup                                                    | cards | next  | rule           |
      | IT  | the rules hit_on_hard_21 and hit_on_soft_21 set to false | 5S 6H | TC 8C | hit_on_hard_21 |
      | IT  | the rules hit_on_hard_21 and hit_on_soft_21 set to false | AS 6C | 4C 8C | hit_on_soft_21 |

  @protocol
  Scenario Outline: At a table, a bettor who leaves where no rule keeps his winnings, or claims what is not held, is refused by unclaimed_winnings_rounds
    Where the rule set keeps an absent bettor's winnings (Uruguay: three rounds), the game sets
    it not to (a value no text states: refused by the rule alone).
    Given the <reg> rules
    And table limits of 10 to 500
    And <setup>
    And 3 participants are at the table
    And the shoe, once cut, starts with 2C 9S 8D 7H TC
    When the cut is made at 60
    And P1 leaves the table
    Then it is refused by the rule unclaimed_winnings_rounds
    When P1 comes back for his winnings
    Then it is refused by the rule unclaimed_winnings_rounds

    @CL
    Examples: CL
      | reg | setup                     |
      | CL  | table limits of 10 to 500 |

    @ES
    Examples: ES
      | reg | setup                     |
      | ES  | table limits of 10 to 500 |

    @UY
    Examples: UY
      | reg | setup                                            |
      | UY  | the rule unclaimed_winnings_rounds set to "none" |

    @CZ
    Examples: CZ
      | reg | setup                     |
      | CZ  | table limits of 10 to 500 |

    @IT
    Examples: IT
      | reg | setup                     |
      | IT  | table limits of 10 to 500 |
