"""Remake the winnability tables of docs/winnability.md from the deal tables under docs/winnability/.

    .venv/bin/python tools/winnability.py           # rewrite the tables between the page's markers
    .venv/bin/python tools/winnability.py --check   # exit 1 if the page is not what the files say

Each `docs/winnability/GAME.csv` is the `--csv` file of `solitaire solve --game GAME --range …`: one row
per deal, each saying its game and budget, so the table needs nothing typed by hand but the published
figures (`published.csv` beside them: game, figure, source). Every game the suite offers gets a row,
measured or not, so a game added to the suite shows up here as "not measured yet", with the command
that measures it. A game the chooser does not offer (`listed=False`: Spider's relaxed deal, a setting
of Spider) gets no row, and a line under the table names it, so a reader knows it was left out on
purpose and how to measure it. Counts come from the rows; the interval is the Wilson score interval that `solve
--range` prints, so a row and the command's summary agree.
"""
from __future__ import annotations

import argparse
import csv
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.variant import Variant  # noqa: E402
from game.variants import all_variants, offered_variants  # noqa: E402
from solitaire.cli.range_table import COLUMNS, Stamp, stamp_of  # noqa: E402
from solitaire.cli.solve import wilson  # noqa: E402

DATA = ROOT / "docs" / "winnability"
PAGE = ROOT / "docs" / "winnability.md"
PUBLISHED = "published.csv"
BEGIN = "<!-- winnability tables: made by tools/winnability.py from docs/winnability/*.csv; do not edit by hand -->"
END = "<!-- end of the winnability tables -->"


class TableFileError(Exception):
    """A deal table the tool cannot read (not written by `solve --range` with its stamp columns)."""


@dataclass
class GameTable:
    """One game's deal table, summed: what its row in the page says."""

    stamp: Stamp
    deals: list[int] = field(default_factory=list)
    won: int = 0
    lost: int = 0
    unknown: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)

    @property
    def decided(self) -> int:
        return self.won + self.lost

    def span(self) -> str:
        """The deals as a --range, or their count when the file has gaps."""
        first, last = min(self.deals), max(self.deals)
        return f"{first}-{last}" if len(self.deals) == last - first + 1 else f"{len(self.deals)} deals of {first}-{last}"

    def command(self, file: str) -> str:
        first, last = min(self.deals), max(self.deals)
        return command_for(self.stamp, f"{first}-{last}", file)


def command_for(stamp: Stamp, deals: str, file: str) -> str:
    """The command that makes (or goes on making) a row: --resume adds only what the file lacks."""
    return f"solitaire solve --game {stamp.describe()} --range {deals} --jobs 1 --csv {file} --resume"


def read_game_table(path: Path) -> GameTable:
    """A deal table's rows, summed; each deal once (the first row of a deal counts, as --resume reads it)."""
    with path.open(newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        if tuple(next(reader, ())) != COLUMNS:
            raise TableFileError(f"{path}: not a table written by solve --range with its game and budget columns")
        table: GameTable | None = None
        seen: set[int] = set()
        for number, fields in enumerate(reader, start=2):
            stamp = stamp_of(fields[5:]) if len(fields) == len(COLUMNS) else None
            if stamp is None or not fields[0].isdigit():
                raise TableFileError(f"{path}, line {number}: not a row of a deal table")
            if table is None:
                table = GameTable(stamp)
            if stamp != table.stamp:
                raise TableFileError(f"{path}, line {number}: {stamp.describe()}, not {table.stamp.describe()} as above")
            deal = int(fields[0])
            if deal not in seen:
                seen.add(deal)
                try:
                    add_row(table, deal, fields)
                except ValueError:
                    raise TableFileError(f"{path}, line {number}: not a row of a deal table") from None
    if table is None:
        raise TableFileError(f"{path}: no deal in it")
    return table


def add_row(table: GameTable, deal: int, fields: list[str]) -> None:
    verdict, seconds, positions = fields[1], float(fields[3]), int(fields[4])
    table.deals.append(deal)
    table.seconds.append(seconds)
    table.positions.append(positions)
    if verdict == "solved":
        table.won += 1
    elif verdict == "unsolvable":
        table.lost += 1
    else:
        table.unknown.append(deal)


def read_published(path: Path) -> dict[str, str]:
    """Game key: "figure ([source](address))" for the games a study has a figure for."""
    if not path.exists():
        return {}
    with path.open(newline="", encoding="utf-8") as handle:
        return {row["game"]: f"{row['figure']} ({row['source']})" for row in csv.DictReader(handle)}


def tenths(value: float) -> str:
    """A share as a percentage to one decimal, rounded as `solve --range` rounds it."""
    return f"{100 * value:.1f}"


def offered() -> list[Variant]:
    """The games a player picks from, in the order `games` lists them: the table's rows."""
    return list(offered_variants())


def left_out_note() -> list[str]:
    """The line under the table naming the games that have no row: each is reached through a setting
    of a game above, not picked from the chooser (today Spider's relaxed deal)."""
    hidden = [variant for variant in all_variants() if not variant.listed]
    if not hidden:
        return []
    names = ", ".join(f"{variant.english_name} (`{variant.key}`)" for variant in hidden)
    return [
        "",
        f"Not in the table: {names}. Each is a game above with one of its settings changed, not a game of the "
        "chooser; `solitaire solve --game KEY --range …` decides its deals all the same.",
    ]


def result_table(tables: dict[str, GameTable], data: Path) -> list[str]:
    """The page's main table: one row per game the suite offers, in the order `games` lists them."""
    published = read_published(data / PUBLISHED)
    lines = [
        "| Game | Deals | Decided | Won | Lost | Not known | Winnable (95 % interval) | Published | Command |",
        "|---|---|---:|---:|---:|---:|---|---|---|",
    ]
    for variant in offered():
        file = f"docs/winnability/{variant.key}.csv"
        seen = published.get(variant.key, "")
        table = tables.get(variant.key)
        if table is None:
            command = command_for(Stamp(variant.key, 60.0, None), "1-1000", file)
            lines.append(f"| {variant.english_name} | not measured yet | | | | | | {seen} | `{command}` |")
            continue
        if table.decided:
            low, high = wilson(table.won, table.decided)
            share = f"{tenths(table.won / table.decided)} % ({tenths(low)}-{tenths(high)} %)"
        else:
            share = "no deal decided"
        lines.append(
            f"| {variant.english_name} | {table.span()} | {table.decided} | {table.won} | {table.lost} | {len(table.unknown)} "
            f"| {share} | {seen} | `{table.command(file)}` |"
        )
    return lines


def work_table(tables: dict[str, GameTable]) -> list[str]:
    """What each table cost: CPU seconds and positions per deal, the figures a bench would print."""
    lines = [
        "| Game | Budget a deal | CPU s, all deals | Median s | Slowest deal (s) | Most positions | Not known |",
        "|---|---|---:|---:|---|---:|---|",
    ]
    for variant in offered():
        table = tables.get(variant.key)
        if table is None:
            continue
        slowest = max(range(len(table.deals)), key=lambda index: table.seconds[index])
        unknown = ", ".join(str(deal) for deal in sorted(table.unknown)) or "none"
        budget = table.stamp.describe().removeprefix(table.stamp.game).strip()
        lines.append(
            f"| {variant.english_name} | {budget} | {sum(table.seconds):.1f} | {statistics.median(table.seconds):.3f} "
            f"| {table.deals[slowest]} ({table.seconds[slowest]:.2f}) | {max(table.positions):,} | {unknown} |"
        )
    return lines


def tables_block(data: Path) -> str:
    tables: dict[str, GameTable] = {}
    for path in sorted(data.glob("*.csv")):
        if path.name != PUBLISHED:
            table = read_game_table(path)
            tables[table.stamp.game] = table
    lines = [
        BEGIN, "", *result_table(tables, data), *left_out_note(), "",
        "What each table cost (CPU seconds of the process that searched):", "", *work_table(tables), "", END,
    ]
    return "\n".join(lines)


def remade(page: str, block: str) -> str:
    """The page with its tables replaced by `block`; the markers must be there, once each."""
    if page.count(BEGIN) != 1 or page.count(END) != 1 or page.index(BEGIN) > page.index(END):
        raise TableFileError("the page lacks the table markers (or has them twice)")
    head, rest = page.split(BEGIN)
    return head + block + rest.split(END, 1)[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of deal tables (default docs/winnability)")
    parser.add_argument("--page", type=Path, default=PAGE, help="the page whose tables are remade (default docs/winnability.md)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if the page is out of date")
    args = parser.parse_args(argv)
    try:
        page = args.page.read_text(encoding="utf-8")
        new = remade(page, tables_block(args.data))
    except (OSError, TableFileError) as error:
        print(f"winnability: {error}", file=sys.stderr)
        return 2
    if args.check:
        if new != page:
            print(f"winnability: {args.page} is not what {args.data} says: run tools/winnability.py", file=sys.stderr)
            return 1
        return 0
    args.page.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
