# A person's seat that the computer plays now (after a resignation or a hand-over).
seat-computer-for = Computer (for { $name })
