// The table page follows its game: one event stream, the live part replaced on every update.
// A refused stream (too many from one address) or a dropped one is closed and opened again with
// a growing pause, the page saying meanwhile that live updates are paused; the new stream names
// the version seen last (?v=) and the server sends what changed. A hidden page holds no stream
// (browsers allow few connections per host, and nobody is looking): it opens one when shown.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var note = document.getElementById("live-note");
  if (!live || live.dataset.over === "true" || !window.EventSource) {
    return;
  }
  var address = live.dataset.events.split("?")[0];
  var version = /[?&]v=(\d+)/.exec(live.dataset.events);
  version = version ? version[1] : "";
  var source = null;
  var timer = null;
  var pause = 1000; // the first pause; doubled after each failure, up to a minute
  var MOST = 60000;

  function paused(yes) {
    if (note) {
      note.hidden = !yes;
    }
  }

  function close() {
    if (source) {
      source.close();
      source = null;
    }
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
  }

  // The new live part, except that the announced region (.status) keeps its node and changes
  // only the paragraphs whose text changed: replaced whole, screen readers may miss it or read it all.
  function refresh(html) {
    var fresh = document.createElement("template");
    fresh.innerHTML = html; // rendered by the server's templates, every name escaped
    var kept = live.querySelector(":scope > .status");
    var came = null;
    Array.prototype.forEach.call(fresh.content.children, function (node) {
      if (node.classList.contains("status")) {
        came = node;
      }
    });
    if (kept && came) {
      kept.dataset.version = came.dataset.version;
      Array.prototype.slice.call(kept.children).forEach(function (old) {
        if (!came.querySelector(":scope > ." + old.className)) {
          kept.removeChild(old);
        }
      });
      Array.prototype.slice.call(came.children).forEach(function (want, at) {
        var have = kept.querySelector(":scope > ." + want.className);
        if (!have) {
          kept.insertBefore(want.cloneNode(true), kept.children[at] || null);
        } else if (have.innerHTML !== want.innerHTML) {
          have.innerHTML = want.innerHTML;
        }
      });
      // The rest around it is new; the region itself never leaves the page.
      var nodes = Array.prototype.slice.call(fresh.content.childNodes);
      var at = nodes.indexOf(came);
      Array.prototype.slice.call(live.childNodes).forEach(function (node) {
        if (node !== kept) {
          live.removeChild(node);
        }
      });
      nodes.slice(0, at).forEach(function (node) { live.insertBefore(node, kept); });
      nodes.slice(at + 1).forEach(function (node) { live.appendChild(node); });
    } else {
      live.replaceChildren(fresh.content);
    }
  }

  function open() {
    close();
    if (live.dataset.over === "true" || document.visibilityState === "hidden") {
      return;
    }
    source = new EventSource(address + "?v=" + version);
    source.addEventListener("open", function () {
      pause = 1000;
      paused(false);
    });
    source.addEventListener("error", function () {
      close(); // the browser's own retry would not back off, nor retry a refusal at all
      paused(true);
      var wait = pause * (0.75 + Math.random() / 2); // spread: pages refused together come back apart
      pause = Math.min(MOST, pause * 2);
      timer = setTimeout(open, wait);
    });
    source.addEventListener("update", function (event) {
      var data = JSON.parse(event.data);
      refresh(data.html);
      version = String(data.version);
      live.dataset.version = version;
      // A seated player's own part (play.js) follows the same news.
      live.dispatchEvent(new CustomEvent("tafelbot:update", { detail: { version: version } }));
      if (data.over) {
        live.dataset.over = "true";
        close();
      }
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      close();
    } else if (source === null) {
      pause = 1000;
      open();
    }
  });
  open();
})();
