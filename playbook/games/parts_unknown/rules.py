"""Parts Unknown: shopkeepers price body parts for Viktor Frankenstein's Scientists (2-6 players).

What it teaches: the *going rate*. Only the lowest marked price of a card type can sell, so a store that
undercuts takes the whole demand and everyone above it sells nothing; the Scientists who buy once at a price
buy everything at that price, so a crowd at one price overshoots the demand (a Surplus that grows the
Town) while too few cards leave a Shortage (that shrinks it). Drawing cards gets dearer with every card
(a convex cost curve), shelves are capital that pays back only if the Town survives, and Parts Unknown is a
liquidation channel: guaranteed, at half the going rate.

This module holds the rulings table and re-exports the engine, which lives in small modules: ``components``
(enums, ``Rules``, data loading), ``actions`` (and ``describe``), ``events``, ``rulebook`` (the rules as pure
functions), ``moves/`` (one module per kind of action, and ``_cache``: the actions built once per rules),
``table`` (the work copy one action changes: turn ends, Viktor's spaces, the auction), ``state`` (``State``,
the observation and the checks a saved game must pass) and ``setup`` (``new_game``).

Rulings (where the rulebook is ambiguous or silent; ``Rules`` option in brackets where a table might differ)

========================================  ================================================================
Question                                  Ruling
========================================  ================================================================
The marked price ("the lowest visible     The price is the step the counter sits on, as the Cheese example
price above the Shelf Space counter")     says (counter over 24 -> $24). Actions name the price in dollars;
                                          it must be one printed in the card's column.
Which corner sells Parts Unknown? ("In    The corner that also grows the Town (the "end of the month")
addition, passing this space clears...")  [``parts_unknown_corner``: growth | other | both].
Parts Unknown price when the Monster is   Half the category's going rate (its single cheapest card); with
on                                        no card of the category shown, half the card's own lowest step.
Which going rate do Parts Unknown sales   The going rates are fixed when Step 3 begins (the die is rolled)
and demands use during a turn?            and hold for the whole turn, Roll Again included ("stays fixed
                                          during a particular turn"); cards repriced later do not count.
Excess counters when the dots are full    The dots' worth of counters go away, the Town changes by one and
                                          the extras stay ("remember the extras, because the rest are about
                                          to be converted") [``excess_conversion``: carry | clear (all go)
                                          | repeat (one Townesfolk per full set of dots)].
The Town reaches zero during conversion   The game ends at once ("the game ends immediately"): houses later
                                          in the loop do not convert, so a Surplus there cannot save it.
A Surplus larger than the new demand      The demand is used up and what remains of the Surplus stays.
Gizmos' dots                              Gizmos never converts, so its Surplus and Shortage just carry.
The revealed Buyout card                  It goes to the discards [``buyout_card``: discard | bottom of the
                                          deck]. Buyout sells the mover's own matching cards too.
"Matching" (Buyout, Auction)              The same card type (the rulebook: "if you turn over a Zwik, then
                                          everyone's Zwiks sell").
Auction ("Anyone may increase the bid     Seat by seat from the mover, to the left: the seat to move bids
at any time")                             any whole amount above the standing bid (up to its money) or
                                          passes; a seat that passed may bid again after a later raise.
                                          It closes when every seat but the high bidder has passed on the
                                          standing bid; the high bidder pays the Bank. Bids only rise and
                                          are capped by money, so it always ends. Owners of pooled cards
                                          get nothing ("taken away").
An auction nobody bids on                 The pool goes to the discards [``unclaimed_auction``: discard |
                                          owners (shown cards back to their owners' hands)].
Zwik's category                           Gizmos (it is no body part).
One Buyout, one Auction, one Roll Again   The rulebook names each in the singular and gives no reason for
                                          two, so the reconstructed board holds one of each.
Landing on a lit Riot/Monster             It goes out: "exactly one lap" [``relanding_restarts``: it stays
                                          lit for another lap].
Riot drawing                              k cards cost the chart's price for k+1, so at most six a turn.
Drawing                                   ``Draw(k)`` draws k more cards paying the chart's difference, so
                                          drawing one at a time costs what drawing them together does.
Step 1 then Step 2                        Any Step 2 action (stock, reprice, Parts Unknown) ends Step 1;
                                          ``RollForViktor`` ends Step 2.
The Bank                                  Never runs out ("a few thousand bucks": $10,000, may go negative).
Simultaneous set-up choice                Taken seat by seat, each choice hidden until its owner prices it.
The random seats (first pricer, first     Chance steps, so they are public random outcomes.
player)
Town at zero and Calendar at Start in     The Town's end wins: no Shelf Space bonus.
one turn
Ties for most money                       Shared: every seat with the top score wins.
========================================  ================================================================
"""

from __future__ import annotations

from .actions import (
    ACTION_CLASSES,
    BUY_SHELF,
    PASS,
    ROLL_FOR_VIKTOR,
    BuyCard,
    BuyShelf,
    ChooseStock,
    Draw,
    DumpFromHand,
    DumpFromShelf,
    Pass,
    PickSeat,
    PuAction,
    Raise,
    Reprice,
    Roll,
    RollForViktor,
    Stock,
    action_from_dict,
    describe,
)
from .components import INFO, STEPS, CardType, End, House, Phase, Rules, Space
from .observe import Observation
from .rulebook import (
    DemandOutcome,
    convert,
    draw_cost,
    end_scores,
    going_rates,
    parts_unknown_value,
    rates_in_force,
    resolve_demand,
    town_after,
)
from .setup import new_game, rules_from_dict, rules_from_toml, state_from_dict
from .state import State

__all__ = [
    "ACTION_CLASSES",
    "BUY_SHELF",
    "INFO",
    "PASS",
    "ROLL_FOR_VIKTOR",
    "STEPS",
    "BuyCard",
    "BuyShelf",
    "CardType",
    "ChooseStock",
    "DemandOutcome",
    "Draw",
    "DumpFromHand",
    "DumpFromShelf",
    "End",
    "House",
    "Observation",
    "Pass",
    "Phase",
    "PickSeat",
    "PuAction",
    "Raise",
    "Reprice",
    "Roll",
    "RollForViktor",
    "Rules",
    "Space",
    "State",
    "Stock",
    "action_from_dict",
    "convert",
    "describe",
    "draw_cost",
    "end_scores",
    "going_rates",
    "new_game",
    "parts_unknown_value",
    "rates_in_force",
    "resolve_demand",
    "rules_from_dict",
    "rules_from_toml",
    "state_from_dict",
    "town_after",
]
