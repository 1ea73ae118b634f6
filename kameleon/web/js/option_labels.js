// The lobby's new-table form: each engine option with a label in the interface's language, booleans as
// checkboxes, choices as selects whose values are named in that language, numbers as number inputs, a first seat
// as a select of seats. Options whose value is a list or a position (animal point tables, colour lists, a start
// position) keep their defaults here: they are for the terminal and records, not for a form. The engines document
// their options in English for the terminal (`-o name=value`, GET /api/games); what the form shows comes from
// these tables, keyed "game.option" (labels) and "game.option=value" (value names), so no internal name, rule
// section or JSON ever shows. tests/web/test_option_labels.py fails when an engine option or value lacks a label.
import { h } from "./dom.js";
import { language, t } from "./i18n.js";

const LABELS = {
  en: {
    "cameleon.players": "number of seats (always 2)",
    "cameleon.capture_geometry": "which pairs of neighbouring pieces capture",
    "cameleon.capture_trigger": "which associations are resolved",
    "cameleon.full_reserve_blocks": "what a full reserve forbids",
    "cameleon.reserve_placement": "who places the pieces earned",
    "cameleon.finite_supply": "pieces earned limited to those in the box",
    "cameleon.lone_piece_rule": "a lone piece loses to two chameleons",
    "cameleon.no_progress_plies": "moves without a capture or a piece leaving the reserve before a draw (0: never)",
    "cameleon.repetition_count": "repetitions of a position that make a draw (0: never)",
    "cameleon.first_player": "side that moves first",
    "cameleon.board": "board",
    "cameleon.start": "start position",
    "cardcassonne.players": "number of seats, 2 to 5",
    "cardcassonne.first_dealer": "first dealer",
    "cardcassonne.animal_points": "points of a herd of 1 to 13 animal cards",
    "cardcassonne.face_down_rule": "which card goes face down",
    "cardcassonne.reveal_unclaimed_face_down": "turn unsecured face-down cards up at the end of a round",
    "cardcassonne.chest_visible_to_owner": "players may look into their own chest",
    "chromino.players": "number of seats, 1 to 8",
    "chromino.first_player": "first player",
    "chromino.hand_size": "tiles dealt to each player (rulebook: 8)",
    "chromino.chameleon_ends": "end colours of the 5 chameleons",
    "chromino.draw": "how many tiles a blocked player draws",
    "chromino.draw_limit": "most tiles drawn in a turn (with \"up to a limit\")",
    "chromino.drawn_tile": "a drawn tile that fits",
    "chromino.open_hands": "every player's tiles face up",
    "chromino.placement": "placement rule",
    "chromino.scoring": "results",
    "chromino.final_round": "after a player has placed their last tile",
    "chromino.chameleon_last_draw": "when a lone chameleon makes its owner draw",
    "chromino.preset": "rule set",
    "coloretto.players": "number of seats, 2 to 5",
    "coloretto.scoring": "scoring table",
    "coloretto.last_round_depth": "cards beneath the last-round card",
    "coloretto.jokers": "jokers",
    "coloretto.scoring_choices": "who picks the jokers' colours and the colours that score",
    "coloretto.tie_break": "tie-break on equal points",
    "coloretto.two_player_start": "2 players: starting colours",
    "coloretto.two_player_rows": "2 players: rows",
    "coloretto.removed_colours": "colours removed with 2 or 3 players",
    "coloretto.starting_colours": "starting colours of each seat",
    "coloretto.start_player": "first player",
    "coloretto.preset": "rule set",
  },
  it: {
    "cameleon.players": "numero di posti (sempre 2)",
    "cameleon.capture_geometry": "quali coppie di pezzi vicini catturano",
    "cameleon.capture_trigger": "quali associazioni vengono risolte",
    "cameleon.full_reserve_blocks": "cosa vieta una riserva piena",
    "cameleon.reserve_placement": "chi piazza i pezzi guadagnati",
    "cameleon.finite_supply": "pezzi guadagnati limitati a quelli della scatola",
    "cameleon.lone_piece_rule": "un pezzo solo perde contro due camaleonti",
    "cameleon.no_progress_plies": "semimosse senza cattura né uscita dalla riserva prima della patta (0: mai)",
    "cameleon.repetition_count": "ripetizioni di una posizione che danno patta (0: mai)",
    "cameleon.first_player": "parte che muove per prima nella posizione iniziale standard",
    "cameleon.board": "tavoliere 8x9 (standard) o 8x11",
    "cameleon.start": "posizione iniziale",
    "cardcassonne.players": "numero di posti, da 2 a 5",
    "cardcassonne.first_dealer": "posto del primo Mazziere (predefinito: l'ultimo posto)",
    "cardcassonne.animal_points": "punti di un gregge di 1..13 carte Animale",
    "cardcassonne.face_down_rule": "quale carta va coperta: la prima carta di ogni giocatore in un round, o solo la prima carta del round",
    "cardcassonne.reveal_unclaimed_face_down": "a fine round, girare scoperte le carte coperte non assicurate",
    "cardcassonne.chest_visible_to_owner": "permettere a un giocatore di guardare il contenuto del proprio forziere",
    "chromino.players": "numero di posti, da 1 a 8",
    "chromino.first_player": "posto che gioca per primo",
    "chromino.hand_size": "tessere date a ogni posto (regolamento: 8)",
    "chromino.chameleon_ends": "colori alle estremità dei 5 camaleonti",
    "chromino.draw": "quante tessere pesca un giocatore bloccato",
    "chromino.draw_limit": "massimo di tessere pescate in un turno (con «fino a un massimo»)",
    "chromino.drawn_tile": "una tessera pescata che si può piazzare",
    "chromino.open_hands": "tutte le tessere dei giocatori sono scoperte",
    "chromino.placement": "regola dei due contatti o Bambino, come il domino",
    "chromino.scoring": "risultati: tessere rimaste, punti Esperto o punti BGA",
    "chromino.final_round": "dopo che un giocatore ha piazzato la sua ultima tessera",
    "chromino.chameleon_last_draw": "quando un camaleonte rimasto da solo obbliga il suo proprietario a pescare",
    "chromino.preset": "un insieme di opzioni con un nome",
    "coloretto.players": "numero di posti, da 2 a 5",
    "coloretto.scoring": "tabella del punteggio",
    "coloretto.last_round_depth": "carte sotto la carta Ultimo Round",
    "coloretto.jokers": "2 Jolly + Jolly Dorato, oppure 3 Jolly semplici",
    "coloretto.scoring_choices": "chi sceglie il colore dei Jolly e i colori che fanno guadagnare punti",
    "coloretto.tie_break": "spareggio in caso di parità di punti",
    "coloretto.two_player_start": "2 giocatori: colori iniziali",
    "coloretto.two_player_rows": "2 giocatori: file da 1/2/3 carte o tre file da 3",
    "coloretto.removed_colours": "colori rimossi dal gioco con 2/3 giocatori",
    "coloretto.starting_colours": "colori iniziali per posto",
    "coloretto.start_player": "posto che gioca per primo",
    "coloretto.preset": "valori del regolamento o quelli di Board Game Arena",
  },
  pl: {
    "cameleon.players": "liczba miejsc (zawsze 2)",
    "cameleon.capture_geometry": "które pary sąsiednich pionów biją",
    "cameleon.capture_trigger": "które układy pionów są rozstrzygane",
    "cameleon.full_reserve_blocks": "czego zabrania pełna rezerwa",
    "cameleon.reserve_placement": "kto ustawia zdobyte piony",
    "cameleon.finite_supply": "zdobyte piony ograniczone do zawartości pudełka",
    "cameleon.lone_piece_rule": "samotny pion przegrywa z dwoma kameleonami",
    "cameleon.no_progress_plies": "półruchy bez bicia ani wyjścia z rezerwy przed remisem (0: nigdy)",
    "cameleon.repetition_count": "liczba powtórzeń pozycji dająca remis (0: nigdy)",
    "cameleon.first_player": "strona, która rusza się pierwsza w standardowym ustawieniu",
    "cameleon.board": "plansza 8x9 (standardowa) lub 8x11",
    "cameleon.start": "pozycja początkowa",
    "cardcassonne.players": "liczba miejsc, od 2 do 5",
    "cardcassonne.first_dealer": "miejsce pierwszego rozdającego (domyślnie: ostatnie miejsce)",
    "cardcassonne.animal_points": "punkty za stado z 1..13 kart zwierząt",
    "cardcassonne.face_down_rule": "która karta idzie zakryta: pierwsza karta każdego gracza w rundzie czy tylko pierwsza karta rundy",
    "cardcassonne.reveal_unclaimed_face_down": "na koniec rundy odkryć niezabezpieczone zakryte karty",
    "cardcassonne.chest_visible_to_owner": "pozwolić graczowi oglądać zawartość własnej skrzyni",
    "chromino.players": "liczba miejsc, od 1 do 8",
    "chromino.first_player": "miejsce, które zaczyna grę",
    "chromino.hand_size": "płytki rozdawane każdemu miejscu (instrukcja: 8)",
    "chromino.chameleon_ends": "kolory końców 5 kameleonów",
    "chromino.draw": "ile płytek dobiera zablokowany gracz",
    "chromino.draw_limit": "najwięcej dobranych płytek w jednej turze (przy „najwyżej tyle”)",
    "chromino.drawn_tile": "dobrana płytka, która pasuje",
    "chromino.open_hands": "płytki wszystkich graczy leżą odkryte",
    "chromino.placement": "zasada dwóch styków albo Bambino, jak w domino",
    "chromino.scoring": "wyniki: pozostałe płytki, punkty wariantu Ekspert lub punkty BGA",
    "chromino.final_round": "po tym, jak gracz położy swoją ostatnią płytkę",
    "chromino.chameleon_last_draw": "kiedy samotny kameleon zmusza właściciela do dobrania",
    "chromino.preset": "nazwany zestaw opcji",
    "coloretto.players": "liczba miejsc, od 2 do 5",
    "coloretto.scoring": "tabela punktacji",
    "coloretto.last_round_depth": "karty pod kartą końca gry",
    "coloretto.jokers": "2 jokery + złoty joker albo 3 zwykłe jokery",
    "coloretto.scoring_choices": "kto wybiera kolory jokerów i kolory liczone na plus",
    "coloretto.tie_break": "rozstrzyganie remisu przy równej liczbie punktów",
    "coloretto.two_player_start": "2 graczy: kolory startowe",
    "coloretto.two_player_rows": "2 graczy: rzędy na 1/2/3 karty albo trzy rzędy po 3",
    "coloretto.removed_colours": "kolory usunięte z gry przy 2/3 graczach",
    "coloretto.starting_colours": "kolory startowe każdego miejsca",
    "coloretto.start_player": "miejsce, które zaczyna grę",
    "coloretto.preset": "ustawienia z instrukcji albo z Board Game Arena",
  },
  fr: {
    "cameleon.players": "nombre de places (toujours 2)",
    "cameleon.capture_geometry": "quelles paires de pions voisins prennent",
    "cameleon.capture_trigger": "quelles associations sont résolues",
    "cameleon.full_reserve_blocks": "ce qu'interdit une réserve pleine",
    "cameleon.reserve_placement": "qui place les pions obtenus",
    "cameleon.finite_supply": "pions obtenus limités au contenu des bacs",
    "cameleon.lone_piece_rule": "un pion seul perd contre deux caméléons",
    "cameleon.no_progress_plies": "demi-coups sans prise ni sortie de réserve avant la partie nulle (0 : jamais)",
    "cameleon.repetition_count": "nombre d'apparitions d'une position qui rend la partie nulle (0 : jamais)",
    "cameleon.first_player": "camp qui joue en premier dans la mise en place standard",
    "cameleon.board": "plateau 8x9 (standard) ou 8x11",
    "cameleon.start": "position de départ",
    "cardcassonne.players": "nombre de places, de 2 à 5",
    "cardcassonne.first_dealer": "place du premier donneur (par défaut : la dernière place)",
    "cardcassonne.animal_points": "points d'un troupeau de 1..13 cartes Animal",
    "cardcassonne.face_down_rule": "quelle carte se joue face cachée : la première carte de chaque joueur dans une manche, ou seulement la première carte de la manche",
    "cardcassonne.reveal_unclaimed_face_down": "retourner face visible, en fin de manche, les cartes face cachée que personne n'a prises",
    "cardcassonne.chest_visible_to_owner": "permettre à un joueur de voir le contenu de son propre coffre",
    "chromino.players": "nombre de places, de 1 à 8",
    "chromino.first_player": "place qui joue en premier",
    "chromino.hand_size": "Chromino distribués à chaque place (règle du jeu : 8)",
    "chromino.chameleon_ends": "couleurs des extrémités des 5 Chromino « Caméléon »",
    "chromino.draw": "combien de Chromino pioche un joueur bloqué",
    "chromino.draw_limit": "nombre maximal de Chromino piochés dans un tour (avec « jusqu'à un maximum »)",
    "chromino.drawn_tile": "un Chromino pioché qui peut être posé",
    "chromino.open_hands": "les Chromino de tous les joueurs sont face visible",
    "chromino.placement": "règle des deux contacts ou variante Bambino, comme aux Dominos",
    "chromino.scoring": "résultats : Chromino restants, points de la variante Expert ou points BGA",
    "chromino.final_round": "après qu'un joueur a posé son dernier Chromino",
    "chromino.chameleon_last_draw": "quand un Chromino « Caméléon » resté seul oblige son propriétaire à piocher",
    "chromino.preset": "un ensemble d'options nommé",
    "coloretto.players": "nombre de places, de 2 à 5",
    "coloretto.scoring": "table de score",
    "coloretto.last_round_depth": "cartes sous la carte « dernière manche »",
    "coloretto.jokers": "2 jokers + joker doré, ou 3 jokers simples",
    "coloretto.scoring_choices": "qui choisit la couleur des jokers et les couleurs positives",
    "coloretto.tie_break": "départage en cas d'égalité de points",
    "coloretto.two_player_start": "2 joueurs : couleurs de départ",
    "coloretto.two_player_rows": "2 joueurs : rangées de 1/2/3 cartes ou trois rangées de 3",
    "coloretto.removed_colours": "couleurs retirées du jeu à 2/3 joueurs",
    "coloretto.starting_colours": "couleurs de départ par place",
    "coloretto.start_player": "place qui joue en premier",
    "coloretto.preset": "valeurs de la règle du jeu ou celles de Board Game Arena",
  },
  uk: {
    "cameleon.players": "кількість місць (завжди 2)",
    "cameleon.capture_geometry": "які пари сусідніх фігур б'ють",
    "cameleon.capture_trigger": "які поєднання фігур спрацьовують",
    "cameleon.full_reserve_blocks": "що забороняє повний резерв",
    "cameleon.reserve_placement": "хто ставить здобуті фігури",
    "cameleon.finite_supply": "здобуті фігури обмежено вмістом коробки",
    "cameleon.lone_piece_rule": "одна фігура програє двом хамелеонам",
    "cameleon.no_progress_plies": "півходи без взяття чи виходу з резерву до нічиєї (0: ніколи)",
    "cameleon.repetition_count": "скільки повторень позиції дають нічию (0: ніколи)",
    "cameleon.first_player": "сторона, що ходить першою в стандартній початковій розстановці",
    "cameleon.board": "дошка 8x9 (стандартна) або 8x11",
    "cameleon.start": "початкова позиція",
    "cardcassonne.players": "кількість місць, від 2 до 5",
    "cardcassonne.first_dealer": "місце першого, хто роздає (типово: останнє місце)",
    "cardcassonne.animal_points": "очки за стадо з 1..13 карт тварин",
    "cardcassonne.face_down_rule": "яка карта йде сорочкою догори: перша карта кожного гравця в раунді чи лише перша карта раунду",
    "cardcassonne.reveal_unclaimed_face_down": "наприкінці раунду перевертати лицем догори незабрані карти, що лежать сорочкою догори",
    "cardcassonne.chest_visible_to_owner": "дозволити гравцеві бачити вміст власної скрині",
    "chromino.players": "кількість місць, від 1 до 8",
    "chromino.first_player": "місце, яке ходить першим",
    "chromino.hand_size": "скільки фішок отримує кожне місце (за правилами: 8)",
    "chromino.chameleon_ends": "кольори кінців 5 «Хамелеонів»",
    "chromino.draw": "скільки фішок тягне гравець, який не може походити",
    "chromino.draw_limit": "найбільше витягнутих фішок за хід (за «не більше ніж»)",
    "chromino.drawn_tile": "витягнута фішка, яка підходить",
    "chromino.open_hands": "фішки всіх гравців лежать обличчям догори",
    "chromino.placement": "правило двох контактів або «Бамбіно» (дитячий варіант), як у доміно",
    "chromino.scoring": "результати: залишок фішок, бали варіанту «Експерт» або бали BGA",
    "chromino.final_round": "після того, як гравець розмістив свою останню фішку",
    "chromino.chameleon_last_draw": "коли єдиний «Хамелеон» у руці змушує власника тягнути",
    "chromino.preset": "іменований набір налаштувань",
    "coloretto.players": "кількість місць, від 2 до 5",
    "coloretto.scoring": "таблиця підрахунку очок",
    "coloretto.last_round_depth": "карти під картою останнього раунду",
    "coloretto.jokers": "2 джокери + золотий джокер або 3 звичайні джокери",
    "coloretto.scoring_choices": "хто обирає кольори джокерів і кольори, що дають очки",
    "coloretto.tie_break": "розв'язання нічиєї за рівної кількості очок",
    "coloretto.two_player_start": "2 гравці: початкові кольори",
    "coloretto.two_player_rows": "2 гравці: ряди на 1/2/3 карти або три ряди по 3",
    "coloretto.removed_colours": "кольори, вилучені з гри при 2/3 гравцях",
    "coloretto.starting_colours": "початкові кольори кожного місця",
    "coloretto.start_player": "місце, яке ходить першим",
    "coloretto.preset": "типові значення з правил або з Board Game Arena",
  },
};

// The names of the choices, keyed "game.option=value" (booleans are checkboxes and need none).
const VALUES = {
  en: {
    "cameleon.capture_geometry=any_two": "any two neighbours", "cameleon.capture_geometry=opposite": "two opposite neighbours",
    "cameleon.capture_trigger=any_flanked": "every flanked piece", "cameleon.capture_trigger=moved_piece": "only with the piece just moved",
    "cameleon.full_reserve_blocks=all": "every capture", "cameleon.full_reserve_blocks=rewarded": "only captures that earn a piece",
    "cameleon.reserve_placement=choose": "the player chooses", "cameleon.reserve_placement=auto": "automatic",
    "cameleon.first_player=round": "Round", "cameleon.first_player=square": "Square",
    "cameleon.board=8x9": "8 × 9 (standard)", "cameleon.board=8x11": "8 × 11 (longer)",
    "cardcassonne.face_down_rule=each_player": "each player's first card of a round", "cardcassonne.face_down_rule=round_first": "only the round's first card",
    "chromino.draw=one": "one tile", "chromino.draw=until_playable": "until one fits", "chromino.draw=up_to_n": "up to a limit",
    "chromino.drawn_tile=must": "must be placed", "chromino.drawn_tile=may": "may be placed",
    "chromino.placement=standard": "two contacts (standard)", "chromino.placement=bambino": "Bambino, like dominoes",
    "chromino.scoring=none": "tiles left", "chromino.scoring=expert": "Expert points", "chromino.scoring=bga": "Board Game Arena points",
    "chromino.final_round=complete_round": "the round is completed", "chromino.final_round=one_more_turn": "everyone plays once more",
    "chromino.chameleon_last_draw=on_turn": "on their turn", "chromino.chameleon_last_draw=immediate": "at once",
    "chromino.preset=rulebook": "rulebook", "chromino.preset=bga": "Board Game Arena", "chromino.preset=bambino": "Bambino", "chromino.preset=expert": "Expert",
    "coloretto.scoring=brown": "brown side", "coloretto.scoring=purple": "purple side",
    "coloretto.jokers=golden": "2 jokers and the golden joker", "coloretto.jokers=plain": "3 plain jokers",
    "coloretto.scoring_choices=auto": "automatic, at the best", "coloretto.scoring_choices=manual": "each player",
    "coloretto.tie_break=largest_colour": "largest colour group", "coloretto.tie_break=none": "none: a shared win",
    "coloretto.two_player_start=distinct": "different colours", "coloretto.two_player_start=per_player": "per player",
    "coloretto.two_player_rows=green": "rows of 1, 2 and 3 cards", "coloretto.two_player_rows=three_of_three": "three rows of 3 cards",
    "coloretto.preset=rulebook": "rulebook", "coloretto.preset=bga": "Board Game Arena",
  },
  it: {
    "cameleon.capture_geometry=any_two": "due vicini qualsiasi", "cameleon.capture_geometry=opposite": "due vicini opposti",
    "cameleon.capture_trigger=any_flanked": "ogni pezzo circondato", "cameleon.capture_trigger=moved_piece": "solo con il pezzo appena mosso",
    "cameleon.full_reserve_blocks=all": "ogni cattura", "cameleon.full_reserve_blocks=rewarded": "solo le catture che fanno guadagnare un pezzo",
    "cameleon.reserve_placement=choose": "sceglie il giocatore", "cameleon.reserve_placement=auto": "automatico",
    "cameleon.first_player=round": "Tondo", "cameleon.first_player=square": "Quadrato",
    "cameleon.board=8x9": "8 × 9 (standard)", "cameleon.board=8x11": "8 × 11 (più lungo)",
    "cardcassonne.face_down_rule=each_player": "la prima carta di ogni giocatore nel round", "cardcassonne.face_down_rule=round_first": "solo la prima carta del round",
    "chromino.draw=one": "una tessera", "chromino.draw=until_playable": "finché una si può piazzare", "chromino.draw=up_to_n": "fino a un massimo",
    "chromino.drawn_tile=must": "deve essere piazzata", "chromino.drawn_tile=may": "può essere piazzata",
    "chromino.placement=standard": "due contatti (standard)", "chromino.placement=bambino": "Bambino, come il domino",
    "chromino.scoring=none": "tessere rimaste", "chromino.scoring=expert": "punti Esperto", "chromino.scoring=bga": "punti Board Game Arena",
    "chromino.final_round=complete_round": "si completa il giro", "chromino.final_round=one_more_turn": "tutti giocano ancora una volta",
    "chromino.chameleon_last_draw=on_turn": "al suo turno", "chromino.chameleon_last_draw=immediate": "subito",
    "chromino.preset=rulebook": "regolamento", "chromino.preset=bga": "Board Game Arena", "chromino.preset=bambino": "Bambino", "chromino.preset=expert": "Esperto",
    "coloretto.scoring=brown": "lato marrone", "coloretto.scoring=purple": "lato viola",
    "coloretto.jokers=golden": "2 jolly e il jolly dorato", "coloretto.jokers=plain": "3 jolly semplici",
    "coloretto.scoring_choices=auto": "automatico, al meglio", "coloretto.scoring_choices=manual": "ogni giocatore",
    "coloretto.tie_break=largest_colour": "gruppo di colore più grande", "coloretto.tie_break=none": "nessuno: vittoria condivisa",
    "coloretto.two_player_start=distinct": "colori diversi", "coloretto.two_player_start=per_player": "per giocatore",
    "coloretto.two_player_rows=green": "file da 1, 2 e 3 carte", "coloretto.two_player_rows=three_of_three": "tre file da 3 carte",
    "coloretto.preset=rulebook": "regolamento", "coloretto.preset=bga": "Board Game Arena",
  },
  pl: {
    "cameleon.capture_geometry=any_two": "dowolni dwaj sąsiedzi", "cameleon.capture_geometry=opposite": "dwaj przeciwlegli sąsiedzi",
    "cameleon.capture_trigger=any_flanked": "każdy otoczony pion", "cameleon.capture_trigger=moved_piece": "tylko z właśnie przesuniętym pionem",
    "cameleon.full_reserve_blocks=all": "każdego bicia", "cameleon.full_reserve_blocks=rewarded": "tylko bić dających pion",
    "cameleon.reserve_placement=choose": "wybiera gracz", "cameleon.reserve_placement=auto": "automatycznie",
    "cameleon.first_player=round": "Okrągłe", "cameleon.first_player=square": "Kwadratowe",
    "cameleon.board=8x9": "8 × 9 (standardowa)", "cameleon.board=8x11": "8 × 11 (dłuższa)",
    "cardcassonne.face_down_rule=each_player": "pierwsza karta każdego gracza w rundzie", "cardcassonne.face_down_rule=round_first": "tylko pierwsza karta rundy",
    "chromino.draw=one": "jedną płytkę", "chromino.draw=until_playable": "aż któraś pasuje", "chromino.draw=up_to_n": "najwyżej tyle",
    "chromino.drawn_tile=must": "trzeba położyć", "chromino.drawn_tile=may": "można położyć",
    "chromino.placement=standard": "dwa styki (standardowa)", "chromino.placement=bambino": "Bambino, jak domino",
    "chromino.scoring=none": "pozostałe płytki", "chromino.scoring=expert": "punkty Ekspert", "chromino.scoring=bga": "punkty Board Game Arena",
    "chromino.final_round=complete_round": "runda jest dokończona", "chromino.final_round=one_more_turn": "każdy gra jeszcze raz",
    "chromino.chameleon_last_draw=on_turn": "w swojej turze", "chromino.chameleon_last_draw=immediate": "od razu",
    "chromino.preset=rulebook": "instrukcja", "chromino.preset=bga": "Board Game Arena", "chromino.preset=bambino": "Bambino", "chromino.preset=expert": "Ekspert",
    "coloretto.scoring=brown": "strona brązowa", "coloretto.scoring=purple": "strona fioletowa",
    "coloretto.jokers=golden": "2 jokery i złoty joker", "coloretto.jokers=plain": "3 zwykłe jokery",
    "coloretto.scoring_choices=auto": "automatycznie, najkorzystniej", "coloretto.scoring_choices=manual": "każdy gracz",
    "coloretto.tie_break=largest_colour": "największa grupa koloru", "coloretto.tie_break=none": "brak: wspólne zwycięstwo",
    "coloretto.two_player_start=distinct": "różne kolory", "coloretto.two_player_start=per_player": "dla każdego gracza",
    "coloretto.two_player_rows=green": "rzędy na 1, 2 i 3 karty", "coloretto.two_player_rows=three_of_three": "trzy rzędy po 3 karty",
    "coloretto.preset=rulebook": "instrukcja", "coloretto.preset=bga": "Board Game Arena",
  },
  fr: {
    "cameleon.capture_geometry=any_two": "deux voisins quelconques", "cameleon.capture_geometry=opposite": "deux voisins opposés",
    "cameleon.capture_trigger=any_flanked": "tout pion encadré", "cameleon.capture_trigger=moved_piece": "seulement avec le pion déplacé",
    "cameleon.full_reserve_blocks=all": "toute prise", "cameleon.full_reserve_blocks=rewarded": "seulement les prises qui rapportent un pion",
    "cameleon.reserve_placement=choose": "le joueur choisit", "cameleon.reserve_placement=auto": "automatique",
    "cameleon.first_player=round": "Rond", "cameleon.first_player=square": "Carré",
    "cameleon.board=8x9": "8 × 9 (standard)", "cameleon.board=8x11": "8 × 11 (plus long)",
    "cardcassonne.face_down_rule=each_player": "la première carte de chaque joueur dans la manche", "cardcassonne.face_down_rule=round_first": "seulement la première carte de la manche",
    "chromino.draw=one": "un Chromino", "chromino.draw=until_playable": "jusqu'à ce qu'un convienne", "chromino.draw=up_to_n": "jusqu'à un maximum",
    "chromino.drawn_tile=must": "doit être posé", "chromino.drawn_tile=may": "peut être posé",
    "chromino.placement=standard": "deux contacts (standard)", "chromino.placement=bambino": "Bambino, comme aux Dominos",
    "chromino.scoring=none": "Chromino restants", "chromino.scoring=expert": "points Expert", "chromino.scoring=bga": "points Board Game Arena",
    "chromino.final_round=complete_round": "le tour est terminé", "chromino.final_round=one_more_turn": "chacun joue encore une fois",
    "chromino.chameleon_last_draw=on_turn": "à son tour", "chromino.chameleon_last_draw=immediate": "aussitôt",
    "chromino.preset=rulebook": "règle du jeu", "chromino.preset=bga": "Board Game Arena", "chromino.preset=bambino": "Bambino", "chromino.preset=expert": "Expert",
    "coloretto.scoring=brown": "face marron", "coloretto.scoring=purple": "face violette",
    "coloretto.jokers=golden": "2 jokers et le joker doré", "coloretto.jokers=plain": "3 jokers simples",
    "coloretto.scoring_choices=auto": "automatique, au mieux", "coloretto.scoring_choices=manual": "chaque joueur",
    "coloretto.tie_break=largest_colour": "plus grand groupe de couleur", "coloretto.tie_break=none": "aucun : victoire partagée",
    "coloretto.two_player_start=distinct": "couleurs différentes", "coloretto.two_player_start=per_player": "par joueur",
    "coloretto.two_player_rows=green": "rangées de 1, 2 et 3 cartes", "coloretto.two_player_rows=three_of_three": "trois rangées de 3 cartes",
    "coloretto.preset=rulebook": "règle du jeu", "coloretto.preset=bga": "Board Game Arena",
  },
  uk: {
    "cameleon.capture_geometry=any_two": "будь-які два сусіди", "cameleon.capture_geometry=opposite": "два протилежні сусіди",
    "cameleon.capture_trigger=any_flanked": "кожна оточена фігура", "cameleon.capture_trigger=moved_piece": "лише з щойно зрушеною фігурою",
    "cameleon.full_reserve_blocks=all": "будь-яке взяття", "cameleon.full_reserve_blocks=rewarded": "лише взяття, що дають фігуру",
    "cameleon.reserve_placement=choose": "обирає гравець", "cameleon.reserve_placement=auto": "автоматично",
    "cameleon.first_player=round": "Круглі", "cameleon.first_player=square": "Квадратні",
    "cameleon.board=8x9": "8 × 9 (стандартна)", "cameleon.board=8x11": "8 × 11 (довша)",
    "cardcassonne.face_down_rule=each_player": "перша карта кожного гравця в раунді", "cardcassonne.face_down_rule=round_first": "лише перша карта раунду",
    "chromino.draw=one": "одну фішку", "chromino.draw=until_playable": "доки якась не підійде", "chromino.draw=up_to_n": "не більше ніж",
    "chromino.drawn_tile=must": "треба покласти", "chromino.drawn_tile=may": "можна покласти",
    "chromino.placement=standard": "два контакти (стандартне)", "chromino.placement=bambino": "«Бамбіно», як доміно",
    "chromino.scoring=none": "залишок фішок", "chromino.scoring=expert": "бали «Експерт»", "chromino.scoring=bga": "бали Board Game Arena",
    "chromino.final_round=complete_round": "коло завершується", "chromino.final_round=one_more_turn": "кожен ходить ще раз",
    "chromino.chameleon_last_draw=on_turn": "у свій хід", "chromino.chameleon_last_draw=immediate": "одразу",
    "chromino.preset=rulebook": "правила", "chromino.preset=bga": "Board Game Arena", "chromino.preset=bambino": "«Бамбіно»", "chromino.preset=expert": "«Експерт»",
    "coloretto.scoring=brown": "коричнева сторона", "coloretto.scoring=purple": "фіолетова сторона",
    "coloretto.jokers=golden": "2 джокери і золотий джокер", "coloretto.jokers=plain": "3 звичайні джокери",
    "coloretto.scoring_choices=auto": "автоматично, найвигідніше", "coloretto.scoring_choices=manual": "кожен гравець",
    "coloretto.tie_break=largest_colour": "найбільша група кольору", "coloretto.tie_break=none": "немає: спільна перемога",
    "coloretto.two_player_start=distinct": "різні кольори", "coloretto.two_player_start=per_player": "для кожного гравця",
    "coloretto.two_player_rows=green": "ряди на 1, 2 і 3 карти", "coloretto.two_player_rows=three_of_three": "три ряди по 3 карти",
    "coloretto.preset=rulebook": "правила", "coloretto.preset=bga": "Board Game Arena",
  },
};

// Options that name a seat (null: as the rules say); they are offered as a select of seats.
const SEATS = new Set(["cardcassonne.first_dealer", "chromino.first_player", "coloretto.start_player"]);

const isBool = (spec) => typeof spec.default === "boolean";

// The label of an option in the interface's language (English when a language lacks it; the engine's own
// text only for a plug-in game's options, which no table here knows).
export function optionLabel(game, option, englishDoc) {
  const key = `${game}.${option}`;
  return LABELS[language()]?.[key] ?? LABELS.en[key] ?? englishDoc;
}

function valueLabel(game, option, value) {
  const key = `${game}.${option}=${value}`;
  return VALUES[language()]?.[key] ?? VALUES.en[key] ?? String(value);
}

// Whether the form offers the option: lists and positions are written in notation, so only experts (the
// Notation switch on) get a text field for them; everyone else plays them at their defaults.
export function optionShown(game, spec, expert = false) {
  if (SEATS.has(`${game}.${spec.name}`) || spec.choices || isBool(spec)) return true;
  return typeof spec.default === "number" || expert;
}

// One option's field: a label and an input; the wrapper (data-option) answers `optionValue()`: the value to
// send, or undefined when it is left at its default.
export function optionField(game, spec, maxSeats) {
  const id = `option-${spec.name}`;
  const label = optionLabel(game, spec.name, spec.doc);
  let input, read;
  if (isBool(spec)) {
    input = h("input", { type: "checkbox", id, name: spec.name, checked: spec.default });
    read = () => (input.checked === spec.default ? undefined : input.checked);
    const wrap = h("div", { class: "option option-check", "data-option": spec.name }, h("label", { for: id }, input, " ", label));
    wrap.optionValue = read;
    return wrap;
  }
  if (SEATS.has(`${game}.${spec.name}`)) {
    input = h("select", { id, name: spec.name },
      h("option", { value: "" }, t("option_default")),
      Array.from({ length: maxSeats }, (_, seat) => h("option", { value: String(seat) }, t("seat_n", { n: seat + 1 }))));
    read = () => (input.value === "" ? undefined : Number(input.value));
  } else if (spec.choices) {
    input = h("select", { id, name: spec.name }, spec.choices.map((choice, i) => h("option", { value: String(i), selected: choice === spec.default }, valueLabel(game, spec.name, choice))));
    read = () => { const chosen = spec.choices[Number(input.value)]; return chosen === spec.default ? undefined : chosen; };
  } else if (typeof spec.default === "number") {
    input = h("input", { type: "number", id, name: spec.name, step: 1, min: 0, value: spec.default });
    read = () => (input.value === "" || Number(input.value) === spec.default ? undefined : Number(input.value));
  } else {
    // Experts only: a list or a position, in the notation the terminal takes (a list as JSON).
    input = h("input", { id, name: spec.name, class: "expert" });
    read = () => {
      const raw = input.value.trim();
      if (raw === "") return undefined;
      try { return JSON.parse(raw); } catch { return raw; }
    };
  }
  const wrap = h("div", { class: "option", "data-option": spec.name }, h("label", { for: id }, label), input);
  wrap.optionValue = read;
  return wrap;
}
