"""Every decision in one step: buttons while they fit, groups, then select menus; no pages."""

from table.controls import ACTIONS_PER_PAGE, MENUS, OPTIONS_PER_MENU, build_page, without_shared_start


def label(action: str) -> str:
    recruit, _, distance = action.partition("-")
    return f"Recruit {recruit}: 41 → {41 + int(distance)}"


def group_of(action: str) -> str:
    return f"Recruit {action.partition('-')[0]}"


def test_few_actions_are_buttons():
    page = build_page([f"1-{d}" for d in range(1, 6)], label, group_of)
    assert [c.kind for c in page.choices] == ["act"] * 5 and page.menus == () and page.pages == 1


def test_many_actions_of_one_group_are_one_pick_from_select_menus():
    legal = [f"3-{d}" for d in range(1, 73)] + [f"5-{d}" for d in range(1, 4)]  # Manöver's worst: 72
    top = build_page(legal, label, group_of)
    assert [c.label for c in top.choices] == ["Recruit 3", "Recruit 5"] and top.pages == 1
    inside = build_page(legal, label, group_of, group=0)
    assert inside.choices == [] and inside.pages == 1
    assert len(inside.menus) == 3 and all(len(m) <= OPTIONS_PER_MENU for m in inside.menus)
    options = [c for menu in inside.menus for c in menu]
    assert [c.action for c in options] == [f"3-{d}" for d in range(1, 73)], "every action, in order"
    assert options[0].label == "41 → 42", "the group's name is not repeated"


def test_many_actions_without_groups_are_select_menus():
    legal = [f"a{n}" for n in range(60)]
    page = build_page(legal, str, None)
    assert page.choices == [] and sum(len(m) for m in page.menus) == 60 and len(page.menus) <= MENUS


def test_pages_only_past_what_menus_hold():
    legal = [f"a{n}" for n in range(OPTIONS_PER_MENU * MENUS + 1)]
    page = build_page(legal, str, None)
    assert page.menus == () and page.pages > 1 and len(page.choices) == ACTIONS_PER_PAGE


def test_the_shared_start_goes_only_up_to_a_colon():
    assert without_shared_start(["Recruit 3: 41 → 42", "Recruit 3: 41 → 50"]) == ["41 → 42", "41 → 50"]
    assert without_shared_start(["Play 3", "Play 4"]) == ["Play 3", "Play 4"]
    assert without_shared_start(["only one: x"]) == ["only one: x"]
