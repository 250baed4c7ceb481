"""The console examples of the pages in tests/docs/examples.py's group "readme" print what the pages show."""

import pytest

from tests.docs.examples import GROUPS, differences


@pytest.mark.parametrize("page", GROUPS["readme"])
def test_the_page_shows_what_its_commands_print(page):
    """Every console block of the page, run in order, matches its output (exact, or shape-only
    where marked); a diff per block that does not."""
    assert not (found := differences(page)), found
