# A person's seat that the computer plays now (after a resignation or a hand-over).
seat-computer-for = Computer (for { $name })

## The open-game limit (a server setting)
table-error-open-games-limit = You already have { $limit } open games in this server, as many as its moderators allow at once. Finish or leave one first (`/table mine` lists them).
settings-open-games-limit = Open games per person at most: { $value }
