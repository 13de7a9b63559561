@UY
Feature: Uruguay, DGC: the core game
  Rounds under the Uruguayan procedure: five decks, no hole card, insurance called just
  before the bank's second card, free play on split aces, re-splits to six hands in
  succession only, and no standing below twelve.

  Background:
    Given the UY rules
    And table limits of 10 to 1000

  @UY-28.2
  Scenario: A hand of eleven may not stand
    Art. 28: "Para 'plantar', es necesario contar con un puntaje mínimo de doce."
    Given box 1 is dealt 6S 5H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then it is refused citing UY-28.2
    And box 1 may hit
    And box 1 may not stand

  @UY-45.1 @UY-45.3 @UY-9.b
  Scenario: Split aces keep drawing until twenty-one
    Art. 45: split aces count one or eleven and may draw until the hand reaches 21.
    Given box 1 is dealt AS AH
    And the dealer's first card is 9D
    And the next cards are 3C 2D 9H KS 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 hits
    Then box 1 may hit

  @UY-9.1 @UY-9.a @UY-58
  Scenario: Face cards count ten and a higher total wins even money
    Art. 9 a): "Las figuras (Caballeros, Reinas y Reyes), valdrán por diez puntos cada una."
    Art. 58: those who beat the bank without exceeding 21 "cobrarán una suma igual a la apostada".
    Given box 1 is dealt JS 9H
    And the dealer's first card is 8D
    And the next cards are TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 18
    And P1 wins 10

  @UY-9.b @UY-28.2
  Scenario: An ace counts one or eleven as the bettor finds best
    Art. 9 b): "El 'As' valdrá por uno o por once, según lo crea más conveniente el apostador".
    A and 6 count seventeen (may stand); after a nine the ace counts one: sixteen.
    Given box 1 is dealt AS 6H
    And the dealer's first card is 7D
    And the next cards are 9C TC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 may stand
    When box 1 hits
    Then box 1 may stand
    And box 1 may hit
    When box 1 stands
    Then the dealer stands on 17
    And P1 loses 10

  @UY-26.1 @UY-25.a.4 @UY-57
  Scenario: A blackjack against a low card is paid three to two at once
    Art. 26: if the bank's card "no es un naipe valor diez ni un 'As', automáticamente se le
    pagará el Blackjack". Art. 57: "cobrarán tres por dos".
    Given box 1 is dealt AS KH
    And box 2 is dealt TS 6H
    And the dealer's first card is 9D
    And the next cards are 2C 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 hits and stands
    Then the log shows, in order:
      | type        | box | bettor | info      | amount | card |
      | settle      | 1   | P1     | blackjack | 15     |      |
      | hit         | 2   |        |           |        |      |
      | dealer_card |     |        |           |        | 8C   |
    And P1 wins 15
    And P2 wins 10

  @UY-26.2 @UY-57
  Scenario: A blackjack against a ten waits for the bank's second card
    Art. 26: if the bank's first card is an ace or a ten "y finalizada la ronda, al sacar su
    segunda carta, no obtiene Blackjack, deberá pagar en primer lugar el Blackjack del apostador".
    Given box 1 is dealt AS KH
    And the dealer's first card is TD
    And the next cards are 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    Then the log shows, in order:
      | type        | bettor | info      | amount | card |
      | dealer_card |        |           |        | 7C   |
      | settle      | P1     | blackjack | 15     |      |
    And P1 wins 15

  @UY-26.2
  Scenario: A blackjack that waited is paid before the other boxes
    Art. 26: when the bank's first card is an ace or a ten and its second card makes no
    Blackjack, it "deberá pagar en primer lugar el Blackjack del apostador". Box 1 (twenty) is
    paid before box 2 in the usual order, but box 2's blackjack waited for the bank: it is paid
    first, then box 1's twenty against the bank's seventeen.
    Given box 1 is dealt TS KC
    And box 2 is dealt AS KH
    And the dealer's first card is TD
    And the next cards are 7C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 stands
    Then the log shows, in order:
      | type        | bettor | info      | amount | card |
      | dealer_card |        |           |        | 7C   |
      | settle      | P2     | blackjack | 15     |      |
      | settle      | P1     | win       | 10     |      |
    And P1 wins 10
    And P2 wins 15

  @UY-26.3 @UY-25.a.3
  Scenario: A blackjack ties the bank's blackjack
    Art. 26: if the bank makes Blackjack "se produce 'Ancart' o empate y ninguno de los dos
    ganará o perderá".
    Given box 1 is dealt AS KH
    And the dealer's first card is TD
    And the next cards are AC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | push    | 0   |
    And P1 breaks even

  @UY-60 @UY-25.a.3
  Scenario: The bank's blackjack beats a twenty-one of three cards
    Art. 60: "Cuando la Banca logre un Black Jack, los apostadores que obtengan 21 puntos con
    más de dos cartas, igualmente perderán."
    Given box 1 is dealt 5S 6H
    And the dealer's first card is KD
    And the next cards are TC AC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then the dealer has blackjack
    And P1 loses 10

  @UY-47
  Scenario: No card is drawn on twenty-one, hard or soft
    Art. 47: "Si un apostador logra un puntaje de 21 con más de dos cartas, no podrá solicitar
    más cartas, aunque en el juego contase con un As." The hand stands at once and a hit asked
    for it afterwards is refused citing the article.
    Given box 1 is dealt 5S 6H
    And box 2 is dealt AS 4H
    And the dealer's first card is 9D
    And the next cards are TC 6C 8D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 hits
    Then box 1 may not hit
    And box 2 may hit
    When box 1 hits
    Then it is refused citing UY-47
    When box 2 hits
    Then the log shows, in order:
      | type        | box | hand | card | info      |
      | card        | 1   | 1    | TC   |           |
      | stand       | 1   | 1    |      | automatic |
      | card        | 2   | 1    | 6C   |           |
      | stand       | 2   | 1    |      | automatic |
      | dealer_card |     |      | 8D   |           |
    And P1 wins 10
    And P2 wins 10

  @UY-30 @UY-2.3 @UY-58
  Scenario: A hand over twenty-one is collected at once and the standing hands win on a bank bust
    Art. 30: the bettor who exceeds 21 "perderá su apuesta, siendo ésta retirada de inmediato con
    sus cartas". Art. 58 (reading): a bank over 21 is beaten by every hand still standing.
    Given box 1 is dealt TS 6H
    And box 2 is dealt TD 8H
    And the dealer's first card is 5D
    And the next cards are 9C TC 9S
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 hits
    And box 2 stands
    Then the log shows, in order:
      | type        | box | bettor | info | amount | card |
      | bust        | 1   |        |      |        |      |
      | settle      | 1   | P1     | lose | -10    |      |
      | stand       | 2   |        |      |        |      |
      | dealer_card |     |        |      |        | TC   |
    And the dealer busts
    And P1 loses 10
    And P2 wins 10

  @UY-31
  Scenario: The bank discards its card when every bettor has gone over
    Art. 31: "Si todos los apostadores excedieran el puntaje de 21, la Banca descartará su propia
    carta y se comenzará una nueva ronda".
    Given box 1 is dealt TS 6H
    And the dealer's first card is 9D
    And the next cards are 8C 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then the dealer draws no second card
    And P1 loses 10
    And the round is over

  @UY-32.1 @UY-32.2 @UY-32.3 @UY-9.3
  Scenario: The bank draws on sixteen and stands on seventeen or more
    Art. 32: "De sumar con ella 16 puntos o menos, deberá pedir cartas. Cuando acumule 17 puntos
    o más, deberá plantarse obligatoriamente."
    Given box 1 is dealt TS 8H
    And the dealer's first card is 6D
    And the next cards are TC 3C 5C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 19
    And P1 loses 10

  @UY-9.4 @UY-32.3
  Scenario: The bank stands on a soft seventeen
    Art. 9: "Toda vez que al recibir un 'As' la cuenta de la Banca excediera 21 con valor 'once',
    deberá valorarse por 'uno'." Reading: otherwise the ace counts eleven, so 6 and A count 17
    and the bank stands (art. 32).
    Given box 1 is dealt TS 8H
    And the dealer's first card is 6D
    And the next cards are AC 5C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10

  @UY-59
  Scenario: Equal totals neither win nor lose
    Art. 59: "Los apostadores que iguallen en puntaje a la Banca, no ganarán ni perderán."
    Given box 1 is dealt TS 8H
    And the dealer's first card is 9D
    And the next cards are 9C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 18
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | push    | 0   |

  @UY-35.1 @UY-35.3 @UY-36
  Scenario: A bettor may double on any total and receives one card only
    Art. 35: "podrá doblar su apuesta, independientemente del puntaje que obtenga en sus dos
    primeras cartas". Art. 36: "solo recibirá una carta adicional, quedando 'plantado'".
    Given box 1 is dealt TS 5H
    And the dealer's first card is 9D
    And the next cards are 4C 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles
    Then the log shows, in order:
      | type        | box | bettor | amount | card |
      | double      | 1   | P1     |        |      |
      | match       | 1   | P1     | 10     |      |
      | card        | 1   |        |        | 4C   |
      | dealer_card |     |        |        | 8C   |
    And the dealer stands on 17
    And P1 wins 20

  @UY-35.2 @UY-35.1
  Scenario: After splitting only the first two hands may double
    Art. 35: "podrá doblar la apuesta como máximo en los dos primeros juegos abiertos". Reading:
    the first two hands as they lie on the layout. Hand 1 (8S) is split again: its new hand (8C)
    lies second and may double; the first split's other hand (8H) now lies third and may not.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 7D
    And the next cards are 8C 3D 9H 2S KC 3H 9S TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits, splits, doubles and doubles
    And box 1 doubles
    Then it is refused citing UY-35.2
    When box 1 hits and stands
    Then box 1 holds 3 hands
    And the settlement is:
      | box | hand | bettor | stake | outcome | net |
      | 1   | 1    | P1     | 20    | win     | 20  |
      | 1   | 2    | P1     | 20    | win     | 20  |
      | 1   | 3    | P1     | 10    | win     | 10  |
    And P1 wins 50

  @UY-43.1
  Scenario: Pairs in succession re-split up to six hands
    Art. 43: "podrá nuevamente abrirse y así sucesivamente, hasta cinco veces, siempre que obtenga
    cartas del mismo valor, pudiendo formar así hasta seis juegos distintos."
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 6D
    And the next cards are 8C 8D 8S 8H 8C KS QS JS 9S TS TC 9C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits, splits, splits, splits and splits
    And box 1 splits
    Then it is refused citing UY-43.1
    When box 1 stands, stands, stands, stands, stands and stands
    Then box 1 holds 6 hands
    And the dealer busts
    And P1 wins 60

  @UY-43.2
  Scenario: A different card interrupts the series of splits
    Art. 43: "la definición de un pase o la aparición de una carta diferente interrumpe la serie,
    independientemente que la carta siguiente sea igual a la original."
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 7D
    And the next cards are 3C 7C 8D TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 hits and stands
    Then box 1 may not split
    When box 1 splits
    Then it is refused citing UY-43.2
    When box 1 stands
    Then the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | win     | 10  |
      | 1   | 2    | P1     | lose    | -10 |
    And P1 breaks even

  @UY-41
  Scenario: A ten and a face card may be split
    Art. 41: "dos cartas del mismo valor, salidas en forma sucesiva, aunque una sea un diez
    genuino y la otra una figura."
    Given box 1 is dealt KS QH
    And the dealer's first card is 7D
    And the next cards are 9C 8C TC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 may split
    When box 1 splits
    And box 1 stands and stands
    Then box 1 holds 2 hands
    And P1 wins 20

  @UY-41
  Scenario: Cards of unequal value may not be split
    Art. 41: a pair may be split "cada vez que el apostador logre dos cartas del mismo valor".
    Given box 1 is dealt 9S 8H
    And the dealer's first card is 7D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then it is refused citing UY-41
    And box 1 may not split

  @UY-45.1 @UY-45.3 @UY-58
  Scenario: A split ace and a ten is twenty-one paid one to one
    Art. 45: a split ace that "recibe una carta valor diez, habrá alcanzado el puntaje de
    veintiuno" and "no se considerará este puntaje como Blackjack".
    Given box 1 is dealt AS AH
    And the dealer's first card is 9D
    And the next cards are KC 7C 8D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 stands
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | win     | 10  |
      | 1   | 2    | P1     | win     | 10  |
    And P1 wins 20

  @UY-45.2 @UY-45.3
  Scenario: A split ten with an ace ties the bank's twenty-one
    Art. 45: "Lo mismo ocurre cuando la apertura de valores diez, y recibe una carta valor uno"
    ... "empatará con el veintiuno".
    Given box 1 is dealt KS KH
    And the dealer's first card is 7D
    And the next cards are AC 9C 4D TD
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 stands
    Then the dealer stands on 21
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | push    | 0   |
      | 1   | 2    | P1     | lose    | -10 |
    And P1 loses 10

  @UY-45.3 @UY-25.a.3
  Scenario: A split twenty-one loses to the bank's blackjack
    Art. 45: this 21 "perderá con el Blackjack de la banca". Art. 25: the bank's Black Jack
    "gana a todos los apostadores".
    Given box 1 is dealt KS KH
    And the dealer's first card is TD
    And the next cards are AC 9C AD
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 stands
    Then the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | lose    | -10 |
      | 1   | 2    | P1     | lose    | -10 |

  @UY-37.1 @UY-38.1 @UY-40.1 @UY-40.2
  Scenario: Insurance is called after the bettors have played and pays two to one
    Art. 38: "el Croupier antes de sacar la segunda carta para la banca, invitará a los
    apostadores ... si desean realizar la apuesta a cobertura o seguro". Art. 40: "cobrarán el
    doble de lo apostado" (read as 2:1).
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then the round is playing
    When box 1 stands
    Then insurance is offered
    When P1 insures box 1 for 5
    And insurance closes
    Then the log shows, in order:
      | type              | box | amount | card |
      | stand             | 1   |        |      |
      | insurance_offered |     |        |      |
      | insurance         | 1   | 5      |      |
      | insurance_closed  |     |        |      |
      | dealer_card       |     |        | KC   |
    And the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | outcome       | net |
      | 1   |      | P1     | insurance_win | 10  |
      | 1   | 1    | P1     | lose          | -10 |
    And P1 breaks even

  @UY-39.1 @UY-39.2 @UY-40.1
  Scenario: Insurance lies between half the table minimum and half the bet, and loses without a bank blackjack
    Art. 39: "una apuesta equivalente hasta el 50% del total de la misma" ... "No podrá ser dicha
    apuesta inferior al 50% del mínimo establecido para el juego." Art. 40: "ganan solamente si
    la Banca logra un Black Jack, perdiendo en caso contrario."
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are 7C
    And P1 bets 20 on box 1
    When the cards are dealt
    And box 1 stands
    And P1 insures box 1 for 4
    Then it is refused citing UY-39.2
    When P1 insures box 1 for 11
    Then it is refused citing UY-39.1
    When P1 insures box 1 for 10
    And insurance closes
    Then the dealer stands on 18
    And the settlement is:
      | box | hand | bettor | outcome        | net |
      | 1   |      | P1     | insurance_lose | -10 |
      | 1   | 1    | P1     | win            | 20  |
    And P1 wins 10

  @UY-39.2 @UY-39.1
  Scenario: After a split each hand's insurance takes half the table minimum at least
    Art. 39: the bettor insures "en cada una de las apuestas, si hubiera realizado más de una",
    and "No podrá ser dicha apuesta inferior al 50% del mínimo". Reading: each hand of a split
    box is a bet insured by itself, so each takes at least 5 (half the minimum of 10): two
    hands of 10 take 10 in all, and 6 (3 on each) is refused, though it is more than 5.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is AD
    And the next cards are TC 9C 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 stands
    And box 1 stands
    And P1 insures box 1 for 6
    Then it is refused citing UY-39.2
    When P1 insures box 1 for 10
    And insurance closes
    Then the dealer stands on 18
    And the settlement is:
      | box | hand | bettor | outcome        | net |
      | 1   |      | P1     | insurance_lose | -10 |
      | 1   | 1    | P1     | push           | 0   |
      | 1   | 2    | P1     | lose           | -10 |
    And P1 loses 20

  @UY-39.1 @UY-40.2
  Scenario: Insurance may cover half of a doubled stake
    Art. 39: "hasta el 50% del total de la misma". Insurance is called after all play (art. 38),
    so the total of the bet then includes a double: 10 doubled to 20 may insure up to 10 (the
    catalog's reading of UY-39.1).
    Given box 1 is dealt 9S 2H
    And the dealer's first card is AD
    And the next cards are KC TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles
    And P1 insures box 1 for 10
    And insurance closes
    Then the dealer has blackjack
    And P1 breaks even

  @UY-37.1
  Scenario: Insurance is offered only on the bank's ace
    Art. 37: insurance "solo puede realizarse cuando la carta descubierta de la Banca es un 'As'".
    Given box 1 is dealt TS 9H
    And the dealer's first card is KD
    And the next cards are 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then insurance is not offered
    And the dealer stands on 17
    And P1 wins 10

  @UY-38.1 @UY-31
  Scenario: A bettor who has gone over is not invited to insure
    Art. 38: the croupier invites "a los apostadores que mantienen juegos abiertos" (read: hands
    still in play). With every hand over 21 the bank discards its card (art. 31).
    Given box 1 is dealt TS 6H
    And the dealer's first card is AD
    And the next cards are 8C 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then insurance is not offered
    And the dealer draws no second card
    And P1 loses 10

  @UY-37.2 @UY-38.2 @UY-38.3
  Scenario: A blackjack takes even money at the insurance call
    Art. 38: with Black Jack against the bank's ace "tendrá la opción de solicitar que se le pague
    la apuesta por un valor igual a su postura. Esta variante será aceptada solamente en el
    momento que el Pagador llame a Seguro."
    Given box 1 is dealt AS KH
    And box 2 is dealt TS 8H
    And the dealer's first card is AD
    And the next cards are 9C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 stands
    And P1 takes even money on box 1
    And insurance closes
    Then the log shows, in order:
      | type              | box | bettor | info       | amount | card |
      | stand             | 2   |        |            |        |      |
      | insurance_offered |     |        |            |        |      |
      | even_money        | 1   | P1     |            |        |      |
      | settle            | 1   | P1     | even_money | 10     |      |
      | insurance_closed  |     |        |            |        |      |
      | dealer_card       |     |        |            |        | 9C   |
    And P1 wins 10
    And P2 loses 10

  @UY-25.a.3 @UY-36 @UY-60
  Scenario: The bank's blackjack takes a doubled stake
    Art. 25: the bank's Black Jack "gana a todos los apostadores". Reading (the text is silent on
    doubles): every stake of the hand is lost, the double included.
    Given box 1 is dealt 9S 2H
    And the dealer's first card is AD
    And the next cards are KC TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles
    Then insurance is offered
    When insurance closes
    Then the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | stake | outcome | net |
      | 1   | 1    | P1     | 20    | lose    | -20 |

  @UY-39.1
  Scenario: Each bettor on a box insures for himself
    Art. 39: the insurance is placed "en cada una de las apuestas" (read: each bettor decides for
    his own bet).
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 10 on box 1
    And P1 consents to P2's bet on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    And P2 insures box 1 for 5
    And insurance closes
    Then the dealer has blackjack
    And P1 loses 10
    And P2 breaks even

  @UY-48 @UY-11.2
  Scenario: Only the box's owner decides its play
    Art. 48: "Cada apostador es dueño de su casillero, y el único que puede decidir su juego".
    Art. 11: whoever bets on another's box may "en ningún caso decidir sobre el pedido de cartas".
    Given box 1 is dealt TS 5H
    And the dealer's first card is 9D
    And the next cards are 4C 8C
    And P1 bets 10 on box 1
    And P1 consents to P2's bet on box 1
    And P2 bets 20 on box 1
    When the cards are dealt
    And P2 hits for box 1
    Then it is refused citing UY-48
    When P1 hits for box 1
    And P1 stands for box 1
    Then P1 wins 10
    And P2 wins 20

  @UY-35.4
  Scenario: A bettor behind may decline a double
    Art. 35: "No será obligatorio para quien acompañe duplicar también su apuesta."
    Given box 1 is dealt 6S 5H
    And the dealer's first card is 9D
    And the next cards are 9C 8C
    And P1 bets 10 on box 1
    And P1 consents to P2's bet on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles and P2 declines
    Then the settlement is:
      | box | hand | bettor | stake | outcome | net |
      | 1   | 1    | P1     | 20    | win     | 20  |
      | 1   | 1    | P2     | 10    | win     | 10  |

  @UY-11.2
  Scenario: A bet on an occupied box needs its occupant's consent first
    Art. 11: a player may bet on other boxes; "En el caso de estar ocupados, deberá recabar el
    asentimiento previo de quien lo ocupe". P2's bet on P1's box is refused until P1 consents;
    P3 cannot consent for P1; P1 objects to P3, whose bet stays refused.
    Given box 1 is dealt TS 9H
    And the dealer's first card is 7D
    And the next cards are KC
    When P1 bets 10 on box 1
    And P2 bets 20 on box 1
    Then it is refused citing UY-11.2
    When P3 consents to P2's bet on box 1
    Then it is refused citing UY-11.2
    When P1 consents to P2's bet on box 1
    And P2 bets 20 on box 1
    And P1 objects to P3's bet on box 1
    And P3 bets 10 on box 1
    Then it is refused citing UY-11.2
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10
    And P2 wins 20
    And P3 breaks even

  @UY-11.2 @UY-48
  Scenario: The player seated at a box holds it, whoever bets first
    Art. 11: on a box "ocupado" another bettor needs "el asentimiento previo de quien lo ocupe",
    and may in no case "decidir sobre el pedido de cartas". The one who occupies the box is the
    player seated there, not the first to bet: P1 sits at box 1 and has not bet, and P2's bet
    is refused all the same until P1 consents; P2 then bets first, P1 after him, and P1 decides.
    Given P1 sits at box 1
    And box 1 is dealt TS 5H
    And the dealer's first card is 9D
    And the next cards are 4C 8C
    When P2 bets 20 on box 1
    Then it is refused citing UY-11.2
    When P1 consents to P2's bet on box 1
    And P2 bets 20 on box 1
    And P1 bets 10 on box 1
    And the cards are dealt
    And P2 hits for box 1
    Then it is refused citing UY-11.2
    When P1 hits for box 1
    And P1 stands for box 1
    Then the dealer stands on 17
    And P1 wins 10
    And P2 wins 20

  @UY-11.2 @UY-48
  Scenario: A box whose seated player has not bet is not dealt with the bets behind it
    Art. 11: whoever bets on an occupied box needs "el asentimiento previo de quien lo ocupe",
    "no pudiendo en ningún caso decidir sobre el pedido de cartas". Art. 48: "Cada apostador es
    dueño de su casillero, y el único que puede decidir su juego ... aunque haya sido autorizado
    a jugar en el mismo casillero." Reading (rule set, box_owner_decides): a box whose seated
    player has no bet on it holds only the bets of others, none of whom may decide its play, so
    it is not dealt: he bets, or they take their bets back. P1 sits at box 1 and consents to P2,
    P3 and P4, who bet on it; P1 has not bet, and the deal is refused; he bets and withdraws his
    bet, and it is refused again. Once he has bet the box is dealt and P1 decides it. The seat
    is occupied, so art. 50's two bettors at most (on a box "cuyo asiento no esté ocupado") do
    not apply: the four bets play. Box 1 draws a 4 to 19 against the bank's 17.
    Given P1 sits at box 1
    And box 1 is dealt TS 5H
    And the dealer's first card is 9D
    And the next cards are 4C 8C
    When P1 consents to the bets of P2, P3 and P4 on box 1
    And P2 bets 20 on box 1
    And P3 bets 10 on box 1
    And P4 bets 10 on box 1
    And the cards are dealt
    Then it is refused citing UY-11.2
    When P1 bets 10 on box 1
    And P1 withdraws his bet from box 1
    And the cards are dealt
    Then it is refused citing UY-11.2
    When P1 bets 10 on box 1
    And the cards are dealt
    And P2 hits for box 1
    Then it is refused citing UY-11.2
    When P1 hits for box 1
    And P1 stands for box 1
    Then the dealer stands on 17
    And P1 wins 10
    And P2 wins 20
    And P3 wins 10
    And P4 wins 10

  @UY-42.2
  Scenario: A bettor behind may decline a split and stays on the first hand
    Art. 42: "No será obligación de quien acompaña el efectuar la misma apuesta." Reading: the
    bettor who does not follow keeps his bet on the first hand only.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are KC 9C 8D
    And P1 bets 10 on box 1
    And P1 consents to P2's bet on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And box 1 splits and P2 declines
    And box 1 stands and stands
    Then the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | win     | 10  |
      | 1   | 1    | P2     | win     | 10  |
      | 1   | 2    | P1     | push    | 0   |
    And P1 wins 10
    And P2 wins 10

  @UY-50.1 @UY-50.2
  Scenario: A box with an empty seat takes two bettors and the larger bet decides
    Art. 50: "se permitirán apuestas de dos jugadores como máximo. En este caso, quien determina
    si pide carta o planta, será el apostador que posea la apuesta mayor".
    Given the seat of box 2 is taken
    And box 1 is dealt TS 5H
    And the dealer's first card is 9D
    And the next cards are 4C 8C
    And P1 bets 10 on box 1
    And P2 bets 20 on box 1
    And P3 bets 10 on box 1
    Then it is refused citing UY-50.1
    When the cards are dealt
    And P1 hits for box 1
    Then it is refused citing UY-50.2
    When P2 hits for box 1
    And P2 stands for box 1
    Then P1 wins 10
    And P2 wins 20

  @UY-16.1 @UY-13.1
  Scenario: Bets off the box's limits are refused
    Art. 16: "Los mínimos y máximos ... son establecidos para el casillero". Art. 13: the bets
    are checked "para evitar que se violen los mínimos y máximos establecidos".
    When P1 bets 5 on box 1
    Then it is refused citing UY-16.1
    When P1 bets 600 on box 1
    And P1 consents to P2's bet on box 1
    And P2 bets 500 on box 1
    Then it is refused citing UY-16.1
    When P2 bets 400 on box 1
    Then the round is betting

  @UY-16.1 @UY-13.1
  Scenario: A bet behind reaches the table minimum too
    Art. 16: the limits are "establecidos para el casillero"; it does not say a bet behind may
    be smaller than the minimum. Reading: each bet reaches the minimum, as art. 13 has the
    croupier straighten the bets "para evitar que se violen los mínimos". The box holds 20,
    more than the minimum of 10, and P2's 5 behind it is refused all the same.
    When P1 bets 20 on box 1
    And P1 consents to P2's bet on box 1
    And P2 bets 5 on box 1
    Then it is refused citing UY-16.1
    When P2 bets 10 on box 1
    Then the round is betting

  @UY-27
  Scenario: A hand acting out of turn is refused
    Art. 27: "comenzando a partir del asiento N°1, definirá cada juego".
    Given box 1 is dealt TS 5H
    And box 2 is dealt TD 7H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 hits
    Then it is refused citing UY-27
    And box 1 may hit

  @UY-13.2 @UY-24.1 @UY-24.2 @UY-1.2 @UY-58 @UY @assumes-payment_order
  Scenario: The deal runs from the dealer's left and the bank's second card waits for all play
    Art. 13: "NO VA MAS" before the deal. Art. 24: "una carta descubierta a cada jugador
    comenzando por su izquierda hacia su derecha y una carta descubierta para sí mismo. Luego
    distribuirá otra carta ... en el mismo orden". Not stated: the order of payments; the
    engine assumes seat 1 first, as art. 27 orders the hands.
    Given the shoe holds TS 9S 7D 8H TH TC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 stands
    And box 2 stands
    Then the log shows, in order:
      | type        | box | bettor | card | info      |
      | announce    |     |        |      | NO VA MAS |
      | card        | 1   |        | TS   |           |
      | card        | 2   |        | 9S   |           |
      | dealer_card |     |        | 7D   |           |
      | card        | 1   |        | 8H   |           |
      | card        | 2   |        | TH   |           |
      | stand       | 1   |        |      |           |
      | stand       | 2   |        |      |           |
      | dealer_card |     |        | TC   |           |
      | settle      | 1   | P1     |      | win       |
      | settle      | 2   | P2     |      | win       |
    And P1 wins 10
    And P2 wins 10
