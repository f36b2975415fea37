// "Time left" counts down in the page: each second the time shown is worked out from the
// deadline the server wrote (data-due) and the server's clock when it wrote it (data-now), so a
// browser whose clock is off still counts right. Under two days it reads as a clock (1:04:37);
// further off the server's words stay. Without script the server's text stands as it was.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) {
    return;
  }
  var DAY = 86400;

  function two(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function tick() {
    var clock = live.querySelector("time.countdown");
    if (!clock) {
      return;
    }
    var due = parseFloat(clock.dataset.due);
    var now = parseFloat(clock.dataset.now);
    if (isNaN(due) || isNaN(now)) {
      return;
    }
    if (!clock.dataset.loaded) {
      clock.dataset.loaded = String(Date.now() / 1000); // when this deadline reached the page
    }
    var left = Math.max(0, Math.floor(due - now - (Date.now() / 1000 - parseFloat(clock.dataset.loaded))));
    if (left >= 2 * DAY) {
      return;
    }
    var text = Math.floor(left / 3600) + ":" + two(Math.floor(left / 60) % 60) + ":" + two(left % 60);
    if (clock.textContent !== text) {
      clock.textContent = text;
    }
  }

  tick();
  setInterval(tick, 1000);
})();
