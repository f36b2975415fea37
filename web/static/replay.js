// Stepping through a replay: buttons, the slider, the arrow keys (Home and End too) and the
// address (#move=N), which always says the step shown so it can be shared or bookmarked.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root) {
    return;
  }
  var base = root.dataset.base;
  var lang = root.dataset.lang; // pictures are drawn in the page's language
  var total = parseInt(root.dataset.total, 10);
  var picture = document.getElementById("step-picture");
  var number = document.getElementById("step-number");
  var lines = document.getElementById("step-lines");
  var slider = document.getElementById("slider");
  var current = -1;
  // Holding an arrow key steps about 30 times a second; the picture follows at most every PACE ms
  // (the text at once), so stepping stays cheap against the per-address budget.
  var PACE = 150;
  var wanted = null;
  var timer = null;
  var lastLoad = 0;
  var retries = 0;

  function loadWanted() {
    timer = null;
    lastLoad = Date.now();
    retries = 0;
    picture.src = base + "/replay/" + wanted + ".png?lang=" + lang;
  }

  function wantPicture(step) {
    wanted = step;
    if (timer === null) {
      timer = setTimeout(loadWanted, Math.max(0, lastLoad + PACE - Date.now()));
    }
  }

  picture.addEventListener("load", function () {
    if (timer === null && wanted === current && current < total) {
      new Image().src = base + "/replay/" + (current + 1) + ".png?lang=" + lang; // the next one, ready to show
    }
  });
  // A refused picture (429: too many at once) is asked for again after the Retry-After it names;
  // an <img> cannot read the status, so a fetch asks (and fills the cache when it succeeds).
  picture.addEventListener("error", function () {
    var src = picture.src;
    if (retries >= 5 || !window.fetch) {
      return;
    }
    retries += 1;
    fetch(src, { credentials: "same-origin" }).then(function (answer) {
      var after = answer.status === 429 ? parseInt(answer.headers.get("Retry-After"), 10) || 1 : 0;
      if (answer.ok || answer.status === 429) {
        setTimeout(function () {
          if (picture.src === src) {
            picture.removeAttribute("src"); // the same address again loads again
            picture.src = src;
          }
        }, after * 1000);
      }
    }).catch(function () {});
  });

  function stepFromAddress() {
    var match = /move=(\d+)/.exec(window.location.hash);
    return match ? parseInt(match[1], 10) : null;
  }

  function show(asked, fromAddress) {
    var step = Math.max(0, Math.min(total, asked));
    if (fromAddress && asked !== step) {
      fromAddress = false; // #move=104 of 54 steps shows 54: the address says so too
    }
    if (step === current) {
      if (!fromAddress) {
        history.replaceState(null, "", "#move=" + step);
      }
      return;
    }
    var item = document.getElementById("move-" + step);
    wantPicture(step);
    if (item) {
      picture.alt = item.dataset.alt;
      number.textContent = item.dataset.heading;
      var text = item.querySelector(".lines");
      lines.textContent = text ? text.textContent : "";
    }
    var old = document.querySelector("#steps li[aria-current]");
    if (old) {
      old.removeAttribute("aria-current");
    }
    if (item) {
      item.setAttribute("aria-current", "step");
    }
    slider.value = String(step);
    document.getElementById("prev").href = "#move=" + Math.max(0, step - 1);
    document.getElementById("next").href = "#move=" + Math.min(total, step + 1);
    current = step;
    root.dataset.step = String(step);
    if (!fromAddress) {
      history.replaceState(null, "", "#move=" + step);
    }
    // The language switch keeps the step: the other language's page opens at the same move.
    Array.prototype.forEach.call(document.querySelectorAll("nav.languages a"), function (link) {
      link.href = link.getAttribute("href").split("#")[0] + "#move=" + step;
    });
  }

  function go(step) {
    show(step, false);
  }

  document.getElementById("first").addEventListener("click", function (e) { e.preventDefault(); go(0); });
  document.getElementById("prev").addEventListener("click", function (e) { e.preventDefault(); go(current - 1); });
  document.getElementById("next").addEventListener("click", function (e) { e.preventDefault(); go(current + 1); });
  document.getElementById("last").addEventListener("click", function (e) { e.preventDefault(); go(total); });
  slider.addEventListener("input", function () { go(parseInt(slider.value, 10)); });
  document.getElementById("steps").addEventListener("click", function (e) {
    var link = e.target.closest("a");
    var item = e.target.closest("li");
    if (link && item) {
      e.preventDefault();
      go(parseInt(item.id.slice(5), 10));
      picture.scrollIntoView({ block: "nearest" });
    }
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target === slider) {
      return; // the slider moves itself with the arrow keys
    }
    var keys = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total };
    if (Object.prototype.hasOwnProperty.call(keys, e.key)) {
      e.preventDefault();
      go(keys[e.key]);
    }
  });
  window.addEventListener("hashchange", function () {
    var step = stepFromAddress();
    if (step !== null) {
      show(step, true);
    }
  });
  var fromAddress = stepFromAddress();
  show(fromAddress !== null ? fromAddress : parseInt(root.dataset.start, 10), fromAddress !== null);
})();
