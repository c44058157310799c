"""Outline geometry for the vector drawings on cards: Bézier curves and mirror-symmetric outlines.

Pips and court pictures are polygons traced along these, drawn large and smoothed down.
"""
from __future__ import annotations

Point = tuple[float, float]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 12) -> list[Point]:
    """`steps` + 1 points along a cubic Bézier curve, both ends included."""
    points = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t**3
        points.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return points


def mirrored(half: list[Point], centre: float = 0.0) -> list[Point]:
    """A closed outline symmetric about x = `centre`, from its left half traced top to bottom."""
    return half + [(2 * centre - x, y) for x, y in reversed(half)]
