@UY
Feature: Uruguay, DGC: a bettor who leaves the table during a round
  The croupier draws for him to at least twelve; his winnings are kept on the table for three
  rounds and then go into the bank.

  Background:
    Given the UY rules
    And table limits of 10 to 1000

  @UY-51
  Scenario: The croupier draws for a bettor who left until he has at least twelve
    Art. 51: "Si uno o más apostadores, después de haber realizado una apuesta, y habiendo
    recibido la primera carta, por cualquier motivo se retirase de la mesa, el Croupier le dará
    cartas, hasta alcanzar el mínimo de doce puntos, no aceptándose reclamaciones posteriores."
    Seven draws a 3 (ten, still short) and a 2, stands on exactly twelve and loses to 17; a
    later claim is refused.
    Given the shoe, once cut, starts with 2C 5S 9D 2H 3C 2D 8C
    When the cut is made at 60
    And P1 bets 10 on box 1
    And the cards are dealt
    And P1 leaves the table
    And the dealer plays box 1 for its absent bettor
    Then the log shows, in order:
      | type        | box | card | info      |
      | absent      | 1   |      |           |
      | hit         | 1   |      |           |
      | card        | 1   | 3C   |           |
      | hit         | 1   |      |           |
      | card        | 1   | 2D   |           |
      | stand       | 1   |      | automatic |
      | dealer_card |     | 8C   |           |
    And the dealer stands on 17
    And P1 loses 10
    And nothing of P1's is held
    When P1 comes back for his winnings
    Then it is refused citing UY-52.1

  @UY-52.1
  Scenario: The winnings of a bettor who has not come back are kept on the table for him
    Art. 52: "con resultado favorable al apostador y éste no hubiere regresado antes de comenzar
    el próximo pase, se le retirará la apuesta, quedando durante tres rondas en la mesa." The
    bet and its winnings (20) are kept through the next rounds; P1 comes back after two and
    takes them. Interpretation: "la apuesta" taken off the box carries what it won, and the three
    rounds are those that follow the one he left in.
    Given the shoe, once cut, starts with 2C 5S TS 6D 6H 8S 3C TD 9D TH 7H 9H TC JS 8H 9S JC
    When the cut is made at 60
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And the cards are dealt
    And P1 leaves the table
    And the dealer plays box 1 for its absent bettor
    And box 2 stands
    Then the dealer busts
    And P1's winnings of 20 are held on the table
    When P2 bets 10 on box 2
    And the cards are dealt
    And box 2 stands
    And P2 bets 10 on box 2
    And the cards are dealt
    And box 2 stands
    Then P1's winnings of 20 are held on the table
    When P1 comes back for his winnings
    Then nothing of P1's is held
    And P1's balance is 10
    And P2 wins 30

  @UY-52.1 @UY-52.2
  Scenario: Winnings unclaimed for three rounds go into the bank
    Art. 52: "quedando durante tres rondas en la mesa. Luego se ingresará a la Banca, no siendo
    en ese momento, motivo de reclamo alguno por el apostador." Still held after two more
    rounds; after the third the bet and its winnings (20) go to the bank, leaving P1 10 down,
    and his claim is refused. Interpretation: the three rounds are those that follow the one he
    left in; the winnings go to the bank when the third of them is over.
    Given the shoe, once cut, starts with 2C 5S TS 6D 6H 8S 3C TD 9D TH 7H 9H TC JS 8H 9S JC QS 7S 8C QH
    When the cut is made at 60
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And the cards are dealt
    And P1 leaves the table
    And the dealer plays box 1 for its absent bettor
    And box 2 stands
    And P2 bets 10 on box 2
    And the cards are dealt
    And box 2 stands
    And P2 bets 10 on box 2
    And the cards are dealt
    And box 2 stands
    Then P1's winnings of 20 are held on the table
    When P2 bets 10 on box 2
    And the cards are dealt
    And box 2 stands
    Then nothing of P1's is held
    And the log shows, in order:
      | type    | bettor | amount |
      | held    | P1     | 20     |
      | forfeit | P1     | 20     |
    And P1 wins 10
    And P1's balance is -10
    And P2 wins 40
    When P1 comes back for his winnings
    Then it is refused citing UY-52.2
