"""The computers' faces, one per level, drawn as inline SVG (issue 25, DECISIONS W-59):
nothing is downloaded, and a face reads at a glance how strong the opponent is: a round
green beginner, a calm blue regular, an orange shark with raised brows, a purple master in
glasses. Pure Python (tested on CPython); `seats.py` puts a face and the level's nickname
(`persona.<level>`) in each computer's seat.
"""

LEVELS = ("easy", "medium", "hard", "expert")
# Head, its outline, and the features' colour, per level.
COLOURS = {
    "easy": ("#86efac", "#166534", "#14532d"),
    "medium": ("#93c5fd", "#1e3a8a", "#172554"),
    "hard": ("#fdba74", "#9a3412", "#431407"),
    "expert": ("#d8b4fe", "#581c87", "#3b0764"),
}
# The mouth as an SVG path on a 24x24 face: a wide smile, a small smile, a flat line, a
# knowing half-smile.
MOUTHS = {
    "easy": "M7 14.5 Q12 19.5 17 14.5",
    "medium": "M8.5 15 Q12 17.5 15.5 15",
    "hard": "M8.5 16 L15.5 16",
    "expert": "M8.5 15.5 Q13 17.5 16 14.5",
}


def face_svg(level):
    """The face of a computer of `level` (plain `ai` plays at medium)."""
    if level not in LEVELS:
        level = "medium"
    head, line, ink = COLOURS[level]
    out = ['<svg class="face face-' + level + '" viewBox="0 0 24 24" aria-hidden="true" '
           'focusable="false">',
           '<circle cx="12" cy="12" r="10.5" fill="' + head + '" stroke="' + line
           + '" stroke-width="1.5"/>',
           '<circle cx="8.5" cy="10" r="1.4" fill="' + ink + '"/>',
           '<circle cx="15.5" cy="10" r="1.4" fill="' + ink + '"/>',
           '<path d="' + MOUTHS[level] + '" fill="none" stroke="' + ink
           + '" stroke-width="1.5" stroke-linecap="round"/>']
    if level == "hard":  # raised brows
        out.append('<path d="M6.5 7 L10 7.8 M17.5 7 L14 7.8" stroke="' + ink
                   + '" stroke-width="1.4" stroke-linecap="round"/>')
    if level == "expert":  # glasses
        out.append('<g fill="none" stroke="' + ink + '" stroke-width="1.1">'
                   '<circle cx="8.5" cy="10" r="2.9"/><circle cx="15.5" cy="10" r="2.9"/>'
                   '<path d="M11.4 10 L12.6 10"/></g>')
    out.append("</svg>")
    return "".join(out)
