# A person's seat that the computer plays now (after a resignation or a hand-over).
seat-computer-for = Computer (for { $name })

## The open-game limit (a server setting)
table-error-open-games-limit = You already have { $limit } open games in this server, as many as its moderators allow at once. Finish or leave one first (`/table mine` lists them).
settings-open-games-limit = Open games per person at most: { $value }

## Time banks and clocks that stand still in quiet hours (table settings)
option-bank_seconds = Time bank per player
option-bank_increment = Added to the bank per move
option-quiet_pause = Clocks stand still in quiet hours
clock-banks = 🏦 Time banks: { $banks }
clock-bank-entry = { $name } { $left }
mine-bank = 🏦 your bank { $left }
