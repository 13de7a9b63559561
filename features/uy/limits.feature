@UY
Feature: Uruguay, DGC: closing the bets, betting again, and the limits
  After "NO VA MAS" no bet is placed, raised or withdrawn, save the additional bets of art. 34;
  a special maximum is played on one free box only; a bet over the maximum that the croupier
  did not notice plays only up to the maximum.

  Background:
    Given the UY rules
    And table limits of 10 to 1000

  @UY-13.3
  Scenario: After NO VA MAS no bet may be placed, raised or withdrawn
    Art. 13: "Dicho el 'NO VA MAS' ... no se podrá realizarse, aumentarse, o retirarse apuestas,
    salvo en aquellos casos que especifica claramente el Reglamento." Interpretation (clause
    note): the call closes the bets; before it a bet may still be raised or withdrawn.
    Given the shoe holds TS TD 7D 9H 8H TC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And P3 bets 10 on box 3
    When P2 changes his bet on box 2 to 20
    And P3 withdraws his bet from box 3
    And the cards are dealt
    And P1 changes his bet on box 1 to 20
    Then it is refused citing UY-13.3
    When P2 withdraws his bet from box 2
    Then it is refused citing UY-13.3
    When P4 bets 10 on box 4
    Then it is refused citing UY-13.3
    When box 1 stands
    And box 2 stands
    Then the log shows, in order:
      | type        | box | info      | card |
      | announce    |     | NO VA MAS |      |
      | card        | 1   |           | TS   |
      | card        | 2   |           | TD   |
      | dealer_card |     |           | 7D   |
    And P1 wins 10
    And P2 wins 20
    And P3 breaks even

  @UY-34
  Scenario: After the initial bets a bettor bets again only to split, double or insure
    Art. 34: "Una vez realizadas las apuestas iniciales, el jugador puede volver a apostar, de
    acuerdo con las siguientes incidencias del juego: doblaje de la apuesta, cobertura o seguro y
    apertura de pares." A new bet is refused once dealt; the split, the double and the
    insurance are taken. Interpretation (rule set, insurance_base): insurance up to half of the
    whole stake on the box, 30 here.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is AD
    And the next cards are 3C TC 9C 6D
    And P1 bets 10 on box 1
    When the cards are dealt
    And P1 bets 10 on box 2
    Then it is refused citing UY-13.3
    When box 1 splits
    And box 1 doubles
    And box 1 stands
    Then insurance is offered
    When P1 insures box 1 for 10
    And insurance closes
    Then the log shows, in order:
      | type      | box | hand | bettor | amount |
      | split     | 1   | 1    | P1     |        |
      | match     | 1   | 2    | P1     | 10     |
      | double    | 1   | 1    | P1     |        |
      | match     | 1   | 1    | P1     | 10     |
      | insurance | 1   |      | P1     | 10     |
    And the dealer stands on 17
    And the settlement is:
      | box | hand | bettor | stake | outcome        | net |
      | 1   |      | P1     | 10    | insurance_lose | -10 |
      | 1   | 1    | P1     | 20    | win            | 20  |
      | 1   | 2    | P1     | 10    | push           | 0   |
    And P1 wins 10

  @UY-16.2 @UY-16.3
  Scenario: A special maximum is played on one free box only, elsewhere the common maximum
    Art. 16: "El apostador que tenga autorizado máximo especial, podrá exceder el máximo fijado
    para la mesa, solamente en un casillero, siempre y cuando este libre y no tenga otra
    apuesta. También podrá realizar apuestas en los demás casilleros ... no pudiendo excederse
    del máximo común establecido para la mesa."
    Given P1 is authorised a special maximum of 3000
    And the shoe, once cut, starts with 2C TS TD TH 7D 9S 8S 7S TC
    When the cut is made at 60
    And P2 bets 10 on box 2
    And P2 consents to P1's bet on box 2
    And P1 bets 2000 on box 2
    Then it is refused citing UY-16.2
    When P1 bets 3500 on box 1
    Then it is refused citing UY-16.2
    When P1 bets 2500 on box 1
    And P1 consents to P3's bet on box 1
    And P3 bets 10 on box 1
    Then it is refused citing UY-16.2
    When P1 bets 1500 on box 3
    Then it is refused citing UY-16.3
    When P1 bets 1000 on box 3
    And the cards are dealt
    And box 1 stands
    And box 2 stands
    And box 3 stands
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | bettor | stake | outcome | net  |
      | 1   | 1    | P1     | 2500  | win     | 2500 |
      | 2   | 1    | P2     | 10    | win     | 10   |
      | 3   | 1    | P1     | 1000  | push    | 0    |

  @UY-17
  Scenario: A bet over the maximum that the croupier missed wins or loses only the maximum
    Art. 17: "Si algún apostador realizará una apuesta superior al máximo ... sin que el
    Croupier lo hubiera detectado, la apuesta ganará o perderá hasta el máximo ... devolviéndose
    el excedente". The same bet, noticed, is refused.
    Given the shoe holds TS TD 8D 9H 7H TC
    And P3 bets 1500 on box 3
    Then it is refused citing UY-16.1
    When P1 bets 1500 on box 1 unnoticed by the dealer
    And P2 bets 1200 on box 2 unnoticed by the dealer
    And the cards are dealt
    And box 1 stands
    And box 2 stands
    Then the dealer stands on 18
    And the settlement is:
      | box | hand | bettor | stake | outcome         | net   |
      | 1   | 1    | P1     | 1000  | win             | 1000  |
      | 2   | 1    | P2     | 1000  | lose            | -1000 |
      | 1   |      | P1     | 500   | excess_returned | 0     |
      | 2   |      | P2     | 200   | excess_returned | 0     |
    And P1 wins 1000
    And P2 loses 1000

  @UY-17 @UY-16.2
  Scenario: A bet over the special maximum that the croupier missed wins only the special maximum
    Art. 17: "Si algún apostador realizará una apuesta superior al máximo o al especial
    estipulado, sin que el Croupier lo hubiera detectado, la apuesta ganará o perderá hasta el
    máximo o especial autorizado, devolviéndose el excedente".
    Given P1 is authorised a special maximum of 2000
    And the shoe, once cut, starts with 2C TS 8D 9H TC
    When the cut is made at 60
    And P1 bets 2500 on box 1 unnoticed by the dealer
    And the cards are dealt
    And box 1 stands
    Then the dealer stands on 18
    And the settlement is:
      | box | hand | bettor | stake | outcome         | net  |
      | 1   | 1    | P1     | 2000  | win             | 2000 |
      | 1   |      | P1     | 500   | excess_returned | 0    |
    And P1 wins 2000
