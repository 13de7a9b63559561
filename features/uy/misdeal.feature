@UY
Feature: Uruguay, DGC: wrong cards and the forgotten insurance call
  A card that does not belong is voided, never reconstructed; when two cards come out
  together while the hands are decided the due one counts; an insurance call the dealer forgot
  is put right by voiding a ten-value second card of the bank.

  Background:
    Given the UY rules
    And table limits of 10 to 1000

  @UY-53.1 @UY-55
  Scenario: A card drawn by mistake during the deal is voided
    UY-53.1: "En la distribución de cartas a los apostadores, en caso de que se saque alguna que
    no corresponda y/o no se pueda definir con claridad la situación, estas serán anuladas."
    While dealing, before box 2's first card, the dealer draws 5C and exposes it: it is void,
    nothing is reconstructed (UY-55), and box 2 receives the next card, 9S.
    Given the shoe holds TS 5C 9S 9D 8H 9H 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt, the dealer giving the next card to nobody, exposing it, by mistake before card 2 of the deal
    And box 1 stands
    And box 2 stands
    Then the voided cards are 5C
    And the log shows, in order:
      | type        | box | card | info |
      | card        | 1   | TS   |      |
      | misdeal     |     | 5C   |      |
      | remedy      |     | 5C   | void |
      | card        | 2   | 9S   |      |
      | dealer_card |     | 9D   |      |
    And the dealer stands on 17
    And P1 wins 10
    And P2 wins 10

  @UY-53.1 @UY-55
  Scenario: A card dealt to a box out of turn is voided and nothing is reconstructed
    Art. 53: "en caso de que se saque alguna que no corresponda ... estas serán anuladas". Art.
    55: "Anulada una carta ... queda prohibida toda reconstrucción". Box 1 is to act; the card
    put on box 3 is voided and box 1 draws the next one. Had it counted, box 3 would hold 22.
    Given box 1 is dealt TS 6H
    And box 3 is dealt TD 7H
    And the dealer's first card is 9D
    And the next cards are 5C 4D 8C
    And P1 bets 10 on box 1
    And P3 bets 10 on box 3
    When the cards are dealt
    And the dealer deals the next card to box 3 by mistake
    Then the voided cards are 5C
    When box 1 hits and stands
    And box 3 stands
    Then the log shows, in order:
      | type    | box | card | info |
      | misdeal | 3   | 5C   |      |
      | remedy  |     | 5C   | void |
      | card    | 1   | 4D   |      |
    And the dealer stands on 17
    And P1 wins 10
    And P3 breaks even

  @UY-53.1 @UY-55
  Scenario: A card dealt to a box without a bet is voided
    Art. 53: a card "que no corresponda ... serán anuladas". Interpretation (rule set,
    card_to_box_without_bet): a card on a box with no bet is voided like any wrong card, and
    art. 55: "queda prohibida toda reconstrucción". The four stays voided and the bank draws
    the ten (17): both boxes win. Put back in the shoe, the four would have made the bank 11
    and the ten 21.
    Given box 1 is dealt TS 8H
    And box 3 is dealt TD 9H
    And the dealer's first card is 7D
    And the next cards are 4C TC
    And P1 bets 10 on box 1
    And P3 bets 10 on box 3
    When the cards are dealt
    And the dealer deals the next card to box 2 by mistake
    Then the voided cards are 4C
    When box 1 stands
    And box 3 stands
    Then the dealer stands on 17
    And box 2 holds 0 hands
    And P1 wins 10
    And P3 wins 10

  @UY-53.2
  Scenario: Two cards out together while a hand is decided: the due card counts
    Art. 53: "cuando se están definiendo los juegos, que en el caso de salir dos o más cartas
    juntas, y las mismas son vistas, valdrá la que corresponde y se anularan las demás."
    Interpretation: the card asked for goes to the hand, the one seen with it is voided rather
    than given to the bank (with it the bank would hold 16 and draw again).
    Given box 1 is dealt TS 3H
    And the dealer's first card is 9D
    And the next cards are 5C 7C 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    And the dealer exposes the next card by mistake
    Then the voided cards are 7C
    When box 1 stands
    Then the log shows, in order:
      | type        | box | card | info |
      | card        | 1   | 5C   |      |
      | remedy      |     | 7C   | void |
      | dealer_card |     | 8C   |      |
    And the dealer stands on 17
    And P1 wins 10

  @UY-40.3 @UY-40.a
  Scenario: Insurance not called and the bank's second card is not a ten: the hand goes on
    Art. 40: "Si la Banca tuviera un As y por error el 'empleado de mesa pagador' omite llamar a
    seguro ... a) La segunda carta de la Banca no es una carta valor diez procediéndose a definir
    el pase de forma normal."
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    And the dealer forgets to call insurance
    Then the log shows, in order:
      | type            | card | total | info   |
      | insurance_missed |     |       |        |
      | dealer_card     | 7C   |       |        |
      | dealer_total    |      | 18    | stands |
    And P1 wins 10

  @UY-40.3 @UY-40.b.1
  Scenario: Insurance not called and the bank's second card is a ten: it is voided and insurance called
    Art. 40: "b) La segunda carta de la Banca es una carta valor diez ... autorizará a proceder a
    la anulación de esta carta, debiendo hacerse el llamado al seguro de cobertura habitual."
    Interpretation (clause note): after the call the bank draws a new second card.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are KC 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    And the dealer forgets to call insurance
    Then the voided cards are KC
    When P1 insures box 1 for 5
    And insurance closes
    Then the log shows, in order:
      | type              | card | amount | info |
      | insurance_missed  |      |        |      |
      | dealer_card       | KC   |        |      |
      | remedy            | KC   |        | void |
      | insurance_offered |      |        |      |
      | insurance         |      | 5      |      |
      | dealer_card       | 8C   |        |      |
    And the dealer stands on 19
    And the settlement is:
      | box | hand | bettor | outcome        | net |
      | 1   |      | P1     | insurance_lose | -5  |
      | 1   | 1    | P1     | push           | 0   |
    And P1 loses 5
