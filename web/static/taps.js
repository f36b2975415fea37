// The legal moves as places to tap on the pictures (render.taps' plan, sent with the player's
// part by play.js as a "tafelbot:plan" event). Each place is a button over the picture, placed in
// percent of the picture's size so it scales with it, named by the move it plays or the thing it
// selects (aria-label), reachable by keyboard. Taps follow the plan's tree: a tap narrows, a tap
// on a place that plays submits that move's own form (the list beside, which stays), a second tap
// on the selection unselects it. After a move, the piece just moved stays selected when it can
// move again, so a piece moved twice costs one tap less the second time.
(function () {
  "use strict";
  var own = document.getElementById("play");
  var live = document.getElementById("live");
  if (!own) {
    return;
  }
  var plan = null;
  var path = []; // the keys tapped below the root (the root's "chosen" are selected for the player)
  var kept = []; // the keys of the move played last: the first still at the root is selected again

  function labels() {
    var found = {};
    plan.actions.forEach(function (a) {
      found[a.action] = a.label;
    });
    return found;
  }

  // The words shared by every move under a node ("Disc 1 on 6: ..."), to name the thing tapped.
  function shared(texts) {
    if (!texts.length) {
      return "";
    }
    var first = texts[0];
    var end = first.length;
    texts.forEach(function (t) {
      var i = 0;
      while (i < end && i < t.length && t[i] === first[i]) {
        i++;
      }
      end = i;
    });
    var cut = first.slice(0, end);
    if (end < first.length) {
      cut = cut.replace(/[\s:,(→-]*[^\s:,(→-]*$/, ""); // not half a word
    }
    return cut.replace(/[\s:,→-]+$/, "");
  }

  function nameOf(child, key, words) {
    if (child.play) {
      return words[child.play];
    }
    return shared(child.choose.map(function (a) { return words[a]; })) || key;
  }

  // A selected thing's name: the words its moves share (those below it, or all for the root's chosen).
  function chosenName(key, words) {
    var at = path.indexOf(key);
    var above = at >= 0 ? nodeAt(path.slice(0, at)) : null;
    var child = above && above.tap[key];
    var moves = child && !child.play ? child.choose : plan.actions.map(function (a) { return a.action; });
    return shared(moves.map(function (a) { return words[a]; })) || key;
  }

  function nodeAt(keys) {
    var node = plan.root;
    for (var i = 0; i < keys.length; i++) {
      node = node.tap && node.tap[keys[i]];
      if (!node || node.play) {
        return null;
      }
    }
    return node;
  }

  function figureOf(name) {
    return name === "hand" ? own.querySelector("figure.hand .picture") : live && live.querySelector("figure.board .picture");
  }

  function clear() {
    document.querySelectorAll(".taps, .tap-pick").forEach(function (node) {
      node.remove();
    });
  }

  function play(action) {
    kept = [];
    plan.actions.forEach(function (a) {
      if (a.action === action && a.spots.length) {
        kept = [a.spots[0], a.spots[a.spots.length - 1]];
      }
    });
    var buttons = own.querySelectorAll(".moves button[data-action]");
    for (var i = 0; i < buttons.length; i++) {
      if (buttons[i].dataset.action === action) {
        buttons[i].form.requestSubmit(buttons[i]); // play.js sends it, as a tap on the list would
        return;
      }
    }
  }

  function tapped(key) {
    var node = nodeAt(path);
    var child = node && node.tap[key];
    var at = path.indexOf(key);
    // A second tap on the selection unselects it, unless the selected piece has a move ending
    // where it stands (a Trackgammon disc bouncing back to its point): that tap plays it, as
    // render.taps.route counts; Cancel or Escape unselects then.
    if (at >= 0 && !child) {
      path = path.slice(0, at);
      draw(key);
      return;
    }
    if (!child) {
      path = []; // a place of another piece: start again from the top
      child = plan.root.tap[key];
    }
    if (!child) {
      return;
    }
    if (child.play) {
      play(child.play);
      return;
    }
    path = path.concat([key]);
    draw(key);
  }

  function button(key, box, picture, name, selected) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = selected ? "tap selected" : "tap";
    b.dataset.key = key;
    b.setAttribute("aria-label", name);
    b.setAttribute("aria-pressed", selected ? "true" : "false");
    b.title = name;
    // Through element.style (the CSP allows no style attributes in the markup).
    b.style.left = (100 * box[0] / picture.width) + "%";
    b.style.top = (100 * box[1] / picture.height) + "%";
    b.style.width = (100 * (box[2] - box[0]) / picture.width) + "%";
    b.style.height = (100 * (box[3] - box[1]) / picture.height) + "%";
    b.addEventListener("click", function (event) {
      // A tap inside two places' buttons (grown to a fingertip's size, they may overlap) asks
      // which one was meant; a tap on one place alone, or a key press, goes to it at once.
      var keys = event.detail && b.parentNode ? placesAt(b.parentNode, event.clientX, event.clientY) : [];
      if (keys.length > 1) {
        ambiguous(keys);
        return;
      }
      tapped(key);
    });
    return b;
  }

  // A place smaller than a fingertip (a recruit on a phone) gets a larger button around it, as
  // far as no other place is reached: at least MIN pixels each way where there is room.
  var MIN = 28;
  // WCAG 2.2's smallest target (2.5.8): what the first two rounds could not give without
  // reaching another place, the last gives anyway, centred on the place and kept on the picture;
  // a tap where two places then overlap opens a choice between them (ambiguous below).
  var LEAST = 24;
  function grow(layer) {
    growOnce(layer, false);
    growOnce(layer, true);
    atLeast(layer);
  }

  function atLeast(layer) {
    var outer = layer.getBoundingClientRect();
    Array.prototype.forEach.call(layer.querySelectorAll("button.tap"), function (b) {
      var r = b.getBoundingClientRect();
      var gx = Math.max(0, (LEAST - r.width) / 2);
      var gy = Math.max(0, (LEAST - r.height) / 2);
      if (!gx && !gy) {
        return;
      }
      // Shifted back onto the picture where the place sits at its edge.
      var left = Math.min(Math.max(r.left - gx, outer.left), outer.right - r.width - 2 * gx) - r.left;
      var top = Math.min(Math.max(r.top - gy, outer.top), outer.bottom - r.height - 2 * gy) - r.top;
      b.style.left = "calc(" + b.style.left + " + " + left + "px)";
      b.style.top = "calc(" + b.style.top + " + " + top + "px)";
      b.style.width = "calc(" + b.style.width + " + " + 2 * gx + "px)";
      b.style.height = "calc(" + b.style.height + " + " + 2 * gy + "px)";
      b.classList.add("least");
    });
  }

  // The distinct places whose buttons hold the point tapped (a keyboard's press has none).
  function placesAt(layer, x, y) {
    var keys = [];
    Array.prototype.forEach.call(layer.querySelectorAll("button.tap"), function (b) {
      var r = b.getBoundingClientRect();
      if (x >= r.left && x < r.right && y >= r.top && y < r.bottom && keys.indexOf(b.dataset.key) < 0) {
        keys.push(b.dataset.key);
      }
    });
    return keys;
  }

  function growOnce(layer, partly) {
    var buttons = Array.prototype.slice.call(layer.querySelectorAll("button.tap"));
    var boxes = buttons.map(function (b) { return b.getBoundingClientRect(); });
    buttons.forEach(function (b, i) {
      var r = boxes[i];
      var dx = Math.max(0, (MIN - r.width) / 2);
      var dy = Math.max(0, (MIN - r.height) / 2);
      if (!dx && !dy) {
        return;
      }
      function clearOf(wide) {
        return boxes.every(function (o, j) {
          var other = buttons[j];
          return j === i || other.dataset.key === b.dataset.key ||
            o.left >= wide.right || o.right <= wide.left || o.top >= wide.bottom || o.bottom <= wide.top;
        });
      }
      // The whole growth where there is room; else each way alone, then less of it: a crowded
      // place (Trackgammon's narrow track, Manöver's recruits) still gets what room there is.
      // Partial growth only in the second round, so it never takes the room another place's
      // whole growth needed in the first.
      var tries = [[dx, dy]];
      if (partly) {
        tries = [[dx, 0], [0, dy]];
        [0.75, 0.5, 0.25].forEach(function (k) {
          tries.push([dx * k, dy * k], [dx * k, 0], [0, dy * k]);
        });
      }
      for (var t = 0; t < tries.length; t++) {
        var gx = tries[t][0];
        var gy = tries[t][1];
        if (!gx && !gy) {
          continue;
        }
        var wide = { left: r.left - gx, right: r.right + gx, top: r.top - gy, bottom: r.bottom + gy };
        if (clearOf(wide)) {
          boxes[i] = wide;
          b.style.left = "calc(" + b.style.left + " - " + gx + "px)";
          b.style.top = "calc(" + b.style.top + " - " + gy + "px)";
          b.style.width = "calc(" + b.style.width + " + " + 2 * gx + "px)";
          b.style.height = "calc(" + b.style.height + " + " + 2 * gy + "px)";
          return;
        }
      }
    });
  }

  function draw(focusKey) {
    clear();
    if (!plan) {
      return;
    }
    var node = nodeAt(path) || plan.root;
    var words = labels();
    var selected = plan.root.chosen.concat(path);
    var selectedWord = own.querySelector(".own") ? own.querySelector(".own").dataset.selected : "";
    var focus = null;
    plan.pictures.forEach(function (picture) {
      var holder = figureOf(picture.name);
      if (!holder) {
        return;
      }
      var img = holder.querySelector("img");
      if (img && img.getAttribute("src") !== picture.src) {
        img.setAttribute("src", picture.src); // the very drawing whose places the plan recorded
      }
      var layer = document.createElement("div");
      layer.className = "taps";
      Object.keys(picture.spots).forEach(function (key) {
        var on = selected.indexOf(key) >= 0;
        var child = node.tap[key];
        // With a piece selected, the other pieces (and the places one tap plays from the top)
        // stay tappable: a tap there starts again from the top, so switching costs no tap.
        var other = !on && !child && path.length > 0 ? plan.root.tap[key] : null;
        if (!on && !child && !other) {
          return;
        }
        var name = on ? chosenName(key, words) + " (" + selectedWord + ")" : nameOf(child || other, key, words);
        picture.spots[key].forEach(function (box) {
          var b = button(key, box, picture, name, on);
          if (other) {
            b.classList.add("other");
          }
          layer.appendChild(b);
          if (key === focusKey && !focus) {
            focus = b;
          }
        });
      });
      holder.appendChild(layer);
      // Measured on the picture as shown: once it is there.
      if (img && !(img.complete && img.naturalWidth)) {
        img.addEventListener("load", function () { grow(layer); }, { once: true });
      } else {
        grow(layer);
      }
    });
    if (path.length) {
      pick(node, words);
    }
    if (focus) {
      focus.focus();
    }
  }

  // The short choice both kinds of tap open: a title, one button per item, a way back; put in
  // above the list of moves. ``items``: [label, dataset key, value, on click].
  function choiceBox(items, back, ambiguous) {
    document.querySelectorAll(".tap-pick").forEach(function (node) {
      node.remove();
    });
    var part = own.querySelector(".own");
    var box = document.createElement("div");
    box.className = "tap-pick";
    if (ambiguous) {
      box.dataset.ambiguous = "true";
    }
    var title = document.createElement("p");
    title.textContent = part ? part.dataset.pick : "";
    box.appendChild(title);
    items.forEach(function (item) {
      var b = document.createElement("button");
      b.type = "button";
      b.dataset[item[1]] = item[2];
      b.textContent = item[0];
      b.addEventListener("click", item[3]);
      box.appendChild(b);
    });
    var cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "cancel";
    cancel.textContent = part ? part.dataset.cancel : "×";
    cancel.addEventListener("click", back);
    box.appendChild(cancel);
    var moves = own.querySelector(".moves");
    if (moves) {
      moves.parentNode.insertBefore(box, moves);
    }
    return box;
  }

  // After a tap that selects: the moves still possible, as a short list (the only way to one
  // that ends here, or to tell two moves with the same places apart), and a way back.
  function pick(node, words) {
    var items = node.choose.map(function (action) {
      return [words[action], "action", action, function () { play(action); }];
    });
    choiceBox(items, function () {
      path = [];
      draw();
    }, false);
  }

  // A tap where places overlap: the same short choice as after a tap on a piece ("Which
  // move?"), one button per place, named as its button on the picture is.
  function ambiguous(keys) {
    var items = keys.map(function (key) {
      var shown = document.querySelector('.taps button.tap[data-key="' + key.replace(/"/g, '\\"') + '"]');
      return [shown ? shown.getAttribute("aria-label") : key, "key", key, function () { tapped(key); }];
    });
    choiceBox(items, function () {
      draw();
    }, true).querySelector("button").focus();
  }

  function harmless(key, child) {
    return Object.keys(child.tap).every(function (k) {
      var top = plan.root.tap[k];
      return k === key || !top || JSON.stringify(top) === JSON.stringify(child.tap[k]);
    });
  }

  own.addEventListener("tafelbot:plan", function (event) {
    var before = plan;
    var was = path;
    plan = event.detail.plan;
    path = [];
    if (!plan) {
      kept = []; // the turn is over: the next one starts with nothing selected
    }
    if (plan && before && String(before.version) === String(plan.version) && nodeAt(was)) {
      // The same plan again (a move's answer and the stream's news of that move, in either
      // order): what the player has selected meanwhile stays selected.
      path = was;
    } else if (plan) {
      // The piece moved last, if it can move again: selected already (one tap less).
      // Not when a place tapped first for another move would mean something else then
      // (render.taps.kept_selection says the same).
      for (var i = 0; i < kept.length; i++) {
        var child = plan.root.tap[kept[i]];
        if (child && !child.play && plan.root.chosen.indexOf(kept[i]) < 0 && harmless(kept[i], child)) {
          path = [kept[i]];
          break;
        }
      }
    }
    draw();
    own.dataset.plan = plan ? String(plan.version) : ""; // which plan the places show (tests wait on it)
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && (path.length || document.querySelector(".tap-pick[data-ambiguous]"))) {
      path = [];
      draw();
    }
  });

  if (live) {
    // The live part was drawn anew (every watcher's update): the places go back on the new board
    // if the plan is of that version; otherwise play.js is fetching the new plan already.
    var redraw = function (event) {
      if (plan && event.detail && String(plan.version) === event.detail.version) {
        draw();
      }
    };
    live.addEventListener("tafelbot:update", redraw);
    live.addEventListener("tafelbot:redrawn", redraw); // a live part held during a tap, put in
  }
})();
