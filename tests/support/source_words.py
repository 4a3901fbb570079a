"""What a source file names in its code, and a C++ X-macro field list.

For the tests that check a Config's plumbing names no option (the options come
from one list): comments, docstrings and (in C++) string literals are left out.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path


def python_words(path: Path) -> set[str]:
    """The names and string values of a module's code (docstrings and comments left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    words: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
        elif isinstance(node, (ast.arg, ast.keyword)) and node.arg:
            words.add(node.arg)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            words.update(re.findall(r"\w+", node.value))
    return words


def cpp_words(path: Path) -> set[str]:
    """The identifiers of a C++ file's code (comments and string literals left out)."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"', " ", text)
    return set(re.findall(r"\w+", text))


def cpp_fields(header: Path, macro: str) -> list[tuple[str, str, str]]:
    """The (name, kind, default) lines X(name, kind, default) of ``#define macro(X)``."""
    text = header.read_text(encoding="utf-8")
    body = text[text.index(f"#define {macro}(X)") :]
    body = body[: body.index("\n\n")]
    body = re.sub(r"/\*.*?\*/", " ", body, flags=re.S)
    return re.findall(r"X\((\w+), (\w+), ([^)]*)\)", body)
