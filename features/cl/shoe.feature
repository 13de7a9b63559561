@CL
Feature: Catalan card club CCCJ: the shoe, the cut, the cut card and the used cards
  Table-level procedure of the club: two decks, the cut offered to the player who would
  have received the cut card (else the one at the banker's left), the cut card three cards
  per participant from the end, a round that meets the cut card completed (with the used
  cards shuffled if the shoe runs out), no round started on the cut card, and used cards
  kept out of the shoe.

  Background:
    Given the CL rules
    And table limits of 10 to 500

  # ------------------------------------------------------------ the decks and the cut card

  @CL-ANX-1
  Scenario: A table of eight people is refused
    CL-ANX-1: "un máximo de 6 jugadores y un banquero por mesa": eight people at the table
    would be seven players and a banker.
    Given 8 participants are at the table
    And the shoe, once cut, starts with AS 7S KS
    When box 1 cuts at 52
    Then it is refused citing CL-ANX-1

  @CL-ANX-2 @CL-2
  Scenario: The shoe holds two decks of 52 cards
    CL-ANX-2: "Se emplearán 2 barajas de 52 naipes cada una." CL-2: "Se utilizan varias
    barajas de 52 naipes cada una (generalmente 4 ó 6) debidamente mezcladas." The rule set
    takes the annex's two decks (interpretation: the annex is the club's own rule for its
    table; the main text's "generalmente 4 ó 6" describes the game in general). The shoe
    shuffled at the start of play holds 104 cards.
    Given 4 participants are at the table
    And the shuffled shoe starts with 9S 9H
    Then the log shows, in order:
      | type      | total |
      | shuffle   | 104   |
      | offer_cut |       |

  @CL-ANX-3 @CL-14.2
  Scenario: With three players and the banker the cut card lies twelve cards from the end
    CL-ANX-3: "La carta de corte se colocará, contando desde la última del mazo, sobre la
    que resulte de multiplicar 3 por el número de participantes." CL-14.2: "Luego colocará
    la carta de corte entre las últimas del mazo". Interpretation (rule set): the
    "participantes" include the banker, so three players and the banker make four
    participants and 3 x 4 = 12 cards lie behind the cut card.
    Given 4 participants are at the table
    And the shuffled shoe starts with 9S 9H
    When the cut is made at 40
    Then the cut card lies 12 cards from the end

  @CL-ANX-3 @CL-14.2
  Scenario: With six players and the banker the cut card lies twenty-one cards from the end
    CL-ANX-3: "multiplicar 3 por el número de participantes". Six players and the banker,
    the fullest table of the annex (CL-ANX-1), are seven participants: 3 x 7 = 21.
    Given 7 participants are at the table
    And the shuffled shoe starts with 9S 9H
    When the cut is made at 60
    Then the cut card lies 21 cards from the end

  # ------------------------------------------------------------ the cut

  @CL-14.1
  Scenario: At the first shuffle the cut is offered to the player at the banker's left
    CL-14.1: "ofrecer el corte del mazo al jugador al que le hubiera correspondido la carta
    de corte en la última jugada, o en su defecto, al situado a su izquierda." No round has
    been played yet, so nobody would have received the cut card: the cut goes to box 1, at
    the banker's left (boxes count from the banker's left). Another box may not cut. The
    cut puts the first two cards (2C 3C) at the back: the round is dealt from TS on, box 1
    making 19 against the banker's seven and ace (soft 18, then the first card of the rest
    of the decks in deck order, AS).
    Given 4 participants are at the table
    And the shuffled shoe starts with 2C 3C TS 7D 9H
    When box 2 cuts at 2
    Then it is refused citing CL-14.1
    And the cut is offered to box 1
    When box 1 cuts at 2
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the log shows, in order:
      | type        | box | card |
      | cut         | 1   |      |
      | card        | 1   | TS   |
      | dealer_card |     | 7D   |
      | card        | 1   | 9H   |
      | dealer_card |     | AS   |
    And the dealer stands on 18
    And P1 wins 10

  @CL-18.1 @CL-14.1 @CL-14.2
  Scenario: A round that meets the cut card is completed and the next cut goes to its receiver
    CL-18.1: "Una jugada iniciada debe completarse, aunque aparezca la carta de corte, con
    las que le siguen en el mazo." CL-14.2: the cut card shows "cuando sea extraída que
    deben mezclarse de nuevo". CL-14.1: the cut is then offered "al jugador al que le
    hubiera correspondido la carta de corte en la última jugada". Seven participants: 21
    cards lie behind the cut card, so it appears after the 83rd card. To reach it in one
    round box 3 splits its tens 26 times (CL-13b.4, read by the rule set as no limit on
    re-splitting), making 27 hands of a ten. Hands 1 to 8 draw a nine then a three (22),
    hands 9 to 16 an eight then a four (22), hands 17 to 24 a seven then a five (22), hands
    25 and 26 a six then a six (22): all bust. Hand 27 draws 2S (12), AS (13) and AH (14,
    the 83rd card: the cut card appears) and then 6H, the card behind the cut card, for 20,
    and stands. The round goes on: the banker's 6S draws QC (16) and 2H, and stands on 18.
    P3 loses 26 x 10 and wins 10 on hand 27: he loses 250. Box 3 would have received the
    cut card, so after the shuffle the cut is offered to box 3.
    Given 7 participants are at the table
    And the shoe, once cut, starts with TS 6S TH TD TC JS JH JD JC QS QH QD QC KS KH KD KC TS TH TD TC JS JH JD JC QS QH QD 9S 3S 9H 3H 9D 3D 9C 3C 9S 3S 9H 3H 9D 3D 9C 3C 8S 4S 8H 4H 8D 4D 8C 4C 8S 4S 8H 4H 8D 4D 8C 4C 7S 5S 7H 5H 7D 5D 7C 5C 7S 5S 7H 5H 7D 5D 7C 5C 6H 6D 6C 6S 2S AS AH 6H QC 2H
    When box 1 cuts at 52
    And P3 bets 10 on box 3
    And the cards are dealt
    And box 3 splits, splits, splits, splits, splits, splits, splits, splits, splits and splits
    And box 3 splits, splits, splits, splits, splits, splits, splits, splits, splits and splits
    And box 3 splits, splits, splits, splits, splits and splits
    # hands 1 to 8: ten-nine, bust on a three
    And box 3 hits, hits, hits, hits, hits, hits, hits and hits
    # hands 9 to 16: ten-eight, bust on a four
    And box 3 hits, hits, hits, hits, hits, hits, hits and hits
    # hands 17 to 24: ten-seven, bust on a five
    And box 3 hits, hits, hits, hits, hits, hits, hits and hits
    # hands 25 and 26: ten-six, bust on a six
    And box 3 hits and hits
    # hand 27: ten-two, then an ace, an ace (the cut card appears) and a six
    And box 3 hits, hits, hits and stands
    Then the cut card has come out
    And box 3 holds 27 hands
    And the log shows, in order:
      | type         | box | hand | card | total | info   |
      | cut_card_out |     |      |      |       |        |
      | card         | 3   | 27   | AH   |       |        |
      | card         | 3   | 27   | 6H   |       |        |
      | stand        | 3   | 27   |      |       |        |
      | dealer_card  |     |      | QC   |       |        |
      | dealer_card  |     |      | 2H   |       |        |
      | dealer_total |     |      |      | 18    | stands |
      | clear        |     |      |      |       |        |
    And the round is over
    And P3 loses 250
    And the next round cannot start
    When P3 bets 10 on box 3
    Then it is refused citing CL-14.2
    When the shoe is shuffled
    Then the cut is offered to box 3

  @CL-18.3
  Scenario: A round whose first card would be the cut card does not start
    CL-18.3: "Si la primera carta de una jugada fuera la de corte, la jugada no se inicia."
    Seven participants: the cut card lies behind the 83rd card. Box 3 splits its tens 26
    times (27 hands of a ten); every hand busts: hands 1 to 8 on a nine and a three, 9 to
    16 on an eight and a four, 17 to 24 on a seven and a five, 25 and 26 on two sixes, and
    hand 27 on 2S, 2H and QC (24), the 83rd card. No bet is left in play, so the banker
    deals himself nothing (CL-19). P3 loses 27 x 10 = 270. The next card would be the cut
    card: the next round does not start, a bet for it is refused.
    Given 7 participants are at the table
    And the shoe, once cut, starts with TS 6S TH TD TC JS JH JD JC QS QH QD QC KS KH KD KC TS TH TD TC JS JH JD JC QS QH QD 9S 3S 9H 3H 9D 3D 9C 3C 9S 3S 9H 3H 9D 3D 9C 3C 8S 4S 8H 4H 8D 4D 8C 4C 8S 4S 8H 4H 8D 4D 8C 4C 7S 5S 7H 5H 7D 5D 7C 5C 7S 5S 7H 5H 7D 5D 7C 5C 6H 6D 6C 6S 2S 2H QC
    When box 1 cuts at 52
    And P3 bets 10 on box 3
    And the cards are dealt
    And box 3 splits, splits, splits, splits, splits, splits, splits, splits, splits and splits
    And box 3 splits, splits, splits, splits, splits, splits, splits, splits, splits and splits
    And box 3 splits, splits, splits, splits, splits and splits
    # hands 1 to 8: ten-nine, bust on a three
    And box 3 hits, hits, hits, hits, hits, hits, hits and hits
    # hands 9 to 16: ten-eight, bust on a four
    And box 3 hits, hits, hits, hits, hits, hits, hits and hits
    # hands 17 to 24: ten-seven, bust on a five
    And box 3 hits, hits, hits, hits, hits, hits, hits and hits
    # hands 25 and 26: ten-six, bust on a six
    And box 3 hits and hits
    # hand 27: ten-two, a two, then the queen (the 83rd card)
    And box 3 hits and hits
    Then the log shows, in order:
      | type            | box | hand | card |
      | cut_card_out    |     |      |      |
      | card            | 3   | 27   | QC   |
      | dealer_discards |     |      | 6S   |
      | clear           |     |      |      |
    And the round is over
    And P3 loses 270
    And the next round cannot start
    When P3 bets 10 on box 3
    Then it is refused citing CL-18.3

  @CL-18.2 @CL-18.1 @CL-17 @CL-14.1
  Scenario: A shoe that runs out mid-round is refilled from the shuffled used cards
    CL-18.2: "Si éstas no fueran suficientes para completar la jugada, se mezclarán las ya
    retiradas y después del corte se completará esta última jugada." CL-17: used cards "no
    se reintegran al mazo". Seven participants. Round 1: box 3's AS and KS against the
    banker's 7S, a blackjack paid 3 to 2 at once (15); its three cards go to the discards.
    Round 2 uses the other 101 cards: box 3 splits its tens 29 times (30 hands of a ten).
    Hands 1 to 8 bust on a nine and a three, 9 to 16 on an eight and a four, 17 to 23 on a
    seven and a five, 24 to 26 on two sixes (the cut card appears after hand 25's first
    six, the 83rd card, and the round goes on), hand 27 on 2S, AH and KC (23), hand 28 on
    three twos and 6C (22); hand 29 stands on four twos (18) and hand 30 on AD (21). The
    banker's 6S draws 5C and five aces: 16, and the shoe is empty. Only the three used
    cards of round 1 are shuffled and cut, the cut offered as after every shuffle (CL-14.1)
    to box 3, whose hand received the cut card, and the banker draws one of them: AS (17, he
    stands), KS (26) or 7S (23): either way 18 and 21 win. P3: 15 - 28 x 10 + 2 x 10 = -245.
    Not stated: the round completed with the used cards is "esta última jugada", so the
    shoe must be shuffled before the next round; the cut card has been seen.
    Given 7 participants are at the table
    And the shoe, once cut, starts with AS 7S KS TS 6S TH TD TC JS JH JD JC QS QH QD QC KH KD KC TS TH TD TC JS JH JD JC QS QH QD QC KS KH KD 9S 3S 9H 3H 9D 3D 9C 3C 9S 3S 9H 3H 9D 3D 9C 3C 8S 4S 8H 4H 8D 4D 8C 4C 8S 4S 8H 4H 8D 4D 8C 4C 7H 5S 7D 5H 7C 5D 7S 5C 7H 5S 7D 5H 7C 5D 6H 6D 6C 6S 6H 6D 2S AH KC 2H 2D 2C 6C 2S 2H 2D 2C AD 5C AC AS AH AD AC
    When box 1 cuts at 52
    And P3 bets 10 on box 3
    And the cards are dealt
    Then the round is over
    And P3 wins 15
    When P3 bets 10 on box 3
    And the cards are dealt
    And box 3 splits, splits, splits, splits, splits, splits, splits, splits, splits and splits
    And box 3 splits, splits, splits, splits, splits, splits, splits, splits, splits and splits
    And box 3 splits, splits, splits, splits, splits, splits, splits, splits and splits
    # hands 1 to 8: ten-nine, bust on a three
    And box 3 hits, hits, hits, hits, hits, hits, hits and hits
    # hands 9 to 16: ten-eight, bust on a four
    And box 3 hits, hits, hits, hits, hits, hits, hits and hits
    # hands 17 to 23: ten-seven, bust on a five
    And box 3 hits, hits, hits, hits, hits, hits and hits
    # hands 24 to 26: ten-six, bust on a six (the cut card appears in hand 25)
    And box 3 hits, hits and hits
    # hand 27: ten-two, an ace, a king; hand 28: ten-two, two twos, a six
    And box 3 hits, hits, hits, hits and hits
    # hand 29: ten-two, three twos, stands on 18; hand 30: ten-ace, stands on 21
    And box 3 hits, hits, hits, stands and stands
    Then box 3 holds 30 hands
    And the log shows, in order:
      | type         | box | hand | card | total | info     |
      | cut_card_out |     |      |      |       |          |
      | card         | 3   | 25   | 6S   |       |          |
      | stand        | 3   | 30   |      |       |          |
      | dealer_card  |     |      | 5C   |       |          |
      | dealer_card  |     |      | AC   |       |          |
      | shuffle      |     |      |      | 3     | discards |
      | offer_cut    | 3   |      |      |       |          |
      | cut          | 3   |      |      |       |          |
      | dealer_card  |     |      |      |       |          |
      | dealer_total |     |      |      |       |          |
      | clear        |     |      |      |       |          |
    And the round is over
    And P3 loses 245
    And the next round cannot start

  @CL-14.1 @CL-18.2
  Scenario: A refill in the round where the banker took the card behind the cut card offers the cut at the banker's left
    CL-18.2: "se mezclarán las ya retiradas y después del corte se completará esta última
    jugada"; CL-14.1: the cut goes "al jugador al que le hubiera correspondido la carta de
    corte en la última jugada, o en su defecto, al situado a su izquierda". Changed values, not
    the club's, only so that a shoe ends within a few cards: one deck, the cut card two cards
    from the end, and 45 cards burnt at a change of dealer. The cut puts the seven cards given
    at the back of the deck, and the change of dealer burns the 45 before them. In the first
    shoe the cut card comes out with box 1's JC and box 2's hit draws the card behind it: box 2
    would have received the cut card, and the next cut is offered to box 2. In the second shoe
    box 1 draws to 16 and its 2C brings the cut card out; the banker (2H) draws the card behind
    it, 3S, and 3H, and the deck is empty: the used cards (the 45 burnt) are shuffled and the
    cut is offered to box 1, at the banker's left, since no player would have received the cut
    card in this round; not to box 2, whose receiver was of the shoe before.
    Given 3 participants are at the table
    And the rule decks set to 1
    And the rule cut_card_per_participant set to "none"
    And the rule cut_card_from_end set to 2
    And the rule burn_on_dealer_change set to 45
    And the shuffled shoe starts with 7C 8C 9C TC JC QC KC
    And the next shuffled shoe starts with TS 2H 2S 2D 2C 3S 3H
    When box 1 cuts at 7
    And the dealer changes
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And the cards are dealt
    And box 2 hits
    And box 1 stands
    Then the dealer stands on 19
    And the next round cannot start
    When the shoe is shuffled
    Then the cut is offered to box 2
    When box 2 cuts at 7
    And the dealer changes
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 hits, hits and stands
    Then the log shows, in order:
      | type         | box | card | total | info     |
      | cut_card_out |     |      |       |          |
      | card         | 1   | 2C   |       |          |
      | dealer_card  |     | 3S   |       |          |
      | dealer_card  |     | 3H   |       |          |
      | shuffle      |     |      | 45    | discards |
      | offer_cut    | 1   |      |       |          |
      | cut          | 1   |      |       |          |
    And the round is over
    And the next round cannot start

  @CL-14.1
  Scenario: A cut card that comes out with the round's last card leaves the next cut to the banker's left
    CL-14.1: the cut goes "al jugador al que le hubiera correspondido la carta de corte en la
    última jugada, o en su defecto, al situado a su izquierda". Changed values, not the club's,
    as in the scenario before: one deck, the cut card two cards from the end, 45 cards burnt at a
    change of dealer. In the first shoe box 2 would have received the cut card. In the second the
    banker's 7H, the round's last card, brings the cut card out: no card follows it, nobody
    would have received it, and the next cut is offered to box 1, at the banker's left, not to
    box 2, whose receiver was of the shoe before.
    Given 3 participants are at the table
    And the rule decks set to 1
    And the rule cut_card_per_participant set to "none"
    And the rule cut_card_from_end set to 2
    And the rule burn_on_dealer_change set to 45
    And the shuffled shoe starts with 7C 8C 9C TC JC QC KC
    And the next shuffled shoe starts with TS TH 5S 2S 7H 9S 9H
    When box 1 cuts at 7
    And the dealer changes
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And the cards are dealt
    And box 2 hits
    And box 1 stands
    And the shoe is shuffled
    Then the cut is offered to box 2
    When box 2 cuts at 7
    And the dealer changes
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 hits and stands
    Then the log shows, in order:
      | type         | card | total | info   |
      | cut_card_out |      |       |        |
      | dealer_card  | 7H   |       |        |
      | dealer_total |      | 17    | stands |
    And the round is over
    And the next round cannot start
    When the shoe is shuffled
    Then the cut is offered to box 1

  @CL-ANX-3 @CL-ANX-1
  Scenario: A table of three participants takes the bets of two players, not of a third
    CL-ANX-3: the cut card lies "3 por el número de participantes" from the end; CL-ANX-1:
    "Participarán un máximo de 6 jugadores y un banquero por mesa". Three participants are the
    banker and two players: the cut card lies 9 cards from the end, and a third player's bet,
    which would make four, is refused. Box 2 (TS 8H, 18) and box 1 (9S TH, 19) beat the banker's
    7D TC (17).
    Given 3 participants are at the table
    And the shoe, once cut, starts with TS 9S 7D 8H TH TC
    When box 1 cuts at 40
    Then the cut card lies 9 cards from the end
    When P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And P3 bets 10 on box 3
    Then it is refused as bad input naming participants
    When the cards are dealt
    And box 2 stands
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10
    And P2 wins 10
    And P3 breaks even

  # ------------------------------------------------------------ used cards and the round

  @CL-17 @CL-16
  Scenario: Used cards go to the discards and the next round is dealt from the cards that follow
    CL-17: "Las cartas utilizadas durante el juego se van retirando cara abajo y por orden,
    y no se reintegran al mazo." CL-16: the round "finaliza cuando ha saldado todas las
    apuestas realizadas". Round 1 (box 1 TS 9H, 19, against the banker's 7D KS, 17) is
    settled and its four cards go to the discards; the next bet starts round 2, dealt from
    the following cards: box 1 6D 5C hits 9C (20) against the banker's QH 8S (18).
    Given 3 participants are at the table
    And the shoe, once cut, starts with TS 7D 9H KS 6D QH 5C 9C 8S
    When box 1 cuts at 30
    And P1 bets 10 on box 1
    And the cards are dealt
    And box 1 stands
    Then the round is over
    When P1 bets 10 on box 1
    And the cards are dealt
    And box 1 hits
    And box 1 stands
    Then the log shows, in order:
      | type        | box | card | info | total |
      | card        | 1   | TS   |      |       |
      | dealer_card |     | 7D   |      |       |
      | card        | 1   | 9H   |      |       |
      | dealer_card |     | KS   |      |       |
      | settle      | 1   |      | win  |       |
      | clear       |     |      |      | 4     |
      | bet         | 1   |      |      |       |
      | card        | 1   | 6D   |      |       |
      | dealer_card |     | QH   |      |       |
      | card        | 1   | 5C   |      |       |
      | card        | 1   | 9C   |      |       |
      | dealer_card |     | 8S   |      |       |
      | settle      | 1   |      | win  |       |
      | clear       |     |      |      | 5     |
    And P1 wins 20
