Feature: The hole card, a changed value
  Every one of the five texts deals the dealer one card with the players' first cards and his
  second after the players have played (for Uruguay UY-24.1, UY-24.3 and UY-38.1, which calls
  insurance just before the bank's second card): no hole card. These scenarios change the
  values, as a house weighing the rule would, to show how the engine plays a hole-card game: the
  dealer's second card dealt face down after the players' second cards, checked for a blackjack
  before the players act (peek) where his up card is an ace or ten-valued; insurance called after
  the initial deal (as it must be: it is settled at the check) and settled there; early
  surrender offered before the check.

  @UY @protocol
  Scenario: A hole card with insurance called before the dealer's second card is refused
    Uruguay calls insurance before the bank's second card (UY-38.1): with a hole card that card
    is dealt at the deal, and insurance is settled when the dealer checks it, before the players
    act. The two values cannot be played together: the round is refused, naming hole_card.
    Given the UY rules with hole_card set to "peek"
    And table limits of 10 to 500
    And box 1 is dealt TS 6H
    And the dealer's first card is AH
    And the next cards are KS
    When P1 bets 20 on box 1
    Then it is refused as bad input naming hole_card

  @UY @protocol
  Scenario: A peek under an ace finds a blackjack: insurance paid, a natural pushes, the round over
    Box 1 insures; box 2 holds a blackjack. The hole card, a king, makes the dealer's
    blackjack: the round ends at once, before any player acts.
    Given the UY rules with hole_card set to "peek"
    And the rule insurance_timing set to "after_initial_deal"
    And table limits of 10 to 500
    And box 1 is dealt TS 6H
    And box 2 is dealt AD KC
    And the dealer's first card is AH
    And the next cards are KS
    And P1 bets 20 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    Then the round is insurance
    When P1 insures box 1 for 10
    And insurance closes
    Then the log shows, in order:
      | type             | card | info      |
      | dealer_card      | AH   |           |
      | card             | 6H   |           |
      | card             | KC   |           |
      | dealer_hole      | KS   |           |
      | insurance_closed |      |           |
      | peek             |      | blackjack |
      | hole_turned      | KS   |           |
      | dealer_total     |      | blackjack |
    And the round is over
    And the settlement is:
      | box | hand | bettor | outcome       | net |
      | 1   |      | P1     | insurance_win | 20  |
      | 1   | 1    | P1     | lose          | -20 |
      | 2   | 1    | P2     | push          | 0   |

  @UY @protocol
  Scenario: A peek under a ten finds no blackjack: the players act, then the dealer turns his hole card
    Given the UY rules with hole_card set to "peek"
    And the rule insurance_timing set to "after_initial_deal"
    And table limits of 10 to 500
    And box 1 is dealt 9S 3H
    And the dealer's first card is TD
    And the next cards are 7C 6D
    And P1 bets 10 on box 1
    When the cards are dealt
    Then the round is playing
    When box 1 hits and stands
    Then the log shows, in order:
      | type         | card | info         |
      | dealer_card  | TD   |              |
      | card         | 3H   |              |
      | dealer_hole  | 7C   |              |
      | peek         |      | no_blackjack |
      | hit          |      |              |
      | card         | 6D   |              |
      | hole_turned  | 7C   |              |
      | dealer_total |      | stands       |
    And P1 wins 10

  @UY @protocol
  Scenario: Early surrender is offered before the peek, which then finds a blackjack
    Box 2 gives up its 16 for half its stake before the dealer checks; box 1 plays on and loses
    its whole stake to the blackjack the check finds.
    Given the UY rules with hole_card set to "peek"
    And the rule insurance_timing set to "after_initial_deal"
    And the rule surrender set to "early"
    And table limits of 10 to 500
    And box 1 is dealt TS 9H
    And box 2 is dealt 9S 7D
    And the dealer's first card is KH
    And the next cards are AC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    Then the round is surrender
    When box 2 surrenders
    And early surrender closes
    Then the log shows, in order:
      | type              | box | info      |
      | dealer_hole       |     |           |
      | surrender_offered |     |           |
      | surrender         | 2   |           |
      | surrender_closed  |     |           |
      | peek              |     | blackjack |
      | hole_turned       |     |           |
    And the settlement is:
      | box | hand | bettor | outcome   | net |
      | 2   | 1    | P2     | surrender | -5  |
      | 1   | 1    | P1     | lose      | -10 |
