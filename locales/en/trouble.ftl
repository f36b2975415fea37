# A channel the bot cannot post in any more (cogs/table/trouble.py): told to the table's host.
trouble-reason-gone = the channel or thread was deleted, or the bot can no longer see it
trouble-reason-locked = the thread was locked
trouble-reason-permission = the bot lacks a permission there (View Channel, Send Messages, Send Messages in Threads or Attach Files)
trouble-reason-removed = the bot was removed from the server
trouble-told-host = ⚠️ Your { $game } table in { $channel } is stuck: { $reason }. Its clock stands still, so nobody times out. It goes on by itself as soon as the bot can post there again; if that has not happened within { $days ->
        [one] { $days } day
       *[other] { $days } days
    }, the game is cancelled (not rated).
trouble-cancelled = The { $game } game in { $channel } was cancelled: the bot could not post there for { $days ->
        [one] { $days } day
       *[other] { $days } days
    }. It is not rated.
trouble-cancelled-deleted = Your { $game } game in { $channel } was cancelled: its channel or thread was deleted. It is not rated.
trouble-told-host-across = ⚠️ Your { $game } table in { $channel } is stuck: { $reason }. The table plays on in the other servers' threads and on the web page, and the clock runs; this thread gets the newest board as soon as the bot can post there again.
