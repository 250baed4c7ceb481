// The analysis board's page: plain JavaScript, no build step. Everything it knows comes from the
// server over one WebSocket (solver/serve/app.py); it sends what the user does (docs/serve.md).
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let socket = null;
let games = {};
let engineLimits = {}; // engine -> the limits it takes, of those the page offers
const LIMIT_WORDS = { time: "seconds", depth: "depth", sims: "simulations", nodes: "nodes" };
let board = null; // the last "board" message: the tree and the current position
let searching = false;

function send(message) {
  hideError();
  socket.send(JSON.stringify(message));
}

function showError(text) {
  $("error").textContent = text;
  $("error").hidden = false;
}

function hideError() {
  $("error").hidden = true;
}

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  socket.onopen = () => send({ type: "hello" });
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => showError("the connection to caldera serve is closed: reload the page once it runs again");
}

function receive(message) {
  const handlers = { games: onGames, board: onBoard, analysis: onAnalysis, error: onError, file: onFile,
                     review: onReview, reviewing: onReviewing };
  handlers[message.type](message);
}

function onError(message) {
  showError(message.message);
  if (searching) setSearching(false, "");
}

function onGames(message) {
  games = {};
  engineLimits = message.limits;
  $("game").innerHTML = "";
  for (const game of message.games) {
    games[game.name] = game;
    $("game").add(new Option(`${game.name}: ${game.title}`, game.name));
  }
  $("game").value = params.get("game") in games ? params.get("game") : message.games[0].name;
  gameChosen();
  if (params.get("position")) $("position").value = params.get("position");
  if (params.get("seat")) $("seat").value = params.get("seat");
  openGame();
}

function gameChosen() {
  const game = games[$("game").value];
  $("positions").innerHTML = "";
  for (const name of game.positions) $("positions").append(new Option(name, name));
  $("position").value = game.default_position;
  $("seat-label").hidden = !game.seats;
  $("seat").innerHTML = "";
  for (const seat of game.seats) $("seat").add(new Option(seat, seat));
  $("engine").innerHTML = "";
  $("engine").add(new Option("the game's engine", ""));
  for (const engine of game.engines) $("engine").add(new Option(engine, engine));
  $("goal-label").hidden = !game.goals;
  $("goal").value = "";
}

// The limits the chosen engine (else the position's own) takes; the one chosen is kept where it fits.
function offerLimits() {
  const engine = $("engine").value || (board && board.engine);
  const offered = engineLimits[engine] || [];
  const chosen = $("limit").value;
  $("limit").innerHTML = "";
  for (const key of offered) $("limit").add(new Option(LIMIT_WORDS[key], key));
  if (offered.includes(chosen)) $("limit").value = chosen;
  $("limit").disabled = $("limit-value").disabled = !offered.length;
}

function openGame() {
  const game = games[$("game").value];
  send({ type: "open", game: game.name, position: $("position").value, seat: game.seats ? $("seat").value : null });
}

function onBoard(message) {
  const changed = !board || board.current !== message.current || board.game !== message.game;
  board = message;
  const position = message.position;
  $("board").innerHTML = position.svg;
  $("position-text").textContent = position.text;
  $("to-move").textContent = position.over ? "the game is over"
    : `${position.to_move} ${position.chance ? "decides next: pick an outcome or roll" : "to move"}`
      + (message.seat ? ` (seen by ${message.seat})` : "");
  $("moves").innerHTML = "";
  $("legal").innerHTML = "";
  for (const move of position.moves) {
    const button = document.createElement("button");
    button.textContent = move.probability === null ? move.text : `${move.text} ${(100 * move.probability).toFixed(1)}%`;
    button.dataset.move = move.text;
    button.onclick = () => send({ type: "play", move: move.text });
    $("moves").append(button);
    $("legal").append(new Option(move.text, move.text));
  }
  if (position.more_moves) $("moves").append(`… and ${position.more_moves} more (type one)`);
  $("roll").hidden = !position.chance;
  drawTree();
  offerLimits();
  if (changed) {
    $("lines").tBodies[0].innerHTML = "";
    $("status").textContent = searching ? "analysing a position left behind: Stop, or Start here" : "";
  }
}

function drawTree() {
  const tree = $("tree");
  tree.innerHTML = "";
  const nodes = board.nodes;
  const label = (node) => {
    const span = document.createElement("span");
    span.className = "move" + (node.id === board.current ? " current" : "");
    span.textContent = node.move;
    span.dataset.node = node.id;
    span.onclick = () => send({ type: "goto", node: node.id });
    return span;
  };
  // The first child goes on along the line; the others open variations below it.
  const line = (start, container) => {
    let node = start;
    for (;;) {
      container.append(label(node), " ");
      if (!node.children.length) return;
      const [first, ...others] = node.children.map((id) => nodes[id]);
      for (const other of others) {
        const variation = document.createElement("div");
        variation.className = "variation";
        line(other, variation);
        container.append(variation);
      }
      node = first;
    }
  };
  const root = document.createElement("span");
  root.className = "move" + (board.current === 0 ? " current" : "");
  root.textContent = "start";
  root.dataset.node = 0;
  root.onclick = () => send({ type: "goto", node: 0 });
  tree.append(root, " ");
  const main = document.createElement("div");
  for (const id of nodes[0].children) {
    const block = document.createElement("div");
    if (id !== nodes[0].children[0]) block.className = "variation";
    line(nodes[id], block);
    main.append(block);
  }
  tree.append(main);
}

function limits() {
  const value = $("limit-value").value.trim();
  const chosen = value && !$("limit").disabled ? { [$("limit").value]: value } : {};
  if ($("multipv").value.trim()) chosen.multipv = $("multipv").value.trim();
  return chosen;
}

function setSearching(on, text) {
  searching = on;
  document.body.dataset.analysis = on ? "running" : "done";
  $("status").textContent = text;
}

function onAnalysis(message) {
  if (message.final) setSearching(false, searching ? "" : $("status").textContent);
  if (!board || message.node !== board.current) return;
  const record = message.record;
  const body = $("lines").tBodies[0];
  body.innerHTML = "";
  if (message.kind === "plan") {
    const row = body.insertRow();
    for (const cell of ["1", record.plan[0] || "", record.outcome, "", record.plan.join(" ")]) row.insertCell().textContent = cell;
  } else if (message.kind === "chance") {
    record.chance.forEach((outcome, rank) => {
      const row = body.insertRow();
      for (const cell of [rank + 1, outcome.move, `${(100 * outcome.probability).toFixed(1)}%`, "", "chance"]) {
        row.insertCell().textContent = cell;
      }
    });
  } else {
    const equal = new Set(record.equal || []);
    record.lines.forEach((line, rank) => {
      const row = body.insertRow();
      if (equal.has(line.move)) row.className = "equal";
      const interval = line.interval ? `${(100 * line.interval[0]).toFixed(1)}-${(100 * line.interval[1]).toFixed(1)}%` : "";
      for (const cell of [rank + 1, line.move, scoreText(line.score), interval, line.pv.slice(0, 10).join(" ")]) {
        row.insertCell().textContent = cell;
      }
    });
  }
  const count = record.nodes === undefined ? "" : `${record.nodes.toLocaleString()} ${record.engine && record.engine.startsWith("mcts") ? "sims" : "nodes"}`;
  const depth = record.depth === undefined ? "" : `depth ${record.depth}`;
  const planned = { found: `a plan of ${record.length} actions`, none: `no plan within ${record.budget} actions` };
  const stopped = !message.final ? "analysing…"
    : message.kind === "plan" && planned[record.outcome] ? `done: ${planned[record.outcome]}` : `done, stopped by ${record.stopped}`;
  const equalText = record.equal && record.equal.length > 1 ? `; equally good: ${record.equal.join(", ")}` : "";
  $("status").textContent = [record.engine, depth, count, stopped].filter(Boolean).join("  ") + equalText;
  if (message.final && message.svg) $("board").innerHTML = message.svg;
}

function scoreText(score) {
  if (score.kind === "eval") return (score.value >= 0 ? "+" : "") + score.value.toFixed(2);
  if (score.kind === "win" || score.kind === "loss") return `${score.kind} in ${score.plies}`;
  if (score.kind === "draw") return "draw";
  if (score.kind === "turns") return `${score.value.toFixed(3)} turns`;
  return `${(100 * score.value).toFixed(1)}%`;
}

function onFile(message) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([message.text], { type: "text/plain" }));
  link.download = message.name;
  document.body.append(link);
  link.click();
  link.remove();
}

function onReviewing(message) {
  $("review-status").textContent = `reviewing: ${message.done} of ${message.total} decisions`;
}

function onReview(message) {
  const marks = message.points.filter((p) => p.mark).length;
  $("review-status").textContent = `${message.points.length} moves judged, ${marks} marked`
    + (message.record.interrupted ? " (stopped)" : "");
  const graph = $("graph");
  graph.innerHTML = "";
  const points = message.points;
  if (!points.length) return;
  const win = message.unit === "win";
  const values = points.map((p) => p.value);
  const low = win ? 0 : Math.min(...values, -1);
  const high = win ? 1 : 0;
  const last = Math.max(...points.map((p) => p.number), 1);
  const x = (n) => 10 + (380 * (n - 1)) / Math.max(last - 1, 1);
  const y = (v) => 110 - (100 * (v - low)) / (high - low || 1);
  const ns = "http://www.w3.org/2000/svg";
  const middle = document.createElementNS(ns, "line");
  Object.entries({ x1: 10, x2: 390, y1: y(win ? 0.5 : 0), y2: y(win ? 0.5 : 0), stroke: "#bbb" }).forEach(([k, v]) => middle.setAttribute(k, v));
  graph.append(middle);
  const polyline = document.createElementNS(ns, "polyline");
  polyline.setAttribute("points", points.map((p) => `${x(p.number)},${y(p.value)}`).join(" "));
  Object.entries({ fill: "none", stroke: "#2b6cb0", "stroke-width": 2 }).forEach(([k, v]) => polyline.setAttribute(k, v));
  graph.append(polyline);
  const colours = { inaccuracy: "#d4a017", mistake: "#e07b00", blunder: "#c0392b" };
  for (const p of points) {
    const dot = document.createElementNS(ns, "circle");
    Object.entries({ cx: x(p.number), cy: y(p.value), r: p.mark ? 5 : 3, fill: colours[p.mark] || "#2b6cb0" })
      .forEach(([k, v]) => dot.setAttribute(k, v));
    dot.dataset.node = p.node;
    dot.setAttribute("class", p.mark ? `mark ${p.mark}` : "judged");
    const title = document.createElementNS(ns, "title");
    title.textContent = `${p.number}. ${p.seat} ${p.move}${p.mark ? ` (${p.mark}; better ${p.best})` : ""}`;
    dot.append(title);
    dot.onclick = () => send({ type: "goto", node: p.node });
    graph.append(dot);
  }
}

$("game").onchange = () => { gameChosen(); openGame(); };
$("open").onclick = openGame;
$("play-move").onclick = () => { if ($("move").value.trim()) send({ type: "play", move: $("move").value.trim() }); $("move").value = ""; };
$("move").onkeydown = (event) => { if (event.key === "Enter") $("play-move").onclick(); };
$("roll").onclick = () => send({ type: "roll" });
$("back").onclick = () => { if (board && board.path.length > 1) send({ type: "goto", node: board.path[board.path.length - 2] }); };
$("forward").onclick = () => { const node = board && board.nodes[board.current]; if (node && node.children.length) send({ type: "goto", node: node.children[0] }); };
$("start").onclick = () => { setSearching(true, "analysing…"); send({ type: "analyse", engine: $("engine").value, goal: $("goal").value.trim(), limits: limits() }); };
$("engine").onchange = offerLimits;
$("stop").onclick = () => send({ type: "stop" });
$("save").onclick = () => send({ type: "save" });
$("load").onchange = async () => {
  const file = $("load").files[0];
  if (file) send({ type: "load", name: file.name, text: await file.text(), seat: games[$("game").value].seats ? $("seat").value : null });
  $("load").value = "";
};
$("review").onclick = () => {
  const { multipv, ...perMove } = limits(); // a review searches every move itself
  $("review-status").textContent = "reviewing…";
  send({ type: "review", engine: $("engine").value, limits: perMove });
};
connect();
