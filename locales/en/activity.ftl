## The web pages inside Discord, as an Activity (web/activity.py) and its button on the board.

button-play-board = Play on the board
table-error-activity-off = The board cannot open inside Discord here: the bot's Activity is not switched on. Ask whoever runs the bot.
web-activity-title = The board in Discord
web-activity-none-title = No table here
web-activity-connecting = Opening the table…
web-activity-failed = Discord did not let the table open here. Close the Activity and start it again.
web-activity-outside = This page works inside Discord: press “Play on the board” under a table's board.
web-activity-refused-origin = This request did not come from the Activity.
web-activity-bad-request = That request was not understood.
web-activity-refused-code = Discord did not confirm who you are. Close the Activity and start it again.
web-activity-discord-failed = Discord did not answer in time. Try again in a moment.
web-activity-not-in = You are not in this Activity. Join it from the channel in Discord.
web-activity-no-table = No table is open in this channel. Open one with a game's “new” command (for example /hindmost new), then start the Activity again.
