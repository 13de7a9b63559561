@CL
Feature: Catalan club (CCCJ): a whole session with a rotating banker and a co-owned bank
  The annex's internal norms: every participant banks in turn, changing at each reshuffle;
  all advance the same amount to the bank, again whenever it is broke, and share it equally
  at the end, each player's own result counted before the sharing.

  @CL-ANX-4 @CL-ANX-7.1 @CL-ANX-7.2 @CL-ANX-7.4 @CL-ANX-7.5 @CL-ANX-7.6 @CL-ANX-6
  Scenario: Three participants bank in turn and share the bank equally
    CL-ANX-4: "Ejercerán de banquero todos y cada uno de los participantes en el juego, por
    turno, en sentido antihorario, relevándose cada vez que deba barajarse el mazo, acabándose
    la partida cuando finalice la ronda." CL-ANX-7: equal advances, the bank shared equally,
    each result counted before the sharing.
    Given the CL rules
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 100 and seed 7
    When the session is played to its end with every player betting 10
    Then the bankers were A, B and C in turn
    And the session is over
    And A has advanced 100 to the bank
    And the session's accounts agree with its log
