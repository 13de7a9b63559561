@CL
Feature: Catalan card club CCCJ: through the protocol, a session's end and its shares
  What the conformance protocol asks of an implementation beyond the texts' words, played under
  the club's rules (docs/protocol.md: the session's events and state, exact money).

  @protocol @CL-ANX-7.2
  Scenario: The session's end is logged before the shares, each an exact amount, a fraction where no decimal is exact
    CL-ANX-7: the bank is shared equally at the end. With the seeded generator's cards (seed
    7) the bank holds 410 when the round of bankers is over: each of the three gets 410/3,
    written as a fraction (it has no finite decimal), in the log and in the state.
    Given the CL rules
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 100 and seed 7
    When the session is played to its end with every player betting 10
    Then the log shows, in order and with nothing between:
      | type        | bettor | amount |
      | session_end |        |        |
      | share       | A      | 410/3  |
      | share       | B      | 410/3  |
      | share       | C      | 410/3  |
    And A's share of the bank is 410/3
    And the session is over
