@CZ
Feature: Czech casino: bets, the call and the deal
  The HRA procedure around the deal: bets in the betting boxes, "konec sázení, děkuji vám"
  before the first card, no bet added or taken after it, every card face up; a bet changed or
  taken back after a push; one player on several boxes.

  Background:
    Given the CZ rules
    And table limits of 10 to 500

  @CZ-HRA-1 @CZ @assumes-max_boxes
  Scenario: Bets are placed in the betting boxes
    "Všechny sázky se musí vložit do sázecích boxů." A bet is placed on a box; a bet outside
    the boxes is refused. Not stated: how many boxes the table has; the engine assumes seven.
    Given box 7 is dealt TS 9H
    And the dealer's first card is 8D
    And the next cards are TC
    When P1 bets 10 on box 8
    Then it is refused as bad input naming box
    When P1 bets 10 on box 7
    And the cards are dealt
    And box 7 stands
    Then the log shows, in order:
      | type | box | bettor | amount | card |
      | bet  | 7   | P1     | 10     |      |
      | card | 7   |        |        | TS   |
    And P1 wins 10

  @CZ-HRA-4
  Scenario: The dealer calls the end of betting and deals the first card to a box with a bet
    "Když je rozdávající spokojen s tím, že všechny sázky jsou umístěny, oznámí 'konec sázení,
    děkuji vám' a rozdá první kartu do boxu obsahujícího sázku." Boxes 1 and 2 have no bet:
    the first card goes to box 3.
    Given box 3 is dealt TS 9H
    And box 5 is dealt 7S 8H
    And the dealer's first card is 9D
    And the next cards are 5C TC
    And P1 bets 10 on box 3
    And P2 bets 20 on box 5
    When the cards are dealt
    And box 3 stands
    And box 5 hits and stands
    Then the log shows, in order:
      | type        | box | info                     | card |
      | bet         | 3   |                          |      |
      | bet         | 5   |                          |      |
      | announce    |     | konec sázení, děkuji vám |      |
      | card        | 3   |                          | TS   |
      | card        | 5   |                          | 7S   |
      | dealer_card |     |                          | 9D   |
      | card        | 3   |                          | 9H   |
      | card        | 5   |                          | 8H   |
    And the dealer stands on 19
    And P1 breaks even
    And P2 wins 20

  @CZ-HRA-5
  Scenario: After the call no bet may be added to the table or taken from it
    "Od této chvíle nelze na stůl žádné sázky přidávat ani je z něho brát." Before the call a
    bet may still be raised or taken back; after it a new bet, a change and a withdrawal are
    refused, and the round is played on the bets as they stood.
    Given box 1 is dealt TS 9H
    And the dealer's first card is 8D
    And the next cards are TC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When P2 withdraws his bet from box 2
    And P1 changes his bet on box 1 to 20
    And the cards are dealt
    And P3 bets 10 on box 3
    Then it is refused citing CZ-HRA-5
    When P1 changes his bet on box 1 to 40
    Then it is refused citing CZ-HRA-5
    When P1 withdraws his bet from box 1
    Then it is refused citing CZ-HRA-5
    When box 1 stands
    Then the dealer stands on 18
    And P1 wins 20
    And P2 breaks even

  @CZ-HRA-8 @CZ-HRA-9
  Scenario: Every card on the table is dealt face up
    "Všechny karty na stole musí být položeny lícem vzhůru. Žádný hráč nesmí dostat kartu lícem
    dolů." Every card dealt, the card of a double included, is shown in the log as it is
    dealt. Box 1 doubles 11 into 20, box 2 stands on 17, the dealer draws 9D 7C 8C to 24.
    Given box 1 is dealt 6S 5H
    And box 2 is dealt TS 7H
    And the dealer's first card is 9D
    And the next cards are 9C 7C 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 doubles
    And box 2 stands
    Then the log shows, in order:
      | type        | box | card |
      | card        | 1   | 6S   |
      | card        | 2   | TS   |
      | dealer_card |     | 9D   |
      | card        | 1   | 5H   |
      | card        | 2   | 7H   |
      | double      | 1   |      |
      | card        | 1   | 9C   |
      | stand       | 2   |      |
      | dealer_card |     | 7C   |
      | dealer_card |     | 8C   |
    And the dealer busts
    And P1 wins 20
    And P2 wins 10

  @CZ-SESTAVA-7 @CZ-SESTAVA-6
  Scenario: After a push a bet may be raised, lowered within the limits or taken from the table
    "Hráč poté může sázku snížit či zvýšit pod podmínkou, že dodrží minimum a maximum u stolu
    nebo též může sázku se stolu odstranit". Reading (the rule set's push_stake_stays): after a
    push the bet stays on its box for the next round unless the player changes it or takes it
    back. Both boxes push (18 against 18): both stakes stay. P1 raises his to 30 (a change to
    600 or to 5 is outside the limits of 10 to 500) and P2 takes his back: only box 1 is dealt,
    20 against the dealer's 17.
    Given the shoe, once cut, starts with 2S 3S 4S 5S 6S TS TH 9D 8S 8H 9C TD 7S KD QS
    When box 1 cuts at 100
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And the cards are dealt
    And box 1 stands
    And box 2 stands
    Then the dealer stands on 18
    And P1 breaks even
    And P2 breaks even
    When P1 changes his bet on box 1 to 600
    Then it is refused citing CZ-HRA-2
    When P1 changes his bet on box 1 to 5
    Then it is refused citing CZ-HRA-2
    When P1 changes his bet on box 1 to 30
    And P2 withdraws his bet from box 2
    And the cards are dealt
    And box 1 stands
    Then the log shows, in order:
      | type         | box | bettor | amount | card |
      | stays        | 1   | P1     | 10     |      |
      | stays        | 2   | P2     | 10     |      |
      | change_bet   | 1   | P1     | 30     |      |
      | withdraw_bet | 2   | P2     |        |      |
      | card         | 1   |        |        | TD   |
      | dealer_card  |     |        |        | 7S   |
      | card         | 1   |        |        | KD   |
      | dealer_card  |     |        |        | QS   |
    And the dealer stands on 17
    And P1 wins 30
    And P2 breaks even

  @CZ-BOX-7
  Scenario: One player plays several boxes, each for itself
    "Jeden hráč může disponovat tolika boxy, kolika si přeje, pokud tím jiným hráčům nebrání ve
    hře u stolu." P1 plays boxes 1, 2 and 3, P2 box 4; each of P1's boxes is dealt, played by
    him and settled on its own: 19, 21 of three cards and a blackjack against the dealer's 17.
    Whether other players are prevented from playing is conduct the engine does not judge.
    Given box 1 is dealt TS 9H
    And box 2 is dealt TD 6H
    And box 3 is dealt AS KH
    And box 4 is dealt TC 7C
    And the dealer's first card is 9D
    And the next cards are 5C 8C
    And P1 bets 10 on box 1
    And P1 bets 10 on box 2
    And P1 bets 10 on box 3
    And P2 bets 10 on box 4
    When the cards are dealt
    And P1 stands for box 1
    And P1 hits for box 2
    And P2 stands for box 4
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | bettor | outcome   | net |
      | 1   | 1    | P1     | win       | 10  |
      | 2   | 1    | P1     | win       | 10  |
      | 3   | 1    | P1     | blackjack | 15  |
      | 4   | 1    | P2     | push      | 0   |
    And P1 wins 35
