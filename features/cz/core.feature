@CZ
Feature: Czech casino: the core game
  Rounds under the Czech casino rules: six decks, no hole card, insurance offered right after
  the deal and exactly half the bet, doubling on any two cards but a blackjack, pairs split to
  four hands, split aces one card each, and no card on twenty-one.

  Background:
    Given the CZ rules
    And table limits of 10 to 500

  @CZ-HODNOTY-3 @CZ-HODNOTY-4 @CZ-UVOD-3 @CZ-SESTAVA-8
  Scenario: Face cards count ten, other cards their value, and a higher total wins one to one
    "Figury (obrázkové karty) platí deset (10). Všechny ostatní karty platí tolik, kolik je na
    nich uvedeno." Winning bets "se vyplácí v poměru jedna ku jedné (1:1)".
    Given box 1 is dealt JS 9H
    And the dealer's first card is 8D
    And the next cards are TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 18
    And P1 wins 10

  @CZ-HODNOTY-1 @CZ-HODNOTY-2
  Scenario: An ace counts eleven, or one when eleven would go over twenty-one
    "Eso platí jedna (1) nebo jedenáct (11). Platí vždy jedna (1), jestliže by jedenáct
    způsobilo, že by celkový součet karet převyšoval jedenadvacet (21)."
    A and 6 count 17; after a nine the ace counts one (16); a four makes 20.
    Given box 1 is dealt AS 6H
    And the dealer's first card is 7D
    And the next cards are 9C 4C TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then box 1 may hit
    When box 1 hits and stands
    Then the dealer stands on 17
    And P1 wins 10

  @CZ-SESTAVA-8 @CZ @assumes-pay_blackjack_immediately
  Scenario: A blackjack is paid three to two at the settlement
    "Ten se pak vyplatí v poměru tři ku dvěma (3:2)." Not stated: when a blackjack is paid; the
    engine assumes at the settlement, after the dealer's second card.
    Given box 1 is dealt AS KH
    And box 2 is dealt TS 7H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 stands
    Then the log shows, in order:
      | type        | box | bettor | info      | amount | card |
      | stand       | 2   |        |           |        |      |
      | dealer_card |     |        |           |        | 8C   |
      | settle      | 1   | P1     | blackjack | 15     |      |
    And P1 wins 15
    And P2 breaks even

  @CZ-SESTAVA-6
  Scenario: A blackjack against the dealer's blackjack is a tie
    "Má-li hráč stejný součet jako rozdávající, potom je to remíza a hráč ani nevyhrává ani
    neprohrává." Reading: blackjack against blackjack is the same total.
    Given box 1 is dealt AS KH
    And the dealer's first card is TD
    And the next cards are AC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | push    | 0   |

  @CZ-HRA-25 @CZ-SESTAVA-8
  Scenario: A blackjack beats the dealer's twenty-one of three cards
    "Blackjack vždy 'přebije' (je víc než) dvacet jedna (21)."
    Given box 1 is dealt AS KH
    And box 2 is dealt TS 7H
    And the dealer's first card is 7D
    And the next cards are 4C TC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 stands
    Then the dealer stands on 21
    And P1 wins 15
    And P2 loses 10

  @CZ-HRA-24 @CZ-HRA-25 @CZ @assumes-dealer_blackjack_takes
  Scenario: The dealer's blackjack beats a split twenty-one and a twenty-one of three cards
    A split ace and a ten "se počítá jen jako dvacet jedna (21), ne jako Blackjack";
    "Blackjack vždy 'přebije' (je víc než) dvacet jedna (21)." Not stated: what the dealer's
    blackjack takes from a split; the engine assumes every stake, the split stake included.
    Given box 1 is dealt AS AH
    And box 2 is dealt 5S 6H
    And the dealer's first card is TD
    And the next cards are KC 9C TC AD
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 splits
    And box 2 hits
    Then the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | lose    | -10 |
      | 1   | 2    | P1     | lose    | -10 |
      | 2   | 1    | P2     | lose    | -10 |

  @CZ-HRA-24 @CZ-HRA-23
  Scenario: A split ace and a ten is twenty-one paid one to one
    "Kombinace rozděleného esa a karty s vyznačením hodnoty deset (10) se počítá jen jako dvacet
    jedna (21), ne jako Blackjack a jde-li o sázku, která vyhrála, vyplatí se v poměru jedna ku
    jedné (1:1)."
    Given box 1 is dealt AS AH
    And the dealer's first card is 9D
    And the next cards are KC 9H 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | win     | 10  |
      | 1   | 2    | P1     | win     | 10  |
    And P1 wins 20

  @CZ-SESTAVA-3 @CZ-SESTAVA-6
  Scenario: The dealer draws on sixteen and stands on seventeen or more
    "Rozdávající musí táhnout při tvrdých či měkkých šestnácti (16) či menším počtu a musí stát
    pokud má tvrdých či měkkých sedmnáct (17)." Equal totals: "remíza".
    Given box 1 is dealt TS 8H
    And the dealer's first card is 6D
    And the next cards are TC 2C 5C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 18
    And P1 breaks even

  @CZ-SESTAVA-3
  Scenario: The dealer stands on a soft seventeen
    The dealer "musí stát pokud má tvrdých či měkkých sedmnáct (17)".
    Given box 1 is dealt TS 8H
    And the dealer's first card is 6D
    And the next cards are AC 5C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 17
    And P1 wins 10

  @CZ-SESTAVA-5
  Scenario: A total lower than the dealer's loses
    "Všichni hráči, kteří mají součet menší než rozdávající, prohráli."
    Given box 1 is dealt TS 7H
    And the dealer's first card is 9D
    And the next cards are TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 stands
    Then the dealer stands on 19
    And P1 loses 10

  @CZ-SESTAVA-4 @CZ-UVOD-3
  Scenario: When the dealer goes over, the players still in the game win
    "Jestliže karty rozdávajícího převyšují součet dvacet jedna (21), všichni ostatní hráči
    zůstávající ve hře a vyhrávají." A player over 21 is no longer in the game: the engine
    collects his bet at once.
    Given box 1 is dealt TS 6H
    And box 2 is dealt TD 7H
    And the dealer's first card is 6D
    And the next cards are 8C TC 9S
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

  @CZ-UVOD-3 @CZ @assumes-dealer_plays_when_all_bust
  Scenario: The dealer draws no card when every player has gone over
    The player wants to be closer to 21 "a současně nepřekročit 21". Not stated: whether the
    dealer plays when no bet is left; the engine assumes he discards his card.
    Given box 1 is dealt TS 6H
    And the dealer's first card is 9D
    And the next cards are 8C 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 hits
    Then the dealer draws no second card
    And P1 loses 10

  @CZ-HRA-16 @CZ-HRA-18
  Scenario: A player may double two cards and receives one card only
    "Hráči mohou svoji původní sázku zdvojnásobit poté, co obdrželi první dvě karty." "Při
    zdvojnásobení se musí vsadit další sázka rovnající se sázce původní a hráči bude rozdána jen
    jedna karta navíc."
    Given box 1 is dealt TS 4H
    And the dealer's first card is 7D
    And the next cards are 6C TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles
    Then the log shows, in order:
      | type        | box | bettor | amount | card |
      | double      | 1   | P1     |        |      |
      | match       | 1   | P1     | 10     |      |
      | card        | 1   |        |        | 6C   |
      | dealer_card |     |        |        | TC   |
    And the dealer stands on 17
    And P1 wins 20

  @CZ-HRA-17
  Scenario: A soft total may be doubled
    "Hráčům je dovoleno zdvojnásobit jakoukoliv sestavu karet ... bez ohledu na to, zda součet
    karet je tvrdý či měkký."
    Given box 1 is dealt AS 6H
    And the dealer's first card is 9D
    And the next cards are 3C 9C
    And P1 bets 10 on box 1
    When the cards are dealt
    Then box 1 may double
    When box 1 doubles
    Then the dealer stands on 18
    And P1 wins 20

  @CZ-HRA-17 @CZ-SESTAVA-2
  Scenario: A blackjack is not doubled
    Doubling is allowed on any hand "z výjimkou Blackjacku"; "hráč nesmí žádat kartu má-li
    Blackjack". A blackjack is complete at the deal; a double asked for it is refused citing the
    clause, and the blackjack is paid 3:2 on the single stake.
    Given box 1 is dealt AS KH
    And box 2 is dealt TS 7H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 1 doubles
    Then it is refused citing CZ-HRA-17
    And box 1 may not double
    When box 2 stands
    Then P1 wins 15
    And P2 breaks even

  @CZ-HRA-21
  Scenario: A split hand may double and receives one card
    "Zdvojnásobení na rozdělenou (splitovanou) sestavu karet je možné a povede k tomu, že hráč
    dostane jen jednu kartu navíc."
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 7D
    And the next cards are 3C 9H 2S KC TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits, doubles and doubles
    Then the dealer stands on 17
    And the settlement is:
      | box | hand | bettor | stake | outcome | net |
      | 1   | 1    | P1     | 20    | win     | 20  |
      | 1   | 2    | P1     | 20    | win     | 20  |
    And P1 wins 40

  @CZ-HRA-19 @CZ-HRA-20
  Scenario: Pairs are split up to three times, into four hands
    "Všechny dvojice lze rozdělit (splitovat) až třikrát, což má za následek čtyři rozdělené
    sestavy karet."
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 6D
    And the next cards are 8C 8D 8S KS 9S TS TC 9C
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits, splits and splits
    And box 1 splits
    Then it is refused citing CZ-HRA-19
    When box 1 stands, stands, stands and stands
    Then box 1 holds 4 hands
    And the dealer busts
    And P1 wins 40

  @CZ-HRA-19
  Scenario: A ten and a face card are a pair
    "Všechny dvojice lze rozdělit". Reading: a pair is two cards of equal value, a ten and a
    figure included.
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

  @CZ-HRA-19
  Scenario: Cards of unequal value may not be split
    Only "dvojice" (pairs) may be split.
    Given box 1 is dealt 9S 8H
    And the dealer's first card is 7D
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then it is refused citing CZ-HRA-19
    And box 1 may not split

  @CZ-HRA-19 @CZ-HRA-22 @CZ @assumes-resplit_consecutive_only
  Scenario: A pair may be split again after other cards came between
    "Všechny dvojice lze rozdělit (splitovat) až třikrát"; "každá sestava karet hraje odděleně,
    pokaždé jedna." Not stated: whether a re-split needs the pairs in succession; the engine
    assumes any pair may be split within the four hands.
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 7D
    And the next cards are 3C 7C 8D TC 9C TD
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 hits and stands
    Then box 1 may split
    When box 1 splits
    And box 1 stands and stands
    Then box 1 holds 3 hands
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | win     | 10  |
      | 1   | 2    | P1     | win     | 10  |
      | 1   | 3    | P1     | push    | 0   |

  @CZ-HRA-23
  Scenario: Split aces receive one card each
    "Esa lze rozdělit také a hráč (hráči), kteří esa rozdělí, dostanou na každé z nich jen jednu
    další kartu."
    Given box 1 is dealt AS AH
    And the dealer's first card is 9D
    And the next cards are 5C 7C 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    Then the log shows, in order:
      | type        | box | hand | card | info      |
      | card        | 1   | 1    | 5C   |           |
      | stand       | 1   | 1    |      | automatic |
      | card        | 1   | 2    | 7C   |           |
      | stand       | 1   | 2    |      | automatic |
      | dealer_card |     |      | 8S   |           |
    And the settlement is:
      | box | hand | bettor | outcome | net |
      | 1   | 1    | P1     | lose    | -10 |
      | 1   | 2    | P1     | win     | 10  |

  @CZ-HRA-23 @CZ-HRA-19
  Scenario: A split ace dealt another ace may split again but neither draw nor double
    "dostanou na každé z nich jen jednu další kartu". Reading: the limit of three splits covers
    aces too ("Esa lze rozdělit také"), so a second ace may be split again.
    Given box 1 is dealt AS AH
    And the dealer's first card is 9D
    And the next cards are AC 9C KC 7C 8S
    And P1 bets 10 on box 1
    When the cards are dealt
    And box 1 splits
    And box 1 hits
    Then it is refused citing CZ-HRA-23
    When box 1 doubles
    Then it is refused citing CZ-HRA-23
    And box 1 may split
    When box 1 splits
    Then box 1 holds 3 hands
    And the dealer stands on 17
    And P1 wins 30

  @CZ-HRA-32 @CZ-SESTAVA-1
  Scenario: No card is drawn on twenty-one, hard or soft
    "Hráčům není dovoleno, aby obdrželi další karty jestliže celkový součet jejich sestavy karet
    činí dvacet jedna (21). Toto pravidlo se použije bez ohledu na to, jestliže součet dvacet
    jedna (21) je tvrdých nebo měkkých." The hand stands at once and a hit asked for it
    afterwards is refused citing the clause.
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
    Then it is refused citing CZ-HRA-32
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

  @CZ-HRA-26 @CZ-HRA-27 @CZ-HRA-29 @CZ-SESTAVA-9
  Scenario: Insurance is offered on an ace once the players hold two cards and pays two to one
    "Je-li první kartou rozdávajícího eso, rozdávající nabídne hráči ( hráčům ) pojištění. Tuto
    nabídku učiní poté, co hráči obdrželi dvě (2) karty." "Vyjde-li rozdávajícímu Blackjack,
    vyplatí se pojišťovací částka v poměru dvě ku jedné (2:1)."
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are KC
    And P1 bets 10 on box 1
    When the cards are dealt
    Then insurance is offered
    And the round is insurance
    When P1 insures box 1 for 5
    And insurance closes
    And box 1 stands
    Then the log shows, in order:
      | type              | box | amount | card |
      | card              | 1   |        | 9H   |
      | insurance_offered |     |        |      |
      | insurance         | 1   | 5      |      |
      | insurance_closed  |     |        |      |
      | stand             | 1   |        |      |
      | dealer_card       |     |        | KC   |
    And the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | outcome       | net |
      | 1   |      | P1     | insurance_win | 10  |
      | 1   | 1    | P1     | lose          | -10 |
    And P1 breaks even

  @CZ-HRA-28 @CZ-HRA-30
  Scenario: Insurance is exactly half the original bet and is lost without a dealer blackjack
    "Hráč, který si přeje nabídku přijmout, musí polovinu své původní sázky vsadit" (read:
    exactly half). "Nevyjde-li rozdávajícímu Blackjack, pojišťovací sázka propadne."
    Given box 1 is dealt TS 9H
    And the dealer's first card is AD
    And the next cards are 7C
    And P1 bets 10 on box 1
    When the cards are dealt
    And P1 insures box 1 for 6
    Then it is refused citing CZ-HRA-28
    When P1 insures box 1 for 3
    Then it is refused citing CZ-HRA-28
    When P1 insures box 1 for 5
    And insurance closes
    And box 1 stands
    Then the dealer stands on 18
    And the settlement is:
      | box | hand | bettor | outcome        | net |
      | 1   |      | P1     | insurance_lose | -5  |
      | 1   | 1    | P1     | win            | 10  |
    And P1 wins 5

  @CZ-HRA-31
  Scenario: A blackjack insured against the dealer's ace is paid one to one
    "Každému hráči, který si přál Blackjack pojistit proti esu rozdávajícího, se peníze vyplatí v
    poměru jedna ku jedné (1:1)." Reading: even money, paid at once; with no bet left the dealer
    draws no second card.
    Given box 1 is dealt AS KH
    And the dealer's first card is AD
    And the next cards are 9C
    And P1 bets 10 on box 1
    When the cards are dealt
    And P1 takes even money on box 1
    Then the settlement is:
      | box | hand | bettor | outcome    | net |
      | 1   | 1    | P1     | even_money | 10  |
    When insurance closes
    Then the dealer draws no second card
    And P1 wins 10

  @CZ-BOX-6
  Scenario: Players sharing a box decide on insurance each for himself
    "Má-li rozdávající eso, všichni hráči sdílející box se mohou individuálně rozhodnout, zda
    nabídnuté pojištění přijmou."
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

  @CZ-BOX-1 @CZ-BOX-2
  Scenario: The box owner asks for the cards whatever his bet
    "První hráč u stolu má přednost před ostatními hráči hrajícími na jeho boxu, a proto žádá
    karty on, ať je výše jeho sázky jakákoliv."
    Given box 1 is dealt TS 5H
    And the dealer's first card is 9D
    And the next cards are 4C 8C
    And P1 bets 10 on box 1
    And P2 bets 50 on box 1
    When the cards are dealt
    And P2 hits for box 1
    Then it is refused citing CZ-BOX-1
    When P1 hits for box 1
    And P1 stands for box 1
    Then P1 wins 10
    And P2 wins 50

  @CZ-BOX-1
  Scenario: The player seated at the box asks for the cards, though another bet first
    "První hráč u stolu má přednost před ostatními hráči hrajícími na jeho boxu": the first
    player is the one at the table, seated at the box, not the first to bet. P2 bets on box 1
    before P1, who sits there; P1 asks for the cards.
    Given P1 sits at box 1
    And box 1 is dealt TS 5H
    And the dealer's first card is 9D
    And the next cards are 4C 8C
    And P2 bets 50 on box 1
    And P1 bets 10 on box 1
    When the cards are dealt
    And P2 hits for box 1
    Then it is refused citing CZ-BOX-1
    When P1 hits for box 1
    And P1 stands for box 1
    Then P1 wins 10
    And P2 wins 50

  @CZ-BOX-5
  Scenario: When the box owner does not split, the others cannot
    "Rozhode-li se majitel boxu, že nerozdělí ani nezdvojnásobí, nemohou rozdělit ani
    zdvojnásobit karty i ostatní hráči."
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are 8C
    And P1 bets 10 on box 1
    And P2 bets 20 on box 1
    When the cards are dealt
    And P2 splits for box 1
    Then it is refused citing CZ-BOX-5
    When P1 stands for box 1
    Then box 1 holds 1 hand
    And P1 loses 10
    And P2 loses 20

  @CZ-BOX-4
  Scenario: Players behind who decline a double keep their stake and the box gets one card
    "Rozhode-li se majitel boxu, že zdvojnásobí sázky a ostatní odmítnou, potom pouze jedna další
    karta bude rozdána do boxu."
    Given box 1 is dealt 6S 5H
    And the dealer's first card is 9D
    And the next cards are 9C 8C
    And P1 bets 10 on box 1
    And P2 bets 10 on box 1
    When the cards are dealt
    And box 1 doubles and P2 declines
    Then the log shows, in order:
      | type        | bettor | amount | card |
      | double      | P1     |        |      |
      | match       | P1     | 10     |      |
      | decline     | P2     |        |      |
      | card        |        |        | 9C   |
      | dealer_card |        |        | 8C   |
    And the settlement is:
      | box | hand | bettor | stake | outcome | net |
      | 1   | 1    | P1     | 20    | win     | 20  |
      | 1   | 1    | P2     | 10    | win     | 10  |

  @CZ-BOX-3
  Scenario: Players behind who decline a split play on the first hand
    "Rozhodne-li se majitel boxu karty rozdělit (splitovat) ale ostatní to odmítnou, pokračují ve
    hře na první sestavě z rozdělených karet."
    Given box 1 is dealt 8S 8H
    And the dealer's first card is 9D
    And the next cards are KC 9C 8D
    And P1 bets 10 on box 1
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

  @CZ-SAZKY-1 @CZ-HRA-2
  Scenario: Bets below the table minimum or above its maximum are refused
    "Všechny sázky musí být v souladu s minimy a maximy stolu". "Tyto sázky musí odpovídat
    minimu a maximu stanovenému u stolu."
    When P1 bets 5 on box 1
    Then it is refused citing CZ-SAZKY-1
    When P1 bets 600 on box 1
    Then it is refused citing CZ-HRA-2
    When P1 bets 500 on box 1
    Then the round is betting

  @CZ @assumes-play_order
  Scenario: A hand acting out of turn is refused
    Not stated: the order of play; the engine assumes the dealing order, from box 1 at the
    dealer's left, and refuses another box acting first.
    Given box 1 is dealt TS 5H
    And box 2 is dealt TD 7H
    And the dealer's first card is 9D
    And P1 bets 10 on box 1
    And P2 bets 10 on box 2
    When the cards are dealt
    And box 2 hits
    Then it is refused under the assumption play_order
    And box 1 may hit

  @CZ-HRA-4 @CZ-HRA-6 @CZ-HRA-7 @CZ @assumes-deal_order
  Scenario: One card to each box with a bet and the dealer, then a second to each box only
    "konec sázení, děkuji vám"; "rozdá po jedné kartě do všech boxů obsahujících sázku a jednu
    kartu rozdá sobě. Poté rozdá ještě jednu kartu do každého boxu, který je ve hře, ale v této
    fázi hry už žádnou kartu nerozdá sobě." Not stated: where dealing and payment start; the
    engine assumes box 1 at the dealer's left. Box 2 holds no bet and gets no card.
    Given the shoe holds TS 9S 7D 8H TH TC
    And P1 bets 10 on box 1
    And P2 bets 10 on box 3
    When the cards are dealt
    And box 1 stands
    And box 3 stands
    Then the log shows, in order:
      | type        | box | bettor | card | info                     |
      | announce    |     |        |      | konec sázení, děkuji vám |
      | card        | 1   |        | TS   |                          |
      | card        | 3   |        | 9S   |                          |
      | dealer_card |     |        | 7D   |                          |
      | card        | 1   |        | 8H   |                          |
      | card        | 3   |        | TH   |                          |
      | stand       | 1   |        |      |                          |
      | stand       | 3   |        |      |                          |
      | dealer_card |     |        | TC   |                          |
      | settle      | 1   | P1     |      | win                      |
      | settle      | 3   | P2     |      | win                      |
    And P1 wins 10
    And P2 wins 10

  @CZ-HRA-18 @CZ-HRA-25 @CZ @assumes-dealer_blackjack_takes
  Scenario: The dealer's blackjack takes a doubled stake
    "Při zdvojnásobení se musí vsadit další sázka rovnající se sázce původní". Not stated: what
    the dealer's blackjack takes from a double; the engine assumes every stake of the hand.
    Given box 1 is dealt 9S 2H
    And the dealer's first card is AD
    And the next cards are KC TC
    And P1 bets 10 on box 1
    When the cards are dealt
    And insurance closes
    And box 1 doubles
    Then the dealer has blackjack
    And the settlement is:
      | box | hand | bettor | stake | outcome | net |
      | 1   | 1    | P1     | 20    | lose    | -20 |
