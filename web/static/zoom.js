// On a narrow screen the board can be enlarged: a button shows it at its own size, to scroll
// around in (places to tap scale with it), and back to the screen's width. The choice outlives
// the live part's updates, which draw the board anew.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) {
    return;
  }
  var zoomed = false;

  function attach() {
    var figure = live.querySelector("figure.board");
    if (!figure || figure.querySelector(".zoom")) {
      return;
    }
    var button = document.createElement("button");
    button.type = "button";
    button.className = "zoom";
    function show() {
      figure.classList.toggle("zoomed", zoomed);
      button.textContent = zoomed ? figure.dataset.fit : figure.dataset.zoom;
      button.setAttribute("aria-pressed", zoomed ? "true" : "false");
    }
    button.addEventListener("click", function () {
      zoomed = !zoomed;
      show();
    });
    figure.insertBefore(button, figure.firstChild);
    show();
  }

  live.addEventListener("tafelbot:update", attach);
  attach();
})();
