"""What a lesson's student edition hands a student for each exercise, made by the project's own
``playbook.editions.student_edition`` (so a lesson's exercise tests run the answers a student really starts from)."""

from __future__ import annotations

from pathlib import Path

from playbook import editions


def student_answers(lesson: Path) -> dict[str, str]:
    """grade id -> the source of that nbgrader cell in the lesson's student edition."""
    student = editions.student_edition(editions.read(lesson), str(lesson))
    return {meta["grade_id"]: str(cell.source) for cell in student.cells if (meta := editions.nbgrader_meta(cell))}
