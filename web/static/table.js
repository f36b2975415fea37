// The table page follows its game: one event stream, the live part replaced on every update.
// A refused stream (too many from one address) or a dropped one is closed and opened again with
// a growing pause, the page saying meanwhile that live updates are paused; the new stream names
// the news seen last (?v=, the version and the clock's mark) and the server sends what changed.
// A hidden page holds no stream (browsers allow few connections per host, and nobody is
// looking): it opens one when shown.
//
// Browsers allow six connections per host over HTTP/1.1 and a stream holds one for as long as it
// is open: a seventh tab of this site would never load. So the tabs of one browser share SLOTS
// streams (the Web Locks API: a tab holds the lock "tafelbot-stream-<i>" while its stream is
// open); a tab without a slot asks the cheap ".../live?v=" every POLL milliseconds instead (a
// short request: the connection is free again at once) and tries for a slot again each time.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var note = document.getElementById("live-note");

  // A picture of a new part, put into the picture element already shown (``shown``) instead of
  // a new element, with the room of the picture it shows kept until the new one has loaded. A new
  // element takes no room until its picture has come (nothing says its size), so everything below
  // it moved twice, and a finger pressing a move just then lost the tap (bench/web_human.py,
  // Duvelen on a phone: "pointerdown on button done; click on div"). The browser shows the old
  // picture meanwhile, but not always (an element moved while its next picture loads shows
  // none), hence the size. The new element never enters this document (an image adopted into it
  // starts loading at once): a mark holds its place, and put() sets the kept element there once
  // the new part is in. (play.js keeps the hand's so.)
  function keepPicture(shown, fresh) {
    if (!shown || !fresh) {
      return null;
    }
    var mark = fresh.ownerDocument.createComment("picture");
    fresh.replaceWith(mark);
    return {
      put: function () {
        var width = shown.complete ? shown.naturalWidth : 0;
        var height = shown.complete ? shown.naturalHeight : 0;
        mark.replaceWith(shown);
        shown.alt = fresh.alt;
        var src = fresh.getAttribute("src");
        if (shown.getAttribute("src") === src) {
          return;
        }
        if (width && height) {
          shown.setAttribute("width", String(width));
          shown.setAttribute("height", String(height));
        }
        // Once the new picture is in, its own size (a hand of fewer cards is narrower).
        shown.addEventListener("load", function () {
          shown.removeAttribute("width");
          shown.removeAttribute("height");
        }, { once: true });
        delete shown.dataset.tries; // (mend: the new picture's own tries)
        shown.setAttribute("src", src);
      },
    };
  }
  window.tafelbotKeepPicture = keepPicture;

  if (!live || live.dataset.over === "true" || !window.EventSource) {
    return;
  }
  var address = live.dataset.events.split("?")[0];
  // The rest of the address's query goes with every request: the page's language (inside
  // Discord's frame no cookie says it), beside the version seen (v=).
  var query = new URLSearchParams(live.dataset.events.split("?")[1] || "");
  var version = query.get("v") || "";
  var mark = live.dataset.mark || version; // what a poll sends back (see apply)
  var source = null;
  var timer = null;
  var pause = 1000; // the first pause; doubled after each failure, up to a minute
  var MOST = 60000;
  var SLOTS = 4; // streams per browser: two of its six connections stay free for pages and pictures
  var POLL = Number(live.dataset.poll) || 3000;
  var release = null; // lets go of the slot this tab holds
  var round = 0; // bumped by close(): a slot granted to an older open() is let go at once

  function asking(path, seen) {
    query.set("v", seen);
    return path + "?" + query.toString();
  }

  function paused(yes) {
    if (note) {
      note.hidden = !yes;
    }
  }

  function close() {
    round += 1;
    if (source) {
      source.close();
      source = null;
    }
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (release) {
      release();
      release = null;
    }
  }

  // One of the browser's stream slots: then(true, letGo) holding it (until letGo()), or then(false).
  function takeSlot(then) {
    if (!navigator.locks) {
      then(true, function () {}); // (no Web Locks: not a secure context, an old browser) a stream as before
      return;
    }
    var answered = false;
    function attempt(i) {
      if (i >= SLOTS) {
        then(false);
        return;
      }
      navigator.locks
        .request("tafelbot-stream-" + i, { ifAvailable: true }, function (lock) {
          if (!lock) {
            attempt(i + 1);
            return null;
          }
          return new Promise(function (resolve) {
            answered = true;
            then(true, resolve);
          });
        })
        .catch(function () {
          // Locks refused ("The request was denied": a frame without storage access, as the
          // Activity inside Discord may be): a stream as without Web Locks.
          if (!answered) {
            answered = true;
            then(true, function () {});
          }
        });
    }
    attempt(0);
  }

  function apply(data) {
    refresh(data.html);
    version = String(data.version);
    mark = data.mark || version; // the version and the clock's mark: more time is news too
    live.dataset.version = version;
    // A seated player's own part (play.js) follows the same news.
    live.dispatchEvent(new CustomEvent("tafelbot:update", { detail: { version: version } }));
    if (data.over) {
      live.dataset.over = "true";
      close();
    }
  }

  // Without a slot: ask once whether the game changed, then try for a slot again.
  function poll() {
    timer = null;
    var asked = round;
    fetch(asking(address.replace(/\/events$/, "/live"), mark), { cache: "no-store", credentials: "same-origin" })
      .then(function (answer) {
        return answer.status === 200 ? answer.json() : null;
      })
      .then(function (data) {
        if (data && asked === round) {
          apply(data);
        }
      })
      .catch(function () {})
      .then(function () {
        if (asked === round) {
          open();
        }
      });
  }

  // While a finger is down on a seated player's own part (play.js marks it), the live part waits:
  // on a wide screen the own part sits below it, so a live part of another height put in between
  // the press and the release moved the button away under the finger, and the tap was lost
  // (bench/web_human.py: a press on a move, its click on the page's body).
  var held = null;
  document.addEventListener("tafelbot:released", function () {
    var html = held;
    held = null;
    if (html !== null) {
      refresh(html);
      // The places to tap over the board (taps.js) went with the part held: drawn again. (Not
      // "tafelbot:update": the news was told already, and play.js would ask for its part again.)
      live.dispatchEvent(new CustomEvent("tafelbot:redrawn", { detail: { version: version } }));
    }
  });

  // The new live part, except that the announced region (.status) keeps its node and changes
  // only the paragraphs whose text changed: replaced whole, screen readers may miss it or read it all.
  function refresh(html) {
    var own = document.getElementById("play");
    if (own && own.dataset.pressed === "true") {
      held = html; // the newest only: each part is whole
      return;
    }
    var fresh = document.createElement("template");
    fresh.innerHTML = html; // rendered by the server's templates, every name escaped
    var board = keepPicture(live.querySelector("figure.board img"), fresh.content.querySelector("figure.board img"));
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
    if (board) {
      board.put();
    }
  }

  function open() {
    close();
    if (live.dataset.over === "true" || document.visibilityState === "hidden") {
      return;
    }
    var mine = round;
    takeSlot(function (got, letGo) {
      if (mine !== round) {
        if (got) {
          letGo(); // closed meanwhile: the slot goes back
        }
        return;
      }
      if (got) {
        release = letGo;
        stream();
      } else {
        timer = setTimeout(poll, POLL);
      }
    });
  }

  function stream() {
    // The news mark, not the bare version: more time on the clock since the page last heard is
    // news the stream sends at once (a tab that polled until now, or whose stream was down).
    source = new EventSource(asking(address, mark));
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
      apply(JSON.parse(event.data));
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      close();
    } else if (source === null && timer === null) {
      pause = 1000;
      open();
    }
  });
  open();
})();
