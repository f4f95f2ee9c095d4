// grognard's only script of its own: keyboard shortcuts on a game page (numbers pick, u undoes), clicks on a
// drawn board, the live table kept in order with the bots' moves shown one by one, odds that arrive later, the
// pick buttons of a new-game form, a replay's slider and an error page's "Go back" (the Content-Security-Policy
// forbids inline scripts and handlers: every behaviour of a page is here).
// A choice pressed right after the table was swapped in, before htmx has taken its new forms in hand (it
// does so a moment after the swap), would be sent as a plain form and load the whole page again: the
// form is handed to htmx first.
function press(button) {
  const form = button.closest("form");
  if (form && window.htmx) window.htmx.process(form);
  button.click();
}
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (target instanceof HTMLElement && target.closest("input, select, textarea, [contenteditable]")) return;
  const actions = document.querySelector("[data-actions]");
  if (!actions) return;
  if (/^[1-9]$/.test(event.key)) {
    const buttons = actions.querySelectorAll("button[data-action]:not(:disabled)");
    const button = buttons[Number(event.key) - 1];
    if (button) { event.preventDefault(); press(button); }
  } else if (event.key === "u") {
    const undo = document.querySelector("[data-undo]");
    if (undo) { event.preventDefault(); press(undo); }
  }
});

// A drawn board: clicking a place ([data-space] or [data-square]) makes the action aimed at it, when
// exactly one action is; places with actions are marked [data-reachable] after each update. An action
// whose target asks for a choice first ([data-pick], a spell cast at a figure) is aimed only once the
// board's [data-spell-pick] button has made that choice: then only its targets are marked, and a click on
// one makes it (boards without such buttons aim those actions like any other).
let armedSpell = null;
function spellOf(button) {
  const spell = button.dataset.pick || null;
  return spell && document.querySelector(`[data-spell-pick="${CSS.escape(spell)}"]`) ? spell : null;
}
function aimed(button) {
  const spell = spellOf(button);
  return armedSpell ? spell === armedSpell : spell === null;
}
// Each marked place is also a button to the keyboard and to a screen reader (issue 31): role "button",
// reachable by Tab, named by what it is ([data-label], or a square's kind and place) and what it does there
// ("you can move here", or the labels of the actions aimed at it); Enter or Space acts as a click. Where a
// figure or a door stands on a marked square, that one is the button (a square is named by its
// [data-kind] and its numbers). Places with nothing to do are hidden
// from screen readers: "The board in words" (beside the board) says what is where.
const PLACES = "svg [data-space], svg [data-square], svg [data-door]";
// The script's own words come from the page, in the reader's language (the body's data-words, JSON made
// by the server from its catalogue: `web.pages.script_words`); English when a page has none.
const WORDS = (() => {
  try { return JSON.parse(document.body.dataset.words || "{}"); } catch (error) { return {}; }
})();
function scriptWord(key, english, values = {}) {
  let text = typeof WORDS[key] === "string" ? WORDS[key] : english;
  for (const [name, value] of Object.entries(values)) text = text.split(`{${name}}`).join(String(value));
  return text;
}
function capital(text) {
  return text ? `${text[0].toUpperCase()}${text.slice(1)}` : text;
}
function actionWords(button) {
  const copy = button.cloneNode(true);
  copy.querySelectorAll("kbd, .odds").forEach((el) => el.remove());
  return copy.textContent.replace(/\s+/g, " ").trim();
}
function placeKey(place) {
  return place.hasAttribute("data-space")
    ? `[data-target-id="${CSS.escape(place.getAttribute("data-space"))}"]`
    : `[data-target-square="${CSS.escape(place.getAttribute("data-square") || "")}"]`;
}
function placeActions(place) {
  if (!place.hasAttribute("data-space") && !place.hasAttribute("data-square")) return [];
  return [...document.querySelectorAll(`[data-actions] button[data-action]${placeKey(place)}`)].filter(aimed);
}
function placeName(place) {
  if (place.dataset.label) return place.dataset.label;
  const kind = place.dataset.kind || "";
  const where = place.getAttribute("data-square");
  return kind
    ? capital(scriptWord("kindSquare", "{kind} square {place}", { kind, place: where }))
    : scriptWord("square", "Square {place}", { place: where });
}
function makeButtons(root) {
  const places = [...root.querySelectorAll(PLACES)];
  places.forEach((el) => {
    el.removeAttribute("role");
    el.removeAttribute("aria-label");
    if (el.getAttribute("tabindex") === "0") el.setAttribute("tabindex", "-1");
    el.setAttribute("aria-hidden", "true");
  });
  const rank = (el) => (el.matches("[data-monster], [data-hero]") ? 0 : el.hasAttribute("data-door") ? 1 : 2);
  const chosen = new Map();
  places.filter((el) => el.hasAttribute("data-reachable")).forEach((el) => {
    const key = placeKey(el);
    const had = chosen.get(key);
    if (!had || rank(el) < rank(had)) chosen.set(key, el);
  });
  chosen.forEach((el) => {
    const actions = placeActions(el);
    if (!actions.length) return;
    const moves = actions.every((b) => b.classList.contains("move"));
    const does = moves ? scriptWord("moveHere", "you can move here") : actions.map(actionWords).join(scriptWord("or", "; or "));
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    el.setAttribute("aria-label", `${placeName(el)}; ${does}`);
    el.removeAttribute("aria-hidden");
  });
}
function markBoard(root) {
  const buttons = [...root.querySelectorAll("[data-actions] button[data-action]")];
  if (armedSpell && !buttons.some((b) => spellOf(b) === armedSpell && b.dataset.targetSquare !== undefined)) armedSpell = null;
  root.querySelectorAll("[data-spell-pick]").forEach((el) => el.setAttribute("aria-pressed", String(el.dataset.spellPick === armedSpell)));
  root.querySelectorAll("[data-reachable]").forEach((el) => el.removeAttribute("data-reachable"));
  buttons.filter(aimed).forEach((button) => {
    const id = button.dataset.targetId;
    const square = button.dataset.targetSquare;
    if (id !== undefined) {
      root.querySelectorAll(`[data-space="${CSS.escape(id)}"]`).forEach((el) => el.setAttribute("data-reachable", ""));
    }
    if (square !== undefined) {
      root.querySelectorAll(`[data-square="${CSS.escape(square)}"]`).forEach((el) => el.setAttribute("data-reachable", ""));
    }
  });
  makeButtons(root);
}
document.addEventListener("click", (event) => {
  const pick = event.target instanceof Element ? event.target.closest("[data-spell-pick]") : null;
  if (!pick) return;
  armedSpell = armedSpell === pick.dataset.spellPick ? null : pick.dataset.spellPick;
  markBoard(document);
});
function actOn(place) {
  const matches = placeActions(place);
  if (matches.length === 1) { armedSpell = null; press(matches[0]); }
  else if (matches.length > 1) {
    matches[0].closest("[data-actions]").scrollIntoView({ behavior: stillMotion() ? "auto" : "smooth" });
    matches[0].focus({ preventScroll: true });
  }
}
document.addEventListener("click", (event) => {
  const place = event.target instanceof Element ? event.target.closest("[data-space], [data-square]") : null;
  if (place) actOn(place);
});
document.addEventListener("keydown", (event) => {
  const place = event.target instanceof Element ? event.target.closest('svg [role="button"]') : null;
  if (!place || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();
  actOn(place);
});

// The live table (#table). Its fragment carries the game's stored revision ([data-ply][data-revision]):
// an answer older than the table shown (a slow fetch overtaken by a move) is never swapped in, and a
// fetch from the live stream of the revision already shown is dropped. When the bots or the game master
// moved since the position shown, the fragment names the positions where they decided
// ([data-steps]); the page shows the table at each (`?at=<ply>`) for a moment before the live one. A
// fetch of the revision shown is swapped in when what is around the game changed ([data-around]: a player
// took a seat by name, the host changed a setting, an undo was asked).
// localStorage "grognard-step-ms" sets the moment (0: no replay; prefers-reduced-motion: none either);
// [data-skip] jumps to now.
function stillMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
function stepMs() {
  if (stillMotion()) return 0; // the reader asked for no motion: the table jumps to now
  let kept = null;
  try { kept = localStorage.getItem("grognard-step-ms"); } catch (error) { kept = null; }
  return kept !== null && Number.isFinite(Number(kept)) ? Number(kept) : 700;
}
function stampOf(root) {
  const p = root ? root.querySelector("[data-ply]") : null;
  if (!p) return null;
  return {
    ply: Number(p.dataset.ply),
    revision: Number(p.dataset.revision || 0),
    around: p.dataset.around || "",
    steps: (p.dataset.steps || "").split(" ").filter(Boolean).map(Number),
  };
}
function parsed(html) {
  const box = document.createElement("template");
  box.innerHTML = html;
  return stampOf(box.content);
}
let playing = null; // {table, final, stamp, queue, wake}
function show(table, html) {
  const focused = focusIn(table);
  table.innerHTML = html;
  if (window.htmx) window.htmx.process(table);
  markBoard(document);
  announce(table);
  refocus(table, focused);
  loadOdds(table);
  tellTurn();
  seenNow();
}
function stepUrl(table, at) {
  const base = table.getAttribute("hx-get") || "";
  return `${base}${base.includes("?") ? "&" : "?"}at=${at}`;
}
async function playSteps() {
  while (playing && playing.queue.length) {
    const table = playing.table;
    const at = playing.queue.shift();
    let html = null;
    try {
      const answer = await fetch(stepUrl(table, at), { credentials: "same-origin", headers: { "HX-Request": "true" } });
      html = answer.ok ? await answer.text() : null;
    } catch (error) {
      html = null;
    }
    if (!playing) return;
    if (html !== null) {
      show(table, html);
      await new Promise((resolve) => { playing.wake = resolve; setTimeout(resolve, stepMs()); });
    }
  }
  if (playing) {
    const { table, final } = playing;
    playing = null;
    show(table, final);
  }
}
document.addEventListener("htmx:beforeSwap", (event) => {
  const detail = event.detail;
  const table = detail.target;
  if (!(table instanceof HTMLElement) || table.id !== "table" || !detail.shouldSwap) return;
  const incoming = parsed(detail.serverResponse || "");
  if (!incoming) return;
  const shown = playing ? playing.stamp : stampOf(table);
  const fromStream = detail.requestConfig && detail.requestConfig.verb === "get";
  const same = incoming.revision === shown?.revision && incoming.around === shown?.around;
  if (shown && (incoming.revision < shown.revision || (fromStream && same))) {
    detail.shouldSwap = false;
    return;
  }
  const now = stampOf(table);
  const after = playing && playing.queue.length ? playing.queue[playing.queue.length - 1] : (now ? now.ply : Infinity);
  const steps = incoming.steps.filter((s) => s > after && s < incoming.ply);
  if (playing) {
    detail.shouldSwap = false;
    Object.assign(playing, { final: detail.serverResponse, stamp: incoming });
    playing.queue.push(...steps);
    return;
  }
  if (!steps.length || stepMs() <= 0 || !now || incoming.ply <= now.ply) return;
  detail.shouldSwap = false;
  playing = { table, final: detail.serverResponse, stamp: incoming, queue: steps, wake: null };
  playSteps();
});
document.addEventListener("click", (event) => {
  if (!(event.target instanceof Element) || !event.target.closest("[data-skip]") || !playing) return;
  playing.queue = [];
  if (playing.wake) playing.wake();
});

// Odds a system solves come after the table ([data-odds-src]): asked again while the server is still
// working them out, filled in when they arrive, dropped when the table has moved on.
function loadOdds(root) {
  const pending = root.querySelector("[data-odds-src]");
  if (!pending) return;
  const src = pending.getAttribute("data-odds-src");
  pending.removeAttribute("data-odds-src");
  askOdds(pending, src);
}
function askOdds(pending, src) {
  fetch(src, { credentials: "same-origin" })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((data) => {
      if (!data || data.stale || !pending.isConnected) return;
      if (data.pending) { setTimeout(() => { if (pending.isConnected) askOdds(pending, src); }, 600); return; }
      Object.entries(data.actions || {}).forEach(([id, text]) => {
        document.querySelectorAll(`[data-odds-slot="${CSS.escape(id)}"]`).forEach((el) => { el.textContent = text; });
      });
      pending.textContent = data.win || "";
      if (data.win) pending.setAttribute("data-odds", "");
      pending.removeAttribute("data-odds-pending");
      pending.setAttribute("data-odds-ready", "");
    })
    .catch(() => {});
}
// A reader who plays blind ([data-play-blind] ticked): a cookie the odds requests carry, so the server works
// out no chance to finish for them; the page is loaded again without it.
function markBlind(root) {
  const blind = document.cookie.split("; ").includes("grognard_blind=1");
  root.querySelectorAll("[data-play-blind]").forEach((box) => { box.checked = blind; });
}
document.addEventListener("change", (event) => {
  const box = event.target;
  if (!(box instanceof HTMLInputElement) || !box.hasAttribute("data-play-blind")) return;
  document.cookie = `grognard_blind=${box.checked ? 1 : 0}; path=/; max-age=31536000; SameSite=Strict`;
  location.reload();
});
document.addEventListener("DOMContentLoaded", () => { markBoard(document); markBlind(document); loadOdds(document); });
document.addEventListener("htmx:afterSwap", (event) => {
  markBoard(document);
  markBlind(document);
  if (event.target instanceof Element) loadOdds(event.target);
});

// A new-game form's list option ([data-picks-for] names its text box): a pick button adds its value to
// the comma-separated list, or starts the list when the box holds something else ("random", a path);
// [data-pick-clear] empties it.
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("[data-pick], [data-pick-clear]") : null;
  const picks = button ? button.closest("[data-picks-for]") : null;
  const box = picks ? document.getElementById(picks.dataset.picksFor) : null;
  if (!button || !box) return;
  if (button.hasAttribute("data-pick-clear")) { box.value = ""; box.focus(); return; }
  const known = new Set([...picks.querySelectorAll("[data-pick]")].map((b) => b.dataset.pick));
  const parts = box.value.split(",").map((p) => p.trim()).filter((p) => p !== "");
  const ours = parts.every((p) => known.has(p.split(/[:@]/)[0]));
  box.value = (ours ? [...parts, button.dataset.pick] : [button.dataset.pick]).join(",");
});

// A new-game form whose seats follow an option ([data-seats-by] names its select, the players): only
// as many seats as players are shown (the others would be ignored by the server anyway).
function fitSeats(root) {
  root.querySelectorAll("[data-seats-by]").forEach((seats) => {
    const count = document.getElementById(seats.dataset.seatsBy);
    const n = count ? parseInt(count.value, 10) : NaN;
    seats.querySelectorAll("[data-seat-index]").forEach((seat) => {
      seat.hidden = Number.isFinite(n) && parseInt(seat.dataset.seatIndex, 10) >= n;
    });
  });
}
document.addEventListener("change", (event) => {
  if (event.target instanceof HTMLSelectElement && event.target.id) fitSeats(document);
});
document.addEventListener("DOMContentLoaded", () => fitSeats(document));

// No inline script anywhere (the Content-Security-Policy runs only this file): a replay's move slider
// ([data-replay]) shows its value in the output its [data-replay-shown] names and asks for that move
// when let go; an error page's [data-back] link goes back when there is a page to go back to.
document.addEventListener("input", (event) => {
  const slider = event.target instanceof HTMLInputElement && event.target.matches("[data-replay]") ? event.target : null;
  const shown = slider ? document.getElementById(slider.dataset.replayShown || "") : null;
  if (shown) shown.value = slider.value;
});
document.addEventListener("change", (event) => {
  const slider = event.target instanceof HTMLInputElement && event.target.matches("[data-replay]") ? event.target : null;
  if (slider && slider.form) slider.form.requestSubmit();
});
document.addEventListener("click", (event) => {
  const back = event.target instanceof Element ? event.target.closest("a[data-back]") : null;
  if (!back || window.history.length <= 1) return;
  event.preventDefault();
  window.history.back();
});

// Times kept in UTC ([data-local-time], a <time datetime>) are shown in the reader's own time zone, in
// the manner of the page's language; a [data-copy] button copies the link its box holds ([data-copy] names the box's id).
function localTimes(root) {
  root.querySelectorAll("time[data-local-time]").forEach((el) => {
    const when = new Date(el.getAttribute("datetime") + (/[Zz]|[+-]\d\d:?\d\d$/.test(el.getAttribute("datetime")) ? "" : "Z"));
    if (Number.isNaN(when.getTime())) return;
    const options = { dateStyle: "medium", timeStyle: "short" };
    try {  // in the language chosen on the page (its <html lang>), else the browser's own
      el.textContent = when.toLocaleString(document.documentElement.lang || undefined, options);
    } catch (error) {
      el.textContent = when.toLocaleString(undefined, options);
    }
  });
}
document.addEventListener("DOMContentLoaded", () => localTimes(document));
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("[data-copy]") : null;
  const box = button ? document.getElementById(button.dataset.copy) : null;
  if (!button || !box) return;
  box.select();
  const done = () => { button.textContent = scriptWord("copied", "Copied"); };
  if (navigator.clipboard) navigator.clipboard.writeText(box.value).then(done, () => document.execCommand("copy") && done());
  else if (document.execCommand("copy")) done();
});

// A table's chat ([data-chat-form]): the box is emptied once a message is kept, and the messages are
// scrolled to the last one whenever they come ([data-chat-messages]).
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.target instanceof HTMLFormElement && event.target.matches("[data-chat-form]") ? event.target : null;
  if (form && event.detail.successful) form.reset();
});
document.addEventListener("htmx:afterSwap", (event) => {
  if (!(event.target instanceof Element) || event.target.id !== "chat-messages") return;
  const list = event.target.querySelector("ol[data-chat-messages]");
  if (list) list.scrollTop = list.scrollHeight;
  localTimes(event.target);
});

// The chat's place (#chat-box) is fetched again when the host mutes a seat or lets spectators chat
// (the stream's `rights`): the form comes or goes, and a message half typed is kept.
let typed = null;
document.addEventListener("htmx:beforeSwap", (event) => {
  if (!(event.target instanceof Element) || event.target.id !== "chat-box") return;
  const text = document.getElementById("chat-text");
  typed = text ? text.value : null;
});
document.addEventListener("htmx:afterSwap", () => {
  if (typed === null) return;
  const text = document.getElementById("chat-text");
  if (text && typed) text.value = typed;
  typed = null;
});

// Your turn, told in an open tab: when the table shows that it is this browser's turn
// ([data-status="your-turn"]) the page's title says so, and, when the tab is not the one looked at and the
// player allowed it ([data-notify] asks), the browser shows a notice. Told once per turn (per ply).
let toldPly = null;
const plainTitle = document.title;
function tellTurn() {
  const mine = document.querySelector('#table [data-status="your-turn"]');
  const ply = document.querySelector("#table [data-ply]");
  document.title = mine ? scriptWord("yourTurnTitle", "Your turn · {title}", { title: plainTitle }) : plainTitle;
  if (!mine || !ply || toldPly === ply.dataset.ply) return;
  const first = toldPly === null;
  toldPly = ply.dataset.ply;
  if (first || !document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  const heading = document.querySelector("#table h1");
  new Notification(scriptWord("yourTurn", "Your turn"), { body: heading ? heading.textContent : plainTitle, tag: "grognard-turn" });
}
document.addEventListener("DOMContentLoaded", () => {
  tellTurn();
  const ask = document.querySelector("[data-notify]");
  if (ask && "Notification" in window && Notification.permission === "default") ask.hidden = false;
});
document.addEventListener("htmx:afterSwap", (event) => {
  if (event.target instanceof Element && event.target.id === "table") { tellTurn(); seenNow(); }
});
document.addEventListener("click", (event) => {
  const ask = event.target instanceof Element ? event.target.closest("[data-notify]") : null;
  if (!ask || !("Notification" in window)) return;
  Notification.requestPermission().then(() => { ask.hidden = true; });
});

// Coming back loses nothing ([data-missed], above the table): the page remembers in local storage, per
// table and seat ([data-seen-key]), the last move it showed, and asks the server what happened since
// ([data-missed-src] + that move) when the tab is opened again (it had been closed) or looked at again
// (it was hidden), showing it until "Got it". A page that fell behind (its live stream broke, or a fetch of
// the table or the chat failed: the network was lost) notes the move it showed; once it hears from the
// server again it fetches the table and the chat anew (the changes made meanwhile were told to nobody) and
// shows what happened since that move.
function missedBox() { return document.querySelector("[data-missed]"); }
function plyShown() {
  const p = document.querySelector("#table [data-ply]");
  return p && !p.hasAttribute("data-step") ? Number(p.dataset.ply) : null;
}
function seenStore(box, ply) {
  const key = `grognard-seen:${box.dataset.seenKey}`;
  try {
    if (ply === undefined) { const kept = localStorage.getItem(key); return kept === null ? null : Number(kept); }
    localStorage.setItem(key, String(ply));
  } catch (error) { return null; }
  return null;
}
function seenNow() {
  const box = missedBox();
  const now = plyShown();
  if (box && now !== null && !document.hidden && behind === null) seenStore(box, now);
}
function showMissed(since) {
  const box = missedBox();
  if (!box || since === null || !Number.isFinite(since)) return;
  const from = box.hidden || box.dataset.since === undefined ? since : Math.min(since, Number(box.dataset.since));
  fetch(`${box.dataset.missedSrc}${from}`, { credentials: "same-origin", headers: { "HX-Request": "true" } })
    .then((answer) => (answer.ok ? answer.text() : ""))
    .then((html) => {
      if (!html.trim()) return;
      box.querySelector("[data-missed-events]").innerHTML = html;
      box.dataset.since = String(from);
      box.hidden = false;
      localTimes(box);
    })
    .catch(() => {});
}
let behind = null; // the move shown when the page fell behind
let streamOpened = false;
let hiddenAt = null;
function fellBehind() {
  const box = missedBox();
  if (box && behind === null) behind = plyShown() ?? seenStore(box);
}
function catchUp() {
  const since = behind ?? plyShown();
  behind = null;
  const table = document.getElementById("table");
  if (table && window.htmx) window.htmx.trigger(table, "sse:changed");
  const chat = document.getElementById("chat-messages");
  if (chat && window.htmx) window.htmx.trigger(chat, "sse:chat");
  const box = document.getElementById("chat-box");
  if (box && window.htmx) window.htmx.trigger(box, "sse:rights");
  showMissed(since);
}
function liveRequest(event) {
  const elt = event.detail && event.detail.elt;
  return elt instanceof Element && (elt.id === "table" || elt.id === "chat-messages");
}
document.addEventListener("DOMContentLoaded", () => {
  const box = missedBox();
  const now = plyShown();
  if (!box || now === null) return;
  const seen = seenStore(box);
  if (seen !== null && seen < now) showMissed(seen);
  seenNow();
});
document.addEventListener("htmx:sseError", fellBehind);
document.addEventListener("htmx:sendError", (event) => { if (liveRequest(event)) fellBehind(); });
document.addEventListener("htmx:afterRequest", (event) => {
  if (liveRequest(event) && event.detail.successful && behind !== null) catchUp();
});
document.addEventListener("htmx:sseOpen", () => {
  if (streamOpened) { fellBehind(); catchUp(); }
  streamOpened = true;
});
window.addEventListener("offline", fellBehind);
window.addEventListener("online", () => { setTimeout(() => { if (behind !== null) catchUp(); }, 1000); });
document.addEventListener("visibilitychange", () => {
  if (document.hidden) { hiddenAt = plyShown(); return; }
  const now = plyShown();
  if (hiddenAt !== null && now !== null && now > hiddenAt) showMissed(hiddenAt);
  hiddenAt = null;
  seenNow();
});
document.addEventListener("click", (event) => {
  const close = event.target instanceof Element ? event.target.closest("[data-missed-close]") : null;
  const box = close ? close.closest("[data-missed]") : null;
  if (!box) return;
  box.hidden = true;
  delete box.dataset.since;
});

// Keyboard and screen readers (issue 31). A table swapped in while the focus was in it would leave the
// focus nowhere: it goes to the same board place or choice when there is one again, else to the table's
// heading, from where Tab goes on through the board and the choices. Each new event of the log is said
// once through the live region ([data-announce], outside the table), then "Your turn" when it is.
function focusIn(table) {
  const el = document.activeElement;
  if (!(el instanceof Element) || !table.contains(el)) return null;
  for (const name of ["data-space", "data-square", "data-door", "data-action", "data-spell-pick"]) {
    if (el.hasAttribute(name)) return `[${name}="${CSS.escape(el.getAttribute(name))}"]`;
  }
  return "";
}
function refocus(table, focused) {
  if (focused === null || (document.activeElement && document.activeElement !== document.body)) return;
  const again = focused ? [...table.querySelectorAll(focused)].find((el) => el.tabIndex >= 0) : null;
  const heading = table.querySelector("h1");
  const target = again || heading;
  if (!target) return;
  if (target === heading) heading.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}
let toldUpTo = null; // the move shown when the live region last spoke
function eventPly(li) {
  const ply = li.querySelector(".ply");
  return ply && ply.textContent.trim() !== "" ? Number(ply.textContent) : null;
}
function announce(table) {
  const region = document.querySelector("[data-announce]");
  const stamp = stampOf(table);
  if (!region || !stamp) return;
  const from = toldUpTo;
  toldUpTo = stamp.ply;
  if (from === null || stamp.ply <= from) return;
  const told = [...table.querySelectorAll("[data-log] ol.events > li")]
    .filter((li) => { const p = eventPly(li); return p !== null && p >= from; })  // an event is numbered by the move it was made at
    .reverse()
    .map((li) => { const copy = li.cloneNode(true); copy.querySelectorAll(".ply").forEach((el) => el.remove()); return copy.textContent.replace(/\s+/g, " ").trim(); });
  if (table.querySelector('[data-status="your-turn"]')) told.push(scriptWord("yourTurnSaid", "Your turn."));
  if (!told.length) return;
  const line = document.createElement("p");
  line.textContent = told.join(" ");
  region.replaceChildren(line);
}
document.addEventListener("DOMContentLoaded", () => {
  const table = document.getElementById("table");
  const stamp = table ? stampOf(table) : null;
  if (stamp) toldUpTo = stamp.ply;
});
let focusedBefore = null;
document.addEventListener("htmx:beforeSwap", (event) => {
  if (event.detail.target instanceof Element && event.detail.target.id === "table") focusedBefore = focusIn(event.detail.target);
});
document.addEventListener("htmx:afterSwap", (event) => {
  if (!(event.target instanceof Element) || event.target.id !== "table") return;
  if (window.htmx) window.htmx.process(event.target); // its forms ready before a key can press one
  announce(event.target);
  refocus(event.target, focusedBefore);
  focusedBefore = null;
});
