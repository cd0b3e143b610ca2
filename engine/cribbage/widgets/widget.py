"""What every live-example kind declares, in one place: :class:`Widget`.

A kind's module builds one ``WIDGET``: the keys its block may use, those it
must use, how the build renders the block, how the page's actions update it,
and what the page keeps for it (``localStorage``, the address fragment).  The
registry (:mod:`cribbage.widgets`) collects them; nothing else lists the kinds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import Language
from .html import widget_root
from .source import Action, Fields, State, block_uid, parse_fields

Answer = dict[str, Any]
"""What an update returns to the page: ``{"html": ..., "state": ...}`` and
``fragment`` (the address fragment that gives the state back) or ``correct`` (an answer that
counts for the practice streak, whether it was right: the engine decides which answers count);
``root`` (``data-*`` attributes the page sets on the widget's root, or removes when None) and ``forget``
(``localStorage`` keys of widgets the page clears, and resets where shown); ``prepare``
(True: the page sends a ``prepare`` action next, for work the reader need not wait for)."""


@dataclass(frozen=True, slots=True)
class Live:
    """A block rendered as a widget: its first state, its view and its label.

    ``persist`` gives this one block its own ``localStorage`` key (each lesson stage
    keeps its stars apart), overriding the kind's; ``root`` adds ``data-*`` attributes
    to its root (what tests and other widgets read, such as ``data-stage``).
    """

    state: State
    view: str
    label: str
    persist: str | None = None
    root: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Static:
    """A block rendered once at build time, with nothing for the page to run."""

    html: str


Block = Callable[[Fields, Language, str, str], Live | Static]
"""``block(fields, lang, uid, source)``: the block's first rendering."""

Update = Callable[[State, Action, Language], Answer]
"""``update(state, action, lang)``: the reader acted; raises :class:`~.source.StateError` on a bad state."""


@dataclass(frozen=True, slots=True)
class Widget:
    """One kind of live example: ``cribbage-<kind>`` blocks and ``data-widget="<kind>"`` roots."""

    kind: str
    keys: tuple[str, ...]
    """Every key its block may use."""
    required: tuple[str, ...]
    block: Block
    update: Update | None = None
    """None for a static kind (the page never sends it anything)."""
    persist: str | None = None
    """The ``localStorage`` key that keeps its state between visits."""
    fragment_key: str | None = None
    """The key of the address fragment it owns (``#hand=...``)."""

    def render(self, source: str, lang: Language, uid: str | None = None) -> str:
        """The block's HTML; raises :class:`~.source.BlockError` naming the line."""
        fields = parse_fields(source, self.keys, self.required)
        built = self.block(fields, lang, uid or block_uid(self.kind, source), source)
        if isinstance(built, Static):
            return built.html
        return widget_root(
            self.kind,
            built.state,
            lang,
            built.view,
            built.label,
            built.persist or self.persist,
            self.fragment_key,
            dict(built.root),
        )
