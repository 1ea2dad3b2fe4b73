"""The encounter schema's annotations are objects when msgspec first reads them: no string is
left for it to ``eval`` in the start-up's encounter read."""

import inspect

import msgspec

from battlemap.desktop.core import file_schema


def test_every_struct_annotation_is_evaluated() -> None:
    structs = [c for _, c in inspect.getmembers(file_schema, inspect.isclass)
               if issubclass(c, msgspec.Struct) and c.__module__ == file_schema.__name__]
    assert len(structs) >= 10
    for struct in structs:
        for name, annotation in struct.__annotations__.items():
            assert not isinstance(annotation, str), f"{struct.__name__}.{name}: {annotation!r}"
