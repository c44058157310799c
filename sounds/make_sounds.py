"""Synthesise the game's sound effects into WAV files beside this script (nothing is downloaded).

Run with `make sounds`; the generated files are committed so players need not run it.
"""
from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100
HERE = Path(__file__).resolve().parent


def envelope(t: float, length: float, attack: float = 0.004) -> float:
    if t < attack:
        return t / attack
    return max(0.0, 1.0 - (t - attack) / (length - attack)) ** 2


def click(t: float, length: float, pitch: float, noise: random.Random) -> float:
    """A soft card-on-felt tap: filtered noise plus a low thump."""
    return envelope(t, length) * (0.5 * (noise.random() * 2 - 1) * math.exp(-t * 60) + 0.6 * math.sin(2 * math.pi * pitch * t))


def tone(freqs: list[float], length: float) -> Callable[[float, float, random.Random], float]:
    def voice(t: float, total: float, noise: random.Random) -> float:
        step = total / len(freqs)
        index = min(int(t / step), len(freqs) - 1)
        local = t - index * step
        return envelope(local, step) * 0.5 * math.sin(2 * math.pi * freqs[index] * t)
    return voice


SOUNDS: dict[str, tuple[float, Callable[[float, float, random.Random], float]]] = {
    "pickup": (0.06, lambda t, n, r: click(t, n, 420, r) * 0.6),
    "place": (0.09, lambda t, n, r: click(t, n, 180, r)),
    "foundation": (0.16, tone([660, 880], 0.16)),
    "illegal": (0.22, lambda t, n, r: envelope(t, n) * 0.35 * math.sin(2 * math.pi * (220 - 80 * t / n) * t)),
    "deal": (0.35, lambda t, n, r: click(t % 0.05, 0.05, 300, r) * (1 - t / n)),
    "win": (0.9, tone([523.25, 659.25, 783.99, 1046.5], 0.9)),
}


def render(name: str, length: float, voice: Callable[[float, float, random.Random], float]) -> Path:
    noise = random.Random(name)
    frames = bytearray()
    for i in range(int(RATE * length)):
        sample = max(-1.0, min(1.0, voice(i / RATE, length, noise)))
        value = int(sample * 0.8 * 32767)
        frames += struct.pack("<hh", value, value)
    path = HERE / f"{name}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    return path


def main() -> None:
    for name, (length, voice) in SOUNDS.items():
        print(render(name, length, voice))


if __name__ == "__main__":
    main()
