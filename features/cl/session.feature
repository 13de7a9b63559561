@CL
Feature: Catalan card club CCCJ: a whole session with a rotating banker and a co-owned bank
  The annex's internal norms: every participant banks in turn, changing at each reshuffle;
  all advance the same amount to the bank, again whenever it is broke, and share it equally
  at the end, each player's own result counted before the sharing.

  @CL-ANX-4 @CL-ANX-7.1 @CL-ANX-7.2 @CL-ANX-7.4 @CL-ANX-7.5 @CL-ANX-7.6
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

  # ------------------------------------------------------------ the table's limits

  @CL-ANX-5b.1
  Scenario: A maximum less than four times the minimum is refused
    CL-ANX-5b: "La relación entre apuesta máxima y mínima estará regida por la proporción 4
    a 1, como mínimo y 50 a 1, como máximo." Limits of 10 to 30 are 3 to 1: the session may
    not start with them.
    Given the CL rules
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 30
    When the session starts
    Then it is refused citing CL-ANX-5b.1

  @CL-ANX-5b.1
  Scenario: A round without a maximum is refused
    CL-ANX-5b: the maximum lies between four and fifty times the minimum. A table that sets no
    maximum does not keep to it: left out, the maximum would take a bet of any size.
    Given the CL rules
    And a table minimum of 10 and no maximum
    And box 1 is dealt 9S 7C
    And the dealer's first card is 6D
    When P1 bets 100000 on box 1
    Then it is refused citing CL-ANX-5b.1

  @CL-ANX-5b.1
  Scenario: A maximum more than fifty times the minimum is refused
    CL-ANX-5b: "50 a 1, como máximo". Limits of 10 to 510 are 51 to 1.
    Given the CL rules
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 510
    When the session starts
    Then it is refused citing CL-ANX-5b.1

  @CL-ANX-5b.1 @CL-ANX-7.2
  Scenario: Limits of exactly four to one are accepted
    CL-ANX-5b: "la proporción 4 a 1, como mínimo". Limits of 10 to 40 are allowed; the three
    participants each advance 100, so the bank holds 300 before the first round.
    Given the CL rules
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 40
    When the session starts
    Then the bank holds 300
    And A banks now

  @CL-ANX-5b.1
  Scenario: Limits of exactly fifty to one are accepted
    CL-ANX-5b: "50 a 1, como máximo". Limits of 10 to 500 are allowed.
    Given the CL rules
    And a session of A and B, each advancing 100 to the bank, with table limits of 10 to 500
    When the session starts
    Then the bank holds 200
    And A banks now

  @CL-ANX-5a
  Scenario: Limits that are not multiples of ten are refused
    CL-ANX-5a: "Las cantidades apostadas serán múltiplos naturales de 10, excepto los seguros
    que lo serán de 5." A minimum of 15 (and a maximum of 150) cannot be bet: the session
    may not start with them, though their ratio (10 to 1) is allowed.
    Given the CL rules
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 15 to 150
    When the session starts
    Then it is refused citing CL-ANX-5a

  @CL-ANX-5a
  Scenario: A session bet that is not a multiple of ten is refused
    CL-ANX-5a: "Las cantidades apostadas serán múltiplos naturales de 10". With A banking, B
    may not bet 15.
    Given the CL rules
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 100
    When a round is played with bets B 15, C 10
    Then it is refused citing CL-ANX-5a

  # ------------------------------------------------------------ the participants

  @CL-ANX-1
  Scenario: Eight participants are refused
    CL-ANX-1: "Participarán un máximo de 6 jugadores y un banquero por mesa." Eight
    participants would be seven players and a banker.
    Given the CL rules
    And a session of A, B, C, D, E, F, G and H, each advancing 50 to the bank, with table limits of 10 to 100
    When the session starts
    Then it is refused citing CL-ANX-1

  @CL-ANX-1 @CL-ANX-7.2
  Scenario: Six players and a banker may play
    CL-ANX-1: "un máximo de 6 jugadores y un banquero". Seven participants are accepted;
    each advances 50 (CL-ANX-7.2: "una misma cantidad"), so the bank holds 350 and the
    first of them banks.
    Given the CL rules
    And a session of A, B, C, D, E, F and G, each advancing 50 to the bank, with table limits of 10 to 100
    When the session starts
    Then the bank holds 350
    And G has advanced 50 to the bank
    And the bankers are so far A in turn

  @CL-ANX-6
  Scenario: A player may not sit out a round
    CL-ANX-6: "Todos los participantes estarán obligados a jugar todas las manos hasta
    finalizar el juego." With A banking, B and C must both bet; a round with C's bet alone
    is refused.
    Given the CL rules
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 100
    When a round is played with bets C 10
    Then it is refused citing CL-ANX-6

  # ------------------------------------------------------------ the co-owned bank

  @CL-ANX-7.3 @CL-ANX-7.1 @CL-ANX-7.2 @CL-ANX-7.6
  Scenario: A bank broke in its first round is advanced again by everyone
    CL-ANX-7.3: "Si en un momento del juego la banca quedara sin fondos, todos los
    participantes volverán a adelantar la misma cantidad inicial a la banca." (the source
    writes "mómento"). A and B each advance 20: the bank holds 40. A banks; B bets the
    maximum, 40, and is dealt AS KS against A's 7S: a blackjack paid 3 to 2 at once, 60.
    The bank, 40 - 60 = -20, is without funds: A and B each advance 20 again
    (interpretation in the catalog: the top-up comes before the debt is paid, so the round
    is paid in full), and the bank holds -20 + 40 = 20. Each has advanced 40; B's result
    at the table is +60 and A's is 0 (CL-ANX-7.6: results are counted apart from the
    bank). The cut card (3 x 2 = 6 cards from the end) is far off: A still banks.
    Given the CL rules
    And the shoe, once cut, starts with AS 7S KS
    And a session of A and B, each advancing 20 to the bank, with table limits of 10 to 40
    When a round is played with bets B 40
    Then B's result at the table is 60
    And A's result at the table is 0
    And the bank holds 20
    And A has advanced 40 to the bank
    And B has advanced 40 to the bank
    And A banks now
    When the session is played to its end with every player betting 10
    Then the bankers were A and B in turn
    And the session's accounts agree with its log

  # ------------------------------------------------------------ the cut

  @CL-14.1 @CL-ANX-4
  Scenario: Each shoe's cut is offered to the player who would have received the cut card, wherever he sits now
    CL-14.1: "ofrecer el corte del mazo al jugador al que le hubiera correspondido la carta de
    corte en la última jugada, o en su defecto, al situado a su izquierda." CL-ANX-4: the banker
    changes "cada vez que deba barajarse el mazo", so at each new shoe the players move one box
    (the boxes count from the banker's left). The cut goes to the player, at the box he has now;
    failing him (no shoe before, the banker took the card behind the cut card, or he banks now),
    to box 1, at the banker's left. Five participants, seed 7: in A's shoe C, at box 2, would
    have received the cut card; in B's shoe C sits at box 1, and the cut goes there, not to box 2
    (D's now).
    Given the CL rules
    And a session of A, B, C, D and E, each advancing 100 to the bank, with table limits of 10 to 100 and seed 7
    When the session is played to its end with every player betting 10
    Then the bankers were A, B, C, D and E in turn
    And each shoe's cut was offered to the player who would have received the cut card, at his box now
    And the cuts were offered to B, C, A, B and B in turn
