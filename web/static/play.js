// A seated player's own part of the table page: each move's form is sent by fetch (the same
// form a page without script posts), and the part is replaced by the server's answer in place.
// When the game moves on (the live part's update, table.js), the part is asked for again.
// A refusal is said in the part's status line, in the server's words. Each answer brings the
// player's plan of taps (or null), handed on as a "tafelbot:plan" event for taps.js.
(function () {
  "use strict";
  var own = document.getElementById("play");
  var live = document.getElementById("live");
  if (!own || !window.fetch) {
    return;
  }
  var address = own.dataset.part;
  // The hand picture kept in its element (table.js, which every table page loads first).
  var keepPicture =
    window.tafelbotKeepPicture ||
    function () {
      return null;
    };
  // The version of the part whose move is on its way (null: none). A second tap on the same part
  // plays once; a tap on a newer part (the stream's news came before the move's answer, which
  // waits for its new plan) is sent at once instead of being lost.
  var sending = null;
  var said = 0; // the version the status line's answer is about
  var shownHtml = null; // the part's markup as the server sent it last

  function say(text) {
    if (pressed) {
      // A status line of another height moves the buttons below it under the finger: it waits too.
      heldNote = text;
      return;
    }
    said = Number(own.dataset.version || 0);
    var note = own.querySelector(".play-note");
    if (note) {
      note.textContent = text; // text, never markup: it may quote what was typed
    }
  }

  // The new part, except that the announced status line keeps its node (a region put in anew
  // may go unheard by screen readers; say() changes its text), and so does the hand picture of
  // the same version.
  function show(html, version, plan) {
    if (pressed) {
      // A tap in progress keeps its button: the new part waits until the tap is over.
      if (!waiting || Number(version) >= Number(waiting.version)) {
        waiting = { html: html, version: version, plan: plan };
      }
      return;
    }
    if (html === shownHtml && String(version) === own.dataset.version) {
      // The very part shown already (a move's answer and the stream's news of it): nothing is
      // put in anew, so no picture is touched (a hand re-inserted was now and then loaded again).
      own.dispatchEvent(new CustomEvent("tafelbot:plan", { detail: { plan: plan || null, version: String(version) } }));
      return;
    }
    shownHtml = html;
    var fresh = document.createElement("template");
    fresh.innerHTML = html; // rendered by the server's templates, every name escaped
    var kept = own.querySelector(".play-note");
    var came = fresh.content.querySelector(".play-note");
    if (kept && came) {
      came.replaceWith(kept);
    }
    // The hand picture shown stays in the page: the same version's part again (a move's answer
    // and the stream's news of it) is not loaded twice (it is never cached: it holds a hand), and
    // a new hand is loaded into it (keepPicture).
    var place = keepPicture(own.querySelector("figure.hand img"), fresh.content.querySelector("figure.hand img"));
    own.replaceChildren(fresh.content);
    if (place) {
      place.put();
    }
    own.dataset.version = String(version);
    own.dispatchEvent(new CustomEvent("tafelbot:plan", { detail: { plan: plan || null, version: String(version) } }));
  }

  // A part that comes while a finger (or a mouse button) is down on this one is put in once the
  // tap is over: a click needs the same button under its press and its release, so a part put in
  // between lost the tap (in a race the other player's moves bring a new part every moment).
  // The tap's own move is sent first, and answered as any move from an older board is.
  var pressed = false;
  var pressedAt = 0;
  var waiting = null;
  var heldNote = null;
  var HOLD_AT_MOST = 5000;
  own.addEventListener("pointerdown", function () {
    pressed = true;
    pressedAt = Date.now();
    own.dataset.pressed = "true"; // the live part (table.js) waits too: it moves this part on a wide screen
    // A release this page never hears (the pointer let go outside the window) holds nothing for
    // long. (5 s: a tap is far shorter, and a busy machine's test may hold its press 2 s.)
    setTimeout(function () {
      if (Date.now() - pressedAt >= HOLD_AT_MOST) {
        released();
      }
    }, HOLD_AT_MOST);
  });
  function released() {
    if (!pressed) {
      return;
    }
    pressed = false;
    // After the click and its form's submit (a touch's click comes just after its pointerup).
    setTimeout(function () {
      if (pressed) {
        return;
      }
      delete own.dataset.pressed;
      own.dispatchEvent(new CustomEvent("tafelbot:released", { bubbles: true }));
      var part = waiting;
      waiting = null;
      if (part && Number(part.version) >= Number(own.dataset.version || 0)) {
        show(part.html, part.version, part.plan);
      }
      if (heldNote !== null) {
        var text = heldNote;
        heldNote = null;
        say(text);
      }
    }, 100);
  }
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);

  // Seconds to wait before asking again after a refusal (the server's Retry-After, else 2).
  function pause(response) {
    var seconds = Number(response && response.headers.get("Retry-After"));
    return 1000 * (seconds > 0 ? Math.min(seconds, 30) : 2);
  }

  var wanted = 0; // the newest version the stream told of: the part must reach it
  var again = null; // a load waiting to be tried again

  function load(extra, note) {
    var asked = address + (extra ? (address.indexOf("?") < 0 ? "?" : "&") + extra : ""); // the address names the page's language
    var retry = function (wait) {
      // A part that could not be fetched (refused, or the network) is asked for again while the
      // page is behind the stream's news: the page never stays on a turn that has passed.
      if (!again && Number(wanted) > Number(own.dataset.version || 0)) {
        again = setTimeout(function () {
          again = null;
          load(extra, note);
        }, wait);
      }
    };
    return fetch(asked, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) {
          retry(pause(response));
          return null;
        }
        return response.json();
      })
      .then(function (data) {
        // An answer overtaken by a move's own answer (a newer version shown already) is dropped.
        if (data && Number(data.version) >= Number(own.dataset.version || 0)) {
          show(data.html, data.version, data.plan);
          if (note || (note === "" && Number(data.version) > said)) {
            say(note); // an answer said about this version stays until the game moves on
          }
        }
      })
      .catch(function () {
        retry(2000);
      });
  }

  // A refused tap (the request budget, 429) is said in the page's language (the server's own
  // words) and sent again once the wait is over, also when the game moved on meanwhile: the
  // server answers it (in live play a move still legal counts; otherwise "the board has moved
  // on" and the fresh moves), so a tap is never dropped without an answer.
  function send(form, body, tries) {
    return fetch(form.getAttribute("action"), {
      method: "POST",
      body: new URLSearchParams(body),
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRF-Token": String(body.get("csrf") || "") },
    }).then(function (response) {
      if (response.status === 429 && tries < 5) {
        return response.text().then(function (text) {
          say(text);
          return new Promise(function (resolve) {
            setTimeout(resolve, pause(response));
          }).then(function () {
            return send(form, body, tries + 1);
          });
        });
      }
      return response.text().then(function (text) {
        try {
          return JSON.parse(text);
        } catch (error) {
          // A refusal in plain words (in the page's language), never the bare HTTP reason.
          var plain = (response.headers.get("Content-Type") || "").indexOf("text/plain") === 0;
          return { ok: false, text: plain ? text : "" };
        }
      });
    });
  }

  // A picture that did not load (refused or the network) is asked for again after a pause, a
  // few times, instead of leaving its alt text for good.
  function mend(img) {
    var tries = Number(img.dataset.tries || 0);
    if (tries >= 5) {
      return;
    }
    img.dataset.tries = String(tries + 1);
    setTimeout(function () {
      var src = img.getAttribute("src");
      if (img.isConnected && src) {
        img.removeAttribute("src"); // the same address set again loads anew
        img.setAttribute("src", src);
      }
    }, 1000 * (tries + 1));
  }

  document.addEventListener(
    "error",
    function (event) {
      var img = event.target;
      if (img instanceof HTMLImageElement && img.closest("#play, #live")) {
        mend(img);
      }
    },
    true
  );
  // One that failed before this script ran (the page's first pictures).
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("#play img, #live img").forEach(function (img) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) {
        mend(img);
      }
    });
  });

  own.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) {
      return;
    }
    event.preventDefault();
    var body = new FormData(form);
    var from = Number(body.get("version") || 0);
    if (sending !== null && from <= sending) {
      return; // a double tap plays once
    }
    sending = from;
    own.setAttribute("aria-busy", "true"); // a move on its way
    // getAttribute (in send): the form's "action" property is its input named "action" (the move).
    send(form, body, 0)
      .then(function (data) {
        if (data.ok) {
          // Unless the stream's news of later moves (the computer's reply) is shown already:
          // the answer is then older than the page, and putting it in would stall the page there.
          if (Number(data.version) >= Number(own.dataset.version || 0)) {
            show(data.html, data.version, data.plan);
            say(data.text);
          }
        } else if (data.ask) {
          return load("ask=" + encodeURIComponent(data.ask), data.text);
        } else if (data.code === "board-moved-on" || data.code === "too-late") {
          return load("", data.text); // the fresh moves, with the reason the tap did nothing
        } else {
          say(data.text || "");
        }
      })
      .catch(function () {})
      .then(function () {
        if (sending === from) {
          sending = null;
          own.removeAttribute("aria-busy");
        }
      });
  });

  if (live) {
    live.addEventListener("tafelbot:update", function (event) {
      if (event.detail && event.detail.version !== own.dataset.version) {
        wanted = Math.max(wanted, Number(event.detail.version));
        load("", "");
      }
    });
  }
  // The plan of taps comes with the part: asked for once the page's scripts have all run (so
  // taps.js hears it; the page itself carries none).
  document.addEventListener("DOMContentLoaded", function () {
    if (sending === null) {
      load("", null); // the status line keeps what it says
    }
  });
})();
