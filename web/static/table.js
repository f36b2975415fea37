// The table page follows its game: one event stream, the live part replaced on every update.
// The browser reconnects a dropped stream by itself and says which version it saw last
// (Last-Event-ID); the server then sends what changed meanwhile.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || live.dataset.over === "true" || !window.EventSource) {
    return;
  }
  var source = new EventSource(live.dataset.events);
  source.addEventListener("update", function (event) {
    var data = JSON.parse(event.data);
    live.innerHTML = data.html; // rendered by the server's templates, every name escaped
    live.dataset.version = String(data.version);
    if (data.over) {
      live.dataset.over = "true";
      source.close();
    }
  });
})();
