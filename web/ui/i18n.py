"""Message catalogue of the web UI: every string the page shows, in Vietnamese, English and
Russian, in the words of the glossary (docs: /work/shared/GLOSSARY.md).

Plain Python that runs under MicroPython (the page) and CPython (pytest): no f-string tricks
that MicroPython lacks, no dict ordering assumptions. `t(lang, key, **values)` formats one
message; a key missing in a language falls back to English, then to the key itself, so a gap
is visible instead of a crash.
"""

LANGS = ("vi", "en", "ru")
DEFAULT_LANG = "en"

EN = {
    "history.open": "Match history",
    "history.title": "Match history",
    "history.empty": "No match is kept yet. Finished matches are kept here, and unfinished ones when you start another.",
    "history.finished": "Finished after {n} hands",
    "history.unfinished": "Unfinished, at hand {hands}",
    "history.players": "{game}, {players} players",
    "history.export": "Export",
    "history.delete": "Delete",
    "history.delete_label": "Delete the match of {date}",
    "history.export_label": "Export the record of the match of {date}",
    "history.clear": "Clear the history",
    "history.clear_ask": "Delete all {n} matches of the history?",
    "history.clear_yes": "Delete all",
    "history.cancel": "Cancel",
    "history.keep": "Keep the last",
    "history.keep_n": "{n} matches",
    "history.count": "{n} matches kept",
    "history.aside": "{n} entries could not be read and were set aside: {why}",
    "history.failed": "The browser refused to keep the history: {why}",
    "history.unavailable": "The history cannot be read: {why}",
    "history.loading": "Reading the history…",
    "app.title": "Domino",
    "app.tagline": "Vietnamese, Russian and Western dominoes",
    "lang.label": "Language",
    "lang.vi": "Tiếng Việt",
    "lang.en": "English",
    "lang.ru": "Русский",
    "app.description": "Dominoes in the browser: Vietnamese, Russian and Western games against the computer or friends, offline.",
    "menu.new": "New match",
    "menu.start": "Start",
    "menu.starting": "Starting…",
    "menu.waiting": "Start (when the engine is ready)",
    "menu.variant": "Game",
    "menu.players": "Players",
    "menu.partnership": "Partners sit opposite (teams)",
    "menu.seats": "Seats",
    "menu.seat": "Player {n}",
    "menu.options": "House rules",
    "menu.seed": "Deal number",
    "menu.seed_hint": "The same number deals the same tiles.",
    "menu.import": "Open a record…",
    "menu.resume": "Continue the saved match",
    "menu.saved": "{game}, {players} players: hand {hand}, {moves} moves played",
    "menu.saved_one": "{game}, {players} players: hand {hand}, 1 move played",
    "menu.saved_none": "{game}, {players} players: hand {hand}, no move played yet",
    "menu.saved_over": "{game}, {players} players: the match is over (hand {hand})",
    "menu.saved_at": "{text} (saved {date})",
    "menu.forget": "Discard the saved match",
    "menu.back": "Menu",
    "seat.human": "Human",
    "seat.ai": "Computer",
    "seat.ai:easy": "Computer (easy)",
    "seat.ai:medium": "Computer (medium)",
    "seat.ai:hard": "Computer (hard)",
    "seat.ai:expert": "Computer (expert)",
    "engine.sw": "Preparing the offline copy…",
    "engine.boot": "Loading the game engine…",
    "engine.ready": "Engine ready",
    "engine.failed": "The game engine could not start: {error}",
    "engine.progress": "Loading the engine: {pct}%",
    "update.ready": "A new version is ready.",
    "update.reload": "Reload",
    "game.you": "You",
    "game.player": "Player {n}",
    "game.computer": "Computer {n}",
    "game.turn_you": "Your turn",
    "game.turn_other": "{name} to play",
    "game.thinking": "{name} is thinking…",
    "game.boneyard": "Boneyard: {n}",
    "game.end_count": "Ends add up to {n}",
    "game.tiles": "{n} tiles",
    "game.hand_number": "Hand {n}",
    "game.your_hand": "Your hand",
    "game.table": "Table",
    "game.log": "Game log",
    "game.choose_end": "Where does {tile} go?",
    "game.cancel": "Cancel",
    "game.hint": "Hint",
    "game.undo": "Undo",
    "game.undo_label": "Undo: take back your last move and the computers' replies (Ctrl+Z)",
    "game.pass_device": "Pass the device to {name}",
    "game.pass_ready": "I am {name}: show my tiles",
    "game.export": "Export record",
    "game.export_mid": "Export…",
    "game.export_mid_label": "Export the record (it shows every hand)…",
    "export.title": "Export the record of a hand still being played?",
    "export.warning": "The file holds the whole deal: every player's tiles and the boneyard in the order it will be drawn. Anyone who opens it sees them all.",
    "export.ok": "Export, showing every hand",
    "game.empty_table": "The table is empty: lead a tile.",
    "move.draw": "Draw a tile",
    "move.pass": "Pass",
    "move.leave": "Leave the table",
    "move.play": "Play {tile}",
    "move.play_end": "Play {tile} on {end}",
    "end.L": "the left end",
    "end.R": "the right end",
    "end.N": "the top arm",
    "end.S": "the bottom arm",
    "end.MX": "the Mexican train",
    "end.T": "the train of {name}",
    "end.X": "the spinner arm {n}",
    "game.computer_short": "C{n}",
    "game.player_short": "P{n}",
    "log.played": "{name} played {tile}",
    "log.played_end": "{name} played {tile} on {end}",
    "log.led": "{name} led {tile}",
    "log.pair": "{name} played the pair {a} and {b}",
    "log.drew": "{name} drew a tile",
    "log.drew_tile": "{name} drew {tile}",
    "log.passed": "{name} passed",
    "log.left": "{name} left the table (charged {n})",
    "log.hand_ended": "The hand is over",
    "log.undone": "{name} took back a move ({n} moves undone)",
    "log.new_hand": "Hand {n} dealt",
    "log.points": "{name} scored {n} points",
    "log.marker": "The train of {name} is open to everyone",
    "log.marker_you": "Your train is open to everyone",
    "result.title": "Hand {n} is over",
    "result.domino": "{name} went out.",
    "result.blocked": "The game is blocked: nobody can play.",
    "result.fish": "Fish: nobody can play.",
    "result.round_over": "The round is over: nobody can play.",
    "result.target": "{name} reached the target score.",
    "result.winner": "Winner: {name}.",
    "result.no_winner": "Nobody wins this hand.",
    "result.forced_block": "A forced block: nobody caused it on purpose.",
    "result.blocker_won": "{name} made the block and won it.",
    "result.blocker_lost": "{name} made the block and lost it.",
    "result.gai": "{name} set up the block for the blocker.",
    "result.gai_pays": "{name} set up the block for the blocker and pays the blocker for everyone.",
    "result.gai_collects": "{name} set up the block for the blocker and collects the whole amount from the blocker.",
    "result.opened": "Record opened this hand: {name}.",
    "result.place": "#",
    "result.seat": "Player",
    "result.pips": "Pips left",
    "result.delta": "This hand",
    "result.col.pips": "Pips left",
    "result.col.delta": "This hand",
    "result.col.total": "Total",
    "result.col.hand_points": "Points",
    "result.col.recorded": "Recorded",
    "result.col.during_hand": "In play",
    "result.col.bonus": "End bonus",
    "result.open": "(open)",
    "result.closed": "(closed)",
    "result.total": "Total",
    "result.house": "The house took {n} in tax.",
    "result.house_total": "House tax",
    "result.items": "Payments",
    "result.item.kind": "For",
    "result.item.amount": "Amount",
    "result.item.tax": "Tax",
    "result.item.payer": "Pays",
    "result.item.payee": "Receives",
    "result.item.pot": "(table)",
    "result.kind.rank": "Place",
    "result.kind.block": "Block",
    "result.kind.pass": "Pass",
    "result.kind.doubles": "Doubles in hand",
    "result.kind.escrow": "Leave escrow",
    "result.kind.leave": "Left the table",
    "result.scoreboard": "Match so far",
    "result.hand": "Hand",
    "result.next": "Next hand",
    "result.match_over": "The match is over.",
    "result.goat": "{name} is the goat!",
    "result.goats": "{name} are the goats!",
    "result.match_winner": "Match won by {name}.",
    "menu.rules": "Full rules",
    "error.engine": "Engine error: {message}",
    "error.save_corrupt": "The saved match could not be read and was set aside.",
    "error.save_missing": "No saved match was found.",
    "error.save_failed": "The match could not be saved ({error}); a reload would lose it.",
    "error.save_unavailable": "Matches cannot be saved here ({error}): a reload would lose the match.",
    "error.record": "This record could not be opened: {message}",
    "error.deeplink": "The link's game could not be started: {message}",
    "error.detail": "{reason} ({detail})",
    "reason.unknown_variant": "this game is not known",
    "reason.bad_option": "an option or the number of players is not accepted by this game",
    "reason.bad_seats": "the seats do not match the players",
    "reason.bad_record": "the file is not a valid domino record",
    "reason.unsupported_version": "the record's format version is not supported",
    "reason.illegal_move": "that move is not allowed",
    "reason.no_match": "no match is being played",
    "reason.match_over": "the match is over",
    "reason.hand_not_over": "the hand is not over yet",
    "reason.not_your_turn": "it is not that player's turn",
    "reason.internal": "something unexpected went wrong",
    "reason.reveals_hands": "while a hand is being played, the record would show every hand",
    "opt.yes": "on",
    "opt.no": "off",
    # The table (web/ui: seats, ends, settings, the end of a hand).
    "menu.seat_name": "Name",
    "seat.left": "left the table",
    "seat.thinking": "thinking",
    "seat.to_play": "to play",
    "seat.team": "team {n}",
    "seat.shown": "tiles left",
    "level.easy": "easy",
    "level.medium": "medium",
    "level.hard": "hard",
    "level.expert": "expert",
    "standing.money": "Money",
    "standing.record": "Record",
    "standing.open": "(open)",
    "standing.closed": "(not open)",
    "standing.points": "Points",
    "standing.total": "Total",
    "unit.money": "{n} coins",
    "game.round": "Round {n} of {total}",
    "game.hand_over": "The hand is over",
    "end.where": "{dir}, on {n}",
    "end.on": "on {n}",
    "dir.left": "left",
    "dir.right": "right",
    "dir.up": "up",
    "dir.down": "down",
    "log.played_at": "{name} played {tile} ({end})",
    "train.mexican": "Mexican train",
    "train.mexican_short": "Mexican",
    "move.play_at": "Play {tile}: {end}",
    "leave.title": "Leave the table?",
    "leave.warning": "Leaving now costs you {n}, and you take no further part in this hand.",
    "leave.ok": "Leave and pay {n}",
    "leave.stay": "Stay at the table",
    "result.scoreboard_final": "Final scores",
    "result.show": "Show the result",
    "result.close": "Look at the table",
    "result.rematch": "Rematch",
    "settings.title": "Settings",
    "settings.speed": "Computer speed",
    "settings.sort": "Sort the hand",
    "speed.slow": "slow",
    "speed.normal": "normal",
    "speed.fast": "fast",
    "speed.instant": "instant",
    "sort.none": "as dealt",
    "sort.number": "by number",
    "sort.pips": "by pips",
    "sound.on": "Sound: on",
    "sound.off": "Sound: off",
    "settings.motion": "Motion",
    "game.market": "Market: {n}",
    "game.table_tiles": "Table: {n} tiles",
    "move.knock": "Knock",
    "move.pair": "Play the pair {a} and {b}",
    "end.T_you": "your train",
    "log.knocked": "{name} knocked",
    "result.goat_you": "You are the goat!",
    "list.two": "{a} and {b}",
    "list.more": "{rest} and {last}",
    "list.sep": ", ",
    "reason.bad_message": "the page sent a request the game cannot read",
    "reason.unknown_intent": "the game does not know this request",
    "reason.stale_state": "the position has already changed",
    "reason.undo_unavailable": "moves can be taken back only by one player against the computer",
    "reason.nothing_to_undo": "there is no move of yours to take back in this hand",
    "reason.cancelled": "the position changed while the computer was thinking",
    "reason.no_save": "no saved match was found",
    "reason.bad_save": "the saved match could not be read",
    "reason.unknown": "the game refused this",
    "where.seat": "player {n}",
    "where.option": "option “{name}”",
    "where.hand": "hand {n}",
    "where.move": "move {n}",
    "where.value": "“{value}”",
}

VI = {
    "history.open": "Lịch sử trận đấu",
    "history.title": "Lịch sử trận đấu",
    "history.empty": "Chưa có trận nào được lưu. Các trận đã xong được lưu ở đây, các trận chưa xong cũng vậy khi bạn bắt đầu trận khác.",
    "history.finished": "Đã xong sau {n} ván",
    "history.unfinished": "Chưa xong, đang ở ván {hands}",
    "history.players": "{game}, {players} người chơi",
    "history.export": "Xuất biên bản",
    "history.delete": "Xóa",
    "history.delete_label": "Xóa trận ngày {date}",
    "history.export_label": "Xuất biên bản trận ngày {date}",
    "history.clear": "Xóa lịch sử",
    "history.clear_ask": "Xóa cả {n} trận trong lịch sử?",
    "history.clear_yes": "Xóa hết",
    "history.cancel": "Hủy",
    "history.keep": "Giữ lại",
    "history.keep_n": "{n} trận gần nhất",
    "history.count": "Đang lưu {n} trận",
    "history.aside": "{n} mục không đọc được và đã được để riêng: {why}",
    "history.failed": "Trình duyệt không cho lưu lịch sử: {why}",
    "history.unavailable": "Không đọc được lịch sử: {why}",
    "history.loading": "Đang đọc lịch sử…",
    "app.title": "Domino",
    "app.tagline": "Domino Việt Nam, Nga và phương Tây",
    "lang.label": "Ngôn ngữ",
    "lang.vi": "Tiếng Việt",
    "lang.en": "English",
    "lang.ru": "Русский",
    "app.description": "Domino trên trình duyệt: luật Việt Nam, Nga và phương Tây, chơi với máy hoặc với bạn bè, không cần mạng.",
    "menu.new": "Trận mới",
    "menu.start": "Bắt đầu",
    "menu.starting": "Đang bắt đầu…",
    "menu.waiting": "Bắt đầu (khi trò chơi sẵn sàng)",
    "menu.variant": "Kiểu chơi",
    "menu.players": "Số người chơi",
    "menu.partnership": "Chơi theo đội (đồng đội ngồi đối diện)",
    "menu.seats": "Chỗ ngồi",
    "menu.seat": "Người chơi {n}",
    "menu.options": "Luật tùy chọn",
    "menu.seed": "Mã chia bài",
    "menu.seed_hint": "Cùng một mã chia bài sẽ chia đúng các quân như nhau.",
    "menu.import": "Mở biên bản…",
    "menu.resume": "Chơi tiếp trận đã lưu",
    "menu.saved": "{game}, {players} người chơi: ván {hand}, đã đi {moves} nước",
    "menu.saved_one": "{game}, {players} người chơi: ván {hand}, đã đi 1 nước",
    "menu.saved_none": "{game}, {players} người chơi: ván {hand}, chưa đi nước nào",
    "menu.saved_over": "{game}, {players} người chơi: trận đã kết thúc (ván {hand})",
    "menu.saved_at": "{text} (lưu lúc {date})",
    "menu.forget": "Xóa trận đã lưu",
    "menu.back": "Trình đơn",
    "seat.human": "Người",
    "seat.ai": "Máy",
    "seat.ai:easy": "Máy (dễ)",
    "seat.ai:medium": "Máy (vừa)",
    "seat.ai:hard": "Máy (khó)",
    "seat.ai:expert": "Máy (cao thủ)",
    "engine.sw": "Đang chuẩn bị bản chơi ngoại tuyến…",
    "engine.boot": "Đang tải trò chơi…",
    "engine.ready": "Trò chơi đã sẵn sàng",
    "engine.failed": "Không khởi động được trò chơi: {error}",
    "engine.progress": "Đang tải trò chơi: {pct}%",
    "update.ready": "Đã có phiên bản mới.",
    "update.reload": "Tải lại",
    "game.you": "Bạn",
    "game.player": "Người chơi {n}",
    "game.computer": "Máy {n}",
    "game.turn_you": "Đến lượt bạn",
    "game.turn_other": "Lượt của {name}",
    "game.thinking": "{name} đang nghĩ…",
    "game.boneyard": "Khay dự bị: {n}",
    "game.end_count": "Tổng các đầu: {n}",
    "game.tiles": "{n} quân",
    "game.hand_number": "Ván {n}",
    "game.your_hand": "Quân của bạn",
    "game.table": "Bàn chơi",
    "game.log": "Diễn biến",
    "game.choose_end": "Đặt {tile} vào đâu?",
    "game.cancel": "Hủy",
    "game.hint": "Gợi ý",
    "game.undo": "Đi lại",
    "game.undo_label": "Đi lại: hủy nước vừa đánh của bạn và các nước Máy đã đi sau đó (Ctrl+Z)",
    "game.pass_device": "Đưa thiết bị cho {name}",
    "game.pass_ready": "Tôi là {name}: xem quân",
    "game.export": "Xuất biên bản",
    "game.export_mid": "Xuất…",
    "game.export_mid_label": "Xuất biên bản (hiện quân của mọi người)…",
    "export.title": "Xuất biên bản khi ván đang chơi?",
    "export.warning": "Tệp chứa toàn bộ ván chia: quân trên tay của mọi người và khay dự bị theo đúng thứ tự sẽ bốc. Ai mở tệp này cũng thấy hết.",
    "export.ok": "Xuất, hiện quân của mọi người",
    "game.empty_table": "Bàn còn trống: hãy ra quân đầu.",
    "move.draw": "Bốc một quân",
    "move.pass": "Bỏ lượt",
    "move.leave": "Rời bàn",
    "move.play": "Đánh {tile}",
    "move.play_end": "Đánh {tile} vào {end}",
    "end.L": "đầu trái",
    "end.R": "đầu phải",
    "end.N": "nhánh trên",
    "end.S": "nhánh dưới",
    "end.MX": "tàu Mexico",
    "end.T": "tàu của {name}",
    "end.X": "nhánh chốt {n}",
    "game.computer_short": "M{n}",
    "game.player_short": "N{n}",
    "log.played": "{name} đánh {tile}",
    "log.played_end": "{name} đánh {tile} vào {end}",
    "log.led": "{name} ra quân {tile}",
    "log.pair": "{name} đánh cặp bò {a} và {b}",
    "log.drew": "{name} bốc một quân",
    "log.drew_tile": "{name} bốc được {tile}",
    "log.passed": "{name} bỏ lượt",
    "log.left": "{name} rời bàn (bị phạt {n})",
    "log.hand_ended": "Ván đã kết thúc",
    "log.undone": "{name} đi lại một nước ({n} nước được hoàn tác)",
    "log.new_hand": "Đã chia ván {n}",
    "log.points": "{name} ghi {n} điểm",
    "log.marker": "Tàu của {name} mở cho mọi người",
    "log.marker_you": "Tàu của bạn mở cho mọi người",
    "result.title": "Kết thúc ván {n}",
    "result.domino": "{name} đã đánh hết quân.",
    "result.blocked": "Ván bị triệt: không ai đánh được.",
    "result.fish": "Ván cá: không ai đánh được.",
    "result.round_over": "Hết vòng: không ai đánh được.",
    "result.target": "{name} đã đạt điểm thắng trận.",
    "result.winner": "{name} thắng ván này.",
    "result.no_winner": "Ván này không ai thắng.",
    "result.forced_block": "Triệt buộc: không ai cố ý triệt.",
    "result.blocker_won": "{name} thắng triệt.",
    "result.blocker_lost": "{name} thua triệt.",
    "result.gai": "{name} gài triệt.",
    "result.gai_pays": "{name} gài triệt và phải đền cho tất cả.",
    "result.gai_collects": "{name} gài triệt và ăn toàn bộ.",
    "result.opened": "{name} mở sổ ở ván này.",
    "result.place": "Hạng",
    "result.seat": "Người chơi",
    "result.pips": "Điểm còn lại",
    "result.delta": "Ván này",
    "result.col.pips": "Điểm còn lại",
    "result.col.delta": "Ván này",
    "result.col.total": "Tổng",
    "result.col.hand_points": "Điểm",
    "result.col.recorded": "Ghi sổ",
    "result.col.during_hand": "Trong ván",
    "result.col.bonus": "Thưởng cuối",
    "result.open": "(đã mở)",
    "result.closed": "(chưa mở)",
    "result.total": "Tổng",
    "result.house": "Nhà cái thu thuế {n}.",
    "result.house_total": "Thuế nhà cái",
    "result.items": "Các khoản tiền",
    "result.item.kind": "Khoản",
    "result.item.amount": "Số tiền",
    "result.item.tax": "Thuế",
    "result.item.payer": "Trả",
    "result.item.payee": "Nhận",
    "result.item.pot": "(bàn)",
    "result.kind.rank": "Thứ hạng",
    "result.kind.block": "Triệt",
    "result.kind.pass": "Bỏ lượt",
    "result.kind.doubles": "Thúi bò",
    "result.kind.escrow": "Tiền rời bàn",
    "result.kind.leave": "Rời bàn",
    "result.scoreboard": "Bảng điểm trận",
    "result.hand": "Ván",
    "result.next": "Ván tiếp",
    "result.match_over": "Trận đấu đã kết thúc.",
    "result.goat": "{name} là con dê!",
    "result.goats": "{name} cùng là dê!",
    "result.match_winner": "{name} thắng trận.",
    "menu.rules": "Luật đầy đủ",
    "error.engine": "Lỗi trò chơi: {message}",
    "error.save_corrupt": "Không đọc được trận đã lưu; trận đó đã được cất riêng.",
    "error.save_missing": "Không tìm thấy trận đã lưu.",
    "error.save_failed": "Không lưu được trận đấu ({error}); nếu tải lại trang, trận này sẽ mất.",
    "error.save_unavailable": "Không lưu được trận ở đây ({error}): nếu tải lại trang, trận sẽ mất.",
    "error.record": "Không mở được biên bản này: {message}",
    "error.deeplink": "Không bắt đầu được trận theo đường dẫn: {message}",
    "error.detail": "{reason} ({detail})",
    "reason.unknown_variant": "không có trò chơi này",
    "reason.bad_option": "một tùy chọn hoặc số người chơi không hợp lệ với trò chơi này",
    "reason.bad_seats": "chỗ ngồi không khớp với số người chơi",
    "reason.bad_record": "tệp không phải là biên bản domino hợp lệ",
    "reason.unsupported_version": "không hỗ trợ phiên bản định dạng của biên bản",
    "reason.illegal_move": "nước đi này không hợp lệ",
    "reason.no_match": "chưa có trận nào đang chơi",
    "reason.match_over": "trận đấu đã kết thúc",
    "reason.hand_not_over": "ván chưa kết thúc",
    "reason.not_your_turn": "chưa đến lượt người chơi đó",
    "reason.internal": "đã xảy ra lỗi không mong đợi",
    "reason.reveals_hands": "khi ván đang chơi, biên bản sẽ cho thấy quân của mọi người",
    "opt.yes": "bật",
    "opt.no": "tắt",
    # The table (web/ui: seats, ends, settings, the end of a hand).
    "menu.seat_name": "Tên",
    "seat.left": "đã rời bàn",
    "seat.thinking": "đang nghĩ",
    "seat.to_play": "đến lượt",
    "seat.team": "đội {n}",
    "seat.shown": "quân còn lại",
    "level.easy": "dễ",
    "level.medium": "vừa",
    "level.hard": "khó",
    "level.expert": "cao thủ",
    "standing.money": "Tiền",
    "standing.record": "Sổ",
    "standing.open": "(đã mở sổ)",
    "standing.closed": "(chưa mở sổ)",
    "standing.points": "Điểm",
    "standing.total": "Tổng",
    "unit.money": "{n} xu",
    "game.round": "Vòng {n}/{total}",
    "game.hand_over": "Ván đã kết thúc",
    "end.where": "{dir}, vào {n}",
    "end.on": "vào {n}",
    "dir.left": "bên trái",
    "dir.right": "bên phải",
    "dir.up": "phía trên",
    "dir.down": "phía dưới",
    "log.played_at": "{name} đánh {tile} ({end})",
    "train.mexican": "Tàu Mexico",
    "train.mexican_short": "Mexico",
    "move.play_at": "Đánh {tile}: {end}",
    "leave.title": "Rời bàn?",
    "leave.warning": "Rời bàn bây giờ bạn mất {n} và không chơi tiếp ván này.",
    "leave.ok": "Rời bàn và trả {n}",
    "leave.stay": "Ở lại bàn",
    "result.scoreboard_final": "Kết quả trận",
    "result.show": "Xem kết quả",
    "result.close": "Xem bàn",
    "result.rematch": "Chơi lại",
    "settings.title": "Cài đặt",
    "settings.speed": "Tốc độ của Máy",
    "settings.sort": "Xếp quân",
    "speed.slow": "chậm",
    "speed.normal": "vừa",
    "speed.fast": "nhanh",
    "speed.instant": "tức thì",
    "sort.none": "như khi chia",
    "sort.number": "theo số",
    "sort.pips": "theo tổng chấm",
    "sound.on": "Âm thanh: bật",
    "sound.off": "Âm thanh: tắt",
    "settings.motion": "Hiệu ứng chuyển động",
    "game.market": "Chợ: {n}",
    "game.table_tiles": "Bàn chơi: {n} quân",
    "move.knock": "Bỏ lượt",
    "move.pair": "Đánh cặp bò {a} và {b}",
    "end.T_you": "tàu của bạn",
    "log.knocked": "{name} bỏ lượt",
    "result.goat_you": "Bạn là con dê!",
    "list.two": "{a} và {b}",
    "list.more": "{rest} và {last}",
    "list.sep": ", ",
    "reason.bad_message": "trang gửi một yêu cầu mà trò chơi không đọc được",
    "reason.unknown_intent": "trò chơi không biết yêu cầu này",
    "reason.stale_state": "thế cờ đã thay đổi",
    "reason.undo_unavailable": "chỉ được đi lại khi một người chơi với Máy",
    "reason.nothing_to_undo": "trong ván này bạn chưa có nước nào để đi lại",
    "reason.cancelled": "thế cờ đã thay đổi trong lúc Máy đang nghĩ",
    "reason.no_save": "không tìm thấy trận đã lưu",
    "reason.bad_save": "không đọc được trận đã lưu",
    "reason.unknown": "trò chơi từ chối yêu cầu này",
    "where.seat": "người chơi {n}",
    "where.option": "tùy chọn “{name}”",
    "where.hand": "ván {n}",
    "where.move": "nước thứ {n}",
    "where.value": "“{value}”",
}

# Russian: the words of Kozel tables (GLOSSARY.md). A line whose subject is a name says
# "{name}: ..." so that no verb has to agree with "Вы" or with a player's gender.
RU = {
    "history.open": "История партий",
    "history.title": "История партий",
    "history.empty": "Пока ни одной партии. Здесь хранятся сыгранные партии, а неоконченные — когда вы начинаете новую.",
    "history.finished": "Окончена, конов: {n}",
    "history.unfinished": "Не окончена, кон {hands}",
    "history.players": "{game}, игроков: {players}",
    "history.export": "Сохранить запись",
    "history.delete": "Удалить",
    "history.delete_label": "Удалить партию от {date}",
    "history.export_label": "Сохранить запись партии от {date}",
    "history.clear": "Очистить историю",
    "history.clear_ask": "Удалить все партии истории ({n})?",
    "history.clear_yes": "Удалить все",
    "history.cancel": "Отмена",
    "history.keep": "Хранить последние",
    "history.keep_n": "{n} партий",
    "history.count": "Партий в истории: {n}",
    "history.aside": "Записей, которые не удалось прочесть и которые отложены: {n} ({why})",
    "history.failed": "Браузер не позволил сохранить историю: {why}",
    "history.unavailable": "Не удалось прочесть историю: {why}",
    "history.loading": "Читаю историю…",
    "app.title": "Домино",
    "app.tagline": "Вьетнамское, русское и западное домино",
    "app.description": "Домино в браузере: вьетнамские, русские и западные игры против компьютера или друзей, без интернета.",
    "lang.label": "Язык",
    "lang.vi": "Tiếng Việt",
    "lang.en": "English",
    "lang.ru": "Русский",
    "menu.new": "Новая партия",
    "menu.start": "Начать",
    "menu.starting": "Начинаем…",
    "menu.waiting": "Начать (когда игра загрузится)",
    "menu.variant": "Игра",
    "menu.players": "Число игроков",
    "menu.partnership": "Игра парами (напарники сидят друг напротив друга)",
    "menu.seats": "Места",
    "menu.seat": "Игрок {n}",
    "menu.options": "Дополнительные правила",
    "menu.seed": "Номер раздачи",
    "menu.seed_hint": "С тем же номером раздаются те же камни.",
    "menu.import": "Открыть файл партии…",
    "menu.resume": "Продолжить сохранённую партию",
    "menu.saved": "{game}, игроков: {players}; кон {hand}, сделано ходов: {moves}",
    "menu.saved_one": "{game}, игроков: {players}; кон {hand}, сделан 1 ход",
    "menu.saved_none": "{game}, игроков: {players}; кон {hand}, ходов ещё не было",
    "menu.saved_over": "{game}, игроков: {players}; партия окончена (кон {hand})",
    "menu.saved_at": "{text} (сохранено {date})",
    "menu.forget": "Удалить сохранённую партию",
    "menu.back": "Меню",
    "seat.human": "Человек",
    "seat.ai": "Компьютер",
    "seat.ai:easy": "Компьютер (лёгкий)",
    "seat.ai:medium": "Компьютер (средний)",
    "seat.ai:hard": "Компьютер (сильный)",
    "seat.ai:expert": "Компьютер (эксперт)",
    "engine.sw": "Готовим копию для игры без интернета…",
    "engine.boot": "Загрузка игры…",
    "engine.ready": "Игра готова",
    "engine.failed": "Игра не запустилась: {error}",
    "engine.progress": "Загрузка игры: {pct}%",
    "update.ready": "Готова новая версия.",
    "update.reload": "Обновить",
    "game.you": "Вы",
    "game.player": "Игрок {n}",
    "game.computer": "Компьютер {n}",
    "game.turn_you": "Ваш ход",
    "game.turn_other": "Ходит: {name}",
    "game.thinking": "{name} думает…",
    "game.boneyard": "Базар: {n}",
    "game.end_count": "Сумма концов: {n}",
    "game.market": "Базар: {n}",
    "game.tiles": "{n} камней",
    "game.table_tiles": "Стол: {n} камней",
    "game.hand_number": "Кон {n}",
    "game.your_hand": "Ваши камни",
    "game.table": "Стол",
    "game.log": "Ход игры",
    "game.choose_end": "Куда поставить {tile}?",
    "game.cancel": "Отмена",
    "game.hint": "Подсказка",
    "game.undo": "Отменить ход",
    "game.undo_label": "Отменить ход: вернуть ваш последний ход и ответные ходы компьютеров (Ctrl+Z)",
    "game.pass_device": "Передайте устройство: {name}",
    "game.pass_ready": "Я — {name}: показать мои камни",
    "game.export": "Сохранить файл партии",
    "game.export_mid": "Сохранить…",
    "game.export_mid_label": "Сохранить файл партии (видны все камни)…",
    "export.title": "Сохранить файл партии, пока кон ещё идёт?",
    "export.warning": "В файле вся раздача: камни каждого игрока и базар в том порядке, в каком из него будут брать. Кто откроет файл, увидит всё.",
    "export.ok": "Сохранить, показав все камни",
    "game.empty_table": "Стол пуст: ваш заход.",
    "move.draw": "Взять с базара",
    "move.pass": "Пас",
    "move.knock": "Пас (стук)",
    "move.leave": "Выйти из-за стола",
    "move.play": "Ход {tile}",
    "move.play_end": "Ход {tile} на {end}",
    "move.pair": "Ход дублями {a} и {b}",
    "end.L": "левый конец",
    "end.R": "правый конец",
    "end.N": "верхний луч",
    "end.S": "нижний луч",
    "end.MX": "мексиканский поезд",
    "end.T": "поезд ({name})",
    "end.T_you": "ваш поезд",
    "end.X": "луч спиннера {n}",
    "game.computer_short": "К{n}",
    "game.player_short": "И{n}",
    "log.played": "{name}: {tile}",
    "log.played_end": "{name}: {tile} на {end}",
    "log.led": "{name}: заход {tile}",
    "log.pair": "{name}: дубли {a} и {b} за один ход",
    "log.drew": "{name}: камень с базара",
    "log.drew_tile": "{name}: с базара {tile}",
    "log.passed": "{name}: пас",
    "log.knocked": "{name}: пас (стук)",
    "log.left": "{name}: выход из-за стола (штраф {n})",
    "log.hand_ended": "Кон окончен",
    "log.undone": "{name}: отменено ходов: {n}",
    "log.new_hand": "Кон {n}: раздача",
    "log.points": "{name}: +{n} очков",
    "log.marker": "Поезд ({name}) открыт для всех",
    "log.marker_you": "Ваш поезд открыт для всех",
    "result.title": "Кон {n} окончен",
    "result.domino": "{name}: все камни выложены.",
    "result.blocked": "Рыба: ни у кого нет хода.",
    "result.fish": "Рыба: ни у кого нет хода.",
    "result.round_over": "Раунд окончен: ни у кого нет хода.",
    "result.target": "{name}: набраны очки для победы в партии.",
    "result.winner": "Победа в коне: {name}.",
    "result.no_winner": "В этом коне нет победителя.",
    "result.forced_block": "Вынужденная рыба: никто не устроил её нарочно.",
    "result.blocker_won": "{name}: рыба устроена нарочно и выиграна.",
    "result.blocker_lost": "{name}: рыба устроена нарочно и проиграна.",
    "result.gai": "{name}: подготовка рыбы.",
    "result.gai_pays": "{name}: подготовка рыбы; вся сумма за всех платится виновнику рыбы.",
    "result.gai_collects": "{name}: подготовка рыбы; вся сумма от виновника рыбы.",
    "result.opened": "Запись открыта в этом коне: {name}.",
    "result.place": "Место",
    "result.seat": "Игрок",
    "result.pips": "Очки на руках",
    "result.delta": "За кон",
    "result.col.pips": "Очки на руках",
    "result.col.delta": "За кон",
    "result.col.total": "Итого",
    "result.col.hand_points": "Очки",
    "result.col.recorded": "Записано",
    "result.col.during_hand": "По ходу кона",
    "result.col.bonus": "Бонус в конце",
    "result.open": "(открыта)",
    "result.closed": "(закрыта)",
    "result.total": "Итого",
    "result.house": "Налог заведения: {n}.",
    "result.house_total": "Налог заведения",
    "result.items": "Платежи",
    "result.item.kind": "За что",
    "result.item.amount": "Сумма",
    "result.item.tax": "Налог",
    "result.item.payer": "Платит",
    "result.item.payee": "Получает",
    "result.item.pot": "(стол)",
    "result.kind.rank": "Место",
    "result.kind.block": "Рыба",
    "result.kind.pass": "Пас",
    "result.kind.doubles": "Дубли на руках",
    "result.kind.escrow": "Залог за выход",
    "result.kind.leave": "Выход из-за стола",
    "result.scoreboard": "Счёт партии",
    "result.hand": "Кон",
    "result.next": "Следующий кон",
    "result.match_over": "Партия окончена.",
    "result.goat": "{name} — козёл!",
    "result.goat_you": "Вы — козёл!",
    "result.goats": "{name} — козлы!",
    "result.match_winner": "Победа в партии: {name}.",
    "menu.rules": "Полные правила",
    "error.engine": "Ошибка игры: {message}",
    "error.save_corrupt": "Сохранённую партию не удалось прочитать; она отложена.",
    "error.save_missing": "Сохранённая партия не найдена.",
    "error.save_failed": "Партию не удалось сохранить ({error}); после перезагрузки она пропадёт.",
    "error.save_unavailable": "Здесь партии не сохраняются ({error}): после перезагрузки партия пропадёт.",
    "error.record": "Не удалось открыть этот файл партии: {message}",
    "error.deeplink": "Не удалось начать партию по ссылке: {message}",
    "error.detail": "{reason} ({detail})",
    "reason.unknown_variant": "такой игры нет",
    "reason.bad_option": "эта игра не принимает один из параметров или такое число игроков",
    "reason.bad_seats": "места не соответствуют числу игроков",
    "reason.bad_record": "это не файл партии в домино или он повреждён",
    "reason.unsupported_version": "версия формата файла не поддерживается",
    "reason.illegal_move": "так ходить нельзя",
    "reason.no_match": "партия не идёт",
    "reason.match_over": "партия окончена",
    "reason.hand_not_over": "кон ещё не окончен",
    "reason.not_your_turn": "сейчас ход другого игрока",
    "reason.internal": "произошла непредвиденная ошибка",
    "reason.reveals_hands": "пока кон идёт, файл показал бы камни всех игроков",
    "reason.bad_message": "страница отправила запрос, который игра не может прочитать",
    "reason.unknown_intent": "игра не знает такого запроса",
    "reason.stale_state": "позиция уже изменилась",
    "reason.undo_unavailable": "отменять ходы можно, только когда один человек играет против компьютера",
    "reason.nothing_to_undo": "в этом коне у вас ещё нет хода, который можно отменить",
    "reason.cancelled": "позиция изменилась, пока компьютер думал",
    "reason.no_save": "сохранённая партия не найдена",
    "reason.bad_save": "сохранённую партию не удалось прочитать",
    "reason.unknown": "игра отказала",
    "opt.yes": "вкл.",
    "opt.no": "выкл.",
    # The table (web/ui: seats, ends, settings, the end of a hand).
    "menu.seat_name": "Имя",
    "seat.left": "вне игры",
    "seat.thinking": "думает",
    "seat.to_play": "ходит",
    "seat.team": "команда {n}",
    "seat.shown": "оставшиеся камни",
    "level.easy": "лёгкий",
    "level.medium": "средний",
    "level.hard": "сильный",
    "level.expert": "эксперт",
    "standing.money": "Деньги",
    "standing.record": "Запись",
    "standing.open": "(открыта)",
    "standing.closed": "(не открыта)",
    "standing.points": "Очки",
    "standing.total": "Итого",
    "unit.money": "{n} монет",
    "game.round": "Раунд {n} из {total}",
    "game.hand_over": "Кон окончен",
    "end.where": "{dir}, на {n}",
    "end.on": "на {n}",
    "dir.left": "слева",
    "dir.right": "справа",
    "dir.up": "сверху",
    "dir.down": "снизу",
    "log.played_at": "{name}: ход {tile} ({end})",
    "train.mexican": "Мексиканский поезд",
    "train.mexican_short": "Мекс.",
    "move.play_at": "Ход {tile}: {end}",
    "leave.title": "Выйти из-за стола?",
    "leave.warning": "Выход сейчас стоит {n}, и вы больше не играете в этом коне.",
    "leave.ok": "Выйти и заплатить {n}",
    "leave.stay": "Остаться за столом",
    "result.scoreboard_final": "Итог партии",
    "result.show": "Показать итог",
    "result.close": "Посмотреть на стол",
    "result.rematch": "Сыграть ещё",
    "settings.title": "Настройки",
    "settings.speed": "Скорость компьютера",
    "settings.sort": "Порядок камней",
    "speed.slow": "медленно",
    "speed.normal": "обычно",
    "speed.fast": "быстро",
    "speed.instant": "мгновенно",
    "sort.none": "как сдано",
    "sort.number": "по числу",
    "sort.pips": "по очкам",
    "sound.on": "Звук: вкл.",
    "sound.off": "Звук: выкл.",
    "settings.motion": "Анимация",
    "list.two": "{a} и {b}",
    "list.more": "{rest} и {last}",
    "list.sep": ", ",
    "where.seat": "игрок {n}",
    "where.option": "параметр «{name}»",
    "where.hand": "кон {n}",
    "where.move": "ход {n}",
    "where.value": "«{value}»",
}

# Plural forms by count, for the messages that hold a count `{n}`: English (one, other),
# Russian (one: 1, 21, 31...; few: 2-4, 22-24...; many: 0, 5-20, 25-30...). Vietnamese nouns
# do not change with the count, so it needs none. `t` picks the form when the message is
# given `n`; the catalogue's own text is the form used when the count is not a number.
PLURAL = {
    "en": {
        "game.tiles": ("{n} tile", "{n} tiles"),
        "game.table_tiles": ("Table: {n} tile", "Table: {n} tiles"),
        "log.undone": ("{name} took back a move ({n} move undone)",
                       "{name} took back a move ({n} moves undone)"),
        "log.points": ("{name} scored {n} point", "{name} scored {n} points"),
        "unit.money": ("{n} coin", "{n} coins"),
        "history.count": ("{n} match kept", "{n} matches kept"),
        "history.finished": ("Finished after {n} hand", "Finished after {n} hands"),
        "history.keep_n": ("{n} match", "{n} matches"),
    },
    "vi": {},
    "ru": {
        "game.tiles": ("{n} камень", "{n} камня", "{n} камней"),
        "game.table_tiles": ("Стол: {n} камень", "Стол: {n} камня", "Стол: {n} камней"),
        "log.undone": ("{name}: отменён {n} ход", "{name}: отменено {n} хода",
                       "{name}: отменено {n} ходов"),
        "log.points": ("{name}: +{n} очко", "{name}: +{n} очка", "{name}: +{n} очков"),
        "unit.money": ("{n} монета", "{n} монеты", "{n} монет"),
        "history.count": ("В истории {n} партия", "В истории {n} партии",
                          "В истории {n} партий"),
        "history.finished": ("Окончена за {n} кон", "Окончена за {n} кона",
                             "Окончена за {n} конов"),
        "history.keep_n": ("{n} партию", "{n} партии", "{n} партий"),
    },
}

# How numbers are written: Vietnamese 12.000 and 0,5; English 12,000 and 0.5; Russian 12 000
# (a no-break space) and 0,5.
DIGIT_SEP = {"vi": ".", "en": ",", "ru": "\u00a0"}
DECIMAL_SEP = {"vi": ",", "en": ".", "ru": ","}

# Variant names and one-line rule summaries, by engine id.
VARIANT_TEXT = {
    "en": {
        "vn_traditional": ("Vietnamese (traditional)",
                           "7 tiles each, match an open end; 0-0 counts 13. Money: the winner collects by rank, a block pays 4 stakes."),
        "vn_schoolnet": ("Vietnamese (School@net)",
                         "Draw until you can play. A block is charged to the blocker; points move between players."),
        "vn_iwin": ("Vietnamese (iWin online)",
                    "Casino rules: draw until playable, a pass pays the last placer, the house taxes winnings."),
        "doubles": ("Doubles",
                    "Every double is a spinner open on all sides; a tile needs its double on the table."),
        "kozel": ("Kozel (Goat)",
                  "Russian game: players record the pips left in hand (from a first 13 on); whoever reaches 101 is the goat."),
        "block": ("Block",
                  "No drawing: play or pass. The winner scores the pips left in the other hands."),
        "draw": ("Draw",
                 "Draw from the boneyard until you can play. The winner scores the others' pips."),
        "all_fives": ("All Fives (Muggins)",
                      "Score when the open ends add up to a multiple of five; the first double is a spinner."),
        "mexican_train": ("Mexican Train",
                          "Double-twelve set: build your own train, the Mexican train, or any marked train."),
    },
    "vi": {
        "vn_traditional": ("Domino Việt Nam (truyền thống)",
                           "Mỗi người 7 quân, đánh vào một đầu; bò trắng (0-0) tính 13 điểm. Tiền: trả theo thứ hạng, ván triệt ăn 4 lần tiền cược."),
        "vn_schoolnet": ("Domino Việt Nam (School@net)",
                         "Bốc đến khi đánh được. Ván triệt tính cho người triệt; điểm chuyển giữa người chơi."),
        "vn_iwin": ("Domino Việt Nam (iWin)",
                    "Luật iWin: bốc đến khi đánh được, bỏ lượt phải trả người vừa đánh, nhà cái thu thuế."),
        "doubles": ("Domino bò (Doubles)",
                    "Mọi quân bò là chốt mở bốn phía; một quân thường chỉ đánh được vào số có bò đã ra."),
        "kozel": ("Kozel (Con dê)",
                  "Kiểu Nga: mỗi người ghi vào sổ số chấm còn trên tay (mở sổ từ 13 điểm); ai đạt 101 là con dê."),
        "block": ("Chặn (Block)",
                  "Không bốc: đánh hoặc bỏ lượt. Người thắng ghi số chấm còn trên tay người khác."),
        "draw": ("Bốc (Draw)",
                 "Bốc đến khi đánh được. Người thắng ghi số chấm còn trên tay người khác."),
        "all_fives": ("Bội năm (All Fives)",
                      "Ghi điểm khi tổng các đầu là bội số của năm; quân bò đầu tiên là chốt."),
        "mexican_train": ("Tàu Mexico",
                          "Bộ 12-12: nối tàu của mình, tàu Mexico hoặc tàu đang mở cho mọi người."),
    },
    "ru": {
        "vn_traditional": ("Вьетнамское (традиционное)",
                           "По 7 камней, ходят на открытый конец; пусто-пусто — 13 очков. Деньги: платят по местам, рыба — 4 ставки."),
        "vn_schoolnet": ("Вьетнамское (School@net)",
                         "Берут с базара, пока не найдётся ход. Рыбу оплачивает тот, кто её устроил; очки переходят между игроками."),
        "vn_iwin": ("Вьетнамское (iWin)",
                    "Правила iWin: берут с базара, пока не найдётся ход; пас платит последнему ходившему, заведение берёт налог."),
        "doubles": ("Дубли",
                    "Каждый дубль — спиннер, открытый со всех сторон; простой камень ставят на число, только когда его дубль уже на столе."),
        "kozel": ("Козёл",
                  "Русская игра: каждый записывает очки, оставшиеся на руках (запись открывается с 13); набравший 101 — козёл."),
        "block": ("Блок",
                  "Без базара: ход или пас. Победитель получает очки, оставшиеся на руках у соперников."),
        "draw": ("С базаром (Draw)",
                 "Берут с базара, пока не найдётся ход. Победитель получает очки, оставшиеся на руках у соперников."),
        "all_fives": ("Все пятёрки (All Fives)",
                      "Очки, когда сумма концов кратна пяти; первый дубль — спиннер."),
        "mexican_train": ("Мексиканский поезд",
                          "Набор 12-12: стройте свой поезд, мексиканский поезд или поезд, открытый для всех."),
    },
}

# Option labels (and Vietnamese descriptions) by engine option name; the engine's own English
# description is shown where no translation is given.
OPTION_TEXT = {
    "en": {
        "partnership": ("Partnership", "Partners sit opposite (players 1 and 3 against 2 and 4); 4 players only."),
        "blank_wild": ("Blanks are wild", None),
        "scoring_mode": ("Scoring", "Money by place, or points to 100."),
        "drawn_tile_optional": ("Drawn tile may be kept", None),
        "stake": ("Stake", "The table stake, in the smallest money unit."),
        "vn_schoolnet:stake": ("Money per point", "What one point is worth, in the smallest money unit."),
        "vn_iwin:stake": ("Stake", "The table stake, in the smallest money unit (an even amount: a pass and a double in hand cost half a stake)."),
        "max_hands": ("Number of hands", None),
        "blocker_mode": ("Who caused the block", None),
        "target": ("Target score", None),
        "table": ("Table", None),
        "unlock_mode": ("Opening numbers", "A number opens once its double is on the table; or other tiles join only the free sides of doubles."),
        "zero_double_rule": ("Value of 0-0", None),
        "later_hands_lead": ("Lead in later hands", None),
        "lead_double": ("Opening double", None),
        "fish_lowest_exempt": ("Lowest hand exempt after a fish", None),
        "hand_size": ("Tiles per player", None),
        "tie_rule": ("Ties after a block", None),
        "reserve": ("Boneyard reserve", None),
        "voluntary_draw": ("Drawing allowed at any time", None),
        "spinners": ("Spinners", None),
        "deal": ("Deal", None),
        "blocked_minus_own": ("Block: minus own pips", None),
        "set": ("Tile set", None),
        "double_blank_value": ("Value of 0-0", None),
        "allow_double_chain": ("Doubles may chain", None),
        "first_turn_multi": ("Several tiles on the first turn", None),
        "first_player": ("First player", None),
    },
    "vi": {
        "partnership": ("Chơi theo đội", "Đồng đội ngồi đối diện (người chơi 1 và 3 với 2 và 4); chỉ khi 4 người."),
        "blank_wild": ("Ô trống tự do", "Nửa trống ghép được với mọi số, theo cả hai chiều."),
        "scoring_mode": ("Cách tính", "Tiền theo thứ hạng, hoặc điểm đến 100."),
        "drawn_tile_optional": ("Được giữ quân vừa bốc", "Quân bốc lên đánh được vẫn có thể giữ lại (rồi bỏ lượt)."),
        "stake": ("Tiền cược", "Tiền cược của bàn, theo đơn vị tiền nhỏ nhất."),
        "vn_schoolnet:stake": ("Tiền mỗi điểm", "Mỗi điểm đáng bao nhiêu tiền, theo đơn vị tiền nhỏ nhất."),
        "vn_iwin:stake": ("Tiền cược", "Tiền cược của bàn, theo đơn vị tiền nhỏ nhất (số chẵn: bỏ lượt và thúi bò mất nửa tiền cược)."),
        "max_hands": ("Số ván", "Dừng trận sau chừng này ván (0: không giới hạn)."),
        "blocker_mode": ("Xác định người triệt", "Cách tìm người cố ý triệt."),
        "target": ("Điểm thắng trận", "Kết thúc trận khi một người đạt số điểm này (0: không có)."),
        "table": ("Loại bàn", "Hạng bàn: thuế nhà cái trên mỗi khoản thắng."),
        "unlock_mode": ("Mở số", "Một số được mở khi bò của số đó đã ra; hoặc quân thường chỉ nối vào cạnh trống của quân bò."),
        "zero_double_rule": ("Giá trị bò trắng (0-0)", "Bò trắng luôn tính 25, hoặc chỉ khi là quân cuối cùng."),
        "later_hands_lead": ("Người ra quân ở các ván sau", "Ai ra quân từ ván thứ hai."),
        "lead_double": ("Bò ra quân", "Quân bò nào ra quân mở ván."),
        "fish_lowest_exempt": ("Miễn cho người ít điểm nhất", "Sau ván cá, người ít điểm nhất không bị ghi."),
        "hand_size": ("Số quân mỗi người", "Số quân chia cho mỗi người (0: theo luật gốc)."),
        "tie_rule": ("Hòa sau ván triệt", "Cách xử lý khi nhiều người cùng ít điểm nhất sau ván triệt."),
        "reserve": ("Quân giữ lại trong khay dự bị", "Số quân không được bốc: không có, hoặc cổ điển (2 khi 2 người, 1 khi 3-4 người)."),
        "voluntary_draw": ("Được bốc bất cứ lúc nào", "Được bốc cả khi đang có quân đánh được."),
        "spinners": ("Quân chốt", "Quân bò nào là chốt: không quân nào (Muggins), quân bò đầu tiên (All Fives) hoặc mọi quân bò (Five Up)."),
        "deal": ("Cách chia", "Số quân mỗi người: 9/7/5 (pagat) hoặc 7/5 (ứng dụng)."),
        "blocked_minus_own": ("Triệt: trừ điểm của mình", "Sau ván triệt, người thắng được điểm của người khác trừ điểm của mình."),
        "set": ("Bộ quân", "Bộ quân (bộ 9-9: 2-4 người, 10 vòng)."),
        "double_blank_value": ("Giá trị bò trắng (0-0)", "Giá trị của bò trắng khi còn trên tay."),
        "allow_double_chain": ("Được đánh liên tiếp quân bò", "Lượt thêm sau một quân bò có thể là một quân bò khác."),
        "first_turn_multi": ("Nhiều quân ở lượt đầu", "Ở lượt đầu, mỗi người được đặt nhiều quân lên tàu của mình."),
        "first_player": ("Người đi đầu", "Ai đánh trước ở vòng 1."),
    },
    "ru": {
        "partnership": ("Игра парами", "Напарники сидят друг напротив друга (игроки 1 и 3 против 2 и 4); только вчетвером."),
        "blank_wild": ("Пустышка — любое число", "Пустая половина подходит к любому числу, в обе стороны."),
        "scoring_mode": ("Счёт", "Деньги по местам или очки до 100."),
        "drawn_tile_optional": ("Взятый камень можно оставить", "Подходящий камень, взятый с базара, можно оставить на руках (и сказать пас)."),
        "stake": ("Ставка", "Ставка стола в самых мелких денежных единицах."),
        "vn_schoolnet:stake": ("Ставка за очко", "Сколько стоит одно очко, в самых мелких денежных единицах."),
        "vn_iwin:stake": ("Ставка", "Ставка стола в самых мелких денежных единицах (чётная: пас и дубль на руках стоят половину ставки)."),
        "max_hands": ("Число конов", "Партия кончается после стольких конов (0: без ограничения)."),
        "blocker_mode": ("Кто устроил рыбу", "Как найти игрока, который устроил рыбу нарочно."),
        "target": ("Очки для победы", "Партия кончается, когда игрок набирает столько очков (0: без предела)."),
        "table": ("Стол", "Уровень стола: налог заведения с каждого выигрыша."),
        "unlock_mode": ("Открытие чисел", "Число открывается, когда его дубль на столе; или простые камни ставят только к свободным сторонам дублей."),
        "zero_double_rule": ("Цена пусто-пусто", "Пусто-пусто стоит 25 всегда или только последним камнем на руках."),
        "later_hands_lead": ("Заход в следующих конах", "Кто заходит со второго кона."),
        "lead_double": ("Дубль для захода", "С какого дубля заходят в кон."),
        "fish_lowest_exempt": ("После рыбы меньшему не пишут", "После рыбы игроку с наименьшими очками ничего не записывают."),
        "hand_size": ("Камней каждому", "Сколько камней раздают каждому (0: по правилам игры)."),
        "tie_rule": ("Ничья после рыбы", "Что делать, если наименьшие очки после рыбы у нескольких игроков."),
        "reserve": ("Запас базара", "Сколько камней с базара брать нельзя: ни одного или по классике (2 вдвоём, 1 втроём и вчетвером)."),
        "voluntary_draw": ("Брать с базара в любой момент", "Можно брать с базара, даже когда есть ход."),
        "spinners": ("Спиннеры", "Какие дубли — спиннеры: никакие (Muggins), первый (All Fives) или все (Five Up)."),
        "deal": ("Раздача", "Камней каждому: 9/7/5 (pagat) или 7/5 (как в приложениях)."),
        "blocked_minus_own": ("Рыба: минус свои очки", "После рыбы победитель получает очки соперников минус свои."),
        "set": ("Набор", "Набор камней (9-9: 2–4 игрока, 10 раундов)."),
        "double_blank_value": ("Цена пусто-пусто", "Сколько стоит пусто-пусто на руках."),
        "allow_double_chain": ("Дубли подряд", "Дополнительный ход после дубля может быть другим дублем."),
        "first_turn_multi": ("Несколько камней в первый ход", "В первый ход каждый может выложить на свой поезд несколько камней."),
        "first_player": ("Первый ход", "Кто ходит первым в раунде 1."),
    },
}


def _option_entry(lang, name, variant):
    """(label, description) of an option: the variant's own wording first ("vn_schoolnet:stake"
    is money per point), then the option's, in `lang`, else in English; None when unknown."""
    table = OPTION_TEXT.get(lang, OPTION_TEXT["en"])
    entry = None
    if variant:
        entry = table.get(str(variant) + ":" + name)
    if entry is None:
        entry = table.get(name)
    if entry is None and lang != "en":
        entry = _option_entry("en", name, variant)
    return entry


def option_label(lang, name, variant=None):
    """The localized label of an engine option (its name with spaces when unknown)."""
    entry = _option_entry(lang, name, variant)
    return entry[0] if entry else name.replace("_", " ")


def option_description(lang, name, fallback, variant=None):
    """The localized description of an option, else the engine's own (`fallback`)."""
    entry = _option_entry(lang, name, variant)
    if entry and entry[1]:
        return entry[1]
    return fallback or ""

# Labels of option choices (engine values); an unknown value is shown as it is.
CHOICE_TEXT = {
    "en": {
        "bet_multiplier": "money by rank", "points": "points to 100",
        "round_horizon": "one-round search", "last_placer": "last player to place",
        "casual": "casual (3%)", "high_roller": "high roller (2.8%)", "vip": "VIP (2.6%)",
        "number": "a number opens with its double", "spinner_only": "doubles only",
        "always": "always 25", "only_if_sole_tile": "25 only as the last tile",
        "highest_double": "highest double", "previous_winner_any_tile": "previous winner, any tile",
        "highest": "highest double", "lowest_from_1_1": "lowest, from 1-1",
        "none": "none", "lightest_tile": "lightest tile wins", "0": "none",
        "classic": "classic", "first": "the first double", "all": "every double",
        "double_twelve": "double-twelve", "double_nine": "double-nine",
        "double_blank_value:0": "0", "double_blank_value:50": "50",
        "seat0": "player 1", "random": "random",
    },
    "vi": {
        "bet_multiplier": "tiền theo thứ hạng", "points": "điểm đến 100",
        "round_horizon": "xét một vòng", "last_placer": "người đánh cuối",
        "casual": "bàn bình dân (3%)", "high_roller": "bàn đại gia (2,8%)", "vip": "bàn VIP (2,6%)",
        "number": "số mở khi bò của số đó đã ra", "spinner_only": "chỉ vào quân bò",
        "always": "luôn 25", "only_if_sole_tile": "25 khi là quân cuối",
        "highest_double": "bò lớn nhất", "previous_winner_any_tile": "người thắng ván trước, quân bất kỳ",
        "highest": "bò lớn nhất", "lowest_from_1_1": "bò nhỏ nhất, từ 1-1",
        "none": "không", "lightest_tile": "quân nhỏ nhất thắng", "0": "không",
        "classic": "cổ điển", "first": "quân bò đầu tiên", "all": "mọi quân bò",
        "double_twelve": "bộ 12-12", "double_nine": "bộ 9-9",
        "double_blank_value:0": "0", "double_blank_value:50": "50",
        "seat0": "người chơi 1", "random": "ngẫu nhiên",
    },
    "ru": {
        "bet_multiplier": "деньги по местам", "points": "очки до 100",
        "round_horizon": "поиск на один круг", "last_placer": "последний ходивший",
        "casual": "обычный стол (3%)", "high_roller": "крупный стол (2,8%)", "vip": "VIP-стол (2,6%)",
        "number": "число открывает его дубль", "spinner_only": "только к дублям",
        "always": "всегда 25", "only_if_sole_tile": "25 только последним камнем",
        "highest_double": "старший дубль", "previous_winner_any_tile": "победитель прошлого кона, любой камень",
        "highest": "старший дубль", "lowest_from_1_1": "младший, с 1-1",
        "none": "нет", "lightest_tile": "выигрывает самый лёгкий камень", "0": "нет",
        "classic": "классика", "first": "первый дубль", "all": "все дубли",
        "double_twelve": "12-12", "double_nine": "9-9",
        "double_blank_value:0": "0", "double_blank_value:50": "50",
        "seat0": "игрок 1", "random": "случайно",
    },
}


def choice_label(lang, value, option=None):
    """The localized label of an option choice (the value itself when unknown); `option`
    names the option, for a value that reads differently there ("double_blank_value:0")."""
    table = CHOICE_TEXT.get(lang, CHOICE_TEXT["en"])
    if option:
        text = table.get(str(option) + ":" + str(value))
        if text is not None:
            return text
    return table.get(str(value), str(value))

CATALOGUE = {"en": EN, "vi": VI, "ru": RU}


def plural_index(lang, n):
    """Which plural form a count takes: 0 or 1 in English (1 / other), 0, 1 or 2 in Russian
    (1, 21 / 2-4, 22 / 0, 5-20, 25), always 0 in Vietnamese."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    if lang == "en":
        return 0 if n == 1 else 1
    return 0


def _count(value):
    """A count given as a number or as digits (an amount already formatted: "12 000"); None
    when it is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    digits = ""
    for ch in str(value):
        if "0" <= ch <= "9":
            digits += ch
    return int(digits) if digits else None


def _template(lang, key, values):
    """The text of `key` in `lang` (English, then the key, if missing), in its plural form for
    `values["n"]` where the message has plural forms."""
    if lang not in CATALOGUE:
        lang = DEFAULT_LANG
    forms = PLURAL.get(lang, {}).get(key)
    if forms is not None and "n" in values:
        count = _count(values["n"])
        if count is not None:
            index = plural_index(lang, count)
            return forms[index] if index < len(forms) else forms[-1]
    text = CATALOGUE[lang].get(key)
    if text is None:
        text = EN.get(key, key)
    return text


def plural(lang, n, key, **values):
    """The message `key` in the plural form for the count `n`, formatted with `n` and
    `values`: plural("ru", 22, "game.tiles") is "22 камня", plural("en", 1, "game.tiles")
    "1 tile". (`t(lang, key, n=...)` does the same; this spells the count out.)"""
    values["n"] = n
    return t(lang, key, **values)


def join_names(lang, names):
    """Several names as one subject: "You and Computer 3", "Bạn và Máy 3", "Вы и Компьютер 3";
    three or more: "A, B and C"."""
    names = [str(name) for name in names]
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return t(lang, "list.two", a=names[0], b=names[1])
    rest = t(lang, "list.sep").join(names[:-1])
    return t(lang, "list.more", rest=rest, last=names[-1])


def t(lang, key, **values):
    """The message `key` in `lang`, formatted with `values` (English, then the key, if missing);
    a message with plural forms takes the one for the count `n` ("1 tile", "5 камней")."""
    text = _template(lang, key, values)
    if values:
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def _leading_int(text):
    """The whole number at the start of `text` ("12: ..." -> 12), or None."""
    digits = ""
    for ch in text:
        if "0" <= ch <= "9":
            digits += ch
        else:
            break
    return int(digits) if digits else None


def _quoted_after(text, prefix):
    """The quoted value right after `prefix` in `text` ('unknown seat 'robot'' -> robot)."""
    at = text.find(prefix)
    if at < 0:
        return None
    rest = text[at + len(prefix):]
    if not rest or rest[0] not in "'\"":
        return None
    end = rest.find(rest[0], 1)
    if end < 0:
        return None
    return rest[1:end]


def error_places(lang, detail, variant=None):
    """The places and values an engine refusal names, in `lang` words, never its English
    sentence: `seats[2]: unknown seat 'robot'` gives ["player 3", "“robot”"],
    `hand 2, move 5 "6-5@L": ...` ["hand 2", "move 5"], `option 'stake' of vn_iwin ...` or
    `options.stake: ...` ["option “Stake”"]; a detail naming nothing known gives []."""
    detail = str(detail or "")
    places = []
    at = detail.find("seats[")
    if at >= 0:
        index = _leading_int(detail[at + 6:])
        if index is not None:
            places.append(t(lang, "where.seat", n=index + 1))
    at = detail.find("hands[")
    if at >= 0:
        index = _leading_int(detail[at + 6:])
        if index is not None:
            places.append(t(lang, "where.hand", n=index + 1))
    elif detail.startswith("hand "):
        number = _leading_int(detail[5:])
        if number is not None:
            places.append(t(lang, "where.hand", n=number))
    at = detail.find(", move ")
    if at >= 0:
        number = _leading_int(detail[at + 7:])
        if number is not None:
            places.append(t(lang, "where.move", n=number))
    name = None
    if detail.find("unknown option ") < 0:
        name = _quoted_after(detail, "option ")
    if name is None:
        at = detail.find("options.")
        if at >= 0:
            name = ""
            for ch in detail[at + 8:]:
                if ch.isalpha() or ch.isdigit() or ch == "_":
                    name += ch
                else:
                    break
    if name:
        places.append(t(lang, "where.option", name=option_label(lang, name, variant)))
    for prefix in ("unknown seat ", "unknown variant ", "unknown option "):
        value = _quoted_after(detail, prefix)
        if value is not None:
            if prefix == "unknown option ":
                value = option_label(lang, value, variant)
            places.append(t(lang, "where.value", value=value))
    return places


def error_reason(lang, code, detail, variant=None):
    """A refused intent in words, in the player's language: the localized reason for its error
    ``code``, then what the engine's (English) ``detail`` names where it is a place or a
    value (a player, a hand, a move, an option, the value given), never its English words
    (the page may log the detail to the console for whoever needs it). An unknown code
    gives a general reason."""
    key = "reason." + str(code)
    if key not in EN:
        key = "reason.unknown"
    reason = t(lang, key)
    places = error_places(lang, detail, variant)
    if not places:
        return reason
    return t(lang, "error.detail", reason=reason, detail=t(lang, "list.sep").join(places))


def variant_name(lang, variant_id, fallback=None):
    """The localized name of a variant (the engine's own name, or the id, when unknown)."""
    entry = VARIANT_TEXT.get(lang, VARIANT_TEXT["en"]).get(variant_id)
    if entry is None:
        return fallback or variant_id
    return entry[0]


def variant_summary(lang, variant_id):
    """The one-line rule summary of a variant, or an empty string when unknown."""
    entry = VARIANT_TEXT.get(lang, VARIANT_TEXT["en"]).get(variant_id)
    return entry[1] if entry else ""


def detect(languages):
    """Pick the UI language from the browser's preference list (`navigator.languages`): the
    first of vi, en and ru it names ("ru-RU" is ru), else English."""
    for tag in languages or []:
        base = str(tag).lower().split("-")[0]
        if base in CATALOGUE:
            return base
    return DEFAULT_LANG
