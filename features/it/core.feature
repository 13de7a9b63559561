@IT
Feature: Campione, Italy: the core game
  Rounds under the Campione summary: seven boxes dealt from left to right, no hole card,
  doubling on any first two cards for one card, splits to three hands (aces once, one card
  each), insurance up to half the initial bet, three bets a box with the holder deciding.
  Where the summary is silent (limits, order of play and payment, drawing on 21) the
  scenario says "Not stated" and tests the engine's assumption.

  Background:
    Given the IT rules
    And table limits of 10 to 1000

  # ------------------------------------------------------------ values

  @IT-7 @IT-12
  Scenario: An ace counts eleven or one as the hand needs
    IT-7: "Gli assi valgono 1 o 11, le figure 10". Ace-six is 17; after a ten the ace counts
    1 and the hand is 17 again; "con punto uguale è égalité" (IT-12) against the dealer's 17.
    Given box 1 is dealt AS 6H
    And the dealer's first card is 9D
    And the next cards are TC 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    And box 1 stands
    Then the dealer stands on 17
    And P1 breaks even

  # ------------------------------------------------------------ naturals

  @IT-8
  Scenario: A Black Jack is paid one and a half times the stake
    IT-8: the Black Jack "viene pagato al giocatore una volta e mezza la puntata". Not
    stated: when; the engine assumes at settlement, after the dealer's hand (7 + 10 = 17).
    Given box 1 is dealt AS KH
    And the dealer's first card is 7D
    And the next cards are TC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then P1 wins 15
    And the log shows, in order:
      | type         | card | info      | amount |
      | dealer_card  | TC   |           |        |
      | dealer_total |      | stands    |        |
      | settle       |      | blackjack | 15     |

  @IT-9
  Scenario: Black Jack against the bank's Black Jack is a tie
    IT-9: "Se anche il banco fa Black Jack è égalité."
    Given box 1 is dealt AS KH
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 10 on box 1
    When the cards are dealt
    And insurance closes
    Then the dealer has blackjack
    And P1 breaks even

  @IT-8 @IT-20
  Scenario: A Black Jack beats the bank's three-card 21
    IT-8: the Black Jack "batte tutti gli altri punti". The dealer shows a ten, so no
    insurance (IT-20 needs an ace); box 2 stands on 18; the dealer makes 10 + 5 + 6 = 21.
    Given box 1 is dealt AS QH
    And box 2 is dealt TS 8H
    And the dealer's first card is TD
    And the next cards are 5C 6S
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    Then insurance is not offered
    When box 2 stands
    Then the dealer stands on 21
    And P1 wins 15
    And P2 loses 10

  @IT-19 @IT-8
  Scenario: A split ace and a ten make 21, paid 1 to 1
    IT-8: Black Jack is "21 con le prime due carte"; reading (rule set): a split hand's cards
    are not the first two, so ace-king after a split is an ordinary 21. IT-19: each split ace
    receives "una sola carta". 21 and 18 both beat 17, 10 each.
    Given box 1 is dealt AS AH
    And the dealer's first card is 9D
    And the next cards are KC 7D 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | outcome | net | stake |
      | 1   | 1    | win     | 10  | 10    |
      | 1   | 2    | win     | 10  | 10    |

  @IT-8
  Scenario: The bank's Black Jack takes a doubled stake whole
    IT-8: the Black Jack "batte tutti gli altri punti". Reading (rule set): with no hole card
    the dealer's Black Jack takes every stake of the hand, the doubled part included.
    Given box 1 is dealt 6S 5H
    And the dealer's first card is AD
    And the next cards are 8C KC
    And P1 bets 10 on box 1
    When the cards are dealt
    And insurance closes
    And box 1 doubles
    Then the dealer has blackjack
    And P1 loses 20

  # ------------------------------------------------------------ the dealer's hand

  @IT-6
  Scenario: The dealer draws on 16 and stands on 19
    IT-6: "il croupier deve tirare con punto 16 e restare con punto 17 o più". 6 + 10 = 16
    draws, + 3 = 19 stands and beats 18.
    Given box 1 is dealt TS 8H
    And the dealer's first card is 6D
    And the next cards are TC 3S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 19
    And P1 loses 10

  @IT-6 @IT-7
  Scenario: The dealer stands on a soft 17
    IT-6 says nothing of soft 17. Reading (rule set): an ace counts 11 where it can (IT-7), so
    six-ace is "punto 17" and the dealer stands; 19 wins.
    Given box 1 is dealt TS 9H
    And the dealer's first card is 6D
    And the next cards are AC 5S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10

  @IT-11 @IT-10 @IT-2
  Scenario: A player's bust loses at once, even when the dealer busts too
    IT-11: "Se oltrepassa 21, automaticamente, perde". No sentence says players win when the
    dealer busts; reading (IT-10, IT-2): a dealer over 21 loses to every hand still in play,
    at evens. Box 1 busts with 25; box 2 stands on 16; the dealer makes 24.
    Given box 1 is dealt TC 5D
    And box 2 is dealt TS 6H
    And the dealer's first card is 6D
    And the next cards are KS TH 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 hits
    And box 2 stands
    Then the dealer busts
    And P1 loses 10
    And P2 wins 10
    And the log shows, in order:
      | type         | box | card | info | amount |
      | bust         | 1   |      |      |        |
      | settle       | 1   |      | lose | -10    |
      | dealer_card  |     | TH   |      |        |
      | dealer_total |     |      | bust |        |
      | settle       | 2   |      | win  | 10     |

  @IT-5 @IT-11 @IT @assumes-dealer_plays_when_all_bust
  Scenario: The dealer draws nothing when every hand has busted
    Not stated: IT-5 has the dealer draw "solo quando sarà stato definito il punto di ogni
    giocatore" but not whether he draws when all have busted; the engine assumes he does not
    (dealer_plays_when_all_bust).
    Given box 1 is dealt TS 6H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then the dealer draws no second card
    And P1 loses 10

  # ------------------------------------------------------------ settlement and order

  @IT-10 @IT-12 @IT @assumes-payment_order
  Scenario: Win at evens, égalité and loss
    IT-10: "il giocatore vince, se il suo punto è superiore a quello del croupier"; IT-12:
    "con punto uguale è égalité". Not stated: the order of payment; the engine assumes the
    dealing order, from box 1. The dealer makes 18.
    Given box 1 is dealt TD 7H
    And box 2 is dealt TC 8H
    And box 3 is dealt TS 9H
    And the dealer's first card is 8D
    And the next cards are TH
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    And P3 bets 10 on box 3
    When the cards are dealt
    And box 1 stands
    And box 2 stands
    And box 3 stands
    Then the dealer stands on 18
    And the settlement is:
      | box | bettor | outcome | net |
      | 1   | P1     | lose    | -10 |
      | 2   | P2     | push    | 0   |
      | 3   | P3     | win     | 10  |

  @IT-3 @IT-4 @IT-5
  Scenario: Cards are dealt from left to right, the dealer served last
    IT-3: "una carta scoperta per ogni casella ..., da sinistra a destra, e si serve per
    ultimo"; IT-4: "una seconda carta ... per ogni giocatore"; IT-5: the dealer's second card
    only when every player's total is settled.
    Given the shoe holds 9S 7H 6D TC TD KH 2C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 stands
    And box 2 stands
    Then the log shows, in order:
      | type        | box | card |
      | card        | 1   | 9S   |
      | card        | 2   | 7H   |
      | dealer_card |     | 6D   |
      | card        | 1   | TC   |
      | card        | 2   | TD   |
      | stand       | 1   |      |
      | stand       | 2   |      |
      | dealer_card |     | KH   |
      | dealer_card |     | 2C   |
    And P1 wins 10
    And P2 loses 10

  @IT @assumes-play_order
  Scenario: A box may not play out of turn
    Not stated: the order of play; the engine assumes the dealing order (play_order), from
    box 1. IT-4: each player "potrà, in seguito, chiederne altre".
    Given box 1 is dealt TS 7H
    And box 2 is dealt TC 8H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 stands
    Then it is refused under the assumption play_order
    And box 1 may stand

  @IT @assumes-hit_on_hard_21
  Scenario: A player may still draw on 21
    Not stated: no clause forbids drawing on 21; the engine assumes it is allowed
    (hit_on_hard_21). IT-4: the player "potrà, in seguito, chiederne altre".
    Given box 1 is dealt 7S 7H
    And the dealer's first card is 9D
    And the next cards are 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then box 1 may hit
    And box 1 may stand

  # ------------------------------------------------------------ doubling

  @IT-15 @IT-16
  Scenario: Doubling on 12 doubles the stake for one card only
    IT-15: the player may double "indipendentemente dal punteggio ottenuto"; IT-16: "una e una
    sola carta". Seven-five doubled takes a 2 (14) and draws no more; 17 takes 20.
    Given box 1 is dealt 7S 5H
    And the dealer's first card is 9D
    And the next cards are 2C 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles
    Then the dealer stands on 17
    And P1 loses 20
    And the log shows, in order:
      | type        | box | card | amount |
      | double      | 1   |      |        |
      | match       | 1   |      | 10     |
      | card        | 1   | 2C   |        |
      | dealer_card |     | 8S   |        |

  @IT-15
  Scenario: Twenty may double
    IT-15: "indipendentemente dal punteggio ottenuto". Ten-queen doubles and takes an ace
    (21); 21 beats 17 and wins 20.
    Given box 1 is dealt TS QH
    And the dealer's first card is 9D
    And the next cards are AC 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 may double
    When box 1 doubles
    Then P1 wins 20

  @IT-15
  Scenario: A split hand may not double
    IT-15: doubling comes "ricevute le prime due carte". Reading (rule set): the first two
    cards dealt, which a split hand is not; eight-three after a split may not double.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are 3C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 doubles
    Then it is refused citing IT-15
    And box 1 may hit

  # ------------------------------------------------------------ splitting

  @IT-17
  Scenario: A ten and a king are split as a pair
    IT-17: "Se le prime due carte ricevute hanno lo stesso valore (anche 10 e figure) si ha la
    facoltà di dividere". 19 and 18 both beat 17.
    Given box 1 is dealt TS KH
    And the dealer's first card is 7D
    And the next cards are 9C 8D TC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 may split
    When box 1 splits
    And box 1 stands
    And box 1 stands
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | outcome | net | stake |
      | 1   | 1    | win     | 10  | 10    |
      | 1   | 2    | win     | 10  | 10    |

  @IT-17
  Scenario: Two cards of unequal value may not split
    IT-17: only cards that "hanno lo stesso valore"; nine-eight may not split.
    Given box 1 is dealt 9S 8H
    And the dealer's first card is 7D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then it is refused citing IT-17
    And box 1 may stand

  @IT-18
  Scenario: A pair splits to three hands and no more
    IT-18: "qualora si riceva una terza carta di valore identico alla coppia iniziale si potrà
    effettuare un'altra (e ultima) divisione". A fourth eight may not split. Then 8-8 (16)
    loses, 8-10 (18) wins and 8-9 (17) ties the dealer's 17.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 7D
    And the next cards are 8C 8D TC 9S TH
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 splits
    And box 1 splits
    Then it is refused citing IT-18
    And box 1 may not split
    When box 1 stands, stands and stands
    Then box 1 holds 3 hands
    And the dealer stands on 17
    And P1 breaks even

  @IT-19
  Scenario: Split aces take one card each and split only once
    IT-19: "la coppia di assi, per i quali è prevista la possibilità di una sola divisione
    ricevendo una sola carta". Ace-ace (12) loses and ace-nine (20) wins against 18.
    Given box 1 is dealt AS AH
    And the dealer's first card is 8S
    And the next cards are AC 9D TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then box 1 holds 2 hands
    And the dealer stands on 18
    And P1 breaks even
    And the log shows, in order:
      | type        | box | hand | card |
      | card        | 1   | 1    | AC   |
      | card        | 1   | 2    | 9D   |
      | dealer_card |     |      | TC   |

  # ------------------------------------------------------------ insurance

  @IT-20 @IT-21
  Scenario: Insurance pays 2 to 1 when the bank makes Black Jack
    IT-20: "Quando il banco riceve un asso come prima carta, i giocatori possono assicurarsi";
    IT-21: "pagata 2 a 1 nel caso di vincita". Insurance 10 on 20 wins 20; the 19 loses 20.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 20 on box 1
    When the cards are dealt
    Then insurance is offered
    When P1 insures box 1 for 10
    And insurance closes
    And box 1 stands
    Then the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | outcome       | net | stake |
      | 1   |      | P1     | insurance_win | 20  | 10    |
      | 1   | 1    | P1     | lose          | -20 | 20    |

  @IT-21
  Scenario: Insurance is lost when the bank makes no Black Jack
    IT-21 does not say so; reading (catalog): the insurance loses and the initial bet goes
    on. Insurance 7 ("al massimo la metà" of 20) is lost; 19 beats ace-seven (18), wins 20.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are 7C
    And P1 bets 20 on box 1
    When the cards are dealt
    And P1 insures box 1 for 7
    And insurance closes
    And box 1 stands
    Then the dealer stands on 18
    And P1 wins 13

  @IT-21
  Scenario: Insurance above half the initial bet is refused
    IT-21: "pari al massimo la metà della puntata iniziale". On 20, 11 is too much.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And P1 bets 20 on box 1
    When the cards are dealt
    And P1 insures box 1 for 11
    Then it is refused citing IT-21

  @IT-21
  Scenario: No insurance once the drawing of cards has begun
    IT-21: insurance is placed "prima che inizi l'eventuale fase di richiesta di ulteriori
    carte in aggiunta alle due iniziali".
    Given box 1 is dealt TS 2H
    And the dealer's first card is AD
    And the next cards are 5C
    And P1 bets 20 on box 1
    When the cards are dealt
    And insurance closes
    And box 1 hits
    And P1 insures box 1 for 10
    Then it is refused citing IT-21

  # ------------------------------------------------------------ bets on a box, limits

  @IT-13
  Scenario: A box takes at most three bets
    IT-13: any player "può scommettere su qualsiasi altra casella, a condizione che non
    vengano piazzate più di tre puntate per casella".
    When P1 bets 10 on box 1
    And P2 bets 10 on box 1
    And P3 bets 10 on box 1
    And P4 bets 10 on box 1
    Then it is refused citing IT-13

  @IT-14
  Scenario: Only the holder of the box decides its play
    IT-14: "Non può, comunque, dare consigli sui tiraggi: la decisione tocca al titolare della
    casella."
    Given box 1 is dealt TS 2H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And P2 stands for box 1
    Then it is refused citing IT-14
    And box 1 may stand

  @IT-15 @IT @assumes-behind_may_decline_double
  Scenario: A bettor behind may decline to match a double
    Not stated: the engine assumes a bettor behind need not add a stake he did not choose
    (behind_may_decline_double). The holder decides (IT-14) and doubles (IT-15); P2 keeps 10
    on the hand. 6-5-9 = 20 beats 17.
    Given box 1 is dealt 6S 5H
    And the dealer's first card is 9D
    And the next cards are 9C 8S
    And P1 bets 10 on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles and P2 declines
    Then the dealer stands on 17
    And P1 wins 20
    And P2 wins 10

  @IT-20 @IT-21 @IT @assumes-insurance_per_bettor
  Scenario: Each bettor on a box decides his own insurance
    Not stated: the engine assumes each bettor insures his own stake (insurance_per_bettor).
    IT-20: "i giocatori possono assicurarsi". P2 insures 5, wins 10 and loses his 10; P1,
    uninsured, loses 10 to the Black Jack.
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And P2 insures box 1 for 5
    And insurance closes
    And box 1 stands
    Then the dealer has blackjack
    And P1 loses 10
    And P2 breaks even

  @IT-3 @IT @assumes-table_limits
  Scenario: Bets off the table limits are refused
    Not stated: the summary gives no limits; the engine applies the table's (table_limits).
    IT-3: the deal starts "Quando le puntate sono fatte". With limits of 10 to 1000, 5 and
    1010 are refused, 1000 is accepted.
    When P1 bets 5 on box 1
    Then it is refused under the assumption table_limits
    When P1 bets 1010 on box 1
    Then it is refused under the assumption table_limits
    When P1 bets 1000 on box 1
    Then the round is betting

  @IT-3
  Scenario: There is no eighth box
    IT-3: "per ogni casella (max 7 caselle)".
    When P1 bets 10 on box 8
    Then it is refused as bad input naming box
