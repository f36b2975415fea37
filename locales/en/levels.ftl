# Computer levels (engines/levels.py): the lobby, the board and /table settings.
level-easy = easy
level-normal = normal
level-hard = hard
level-seat-name = { $name } ({ $level })
button-add-computer-easy = Add easy computer
button-add-computer-hard = Add hard computer
settings-takeover = Computer level taking over absent players' seats: { $value }
table-error-unknown-level = That is not a computer level: choose easy, normal or hard.
