"""Message catalogue of the web UI: every string the page shows, in Vietnamese and English.

Plain Python that runs under MicroPython (the page) and CPython (pytest): no f-string tricks
that MicroPython lacks, no dict ordering assumptions. `t(lang, key, **values)` formats one
message; a key missing in a language falls back to English, then to the key itself, so a gap
is visible instead of a crash.
"""

LANGS = ("vi", "en")
DEFAULT_LANG = "en"

EN = {
    "app.title": "Domino",
    "app.tagline": "Vietnamese, Russian and Western dominoes",
    "lang.label": "Language",
    "lang.vi": "Tiếng Việt",
    "lang.en": "English",
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
    "menu.seed": "Match number (seed)",
    "menu.seed_hint": "The same number deals the same tiles.",
    "menu.import": "Open a record…",
    "menu.resume": "Continue the saved match",
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
    "game.empty_table": "The table is empty: lead a tile.",
    "move.draw": "Draw a tile",
    "move.pass": "Pass",
    "move.leave": "Leave the table",
    "move.play": "Play {tile}",
    "move.play_end": "Play {tile} on the {end}",
    "end.L": "left end",
    "end.R": "right end",
    "end.N": "top arm",
    "end.S": "bottom arm",
    "end.MX": "Mexican train",
    "end.T": "train of {name}",
    "end.X": "spinner arm {n}",
    "game.computer_short": "C{n}",
    "game.player_short": "P{n}",
    "log.played": "{name} played {tile}",
    "log.played_end": "{name} played {tile} on the {end}",
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
    "result.gai": "{name} set up the block (gài triệt) and pays for it.",
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
    "opt.yes": "on",
    "opt.no": "off",
}

VI = {
    "app.title": "Domino",
    "app.tagline": "Domino Việt Nam, Nga và phương Tây",
    "lang.label": "Ngôn ngữ",
    "lang.vi": "Tiếng Việt",
    "lang.en": "English",
    "menu.new": "Ván mới",
    "menu.start": "Bắt đầu",
    "menu.starting": "Đang bắt đầu…",
    "menu.waiting": "Bắt đầu (khi bộ máy sẵn sàng)",
    "menu.variant": "Kiểu chơi",
    "menu.players": "Số người chơi",
    "menu.partnership": "Chơi cặp (đối tác ngồi đối diện)",
    "menu.seats": "Chỗ ngồi",
    "menu.seat": "Người chơi {n}",
    "menu.options": "Luật tùy chọn",
    "menu.seed": "Số ván (hạt giống)",
    "menu.seed_hint": "Cùng một số sẽ chia cùng các quân.",
    "menu.import": "Mở biên bản…",
    "menu.resume": "Chơi tiếp ván đã lưu",
    "menu.back": "Trình đơn",
    "seat.human": "Người",
    "seat.ai": "Máy",
    "seat.ai:easy": "Máy (dễ)",
    "seat.ai:medium": "Máy (vừa)",
    "seat.ai:hard": "Máy (khó)",
    "seat.ai:expert": "Máy (cao thủ)",
    "engine.sw": "Đang chuẩn bị bản chơi ngoại tuyến…",
    "engine.boot": "Đang tải bộ máy trò chơi…",
    "engine.ready": "Bộ máy đã sẵn sàng",
    "engine.failed": "Không khởi động được bộ máy trò chơi: {error}",
    "engine.progress": "Đang tải bộ máy: {pct}%",
    "update.ready": "Đã có phiên bản mới.",
    "update.reload": "Tải lại",
    "game.you": "Bạn",
    "game.player": "Người chơi {n}",
    "game.computer": "Máy {n}",
    "game.turn_you": "Đến lượt bạn",
    "game.turn_other": "Lượt của {name}",
    "game.thinking": "{name} đang nghĩ…",
    "game.boneyard": "Nọc: {n}",
    "game.tiles": "{n} quân",
    "game.hand_number": "Ván {n}",
    "game.your_hand": "Quân của bạn",
    "game.table": "Bàn chơi",
    "game.log": "Diễn biến",
    "game.choose_end": "Đặt {tile} vào đâu?",
    "game.cancel": "Hủy",
    "game.hint": "Gợi ý",
    "game.undo": "Đi lại",
    "game.undo_label": "Đi lại: rút lại nước vừa đánh và các nước máy đã đi sau đó (Ctrl+Z)",
    "game.pass_device": "Đưa máy cho {name}",
    "game.pass_ready": "Tôi là {name}: xem quân",
    "game.export": "Xuất biên bản",
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
    "log.pair": "{name} đánh cặp đôi {a} và {b}",
    "log.drew": "{name} bốc một quân",
    "log.drew_tile": "{name} bốc được {tile}",
    "log.passed": "{name} bỏ lượt",
    "log.left": "{name} rời bàn (bị giữ {n})",
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
    "result.target": "{name} đã đạt điểm đích.",
    "result.winner": "Thắng: {name}.",
    "result.no_winner": "Ván này không ai thắng.",
    "result.forced_block": "Triệt buộc: không ai cố ý triệt.",
    "result.blocker_won": "{name} là người triệt và thắng.",
    "result.blocker_lost": "{name} là người triệt và thua.",
    "result.gai": "{name} gài triệt và phải đền.",
    "result.opened": "Mở sổ ở ván này: {name}.",
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
    "result.house": "Nhà cái thu {n} tiền thuế.",
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
    "result.goats": "{name} là những con dê!",
    "result.match_winner": "Thắng trận: {name}.",
    "menu.rules": "Luật đầy đủ",
    "error.engine": "Lỗi bộ máy: {message}",
    "error.save_corrupt": "Không đọc được ván đã lưu; ván đó đã được cất riêng.",
    "error.record": "Không mở được biên bản này: {message}",
    "error.deeplink": "Không bắt đầu được ván theo đường dẫn: {message}",
    "error.detail": "{reason} ({detail})",
    "reason.unknown_variant": "không có trò chơi này",
    "reason.bad_option": "một tùy chọn hoặc số người chơi không hợp lệ với trò chơi này",
    "reason.bad_seats": "các ghế không khớp với số người chơi",
    "reason.bad_record": "tệp không phải là biên bản domino hợp lệ",
    "reason.unsupported_version": "không hỗ trợ phiên bản định dạng của biên bản",
    "reason.illegal_move": "nước đi này không hợp lệ",
    "reason.no_match": "chưa có ván nào đang chơi",
    "reason.match_over": "trận đấu đã kết thúc",
    "reason.hand_not_over": "ván chưa kết thúc",
    "reason.not_your_turn": "chưa đến lượt người chơi đó",
    "reason.internal": "đã xảy ra lỗi không mong đợi",
    "opt.yes": "bật",
    "opt.no": "tắt",
}

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
                           "Mỗi người 7 quân, nối vào đầu hở; 0-0 tính 13 điểm. Tiền: thắng thu theo thứ hạng, triệt ăn 4 lần cược."),
        "vn_schoolnet": ("Domino Việt Nam (School@net)",
                         "Bốc đến khi đánh được. Ván triệt tính cho người triệt; điểm chuyển giữa người chơi."),
        "vn_iwin": ("Domino Việt Nam (iWin)",
                    "Luật sòng: bốc đến khi đánh được, bỏ lượt phải trả người vừa đánh, nhà cái thu thuế."),
        "doubles": ("Domino quân đôi",
                    "Mọi quân đôi là chốt mở bốn phía; một quân chỉ nối được khi quân đôi của nó đã ra."),
        "kozel": ("Kozel (Con dê)",
                  "Kiểu Nga: mỗi người ghi số chấm còn trên tay (sổ mở từ 13 điểm); ai đạt 101 là con dê."),
        "block": ("Chặn (Block)",
                  "Không bốc: đánh hoặc bỏ lượt. Người thắng ghi số điểm còn trên tay người khác."),
        "draw": ("Bốc (Draw)",
                 "Bốc đến khi đánh được. Người thắng ghi số điểm của người khác."),
        "all_fives": ("Bội năm (All Fives)",
                      "Ghi điểm khi tổng các đầu hở là bội số của năm; quân đôi đầu tiên là chốt."),
        "mexican_train": ("Tàu Mexico",
                          "Bộ đôi-mười-hai: nối tàu của mình, tàu Mexico hoặc tàu có đánh dấu."),
    },
}

# Option labels (and Vietnamese descriptions) by engine option name; the engine's own English
# description is shown where no translation is given.
OPTION_TEXT = {
    "en": {
        "partnership": ("Partnership", None),
        "blank_wild": ("Blanks are wild", None),
        "scoring_mode": ("Scoring", None),
        "drawn_tile_optional": ("Drawn tile may be kept", None),
        "stake": ("Stake", None),
        "max_hands": ("Number of hands", None),
        "blocker_mode": ("Who caused the block", None),
        "target": ("Target score", None),
        "table": ("Table", None),
        "unlock_mode": ("Opening numbers", None),
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
        "partnership": ("Chơi cặp", "Đối tác ngồi đối diện ({P0,P2} với {P1,P3}); chỉ khi 4 người."),
        "blank_wild": ("Ô trống tự do", "Nửa trống ghép được với mọi số, theo cả hai chiều."),
        "scoring_mode": ("Cách tính", "Tiền theo thứ hạng (bet_multiplier) hoặc điểm đến 100 (points)."),
        "drawn_tile_optional": ("Được giữ quân vừa bốc", "Quân bốc lên đánh được vẫn có thể giữ lại (rồi bỏ lượt)."),
        "stake": ("Tiền cược", "Mức cược B của bàn, theo đơn vị nhỏ nhất."),
        "max_hands": ("Số ván", "Dừng trận sau chừng này ván (0: không giới hạn)."),
        "blocker_mode": ("Xác định người triệt", "Cách tìm người cố ý triệt."),
        "target": ("Điểm đích", "Kết thúc trận khi một người đạt số điểm này (0: không có)."),
        "table": ("Loại bàn", "Hạng bàn: thuế nhà cái trên mỗi khoản thắng."),
        "unlock_mode": ("Mở số", "number: một số mở khi quân đôi của nó đã ra; spinner_only: quân thường chỉ nối vào cạnh trống của quân đôi."),
        "zero_double_rule": ("Giá trị 0-0", "0-0 luôn tính 25, hoặc chỉ khi là quân cuối cùng."),
        "later_hands_lead": ("Người đi đầu các ván sau", "Ai ra quân đầu từ ván thứ hai."),
        "lead_double": ("Quân đôi mở ván", "Quân đôi nào mở ván."),
        "fish_lowest_exempt": ("Miễn cho người ít điểm nhất", "Sau ván cá, người ít điểm nhất không bị ghi."),
        "hand_size": ("Số quân mỗi người", "Số quân chia cho mỗi người (0: theo luật gốc)."),
        "tie_rule": ("Hòa sau ván tắc", "Cách xử lý khi hòa điểm thấp nhất sau ván tắc."),
        "reserve": ("Quân giữ lại trong nọc", "Số quân không được bốc: không có, hoặc cổ điển (2 khi 2 người, 1 khi 3-4 người)."),
        "voluntary_draw": ("Được bốc bất cứ lúc nào", "Được bốc cả khi đang có quân đánh được."),
        "spinners": ("Quân chốt", "Quân đôi nào là chốt: không (Muggins), quân đầu tiên (All Fives) hoặc tất cả (Five Up)."),
        "deal": ("Cách chia", "Số quân mỗi người: 9/7/5 (pagat) hoặc 7/5 (ứng dụng)."),
        "blocked_minus_own": ("Tắc: trừ điểm của mình", "Sau ván tắc, người thắng được điểm của người khác trừ điểm của mình."),
        "set": ("Bộ quân", "Bộ quân (đôi-chín: 2-4 người, 10 vòng)."),
        "double_blank_value": ("Giá trị 0-0", "Giá trị của 0-0 khi còn trên tay."),
        "allow_double_chain": ("Được đánh liên tiếp quân đôi", "Lượt thêm sau quân đôi có thể là một quân đôi khác."),
        "first_turn_multi": ("Nhiều quân ở lượt đầu", "Ở lượt đầu, mỗi người được đặt nhiều quân lên tàu của mình."),
        "first_player": ("Người đi đầu", "Ai đi trước ở vòng 1."),
    },
}


def option_label(lang, name):
    """The localized label of an engine option (its name with spaces when unknown)."""
    entry = OPTION_TEXT.get(lang, OPTION_TEXT["en"]).get(name)
    return entry[0] if entry else name.replace("_", " ")


def option_description(lang, name, fallback):
    """The localized description of an option, else the engine's own (`fallback`)."""
    entry = OPTION_TEXT.get(lang, OPTION_TEXT["en"]).get(name)
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
        "seat0": "player 1", "random": "random",
    },
    "vi": {
        "bet_multiplier": "tiền theo thứ hạng", "points": "điểm đến 100",
        "round_horizon": "xét một vòng", "last_placer": "người đánh cuối",
        "casual": "bàn thường (3%)", "high_roller": "bàn cao (2,8%)", "vip": "bàn VIP (2,6%)",
        "number": "số mở khi có quân đôi", "spinner_only": "chỉ vào quân đôi",
        "always": "luôn 25", "only_if_sole_tile": "25 khi là quân cuối",
        "highest_double": "quân đôi lớn nhất", "previous_winner_any_tile": "người thắng ván trước, quân bất kỳ",
        "highest": "quân đôi lớn nhất", "lowest_from_1_1": "nhỏ nhất, từ 1-1",
        "none": "không", "lightest_tile": "quân nhẹ nhất thắng", "0": "không",
        "classic": "cổ điển", "first": "quân đôi đầu tiên", "all": "mọi quân đôi",
        "double_twelve": "đôi-mười-hai", "double_nine": "đôi-chín",
        "seat0": "người chơi 1", "random": "ngẫu nhiên",
    },
}


def choice_label(lang, value):
    """The localized label of an option choice (the value itself when unknown)."""
    return CHOICE_TEXT.get(lang, CHOICE_TEXT["en"]).get(str(value), str(value))

CATALOGUE = {"en": EN, "vi": VI}


def t(lang, key, **values):
    """The message `key` in `lang`, formatted with `values` (English, then the key, if missing)."""
    table = CATALOGUE.get(lang) or EN
    text = table.get(key)
    if text is None:
        text = EN.get(key, key)
    if values:
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def error_reason(lang, code, detail):
    """A refused intent in words: the localized reason for its error ``code``, with the
    engine's own (English) ``detail`` after it for whoever needs the specifics; an unknown
    code shows the detail alone."""
    key = "reason." + str(code)
    if key not in EN:
        return detail or code
    reason = t(lang, key)
    if not detail:
        return reason
    return t(lang, "error.detail", reason=reason, detail=detail)


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
    """Pick the UI language from the browser's preference list (`navigator.languages`)."""
    for tag in languages:
        base = str(tag).lower().split("-")[0]
        if base in CATALOGUE:
            return base
    return DEFAULT_LANG
