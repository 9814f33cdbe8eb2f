"""Text on the page: escaping, and dollar signs that JupyterLab's and Voila's MathJax leave alone."""

from __future__ import annotations

import html

NO_MATH_CLASSES = "tex2jax_ignore mathjax_ignore"
"""Classes MathJax 2 (``tex2jax_ignore``) and MathJax 3 (``mathjax_ignore``) do not typeset inside."""


def escape(text: object) -> str:
    return html.escape(str(text))


# -- dollar signs ----------------------------------------------------------------------------------------
def no_math(markup: str) -> str:
    """HTML that JupyterLab's and Voila's MathJax leave alone, so a ``$`` in it stays a dollar sign."""
    return f"<span class='playbook-no-math {NO_MATH_CLASSES}'>{markup}</span>"


def money(amount: object) -> str:
    """An amount of dollars for an ``HTML`` widget: ``money(12)`` shows "$12" (and "-$3" for -3)."""
    sign = ""
    if isinstance(amount, int | float) and not isinstance(amount, bool) and amount < 0:
        sign, amount = "-", -amount
    return no_math(f"{sign}&#36;{escape(amount)}")


def label_dollars(text: str) -> str:
    """Plain text for a ``Label`` value or a widget ``description`` (typeset by MathJax): ``$`` stays ``$``."""
    return text.replace("\\$", "$").replace("$", "\\$")
