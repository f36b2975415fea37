# Computerniveaus (engines/levels.py): de lobby, het bord en /table instellingen.
level-easy = makkelijk
level-normal = normaal
level-hard = moeilijk
level-seat-name = { $name } ({ $level })
button-add-computer-easy = Makkelijke computer erbij
button-add-computer-hard = Moeilijke computer erbij
settings-takeover = Niveau van de computer die afwezige spelers vervangt: { $value }
table-error-unknown-level = Dat is geen computerniveau: kies makkelijk, normaal of moeilijk.
cmd-param-level = niveau
cmd-param-desc-add-computer-level = Hoe sterk hij speelt (standaard: normaal)
cmd-param-takeover_level = overname-niveau
cmd-param-desc-settings-takeover_level = Niveau van de computer die afwezige spelers vervangt
cmd-choice-easy = makkelijk
cmd-choice-normal = normaal
cmd-choice-hard = moeilijk
