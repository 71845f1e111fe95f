"""TRÖK's 27 Upgrade cards: 15 kinds, their family, and which phase each one acts in.

STAND-IN COUNTS. The rulebook gives 27 Upgrade cards and describes 15 kinds, but not how many
cards of each kind the box holds. Until a source gives them, we use the stand-in that
shared/rules/READINGS.md and issue 5 settle: one card for each of the twelve named dwarves and
five each of Mine, Vein and Cart (12 + 15 = 27). Change COUNTS here (and bump the engine version)
when the real counts are known; the rules read only these numbers.
"""

STAND_IN = True  # COUNTS below are a stand-in, not the printed game's

# kind -> (family, copies). READINGS: the twelve named Upgrades are dwarves; Mine, Vein and Cart
# are improvements. Names are the English rulebook's (Filon = Vein, Chariot = Cart).
UPGRADES = {
    "mine": ("improvement", 5),          # Supply: one extra card, face up, each round
    "thrud": ("dwarf", 1),               # Trök: +2 Aare whenever the market is renewed
    "grid": ("dwarf", 1),                # Trök: +3 to the total for Trade Master; End: +1 Aare
    "aegur": ("dwarf", 1),               # Combination: identical cards beyond the 3rd earn 5
    "dagda": ("dwarf", 1),               # Combination: three identical green cards earn 7
    "vein": ("improvement", 5),          # Combination: one Pickaxe per Vein is an Arcane Stone
    "kraal": ("dwarf", 1),               # Combination: three identical red cards earn 10
    "idunn": ("dwarf", 1),               # Combination: a run of five takes two Upgrades
    "skaa": ("dwarf", 1),                # Combination: all-different takes any Upgrade in the row
    "mother_dwerg": ("dwarf", 1),        # End: +1 Aare per dwarf owned, herself included
    "cart": ("improvement", 5),          # End: store one unused card (no Arcane Stone)
    "father_dwerg": ("dwarf", 1),        # End: +1 Aare per Mine, Vein and Cart owned
    "zoral": ("dwarf", 1),               # End: +1 Aare per Pickaxe at the market
    "astrid": ("dwarf", 1),              # End: +2 Aare per green card at the market
    "ylud": ("dwarf", 1),                # End: +3 Aare per red card at the market
}
KINDS = list(UPGRADES)  # the fixed order the Upgrade deck is drawn in
COUNTS = {kind: copies for kind, (_, copies) in UPGRADES.items()}
TOTAL_UPGRADES = sum(COUNTS.values())  # 27
DWARVES = [kind for kind, (family, _) in UPGRADES.items() if family == "dwarf"]
IMPROVEMENTS = [kind for kind, (family, _) in UPGRADES.items() if family == "improvement"]

# The numbers on the Upgrades (the Game Aid page).
THRUD_AARE = 2           # per renewal of the market, to each Thrud owner
GRID_TROK_BONUS = 3      # added to the Trök total
GRID_AARE = 1            # at each End of Round
AEGUR_EXTRA = 5          # per identical card beyond the 3rd (instead of EXTRA_CARD_AARE)
EXTRA_CARD_AARE = 3      # the rulebook's own "each additional card gives you 3 Aare"
DAGDA_AARE = 7           # three identical green cards
KRAAL_AARE = 10          # three identical red cards
IDUNN_RUN = 5            # the length of Idunn's run
IDUNN_PICKS = 2          # Upgrades it takes, from the first IDUNN_RUN of the row
MOTHER_DWERG_AARE = 1    # per dwarf owned
FATHER_DWERG_AARE = 1    # per Mine, Vein and Cart owned
ZORAL_AARE = 1           # per Pickaxe at the market
ASTRID_AARE = 2          # per green card at the market
YLUD_AARE = 3            # per red card at the market
CART_STORES = 1          # cards each Cart stores
