"use strict";
// The live shoe page: it sends what is typed to the server, which reads the cards (the
// one card grammar of bacc-edge) and values every bet; this script only decides when a
// card is typed out (or that what is typed can become no card: a word is never read as
// a card or a key), and draws the state the server returns.

const TOKEN = takeToken();
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣", "♠": "♠", "♥": "♥", "♦": "♦", "♣": "♣" };
const RANK_KEYS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
// What can be typed: an optional b (a burned card shown), a rank, spaces, a suit; "u"
// (undo) or "r" (redo), alone, once or more. A card is complete at its suit, a rank
// alone is sent by Enter; anything else is no card, and refused whole.
const CARD = /^(b *)?(10|[2-9atjqk]) *([shdc♠♥♦♣])$/i;
const RANK_ONLY = /^(b *)?(10|[2-9atjqk]) *$/i;
const PARTIAL = /^(b *)?(1|(10|[2-9atjqk]) *)?$/i;
// A complete card, or an undo or redo, waits this long for a letter that would make it
// a word ("Ace" is not A♣, "undo" undoes nothing); the next card begun sends it at once.
const QUIET_MS = 500;
const PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
  "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#ad494a", "#637939", "#8c6d31", "#7b4173",
  "#3182bd", "#e6550d", "#31a354", "#756bb1", "#636363"];

let state = null;
let typed = "";      // what is typed, as typed
let held = null;     // the timer that sends a complete card (or undo, redo) typed
let burnNext = false;
let refusing = false; // the message is the refusal of what is typed
let hidden = new Set();
const meterInputs = new Map();  // progressive's name → its meter's field, kept while typed in
let busy = Promise.resolve();
let pollTimer = null;

// The access token of a server beyond this machine (null where none is needed): taken
// from the address the server printed, kept for this tab (sessionStorage: sent by no
// request the script does not send, read by no other site), and taken out of the
// address bar, so that neither the history, a bookmark of the page, nor what the page
// loads carries it. The page opened again in the tab (reloaded) finds it there.
function takeToken() {
  const params = new URLSearchParams(location.search);
  const given = params.get("token");
  let kept = null;
  try {
    if (given !== null) sessionStorage.setItem("bacc-edge-token", given);
    kept = sessionStorage.getItem("bacc-edge-token");
  } catch (err) {  // no storage (a browser's setting): the token lives in the page alone
    return given;
  }
  if (given !== null) {
    params.delete("token");
    const rest = params.toString();
    history.replaceState(history.state, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
  }
  return kept;
}

function $(id) { return document.getElementById(id); }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k === "background") node.style.background = v;  // CSSOM: the policy allows no style attribute
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// a request to the server, with the access token; its answer (refused: a Refusal)
function request(method, path, body) {
  const headers = {};
  if (TOKEN) headers["X-Bacc-Edge-Token"] = TOKEN;
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  return fetch(path, init).then(async (response) => {
    if (response.ok) return response;
    const data = await response.json().catch(() => ({ error: response.statusText }));
    throw new Refusal(data.error || response.statusText);
  });
}

function api(method, path, body) {
  return request(method, path, body).then((response) => response.json());
}

// the shoe's cards as a CSV file, saved by the browser under the name the server gives
// (fetched, as every request, with the token in its header: a link would carry it in
// its address)
function exportCsv(event) {
  event.preventDefault();
  return request("GET", "/api/cards.csv").then(async (response) => {
    const named = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get("Content-Disposition") || "");
    const url = URL.createObjectURL(await response.blob());
    el("a", { href: url, download: named ? decodeURIComponent(named[1]) : "shoe.csv" }).click();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }).catch((err) => say(`the CSV was not exported: ${err instanceof Refusal ? err.message : "the server does not answer (" + err.message + ")"}`));
}

// the server's refusal (its message says what was not done); any other error is the
// server not answering
class Refusal extends Error {}

// one request at a time, in the order typed; a body may be a function, called when sent;
// ``undone`` says what did not happen if the server cannot be reached
function send(method, path, body, undone) {
  busy = busy.then(() => api(method, path, typeof body === "function" ? body() : body)
    .then(show, (err) => {
      if (err instanceof Refusal) say(err.message);
      else { say(`${undone}: the server does not answer (${err.message})`); offline(err); }
    }));
  return busy;
}

function say(text, ok) {
  $("message").textContent = text || "";
  $("message").className = ok ? "ok" : "";
  refusing = false;
}

// the connection, apart from the message of what was typed: shown while the server
// does not answer, gone when it answers again
function offline(err) { $("status").textContent = err ? `The server does not answer (${err.message}); trying again…` : ""; }

function submit(text, burn) {
  burn = burn || burnNext;
  clearTyped();
  say("");
  // what the card is, the shown first card or a coup's, is read when it is sent: after
  // the cards typed before it are in
  send("POST", "/api/cards", () => {
    if (!state || (state.next && state.next.role === "exposed")) return { exposed: text };
    return burn ? { burn: text } : { cards: text };
  }, `${cardName(text)} was not entered`);
}

// a card as typed ("th", "9s", "k") by its name ("10♥", "9♠", "K")
function cardName(text) {
  const m = /^(10|[2-9atjqk])\s*(\S?)$/i.exec(text.trim());
  if (!m) return text;
  const rank = m[1].toUpperCase() === "T" ? "10" : m[1].toUpperCase();
  return rank + (SUITS[m[2].toLowerCase()] || m[2]);
}

function undo() { say(""); send("POST", "/api/undo", {}, "nothing was undone"); }
function redo() { say(""); send("POST", "/api/redo", {}, "nothing was redone"); }

function clearTyped() {
  clearTimeout(held);
  typed = "";
  burnNext = false;
  $("burnmode").checked = false;
  drawBuffer();
}

// what ``text`` typed is: a card, a rank alone, on its way to a card, an undo or redo
// (how many), or no card ("wrong")
function reading(text) {
  let m = CARD.exec(text);
  if (m) return { kind: "card", card: m[2] + m[3], burn: !!m[1] };
  if (/^u+$/i.test(text)) return { kind: "undo", times: text.length };
  if (/^r+$/i.test(text)) return { kind: "redo", times: text.length };
  m = RANK_ONLY.exec(text);
  if (m) return { kind: "rank", card: m[2], burn: !!m[1] };
  return PARTIAL.test(text) ? { kind: "partial" } : { kind: "wrong" };
}

// do what ``r`` (a reading) says
function act(r) {
  if (r.kind === "card" || r.kind === "rank") submit(r.card, r.burn);
  else if (r.kind === "undo" || r.kind === "redo") {
    clearTyped();
    for (let i = 0; i < r.times; i++) (r.kind === "undo" ? undo : redo)();
  }
}

function type(key) {
  if (!typed && key === " ") return;  // a space between cards
  const now = reading(typed);
  if (now.kind !== "wrong" && reading(typed + key).kind === "wrong") {
    const ready = now.kind === "card" || now.kind === "undo" || now.kind === "redo";
    // a complete card (or u, r) and the start of the next card: send it; a space ends it
    if (ready && (key === " " || ["partial", "rank"].includes(reading(key).kind))) {
      act(now);
      if (key !== " ") typed = key;
      changed();
      return;
    }
  }
  typed += key;
  changed();
}

// after each key: a complete card (or undo, redo) waits QUIET_MS for a letter, what can
// become no card is refused whole (nothing sent; Backspace corrects it, Esc clears it)
function changed() {
  clearTimeout(held);
  const r = reading(typed);
  if (r.kind === "card" || r.kind === "undo" || r.kind === "redo") held = setTimeout(() => act(r), QUIET_MS);
  if (r.kind === "wrong") {
    say(`'${typed}' is not a card: nothing entered (Backspace corrects it, Esc clears it)`);
    refusing = true;
  } else if (refusing) say("");
  drawBuffer();
}

function onKey(event) {
  if (event.altKey || event.metaKey) return;
  if (event.target instanceof HTMLInputElement && event.target.type !== "checkbox") return;  // a meter typed
  const key = event.key;
  const lower = key.toLowerCase();
  if (event.ctrlKey) {
    if (lower === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if (lower === "y" || (lower === "z" && event.shiftKey)) { event.preventDefault(); redo(); }
    return;
  }
  if (key === "Escape") { clearTyped(); say(""); return; }
  if (key === "Backspace") { event.preventDefault(); typed = typed.slice(0, -1); changed(); return; }
  if (key === "Enter") {
    event.preventDefault();
    const r = reading(typed);
    if (r.kind === "wrong") clearTyped();  // seen: the message stays
    else act(r);
    return;
  }
  if (key.length !== 1) return;
  event.preventDefault();
  type(key);
}

function drawBuffer() {
  const r = reading(typed);
  const burn = burnNext || (r.kind !== "wrong" && /^b/i.test(typed));
  const shown = r.kind === "wrong" ? typed : typed.replace(/^b */i, "").toUpperCase();
  $("buffer").textContent = (burn ? "burn: " : "") + shown + "▏";
  $("buffer").className = r.kind === "wrong" ? "wrong" : "";
}

function cardSpan(name, extra) {
  const red = /[♥♦]/.test(name);
  return el("span", { class: "card" + (red ? " red" : "") + (extra ? " " + extra : "") }, name);
}

function show(next) {
  // a poll's answer may come after a newer one; a restarted server starts again at 0
  if (!state || next.server !== state.server || next.version >= state.version) {
    state = next;
    draw();
  }
  schedule();
}

function schedule() {
  clearTimeout(pollTimer);
  pollTimer = setTimeout(poll, state && state.pending ? 200 : 1000);
}

function poll() {
  api("GET", "/api/version").then((v) => {
    offline(null);
    if (!state || v.server !== state.server || v.version !== state.version || state.pending) {
      return api("GET", "/api/state").then(show);
    }
    schedule();
  }).catch((err) => {
    if (err instanceof Refusal) say(err.message);  // answered: no token, or not this one
    else offline(err);
    schedule();
  });
}

function draw() {
  const s = state;
  $("paytable").textContent = s.paytable.name;
  document.title = "bacc-edge track: " + s.paytable.name;
  $("rules").textContent = `${s.rules.decks} decks (${s.rules.cards} cards), cut card ${s.rules.cut} from the end, end of shoe: ${s.rules.end}`;
  $("undo").disabled = !s.can_undo;
  $("redo").disabled = !s.can_redo;
  drawPrompt(s);
  drawShoe(s);
  drawRanks(s);
  drawCoups(s);
  drawBets(s);
  drawBeyond(s);
  drawChart(s);
  drawCounts(s);
  drawPlayers(s);
  drawBuffer();
}

function drawPrompt(s) {
  let text;
  if (!s.next) text = "The shoe is over: start a new shoe.";
  else if (s.next.role === "exposed") text = "Enter the shoe's shown first card.";
  else text = `Round ${s.next.round}: next card to ${s.next.position}` + (s.next.burn_open ? " (b: a burned card shown face up)" : "");
  $("prompt").textContent = text;
  $("prompt").className = s.next ? "" : "over";
}

function drawShoe(s) {
  const box = $("shoe");
  box.replaceChildren();
  if (s.exposed) {
    box.append("Shown first card ", cardSpan(s.exposed), ` · ${s.burned} burned`);
    if (s.burned_seen.length) box.append(` (${s.burned_seen.length} shown: `, ...s.burned_seen.map((c) => cardSpan(c)), ")");
    else box.append(" unseen");
    box.append(el("br"));
  }
  box.append(`Cards not seen ${s.cards_left} · in the shoe ${s.in_shoe} · cut card after card ${s.rules.cut_at}`);
  if (s.cut_round) box.append(` · out in round ${s.cut_round}`);
  if (s.shoe_over) box.append(el("div", { class: "over" }, "The shoe is over."));
}

function drawRanks(s) {
  const table = $("ranks");
  table.replaceChildren(  // in rank order: a JS object lists "2" … "10" before "A"
    el("tr", {}, el("th", {}, "Rank"), ...RANK_KEYS.map((r) => el("th", {}, r))),
    el("tr", {}, el("th", {}, "Left"), ...RANK_KEYS.map((r) => el("td", { class: "num" }, s.ranks_left[r]))));
}

function drawCoups(s) {
  const current = $("coup");
  current.replaceChildren();
  const coups = s.coups;
  const last = coups.length ? coups[coups.length - 1] : null;
  const coup = last && !last.complete ? last : null;
  if (coup || (s.next && s.next.role === "coup")) {
    const shown = coup || { round: s.next.round, cards: [] };
    const next = s.next && s.next.role === "coup" ? s.next.position : null;
    const hand = (side, label) => {
      const cards = shown.cards.filter((c) => c.position[0] === side).map((c) => cardSpan(c.card));
      if (next && next[0] === side) cards.push(cardSpan(next, "next"));
      return el("div", { class: "hand" }, el("b", {}, label + " "), ...cards);
    };
    current.append(el("div", {}, el("b", {}, `Round ${shown.round}`)), hand("P", "Player"), hand("B", "Banker"));
  } else {
    current.append(last ? `Last: round ${last.round}` : "No coup yet");
  }
  const list = $("coups");
  list.replaceChildren(...coups.filter((c) => c.complete).slice().reverse().map((c) =>
    el("div", {}, `${c.round}. `, el("b", {}, c.winner), ` ${c.player_points}–${c.banker_points}  P `,
      ...c.player.map((x) => cardSpan(x)), " B ", ...c.banker.map((x) => cardSpan(x)))));
}

function drawBets(s) {
  const perfect = {};
  for (const p of s.players) if (p.count === null) perfect[p.bet] = p;
  const rows = [el("tr", {}, el("th", {}, "Bet"), el("th", { class: "num" }, "EV per unit"),
    el("th", {}, ""), el("th", {}, "Closes after"), el("th", { class: "num", title: "units the perfect player has won on this bet" }, "Perfect player"))];
  s.bets.forEach((b, i) => {
    const ev = b.pending
      ? el("td", { class: "num ev", title: "counting…" }, el("span", { class: "spinner" }))
      : el("td", { class: "num ev", title: b.ev_exact }, b.ev_text);
    const p = perfect[b.name];
    rows.push(el("tr", {
      class: [b.favourable ? "fav" : "", b.open ? "" : "closed", hidden.has(b.name) ? "hidden" : ""].join(" "),
      "data-bet": b.name,
      onclick: () => { if (hidden.has(b.name)) hidden.delete(b.name); else hidden.add(b.name); draw(); },
    }, el("td", {}, el("span", { class: "swatch", background: PALETTE[i % PALETTE.length] }), b.name),
      ev,
      el("td", {}, b.favourable ? el("span", { class: "mark" }, "▲ player's edge") : ""),
      el("td", {}, b.max_round === null ? "" : (b.open ? `round ${b.max_round}` : `closed (round ${b.max_round})`)),
      el("td", { class: "num" }, p && (p.bets_placed || p.pending) ? units(p) : "")));
  });
  $("bets").replaceChildren(...rows);
  $("warnings").textContent = s.warnings.join("; ");
}

// the bets beyond one coup (a file's STREAKS, METERS, MULTIPLIER_BETS), where it has them
function drawBeyond(s) {
  const parts = [];
  const cell = (row, key) => row.pending
    ? el("td", { class: "num ev", title: "counting…" }, el("span", { class: "spinner" }))
    : row.note ? el("td", { class: "num ev", title: row.note }, "not valued")
    : el("td", { class: "num ev", title: row[key + "_exact"] || "" }, row[key + "_text"] || "no coup");
  if (s.streaks.length) {
    parts.push(el("h2", {}, "Run bets ", el("small", {}, "placed before the next coup, its run dealt from the cards not seen, the cut card where it lies; exact, else sampled paths with a 95% interval")));
    const rows = [el("tr", {}, el("th", {}, "Bet"), el("th", {}, "Placed before"), el("th", { class: "num" }, "EV per unit"), el("th", {}, ""))];
    for (const r of s.streaks) {
      let ev;
      if (r.pending || r.note) ev = cell(r, "ret");
      else if (r.kind === null) ev = el("td", { class: "num ev" }, "no coup");
      else if (r.exact) ev = el("td", { class: "num ev", title: r.ret_exact }, r.ret_text);
      else if (r.paths) ev = el("td", { class: "num ev", title: `${r.paths} sampled paths: 95% interval ${r.low_text} to ${r.high_text}` }, `${r.ret_text} (${r.low_text} to ${r.high_text})`);
      else ev = el("td", { class: "num ev", title: `between ${r.low_exact} and ${r.high_exact}; runs left unfollowed: ${(100 * r.unfollowed).toFixed(3)}%` }, `${r.low_text} to ${r.high_text}`);
      rows.push(el("tr", { class: r.favourable ? "fav" : "" }, el("td", {}, r.name),
        el("td", {}, r.placed_before === null ? "" : `round ${r.placed_before}`), ev,
        el("td", {}, r.kind === null ? "" : r.exact ? "exact" : r.paths ? "sampled paths, 95% interval" : "proven bounds")));
    }
    parts.push(el("table", { class: "beyond" }, ...rows));
  }
  if (s.meters.length) {
    parts.push(el("h2", {}, "Progressives ", el("small", {}, "the return at the meter entered (in stakes) on the cards not seen, and the meter where it breaks even")));
    const rows = [el("tr", {}, el("th", {}, "Bet"), el("th", {}, "Meter"), el("th", { class: "num" }, "EV per unit"), el("th", { class: "num" }, "Break-even meter"))];
    for (const m of s.meters) {
      let input = meterInputs.get(m.name);
      if (!input) {
        input = el("input", { type: "number", min: "0", step: "any", "aria-label": `meter of ${m.name}`,
          onchange: (e) => { say(""); send("POST", "/api/meter", { bet: m.name, meter: e.currentTarget.value.trim() }, "the meter was not entered"); } });
        meterInputs.set(m.name, input);
      }
      if (document.activeElement !== input) input.value = m.meter_exact.includes("/") ? String(m.meter) : m.meter_exact;
      rows.push(el("tr", { class: m.favourable ? "fav" : "" }, el("td", {}, m.name), el("td", {}, input), cell(m, "ret"),
        el("td", { class: "num", title: m.break_even_exact || "" }, m.break_even === null ? "" : m.break_even.toFixed(2))));
    }
    parts.push(el("table", { class: "beyond" }, ...rows));
  }
  if (s.multipliers.length) {
    parts.push(el("h2", {}, "Multiplier bets ", el("small", {}, "exact return on the cards not seen, on stake and fee and on the stake alone")));
    const rows = [el("tr", {}, el("th", {}, "Bet"), el("th", { class: "num" }, "Return on stake + fee"), el("th", { class: "num" }, "Return on stake"), el("th", { class: "num" }, "House edge"))];
    for (const m of s.multipliers) {
      rows.push(el("tr", {}, el("td", {}, m.name), cell(m, "return_on_stake_and_fee"), cell(m, "return_on_stake"), cell(m, "edge")));
    }
    parts.push(el("table", { class: "beyond" }, ...rows));
  }
  $("beyond").replaceChildren(...parts);
}

function units(p) {
  if (p.pending && p.bets_placed === 0) return el("span", { class: "spinner" });
  const n = p.units;
  const text = (n > 0 ? "+" : "") + n.toFixed(n === Math.round(n) ? 0 : 2) + ` (${p.bets_placed} bet${p.bets_placed === 1 ? "" : "s"})`;
  return el("span", { class: n > 0 ? "pos" : n < 0 ? "neg" : "", title: "exactly " + p.units_exact + (p.unsettled ? `; ${p.unsettled} not settled: a suit not entered` : "") }, text);
}

function drawChart(s) {
  const W = 820, H = 260, L = 52, R = 12, T = 10, B = 26;
  const rounds = s.history.rounds;
  const n = Math.max(rounds.length ? rounds[rounds.length - 1] : 0, 10);
  const shown = s.bets.map((b, i) => i).filter((i) => !hidden.has(s.bets[i].name));
  let lo = 0, hi = 0;
  for (const row of s.history.values) for (const i of shown) {
    const v = row[i];
    if (v !== null) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  }
  if (hi - lo < 0.02) hi = lo + 0.02;
  const x = (r) => L + (r - 1) / Math.max(n - 1, 1) * (W - L - R);
  const y = (v) => T + (hi - v) / (hi - lo) * (H - T - B);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  if (hi > 0) add("rect", { x: L, y: y(hi), width: W - L - R, height: y(0) - y(hi), fill: "#dcf5e3" });
  const step = niceStep((hi - lo) / 5);
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-12; v += step) {
    add("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#eceef1" });
    const label = (v * 100).toFixed(step * 100 < 1 ? 1 : 0);
    add("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end" }, (Number(label) === 0 ? "0" : label) + "%");
  }
  add("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: "#0a7d32", "stroke-dasharray": "4 3" });
  for (const r of roundTicks(n)) add("text", { x: x(r), y: H - 8, "text-anchor": "middle" }, r);
  for (const i of shown) {
    let d = "";
    s.history.values.forEach((row, k) => {
      if (row[i] === null) return;
      d += (d && s.history.values[k - 1] && s.history.values[k - 1][i] !== null ? "L" : "M") + x(rounds[k]).toFixed(1) + "," + y(row[i]).toFixed(1);
    });
    if (d) add("path", { d, fill: "none", stroke: PALETTE[i % PALETTE.length], "stroke-width": 1.5 });
  }
  $("chart").replaceChildren(svg);
}

// the rounds labelled on a chart of rounds 1 to ``last``: 1, then every step (1, 2, 5,
// 10, 20, 25, 50, … rounds), at most about ten labels
function roundTicks(last) {
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500].find((k) => last / k <= 10) || 1000;
  const ticks = [1];
  for (let r = step; r <= last; r += step) if (r > 1) ticks.push(r);
  return ticks;
}

function niceStep(raw) {
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 5, 10]) if (raw <= m * p) return m * p;
  return 10 * p;
}

function drawCounts(s) {
  const rows = [el("tr", {}, el("th", {}, "Count"), el("th", {}, "For"), el("th", { class: "num" }, "Running"),
    el("th", { class: "num" }, "True"), el("th", { class: "num" }, "Trigger"), el("th", {}, ""))];
  for (const c of s.counts) {
    rows.push(el("tr", { title: c.text },
      el("td", {}, c.name), el("td", {}, c.bets.join(", ")),
      el("td", { class: "num" }, (c.running > 0 ? "+" : "") + c.running),
      el("td", { class: "num" }, (c.true_count > 0 ? "+" : "") + c.true_count.toFixed(2)),
      el("td", { class: "num" }, (c.trigger_on === "running" ? "running " : "") + (c.threshold === null ? "no bet yet" : (c.strict ? "> " : "≥ ") + (+c.threshold.toFixed(2)))),
      el("td", {}, c.reached ? el("span", { class: "reached" }, "▲ bet") : "")));
  }
  $("counts").replaceChildren(...rows);
  $("countsnote").replaceChildren();
  if (s.counts_pending) $("countsnote").append(el("span", { class: "spinner" }), " building the counts (effects of removal)…");
  else if (s.counts_note) $("countsnote").textContent = s.counts_note;
}

function drawPlayers(s) {
  const rows = [el("tr", {}, el("th", {}, "Player"), el("th", {}, "Bet"), el("th", { class: "num" }, "Bets"),
    el("th", { class: "num" }, "Units won"), el("th", { class: "num" }, "Expected units"))];
  for (const p of s.players) {
    if (p.bets_placed === 0 && !p.pending) continue;  // who has not bet: nothing to show
    rows.push(el("tr", {}, el("td", {}, p.player), el("td", {}, p.bet),
      el("td", { class: "num" }, p.bets_placed), el("td", { class: "num" }, units(p)),
      el("td", { class: "num", title: p.expected_exact || "" }, p.expected === null ? el("span", { class: "spinner" }) : p.expected.toFixed(3))));
  }
  if (rows.length === 1) rows.push(el("tr", {}, el("td", { colspan: 5 }, s.players.length
    ? "No bet yet: the perfect player bets where a bet favours the player, a count where its trigger is reached."
    : "Settling the coups…")));
  $("players").replaceChildren(...rows);
}

function buildButtons() {
  const box = $("buttons");
  for (const suit of ["s", "h", "d", "c"]) {
    for (const rank of RANK_KEYS) {
      const name = rank + SUITS[suit];
      box.append(el("button", { class: suit === "h" || suit === "d" ? "red" : "", title: name,
        onclick: (e) => { e.currentTarget.blur(); say(""); submit(rank + suit); } }, name));
    }
  }
}

function newShoe() {
  const entered = state ? state.seen.length : 0;
  const decks = prompt(`Start a new shoe? The ${entered} cards entered in this shoe will be gone (Export CSV first). Decks:`,
    state ? state.rules.decks : 8);
  if (decks === null) return;
  const n = Number(decks);
  say("");
  send("POST", "/api/shoe", { decks: Number.isInteger(n) && decks.trim() !== "" ? n : decks },
    "no new shoe was started");
}

document.addEventListener("keydown", onKey);
$("undo").addEventListener("click", (e) => { e.currentTarget.blur(); undo(); });
$("redo").addEventListener("click", (e) => { e.currentTarget.blur(); redo(); });
$("newshoe").addEventListener("click", (e) => { e.currentTarget.blur(); newShoe(); });
$("export").addEventListener("click", (e) => { e.currentTarget.blur(); exportCsv(e); });
$("burnmode").addEventListener("change", (e) => { burnNext = e.currentTarget.checked; e.currentTarget.blur(); drawBuffer(); });
buildButtons();
api("GET", "/api/state").then(show, (err) => {
  if (err instanceof Refusal) say(err.message);
  else offline(err);
  schedule();
});
