"""The numba kernels that shuffle and deal whole shoes: the depth analysis and the
count studies both deal through them, so shoe i is the same shoe in either.

Kernels receive every game fact as an array built by :mod:`bacc_edge.depth.shoes` from the
one source of each (the dealing order and drawing rules as a ``coup.CoupPlan``, read off
the shoe as every kernel reads a coup, :func:`~bacc_edge.engine.coup_kernels.read_coup`;
the end of the shoe by :func:`~bacc_edge.game.dealing.after_coup`; point values from
``cards``, the settle classes and nets from ``evaluator.Evaluator``); they never see
user input.

The shuffle is a Fisher-Yates shuffle driven by SplitMix64, seeded from (seed, shoe),
with Lemire's unbiased bounded draw: the same shoe on every machine and in every
process. :func:`shuffle_plain` is the same algorithm in plain Python, for the tests.

Two dealers share it: :func:`deal_shoes` hands back every round (where it starts, the
counts before it, what it paid each bet) for the exact values of the depth analysis;
:func:`tally_shoes`, the count study's, deals from one-byte card codes and adds up what
each count player won inside the kernel, handing back only the sums a run keeps.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..game.dealing import after_coup
from .coup_kernels import coup_reading, pair_state, read_coup, read_thirds
from .coup_settle_kernels import canonical_cell, class_of_cell
from .jit import inline, kernel

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_S30, _S27, _S31, _S32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)
_MASK64 = (1 << 64) - 1

#: True-count divisors: cards left in the shoe (burned cards out), or cards not seen.
DIVIDE_BY_SHOE, DIVIDE_BY_UNSEEN = 0, 1
#: Rounding of the decks the true count divides by: exact, to the nearest half or whole
#: deck, down or up to a half or whole deck.
DECKS_EXACT, DECKS_HALF, DECKS_WHOLE = 0, 1, 2
DECKS_HALF_DOWN, DECKS_HALF_UP, DECKS_WHOLE_DOWN, DECKS_WHOLE_UP = 3, 4, 5, 6
#: The end-of-shoe rule (:func:`~bacc_edge.game.dealing.after_coup`), compiled here.
_after_coup = inline(after_coup)


@inline
def _mix(z):
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@inline
def _next(state):
    state[0] += _GOLDEN
    return _mix(state[0])


@inline
def _below(state, n):
    """An unbiased draw from 0 … n-1 (n below 2**32), Lemire's method."""
    un = np.uint64(n)
    m = (_next(state) >> _S32) * un
    low = m & _LOW32
    if low < un:
        t = ((_LOW32 + np.uint64(1)) - un) % un
        while low < t:
            m = (_next(state) >> _S32) * un
            low = m & _LOW32
    return np.int64(m >> _S32)


@kernel
def shuffle(seed, shoe, ordered, out, state):
    """``out`` := ``ordered`` shuffled for shoe ``shoe`` of run ``seed`` (both from 0)."""
    state[0] = _mix(_mix(np.uint64(seed) + _GOLDEN) ^ (np.uint64(shoe) * _M2))
    n = ordered.shape[0]
    for i in range(n):
        out[i] = ordered[i]
    for i in range(n - 1, 0, -1):
        j = _below(state, i + 1)
        out[i], out[j] = out[j], out[i]


def _mix_plain(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def shuffle_plain(seed: int, shoe: int, ordered) -> list[int]:
    """:func:`shuffle` in plain Python (the tests compare the two)."""
    golden = 0x9E3779B97F4A7C15
    state = _mix_plain(_mix_plain((seed + golden) & _MASK64) ^ ((shoe * 0x94D049BB133111EB) & _MASK64))
    out = list(ordered)

    def below(n):
        nonlocal state
        state = (state + golden) & _MASK64
        m = (_mix_plain(state) >> 32) * n
        low = m & 0xFFFFFFFF
        if low < n:
            t = (2 ** 32 - n) % n
            while low < t:
                state = (state + golden) & _MASK64
                m = (_mix_plain(state) >> 32) * n
                low = m & 0xFFFFFFFF
        return m >> 32

    for i in range(len(out) - 1, 0, -1):
        j = below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@inline
def _decks(cards, rounding, deck_cards):
    """Decks in ``cards`` cards, rounded as ``rounding`` says (never below half a deck,
    or one deck when rounded to whole decks)."""
    if rounding == DECKS_HALF:
        return max(0.5, np.floor(cards / (deck_cards / 2.0) + 0.5) / 2.0)
    if rounding == DECKS_WHOLE:
        return max(1.0, np.floor(cards / deck_cards + 0.5))
    if rounding == DECKS_HALF_DOWN:
        return max(0.5, np.floor(cards / (deck_cards / 2.0)) / 2.0)
    if rounding == DECKS_HALF_UP:
        return max(0.5, np.ceil(cards / (deck_cards / 2.0)) / 2.0)
    if rounding == DECKS_WHOLE_DOWN:
        return max(1.0, np.floor(cards / deck_cards))
    if rounding == DECKS_WHOLE_UP:
        return max(1.0, np.ceil(cards / deck_cards))
    return cards / deck_cards


@inline
def _true_count(running, cards, rounding, deck_cards):
    """``running`` per deck of ``cards`` cards rounded as ``rounding`` says, as one
    correctly rounded division of exact numbers: exact decks as running · deck_cards /
    cards (dividing by the rounded cards / deck_cards would round twice, and a true
    count exactly at a threshold could fall on either side of it); rounded decks are
    halves or wholes, exact in floating point already."""
    if rounding == DECKS_EXACT:
        return np.float64(running * deck_cards) / np.float64(cards)
    return running / _decks(cards, rounding, deck_cards)


class RoundCells(NamedTuple):
    """How a dealt coup is settled: ``cell_of[player pair state, banker pair state,
    player total, banker total, player third + 1, banker third + 1]`` its outcome cell
    (suited pairs told apart where ``suited_pairs``), ``cell_class[cell]`` its settle
    class, ``class_net[bet, class]`` what the class pays each bet."""

    cell_of: np.ndarray
    suited_pairs: bool
    cell_class: np.ndarray
    class_net: np.ndarray


class CountPlan(NamedTuple):
    """The counts kept while dealing, one row each: tags per rank, the initial running
    count, whether the shown card is counted, the true-count divisor and rounding."""

    tags: np.ndarray
    initial: np.ndarray
    exposed: np.ndarray
    divisor: np.ndarray
    rounding: np.ndarray


class DealtShoes(NamedTuple):
    """What :func:`deal_shoes` fills, per shoe."""

    rounds: np.ndarray
    start: np.ndarray
    running: np.ndarray
    true_count: np.ndarray
    net: np.ndarray
    cards_out: np.ndarray


@kernel
def deal_shoes(seed, first, deal, coup, cells, counts, dealt, work, state):
    """Deal shoes ``first`` … ``first + len(rounds) - 1`` of run ``seed``.

    Per shoe s and round r (``rounds[s]`` rounds): ``start[s, r]`` the position of the
    coup's first card, ``running[s, r, c]`` and ``true_count[s, r, c]`` count c before
    the coup, ``net[s, r, b]`` what the coup pays bet b per unit. ``cards_out[s]`` the
    shuffled shoe, when ``cards_out`` has a row per shoe (else it is left alone).

    The shoe (``deal``, a :class:`bacc_edge.game.dealing.DealPlan`): ``shown`` cards shown,
    ``burn_of_rank[the first one's rank]`` more burned unseen, the cut card ``cut``
    cards from the end; a coup that deals a card behind the cut card brings it out.
    ``END_AT_CUT``: that coup is the last. ``END_ONE_MORE``: one more
    coup follows, unless the cut card came out before the first card of a coup, which
    is then the last. Never more rounds than ``start`` has columns.

    Each coup is dealt as ``coup`` (a :class:`bacc_edge.game.coup.CoupPlan`) says, settled by
    ``cells`` (:class:`RoundCells`) and counted by ``counts`` (:class:`CountPlan`);
    ``dealt`` is a :class:`DealtShoes`, ``work`` and ``state`` scratch.
    """
    cell_of, suited_pairs, cell_class, class_net = cells
    tags, initial, exposed, divisor, rounding = counts
    rounds, start, running, true_count, net, cards_out = dealt
    ordered, card_rank, card_suit = deal.ordered, deal.card_rank, deal.card_suit
    burn_of_rank = deal.burn_of_rank
    points = deal.card_points[card_rank]
    hand, taken, banker_first = coup_reading(coup, points)
    cut, end_rule, shown_cards = deal.cut, deal.end, deal.shown
    coup_cards, deck_cards = deal.coup_cards, deal.deck_cards
    n_cards = ordered.shape[0]
    n_counts = tags.shape[0]
    n_bets = class_net.shape[0]
    rounds_bound = start.shape[1]
    cut_at = n_cards - cut
    for s in range(rounds.shape[0]):
        shuffle(seed, first + s, ordered, work, state)
        if cards_out.shape[0] == rounds.shape[0]:
            for i in range(n_cards):
                cards_out[s, i] = work[i]
        shown = work[0]
        burned = burn_of_rank[card_rank[shown]]
        rc = np.empty(n_counts, dtype=np.int64)
        for c in range(n_counts):
            rc[c] = initial[c] + (tags[c, card_rank[shown]] if exposed[c] else 0)
        pos = shown_cards + burned
        r = 0
        last = False
        while n_cards - pos >= coup_cards and r < rounds_bound:
            start[s, r] = pos
            for c in range(n_counts):
                left = n_cards - pos + (burned if divisor[c] == DIVIDE_BY_UNSEEN else 0)
                running[s, r, c] = rc[c]
                true_count[s, r, c] = _true_count(rc[c], left, rounding[c], deck_cards)
            pt, bt, n = read_coup(hand, taken, points, work, pos)
            px, by = read_thirds(banker_first, points, work, pos, pt, bt, n)
            ps = pair_state(card_rank, card_suit, suited_pairs, work[pos], work[pos + 2])
            bs = pair_state(card_rank, card_suit, suited_pairs, work[pos + 1], work[pos + 3])
            cls = cell_class[cell_of[ps, bs, pt, bt, px + 1, by + 1]]
            for b in range(n_bets):
                net[s, r, b] = class_net[b, cls]
            for i in range(pos, pos + n):
                for c in range(n_counts):
                    rc[c] += tags[c, card_rank[work[i]]]
            before = pos
            pos += n
            r += 1
            over, last = _after_coup(end_rule, cut_at, before, pos, last)
            if over:
                break
        rounds[s] = r



class CountPlayers(NamedTuple):
    """The count players of a count study, one row each: the bet they play, the count
    they follow and the last round they may bet (:data:`NO_CUTOFF`: none); per count,
    its trigger and whether that compares the true count (1) or the running count (0).

    ``trigger[c, k]`` are count c's thresholds (a flat trigger: one), ``depth_row[c,
    d]`` the one in force at depth d (cards seen, or the round where ``by_round[c]``),
    whose threshold may be infinite (no bet before a table's first row); ``strict[c]``:
    bet above the threshold, not from it. ``ramp[c, k]`` for k < ``ramp_steps[c]``:
    the counts from which the stake rises a step (compared as the trigger is).
    ``stake[j, k] / stake_den[j]``: what player j stakes at ramp step k (0 below the
    first step). ``group[g]``: the players (-1 after the last) whose round-by-round
    wins add up to row ``players + g`` of the tally, ``group_mult[g, m] /
    group_den[g]`` what a whole unit of member m's win is over the group's common
    denominator."""

    bet: np.ndarray
    count: np.ndarray
    cutoff: np.ndarray
    trigger: np.ndarray
    on_true: np.ndarray
    strict: np.ndarray
    depth_row: np.ndarray
    by_round: np.ndarray
    ramp: np.ndarray
    ramp_steps: np.ndarray
    stake: np.ndarray
    stake_den: np.ndarray
    group: np.ndarray
    group_mult: np.ndarray
    group_den: np.ndarray


class WholeNets(NamedTuple):
    """Each bet's net win per settle class as whole numbers: ``numerator[bet, class]`` /
    ``denominator[bet]`` (a float holding a whole number). A shoe's win is summed in
    whole numbers, then divided once: exact and the same in any order, so a shoe that
    broke even is level, never 1e-16 ahead."""

    numerator: np.ndarray
    denominator: np.ndarray


#: A count player's cutoff when the table has none: past the most rounds a shoe deals.
NO_CUTOFF = np.iinfo(np.int64).max


class StudyTally(NamedTuple):
    """What :func:`tally_shoes` adds its shoes into, per count player and then per group
    of players: ``sums[j]`` and ``cross[j]`` the sums over shoes of (won, 0, bets
    placed (a group: rounds one of its players bets on), rounds dealt, units staked)
    and of its products, ``squares[j, 0]`` of each
    round's squared win and ``squares[j, 2]`` of its squared stake, how many shoes they
    bet in, ended level or not, won and lost; and ``rounds_histogram[r]`` the shoes that
    dealt r rounds."""

    sums: np.ndarray
    cross: np.ndarray
    squares: np.ndarray
    shoes_betting: np.ndarray
    shoes_nonzero: np.ndarray
    shoes_won: np.ndarray
    shoes_lost: np.ndarray
    rounds_histogram: np.ndarray


@kernel
def tally_shoes(seed, first, n_shoes, deal, coup, cells, card, nets, counts, players, tally):
    """Deal shoes ``first`` … ``first + n_shoes - 1`` of run ``seed`` as :func:`deal_shoes`
    deals them (the same shoes, rounds and counts) and add into ``tally`` (a
    :class:`StudyTally`) what each count player (``players``, :class:`CountPlayers`)
    wins by the coups' outcomes: a player bets one unit on a round when their count,
    before the coup, reaches its trigger and the round is within their cutoff.

    Cards are dealt from ``deal.ordered`` (one byte a card). A coup is
    settled only where someone bets on it: by ``cells`` (:class:`RoundCells`, bets on
    points and pairs) when ``card`` is None, else by ``card`` (a
    :class:`~bacc_edge.engine.coup_settle_kernels.CardSettle`) from its cards. Returns
    how many coups found no cell (never any: the caller refuses the run if one does).
    What a class pays comes from ``nets`` (:class:`WholeNets`), not ``cells.class_net``.
    A player stakes as the ramp step their count reached says; each group of players
    is tallied as one player whose round wins are its members' added up.
    """
    cell_of, suited_pairs, cell_class, _ = cells
    numerator, denominator = nets
    tags, initial, exposed, divisor, rounding = counts
    (bet_of, count_of, cutoff_of, trigger, on_true, strict, depth_row, by_round, ramp,
     ramp_steps, stake_num, stake_den, group, group_mult, group_den) = players
    sums, cross, squares, betting, nonzero, won_shoes, lost_shoes, histogram = tally
    ordered, card_rank, card_suit = deal.ordered, deal.card_rank, deal.card_suit
    card_points, burn_of_rank = deal.card_points, deal.burn_of_rank
    cut, end_rule, shown_cards = deal.cut, deal.end, deal.shown
    coup_cards, deck_cards = deal.coup_cards, deal.deck_cards
    n_cards = ordered.shape[0]
    n_kinds = card_rank.shape[0]
    n_counts = tags.shape[0]
    n_players = bet_of.shape[0]
    n_groups = group.shape[0]
    n_columns = sums.shape[1]
    rounds_bound = histogram.shape[0] - 1
    cut_at = n_cards - cut
    # per card kind: its point value and each count's tag
    points = np.empty(n_kinds, dtype=np.int64)
    tag = np.empty((n_counts, n_kinds), dtype=np.int64)
    for k in range(n_kinds):
        points[k] = card_points[card_rank[k]]
        for c in range(n_counts):
            tag[c, k] = tags[c, card_rank[k]]
    hand, taken, banker_first = coup_reading(coup, points)
    # per count, threshold and cards left: the least running count that bets (a
    # threshold's row, or a ramp step's)
    least = np.zeros((n_counts, trigger.shape[1], n_cards + 1), dtype=np.int64)
    steps = np.zeros((n_counts, ramp.shape[1], n_cards + 1), dtype=np.int64)
    for c in range(n_counts):
        for left in range(1, n_cards + 1):  # no coup leaves 0 cards
            for k in range(trigger.shape[1]):
                least[c, k, left] = _least_betting(trigger[c, k], on_true[c], left,
                                                   rounding[c], deck_cards, strict[c])
            for k in range(ramp_steps[c]):
                steps[c, k, left] = _least_betting(ramp[c, k], on_true[c], left, rounding[c],
                                                   deck_cards, strict[c])
    tabled = np.zeros(n_counts, dtype=np.bool_)  # a trigger with more than one row
    flat = np.zeros(n_counts, dtype=np.bool_)  # one row and no ramp: today's counts
    for c in range(n_counts):
        for d in range(depth_row.shape[1]):
            tabled[c] = tabled[c] or depth_row[c, d] != 0
        flat[c] = not tabled[c] and ramp_steps[c] == 0
    staking = np.zeros(n_players, dtype=np.bool_)  # a stake other than one unit
    for j in range(n_players):
        staking[j] = stake_den[j] != 1.0
        for k in range(stake_num.shape[1]):
            staking[j] = staking[j] or stake_num[j, k] != 1
    seen = np.empty((n_counts, n_cards + 1), dtype=np.int64)
    base = np.empty(n_counts, dtype=np.int64)
    hit = np.zeros(n_counts, dtype=np.bool_)
    step = np.zeros(n_counts, dtype=np.int64)
    bets = np.zeros(n_players, dtype=np.bool_)
    won = np.zeros(n_players, dtype=np.int64)
    placed = np.zeros(n_players, dtype=np.int64)
    staked = np.zeros(n_players, dtype=np.int64)
    round_win = np.zeros(n_players, dtype=np.float64)
    group_rounds = np.zeros(n_groups, dtype=np.int64)  # rounds a member of each bets on
    row = np.zeros(n_columns, dtype=np.float64)
    codes = np.zeros(coup_cards, dtype=np.int64)
    renamed = np.zeros(coup_cards, dtype=np.int64)
    block_codes = np.zeros(coup_cards, dtype=np.int64)
    work = np.empty(n_cards, dtype=ordered.dtype)
    state = np.zeros(1, dtype=np.uint64)
    missing = 0
    for s in range(n_shoes):
        shuffle(seed, first + s, ordered, work, state)
        shown = work[0]
        burned = burn_of_rank[card_rank[shown]]
        pos = shown_cards + burned
        for c in range(n_counts):  # the running count before card i: base + seen[c, i]
            acc = 0
            for i in range(n_cards):
                seen[c, i] = acc
                acc += tag[c, work[i]]
            seen[c, n_cards] = acc
            base[c] = initial[c] + (tag[c, shown] if exposed[c] else 0) - seen[c, pos]
        for j in range(n_players):
            won[j] = 0
            placed[j] = 0
            staked[j] = 0
        for g in range(n_groups):
            group_rounds[g] = 0
        r = 0
        last = False
        while n_cards - pos >= coup_cards and r < rounds_bound:
            for c in range(n_counts):
                left = n_cards - pos + (burned if divisor[c] == DIVIDE_BY_UNSEEN else 0)
                running = base[c] + seen[c, pos]
                if flat[c]:  # one threshold, one unit
                    hit[c] = running >= least[c, 0, left]
                    continue
                k = 0  # a table's row in force at this depth
                if tabled[c]:
                    k = depth_row[c, r + 1 if by_round[c] else pos - burned]
                hit[c] = running >= least[c, k, left]
                if hit[c]:
                    k = 0
                    while k < ramp_steps[c] and running >= steps[c, k, left]:
                        k += 1
                    step[c] = k
            anyone = False
            for j in range(n_players):
                bets[j] = hit[count_of[j]] and r < cutoff_of[j]
                anyone = anyone or bets[j]
            pt, bt, n = read_coup(hand, taken, points, work, pos)  # the loop leaves six cards
            if anyone:
                px, by = read_thirds(banker_first, points, work, pos, pt, bt, n)
                if card is None:
                    ps = pair_state(card_rank, card_suit, suited_pairs, work[pos], work[pos + 2])
                    bs = pair_state(card_rank, card_suit, suited_pairs, work[pos + 1],
                                    work[pos + 3])
                    cls = cell_class[cell_of[ps, bs, pt, bt, px + 1, by + 1]]
                else:
                    cls = _card_class(card, work, pos, pt, bt, px, by, codes, renamed,
                                      block_codes)
                if cls < 0:
                    missing += 1
                else:
                    for j in range(n_players):
                        if bets[j]:
                            whole = numerator[bet_of[j], cls]
                            net = whole / denominator[bet_of[j]]
                            placed[j] += 1
                            if staking[j]:  # a ramp's stake, or a main bet's
                                units = stake_num[j, step[count_of[j]]]
                                net = units * net / stake_den[j]
                                won[j] += units * whole
                                staked[j] += units
                                squares[j, 2] += (units / stake_den[j]) ** 2
                            else:
                                won[j] += whole
                                staked[j] += 1
                                squares[j, 2] += 1.0
                            squares[j, 0] += net * net
                            round_win[j] = net
                        else:
                            round_win[j] = 0.0
                    for g in range(n_groups):
                        together = 0.0
                        playing = False
                        for m in range(group.shape[1]):
                            j = group[g, m]
                            if j >= 0:
                                together += round_win[j]
                                if bets[j]:
                                    playing = True
                                    squares[n_players + g, 2] += (
                                        stake_num[j, step[count_of[j]]] / stake_den[j]) ** 2
                        squares[n_players + g, 0] += together * together
                        if playing:
                            group_rounds[g] += 1
            before = pos
            pos += n
            r += 1
            over, last = _after_coup(end_rule, cut_at, before, pos, last)
            if over:
                break
        histogram[r] += 1
        for j in range(n_players + n_groups):
            if j < n_players:
                whole = won[j]
                row[0] = whole / (denominator[bet_of[j]] * stake_den[j])
                row[2] = placed[j]
                row[4] = staked[j] / stake_den[j]
            else:  # a group: its members' wins over their common denominator, the
                # rounds one of them bets on, their stakes
                g = j - n_players
                whole = 0
                row[2] = group_rounds[g]
                row[4] = 0.0
                for m in range(group.shape[1]):
                    if group[g, m] >= 0:
                        whole += won[group[g, m]] * group_mult[g, m]
                        row[4] += staked[group[g, m]] / stake_den[group[g, m]]
                row[0] = whole / group_den[g]
            row[3] = r
            for a in range(n_columns):
                sums[j, a] += row[a]
                for b in range(n_columns):
                    cross[j, a, b] += row[a] * row[b]
            if row[2] > 0:
                betting[j] += 1
            if whole != 0:
                nonzero[j] += 1
            if whole > 0:
                won_shoes[j] += 1
            elif whole < 0:
                lost_shoes[j] += 1
    return missing


#: Beyond any running count (:data:`~bacc_edge.analysis.card_counting.RUNNING_COUNT_LIMIT`).
_COUNT_BOUND = 2 ** 53 + 2


@inline
def _least_betting(trigger, on_true, left, rounding, deck_cards, strict):
    """The least running count that bets: whose true count on ``left`` cards (or, not
    ``on_true``, the running count itself), in floating point as :func:`deal_shoes`
    computes it (:func:`_true_count`), reaches ``trigger`` (passes it, when
    ``strict``). That is monotone in the running count, so one comparison of whole
    numbers a round replaces a division (a binary search here). An infinite trigger:
    beyond any running count."""
    if trigger == np.inf:
        return _COUNT_BOUND
    lo, hi = -_COUNT_BOUND, _COUNT_BOUND
    while lo < hi:
        mid = lo + (hi - lo) // 2
        level = _true_count(mid, left, rounding, deck_cards) if on_true else np.float64(mid)
        if level > trigger or (level == trigger and not strict):
            hi = mid
        else:
            lo = mid + 1
    return lo


@inline
def _card_class(card, work, pos, pt, bt, px, by, codes, renamed, block_codes):
    """The settle class of the coup dealt from ``work[pos]`` on (totals ``pt``, ``bt``,
    thirds ``px``, ``by``, -1 where a hand stood) on a card layout; -1 where its cell is
    not among the layout's."""
    pos_code, absent_code = card.pos_code, card.absent_code
    for p in range(4):
        codes[p] = pos_code[p, work[pos + p]]
    at = pos + 4
    if px >= 0:
        codes[4] = pos_code[4, work[at]]
        at += 1
    else:
        codes[4] = absent_code[4]
    codes[5] = pos_code[5, work[at]] if by >= 0 else absent_code[5]
    cell = canonical_cell(card.coup_key[pt, bt, px + 1, by + 1], codes, card.perm_code,
                          card.stride, card.block_of, card.block_pos, card.block_start,
                          card.block_stride, card.binom, renamed, block_codes)
    return class_of_cell(card, cell)


@kernel
def card_coup_class(card, coup, pt, bt, px, by):
    """The settle class of one coup of real cards on a card layout (``card``, a
    :class:`~bacc_edge.engine.coup_settle_kernels.CardSettle`): ``coup`` its card kinds
    in dealing order (four to six), totals ``pt``, ``bt`` and thirds ``px``, ``by`` (-1
    where a hand stood); -1 where its cell is not among the layout's. The count study's
    settlement, for a coup dealt by hand (the live page)."""
    codes = np.zeros(6, dtype=np.int64)
    renamed = np.zeros(6, dtype=np.int64)
    block_codes = np.zeros(6, dtype=np.int64)
    work = np.zeros(6, dtype=np.int64)
    for i in range(coup.shape[0]):
        work[i] = coup[i]
    return _card_class(card, work, 0, pt, bt, px, by, codes, renamed, block_codes)
