// Interface strings in the languages of the rulebooks. Missing keys fall back to English.

const STRINGS = {
  en: {
    time_control: "Time control", timed_out: "{name} ran out of time: a bot takes over.",
    lobby: "Lobby", leaderboard: "Leaderboard", login: "Log in", signup: "Sign up", logout: "Log out", guest: "Play as guest",
    username: "Username", password: "Password", name: "Name", new_table: "New table", game: "Game", players: "Players",
    bots: "Fill empty seats with bots", bot_level: "Bot level", private: "Private (invite only)", options: "More options",
    create: "Create table", open_tables: "Open tables", live_games: "Games in progress", finished: "Finished games",
    join: "Join", watch: "Watch", replay: "Replay", start: "Start", leave: "Leave", rematch: "Rematch",
    add_bot: "Add bot", seats: "Seats", empty: "empty", your_turn: "Your turn", turn_of: "Turn of {name}",
    game_over: "Game over", winner: "Winner: {names}", moves: "Your moves", log: "Moves", chat: "Chat", send: "Send",
    invite: "Invite link", copy: "Copy", record: "Download record", import: "Import a record", connected: "live",
    disconnected: "reconnecting…", spectating: "You are watching", welcome: "Colour games, online, with friends or bots.",
    no_tables: "Nothing here yet.", score: "score", pile: "pile", drawn: "Drawn card", draw: "Draw", take: "Take",
    place: "Place", row: "Row", rows: "Rows", collections: "Collections", round: "Round", last_round: "Last round!",
    step: "Move {n} of {total}", first: "First", prev: "Back", next: "Next", last: "Last", play: "Play",
    profile: "Profile", rating: "Rating", games: "Games", wins: "Wins", need_login: "Log in or play as a guest first.",
    filter_moves: "Filter moves…", type_move: "or type a move", not_your_turn: "It is not your turn.",
  },
  it: {
    time_control: "Tempo", timed_out: "{name} ha finito il tempo: gioca un bot.",
    lobby: "Sala", leaderboard: "Classifica", login: "Accedi", signup: "Registrati", logout: "Esci", guest: "Gioca come ospite",
    username: "Nome utente", password: "Password", name: "Nome", new_table: "Nuovo tavolo", game: "Gioco", players: "Giocatori",
    bots: "Riempi i posti vuoti con bot", bot_level: "Livello dei bot", private: "Privato (solo su invito)", options: "Altre opzioni",
    create: "Crea tavolo", open_tables: "Tavoli aperti", live_games: "Partite in corso", finished: "Partite finite",
    join: "Siediti", watch: "Guarda", replay: "Rivedi", start: "Inizia", leave: "Lascia", rematch: "Rivincita",
    add_bot: "Aggiungi bot", seats: "Posti", empty: "libero", your_turn: "Tocca a te", turn_of: "Tocca a {name}",
    game_over: "Partita finita", winner: "Vince: {names}", moves: "Le tue mosse", log: "Mosse", chat: "Chat", send: "Invia",
    invite: "Link d'invito", copy: "Copia", record: "Scarica la partita", import: "Importa una partita", connected: "in linea",
    disconnected: "riconnessione…", spectating: "Stai guardando", welcome: "Giochi di colori, online, con amici o bot.",
    no_tables: "Ancora niente.", score: "punti", pile: "mazzo", drawn: "Carta pescata", draw: "Pesca", take: "Prendi",
    place: "Piazza", row: "Fila", rows: "File", collections: "Collezioni", round: "Turno", last_round: "Ultimo turno!",
    step: "Mossa {n} di {total}", first: "Inizio", prev: "Indietro", next: "Avanti", last: "Fine", play: "Riproduci",
    profile: "Profilo", rating: "Punteggio", games: "Partite", wins: "Vittorie", need_login: "Accedi o gioca come ospite.",
    filter_moves: "Filtra le mosse…", type_move: "o scrivi una mossa", not_your_turn: "Non è il tuo turno.",
  },
  pl: {
    time_control: "Czas", timed_out: "{name}: koniec czasu, gra bot.",
    lobby: "Poczekalnia", leaderboard: "Ranking", login: "Zaloguj", signup: "Załóż konto", logout: "Wyloguj", guest: "Graj jako gość",
    username: "Nazwa", password: "Hasło", name: "Imię", new_table: "Nowy stół", game: "Gra", players: "Gracze",
    bots: "Wolne miejsca dla botów", bot_level: "Poziom botów", private: "Prywatny (na zaproszenie)", options: "Więcej opcji",
    create: "Utwórz stół", open_tables: "Otwarte stoły", live_games: "Trwające gry", finished: "Zakończone gry",
    join: "Dołącz", watch: "Oglądaj", replay: "Powtórka", start: "Start", leave: "Wyjdź", rematch: "Rewanż",
    add_bot: "Dodaj bota", seats: "Miejsca", empty: "wolne", your_turn: "Twój ruch", turn_of: "Ruch: {name}",
    game_over: "Koniec gry", winner: "Wygrywa: {names}", moves: "Twoje ruchy", log: "Ruchy", chat: "Czat", send: "Wyślij",
    invite: "Link z zaproszeniem", copy: "Kopiuj", record: "Pobierz zapis", import: "Wczytaj zapis", connected: "na żywo",
    disconnected: "łączenie…", spectating: "Oglądasz", welcome: "Kolorowe gry online, ze znajomymi lub z botami.",
    no_tables: "Na razie pusto.", score: "punkty", pile: "stos", drawn: "Dobrana karta", draw: "Dobierz", take: "Weź",
    place: "Połóż", row: "Rząd", rows: "Rzędy", collections: "Kolekcje", round: "Runda", last_round: "Ostatnia runda!",
    step: "Ruch {n} z {total}", first: "Początek", prev: "Wstecz", next: "Dalej", last: "Koniec", play: "Odtwórz",
    profile: "Profil", rating: "Ranking", games: "Gry", wins: "Wygrane", need_login: "Zaloguj się lub graj jako gość.",
    filter_moves: "Filtruj ruchy…", type_move: "lub wpisz ruch", not_your_turn: "To nie twój ruch.",
  },
  fr: {
    time_control: "Cadence", timed_out: "{name} n'a plus de temps : un bot prend le relais.",
    lobby: "Salon", leaderboard: "Classement", login: "Connexion", signup: "Inscription", logout: "Déconnexion", guest: "Jouer en invité",
    username: "Identifiant", password: "Mot de passe", name: "Nom", new_table: "Nouvelle table", game: "Jeu", players: "Joueurs",
    bots: "Compléter avec des bots", bot_level: "Niveau des bots", private: "Privée (sur invitation)", options: "Plus d'options",
    create: "Créer la table", open_tables: "Tables ouvertes", live_games: "Parties en cours", finished: "Parties terminées",
    join: "Rejoindre", watch: "Regarder", replay: "Revoir", start: "Commencer", leave: "Quitter", rematch: "Revanche",
    add_bot: "Ajouter un bot", seats: "Places", empty: "libre", your_turn: "À vous", turn_of: "À {name} de jouer",
    game_over: "Partie terminée", winner: "Gagnant : {names}", moves: "Vos coups", log: "Coups", chat: "Discussion", send: "Envoyer",
    invite: "Lien d'invitation", copy: "Copier", record: "Télécharger la partie", import: "Importer une partie", connected: "en direct",
    disconnected: "reconnexion…", spectating: "Vous regardez", welcome: "Des jeux de couleurs, en ligne, entre amis ou contre des bots.",
    no_tables: "Rien pour l'instant.", score: "points", pile: "pioche", drawn: "Carte piochée", draw: "Piocher", take: "Prendre",
    place: "Poser", row: "Rangée", rows: "Rangées", collections: "Collections", round: "Manche", last_round: "Dernière manche !",
    step: "Coup {n} sur {total}", first: "Début", prev: "Retour", next: "Suivant", last: "Fin", play: "Lecture",
    profile: "Profil", rating: "Classement", games: "Parties", wins: "Victoires", need_login: "Connectez-vous ou jouez en invité.",
    filter_moves: "Filtrer les coups…", type_move: "ou tapez un coup", not_your_turn: "Ce n'est pas votre tour.",
  },
  uk: {
    time_control: "Контроль часу", timed_out: "У {name} скінчився час: грає бот.",
    lobby: "Лобі", leaderboard: "Рейтинг", login: "Увійти", signup: "Реєстрація", logout: "Вийти", guest: "Грати як гість",
    username: "Ім'я користувача", password: "Пароль", name: "Ім'я", new_table: "Новий стіл", game: "Гра", players: "Гравці",
    bots: "Заповнити місця ботами", bot_level: "Рівень ботів", private: "Приватний (за запрошенням)", options: "Інші налаштування",
    create: "Створити стіл", open_tables: "Відкриті столи", live_games: "Поточні ігри", finished: "Завершені ігри",
    join: "Приєднатися", watch: "Дивитися", replay: "Повтор", start: "Почати", leave: "Вийти", rematch: "Реванш",
    add_bot: "Додати бота", seats: "Місця", empty: "вільне", your_turn: "Ваш хід", turn_of: "Хід: {name}",
    game_over: "Гру завершено", winner: "Переможець: {names}", moves: "Ваші ходи", log: "Ходи", chat: "Чат", send: "Надіслати",
    invite: "Посилання-запрошення", copy: "Копіювати", record: "Завантажити запис", import: "Імпортувати запис", connected: "наживо",
    disconnected: "перепідключення…", spectating: "Ви глядач", welcome: "Кольорові ігри онлайн — з друзями або ботами.",
    no_tables: "Поки що порожньо.", score: "очки", pile: "колода", drawn: "Витягнута карта", draw: "Тягнути", take: "Взяти",
    place: "Покласти", row: "Ряд", rows: "Ряди", collections: "Колекції", round: "Раунд", last_round: "Останній раунд!",
    step: "Хід {n} з {total}", first: "Початок", prev: "Назад", next: "Далі", last: "Кінець", play: "Відтворити",
    profile: "Профіль", rating: "Рейтинг", games: "Ігри", wins: "Перемоги", need_login: "Увійдіть або грайте як гість.",
    filter_moves: "Фільтр ходів…", type_move: "або введіть хід", not_your_turn: "Зараз не ваш хід.",
  },
};

export const LANGUAGES = Object.keys(STRINGS);
let current = localStorage.getItem("kameleon.language") || (navigator.language || "en").slice(0, 2);
if (!STRINGS[current]) current = "en";

export function language() { return current; }
export function setLanguage(code) {
  if (!STRINGS[code]) return;
  current = code;
  localStorage.setItem("kameleon.language", code);
  document.documentElement.lang = code;
}
export function t(key, params = {}) {
  const text = (STRINGS[current] && STRINGS[current][key]) || STRINGS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? params[name] : `{${name}}`));
}
export function translateStatic(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
}
