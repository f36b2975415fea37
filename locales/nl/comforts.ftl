# De plaats van iemand die de computer nu speelt (na opgeven of overdragen).
seat-computer-for = Computer (voor { $name })
