Feature: Who banks, compared across the regulations
  The club's annex makes every participant bank in turn, with a bank they all advance; the
  four casino texts put the house (the casino's dealer) against the players. A session in
  which the players bank in turn starts under the club's rules only. The column basis says
  whether the row's value is the text's word (stated), a documented reading of it (reading),
  or an assumption where the text is silent (not stated: assumed ...).

  Scenario Outline: A session in which the players bank in turn, compared
    Rule compared: who holds the bank. The club: "Ejercerán de banquero todos y cada uno de
    los participantes en el juego, por turno" (CL-ANX-4). Uruguay: "un Pagador del Casino,
    oficia de banquero" (UY-1.1); Campione: "Il giocatore gioca contro il banco" (IT-1).
    Three participants each advance 100 to a shared bank.
    Given the <reg> rules
    And a session of A, B and C, each advancing 100 to the bank, with table limits of 10 to 100
    When the session starts
    Then <the session>

    @CL-ANX-4 @CL-ANX-7.2
    Examples: CL
      | reg | the session    | basis                                           |
      | CL  | the bank holds 300 | stated: "todos y cada uno de los participantes, por turno" |

    @ES-18.1.a.9 @assumes-banker_rotation
    Examples: ES
      | reg | the session                     | basis                                                  |
      | ES  | it is refused citing ES-18.1.a.9 | reading: the croupier settles for the bank, a house bank |

    @UY-1.1
    Examples: UY
      | reg | the session                | basis                                         |
      | UY  | it is refused citing UY-1.1 | stated: "un Pagador del Casino, oficia de banquero" |

    @CZ @assumes-banker_rotation
    Examples: CZ
      | reg | the session                                         | basis                                  |
      | CZ  | it is refused under the assumption banker_rotation | not stated: assumed a casino game, the house banks |

    @IT-1
    Examples: IT
      | reg | the session               | basis                                      |
      | IT  | it is refused citing IT-1 | stated: "Il giocatore gioca contro il banco" |
