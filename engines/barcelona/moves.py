"""Barcelona's move bodies: one marshmallow schema per move type (the API's validation and the
OpenAPI description). decide checks bodies itself against the legal moves."""
from marshmallow import Schema, fields
from marshmallow.validate import OneOf


def _schema(name, doc, **extra):
    attrs = {"type": fields.String(required=True, validate=OneOf([name])), "__doc__": doc}
    attrs.update(extra)
    return type(f"{name.title().replace('_', '')}Move", (Schema,), attrs)


S = fields.String
I = fields.Integer
MOVES_SCHEMA = {
    "place": _schema("place", "Stack your Citizens on an empty crossing; `top` is the visible one.",
                     crossing=S(required=True), top=S(required=True)),
    "cloth_vp": _schema("cloth_vp", "Gain 1 Cloth and 3 VP."),
    "coins": _schema("coins", "Gain 2 Coins."),
    "cerda": _schema("cerda", "Advance two steps on the Cerdà track."),
    "cobblestone": _schema("cobblestone", "Place a Cobblestone on Sidewalk space 'row,col'.",
                           space=S(required=True)),
    "wide_street": _schema("wide_street", "Place a Wide tile on a street space.", space=S(required=True)),
    "narrow_streets": _schema("narrow_streets", "Place a Narrow tile on `space`, then optionally "
                              "a second on `then` (null: none).", space=S(required=True),
                              then=S(required=True, allow_none=True)),
    "intersection": _schema("intersection", "Build your leftmost Intersection on a crossing.",
                            crossing=S(required=True)),
    "take_project": _schema("take_project", "Take displayed Modernisme tile `tile` (0-3) onto "
                            "Project space `slot` (1-5).", tile=I(required=True), slot=I(required=True)),
    "improve_project": _schema("improve_project", "Move the marker of Project space `slot` up.",
                               slot=I(required=True)),
    "public_service": _schema("public_service", "Build a Public Service.", service=S(required=True)),
    "tram": _schema("tram", "Put or move your Tram onto street space `space`; `passenger`: drop "
                    "your leftmost Passenger there.", space=S(required=True),
                    passenger=fields.Boolean(required=True)),
    "end_actions": _schema("end_actions", "Take no more street actions: go on to construction."),
    "build": _schema("build", "Construct `building` on `space` using the visible Citizens on "
                     "`crossings`.", building=S(required=True), space=S(required=True),
                     crossings=fields.List(S(), required=True)),
    "benefits": _schema("benefits", "Intersection benefits chosen by the Intersection's owner.",
                        choice=fields.List(S(), required=True)),
    "sagrada": _schema("sagrada", "How many of the granted Sagrada Família steps to take.",
                       steps=I(required=True)),
    "sagrada_tile": _schema("sagrada_tile", "The Sagrada Família tile taken at a slot; `coins` is "
                            "how many of a 'Coin or Cloth' gain are Coins.", tile=I(required=True),
                            coins=I(required=True)),
    "store": _schema("store", "What the Warehouse holds after a gain that does not fit: `coins` "
                     "and `cloths` (the rest of the gain is lost, or stored ones discarded).",
                     coins=I(required=True), cloths=I(required=True)),
    "decline": _schema("decline", "Decline a bonus action."),
}
