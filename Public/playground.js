// Architecture Playground page script: applies SSE patches and posts forms with fetch.
// The page works without it (forms POST and come back with 303); this only makes it live.
(() => {
  "use strict";
  const body = document.body;
  const room = body.dataset.room;           // "/rooms/<id>"
  const status = document.getElementById("connection");
  if (!room) return;

  function setStatus(text, state) {
    if (!status) return;
    status.textContent = text;
    status.dataset.state = state;
  }

  // Replaces each top-level element of a patch with the element of the same id on the page. A template or table that
  // names a table body (data-rows-for) carries rows instead: each replaces its namesake or goes on top, and
  // the body keeps at most its (or the carrier's) data-keep rows (the trace grows by one small row per event, not a
  // whole table). A trace's new row comes short, <tr data-row="NUMBER STEP SOURCE[ +][ µs bytes]">, and is drawn here as
  // the server draws it (fullRow). A row <tr data-grow="NUMBER STEPS CHANGES[ µs bytes]"> carries what a row the page has gained: its first cell's
  // content is added to the row's event cell, its other two cells' lines to the became and changed cells (a cell left
  // out adds nothing). A short line may name what the pane's strip shows (<u>K</u>: its item K's call; <u>^N</u>,
  // <u>$N</u>: its caption's first or last N characters; the strip's patch comes before the rows') or the line every
  // re-render adds (<u></u>).
  function applyRows(carrier) {
    const body = document.getElementById(carrier.dataset.rowsFor);
    if (!body) return;
    const rows = carrier.content || carrier;   // a template (the trace) or a table (the compare page's)
    const traceID = carrier.dataset.rowsFor.replace(/-rows$/, "");
    const flow = document.getElementById(traceID.replace(/-trace$/, "-flow"));
    const calls = flow ? Array.from(flow.querySelectorAll(".flow-path > li > code"), (code) => code.textContent) : [];
    const shown = flow && flow.querySelector(".flow-caption");
    const caption = shown ? shown.textContent : "";
    // `out`: the cell's lines so far; `above`: a changed cell's lines before them (a grown row's) and the row under it.
    const named = (node, out, above) => {
      const name = node.textContent;
      if (name === "") return RERENDERED;
      if (name === ":" && above) {
        const path = out[out.length - 1];
        const old = valueBefore(path, above.lines.concat(out.slice(0, -1)), above.row);
        if (old === null) missing = true;
        return `: ${old} → `;
      }
      const count = Number(name.slice(1));
      if (name[0] === "^") return caption.slice(0, count);
      if (name[0] === "$") return caption.slice(caption.length - count);
      const call = calls[Number(name)];
      if (call === undefined) missing = true;
      return call || "";
    };
    for (const given of Array.from(rows.querySelectorAll("tr[id], tr[data-grow], tr[data-row]")).reverse()) {
      if (given.dataset.grow) { grow(given, traceID, named); continue; }
      const existing = given.dataset.row && document.getElementById(`${traceID}-row-${given.dataset.row.split(" ")[0]}`);
      const under = existing ? existing.nextElementSibling : body.firstElementChild;
      const row = given.dataset.row ? fullRow(given, traceID, named, under) : given;
      const old = document.getElementById(row.id);
      if (old) old.replaceWith(row); else body.prepend(row);
      drawCost(row.querySelector("[data-cost]"));
    }
    const trace = body.closest(".trace");
    const empty = trace && trace.querySelector(":scope > .empty");
    if (empty && body.children.length) empty.remove();
    const keep = Number(body.dataset.keep || carrier.dataset.keep || 0);
    while (keep > 0 && body.children.length > keep) body.lastElementChild.remove();
  }

  // What every re-render adds to a row's steps (the server's Trace.rerenderedStep).
  const RERENDERED = "re-rendered (counted in render and patch)";
  // The lines of a short cell: its text apart by <br>, each <u> written out by `named`.
  function lines(cell, named, above) {
    if (!cell || !cell.firstChild) return [];
    const out = [""];
    for (const node of cell.childNodes) {
      if (node.nodeName === "BR") out.push("");
      else if (node.nodeName === "TEMPLATE") continue;
      else out[out.length - 1] += named && node.nodeName === "U" ? named(node, out, above) : node.textContent;
    }
    return out;
  }
  // What the last line of `path` above says it became (PATH: OLD → NEW): in `lines` (newest last), else in the changed
  // cells of `row` and the rows under it. The server names it only when this finds the old value.
  function valueBefore(path, lines, row) {
    const prefix = `${path}: `;
    const changed = (line) => {
      const arrow = line.indexOf(" → ", prefix.length);
      return arrow < 0 ? null : line.slice(arrow + 3);
    };
    const last = lines.filter((line) => line.startsWith(prefix)).pop();
    if (last !== undefined) return changed(last);
    for (; row; row = row.nextElementSibling) {
      const codes = row.cells[4] ? Array.from(row.cells[4].querySelectorAll(":scope > code"), (code) => code.textContent) : [];
      const found = codes.filter((line) => line.startsWith(prefix)).pop();
      if (found !== undefined) return changed(found);
    }
    return null;
  }
  function codeLines(cell) { return Array.from(cell.querySelectorAll(":scope > code"), (code) => code.textContent); }
  // Each line in its <code>, <br> between them (and before the first, after items the cell has).
  function codes(list, after) {
    return list.flatMap((line, index) => {
      const code = document.createElement("code");
      code.textContent = line;
      return index > 0 || after ? [document.createElement("br"), code] : [code];
    });
  }
  function stepLink(step) {
    const link = document.createElement("a");
    link.setAttribute("class", "step-through");
    link.setAttribute("href", `?step=${step}`);
    link.textContent = "Step ▶";
    return link;
  }
  // A trace row as the server draws it on the page (TraceTable's rowHTML), from the short row a patch carries.
  function fullRow(short, traceID, named, under) {
    const [number, step, source, ...more] = short.dataset.row.split(" ");
    const linked = more[0] === "+";
    const cost = more.slice(linked ? 1 : 0).join(" ");
    const [event, became, changed] = short.cells;
    const row = document.createElement("tr");
    row.id = `${traceID}-row-${number}`;
    const link = document.createElement("a");
    link.setAttribute("href", `?at=${step}`);
    link.textContent = step;
    row.insertCell().append(link);
    const from = row.insertCell();
    from.className = `source-${source}`;
    from.textContent = source;
    const what = row.insertCell();
    what.append(...codes([lines(event, named).join("")], false));
    if (linked) what.append(document.createElement("br"), stepLink(step));
    row.insertCell().append(...codes(lines(became, named), false));
    const changes = row.insertCell();
    changes.className = "changes";
    if (cost) changes.dataset.cost = cost;
    const list = lines(changed, named, { lines: [], row: under });
    if (list.length) changes.append(...codes(list, false));
    else if (cost) { const small = document.createElement("small"); small.textContent = "nothing"; changes.append(small); }
    else changes.textContent = "…";
    return row;
  }

  // A row's gains (data-grow="NUMBER STEPS CHANGES[ µs bytes]") go after its first STEPS and CHANGES items: a page
  // drawn just before this patch may have them already, so the cells are cut back to those first.
  function grow(gained, traceID, named) {
    const [number, steps, changes, ...figures] = gained.dataset.grow.split(" ").map((word, index) => (index < 3 ? Number(word) : word));
    const row = document.getElementById(`${traceID}-row-${number}`);
    if (!row) { missing = true; return; }
    const [event, became, changed] = gained.cells;
    if (event && !row.cells[2].querySelector("a.step-through")) row.cells[2].append(...event.childNodes);
    const cost = row.cells[4].querySelector(":scope > details.cost");
    cutAfter(row.cells[3], steps, null);
    cutAfter(row.cells[4], changes, cost);
    row.cells[3].append(...codes(lines(became, named), steps > 0));
    for (const node of codes(lines(changed, named, { lines: codeLines(row.cells[4]), row: row.nextElementSibling }), changes > 0)) row.cells[4].insertBefore(node, cost);
    if (figures.length) {
      row.cells[4].dataset.cost = figures.join(" ");
      drawCost(row.cells[4]);
    }
  }

  // Keeps a cell's first `count` items (<code>) and what is between them; what follows them up to `stop` goes.
  function cutAfter(cell, count, stop) {
    const items = cell.querySelectorAll(":scope > code");
    if (items.length <= count) return;
    let node = count ? items[count - 1].nextSibling : cell.firstChild;
    while (node && node !== stop) { const next = node.nextSibling; node.remove(); node = next; }
  }

  // A row's cost comes as data-cost="MICROSECONDS BYTES" on its changed cell: drawn here as the detail the server
  // draws on the page (an opened one stays open).
  function drawCost(cell) {
    if (!cell || !cell.dataset.cost) return;
    const [micro, bytes] = cell.dataset.cost.split(" ");
    cell.removeAttribute("data-cost");
    const details = document.createElement("details");
    details.className = "cost";
    const summary = document.createElement("summary");
    summary.textContent = "cost";
    details.append(summary, `render ${micro} µs · patch ${bytes} B`);
    const old = cell.querySelector(":scope > details.cost");
    if (old) { details.open = old.open; old.replaceWith(details); } else cell.append(details);
  }

  // What patches take off the page, by id, with the number of the patch that took it off and where it was (its
  // parent's id and its index there): a later patch may name an element to put back (<i data-reuse="ID"
  // data-seq="SEQ">) instead of sending its HTML again (a list closed and opened, rows filtered out and back), and a
  // run of rows by its first (data-run="N": that row and the N − 1 that followed it in its list when the patch took
  // them off). Only a patch that directly follows the one the page shows keeps anything; a tab that lacks a named
  // element (it loaded the page later) asks for a resync.
  const kept = new Map();   // id -> { element, seq, at: "PARENT INDEX" }
  const keptAt = new Map(); // "SEQ PARENT INDEX" -> id
  let keeping = null;       // the number of the patch being applied, while it keeps what it takes off
  let missing = false;      // a named element this tab does not keep

  function keepOne(element, index) {
    const parent = element.parentElement;
    const at = parent && parent.id ? `${parent.id} ${index}` : "";
    kept.set(element.id, { element, seq: keeping, at });
    if (at) keptAt.set(`${keeping} ${at}`, element.id);
  }
  function keepInside(element) {
    if (keeping === null) return;
    for (const inner of element.querySelectorAll("[id]")) keepOne(inner, Array.prototype.indexOf.call(inner.parentElement.children, inner));
  }
  // `index`: its place among its parent's children before the patch took any of them off.
  function keep(element, index) {
    if (keeping === null) return;
    if (element.id) keepOne(element, index);
    keepInside(element);
  }
  function takeOne(id, seq) {
    const entry = kept.get(id);
    if (!entry || String(entry.seq) !== seq) { missing = true; return null; }
    kept.delete(id);
    if (entry.at) keptAt.delete(`${entry.seq} ${entry.at}`);
    return entry;
  }
  // The elements a placeholder names: one, or a run of rows.
  function takeBack(placeholder) {
    const seq = placeholder.getAttribute("data-seq");
    const first = takeOne(placeholder.getAttribute("data-reuse"), seq);
    if (!first) return [];
    const elements = [first.element];
    const count = Number(placeholder.getAttribute("data-run") || 1);
    if (count > 1) {
      const [parent, index] = first.at.split(" ");
      for (let step = 1; step < count; step++) {
        const at = `${parent} ${Number(index) + step}`;
        const id = first.at ? keptAt.get(`${seq} ${at}`) : undefined;
        const entry = id !== undefined && kept.get(id);
        if (!entry || entry.at !== at || !takeOne(id, seq)) { missing = true; return []; }
        elements.push(entry.element);
      }
    }
    return elements;
  }
  function putBack(root) {
    for (const placeholder of Array.from(root.querySelectorAll("i[data-reuse]"))) {
      const elements = takeBack(placeholder);
      if (elements.length) placeholder.replaceWith(...elements);
    }
  }

  // A keyed list's row drawn like the row before it (the same tags) comes as <i data-like="ID …">TEXT<br>TEXT</i>: that
  // row cloned, its ids (its own first, then those inside it, in order) and its texts (in order) set.
  function expandLike(root) {
    for (const short of Array.from(root.querySelectorAll("i[data-like]"))) {
      const model = short.previousElementSibling;
      if (!model) { missing = true; continue; }
      const row = model.cloneNode(true);
      const ids = short.getAttribute("data-like").split(" ");
      [row, ...row.querySelectorAll("[id]")].filter((element) => element.hasAttribute("id"))
        .forEach((element, index) => { element.id = ids[index]; });
      const texts = lines(short);
      const walker = row.ownerDocument.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let index = 0, node = walker.nextNode(); node; node = walker.nextNode()) node.data = texts[index++];
      short.replaceWith(row);
    }
    for (const inner of root.querySelectorAll("template")) expandLike(inner.content);
  }

  // A control's form comes as <form id="APP-cCTL" … data-c> (CTL: eight characters), or data-c="APP": its method, the
  // room's action and its two hidden fields (the same in every control's form) are put back here, as the server
  // draws them.
  function expandForms(root) {
    for (const form of root.querySelectorAll("form[data-c]")) {
      const app = form.getAttribute("data-c") || form.id.slice(0, -10);
      form.removeAttribute("data-c");
      form.setAttribute("method", "post");
      form.setAttribute("action", `${room}/actions`);
      form.prepend(hiddenField("app", app), hiddenField("control", form.id.slice(app.length + 2)));
    }
    for (const inner of root.querySelectorAll("template")) expandForms(inner.content);
  }
  function hiddenField(name, value) {
    const input = document.createElement("input");
    input.setAttribute("type", "hidden");
    input.setAttribute("name", name);
    input.setAttribute("value", value);
    return input;
  }

  // A keyed list's rows removed, inserted and moved by id (the server sends only what changed in a list):
  // <template data-keyed-for="LIST" data-remove="ID …" data-after="ANCHOR …">ITEMS</template>, each item a new row,
  // <i data-move="ID"> for a row the page has, or a kept row (or run of rows) named, placed after the anchor of the
  // same rank ("^": first; a run's rows one after the other). Rows not named keep their place; a row whose content
  // changed comes as its own fragment after this.
  function applyKeyed(carrier) {
    const list = document.getElementById(carrier.dataset.keyedFor);
    if (!list) return;
    // The list's own rows by id (a row's id is looked up among them, never elsewhere on the page), and their places
    // before any is taken off.
    const rows = new Map(Array.from(list.children, (child) => [child.id, child]));
    const places = new Map(Array.from(list.children, (child, index) => [child, index]));
    for (const id of (carrier.dataset.remove || "").split(" ")) {
      const gone = id && rows.get(id);
      if (gone) { keep(gone, places.get(gone)); gone.remove(); rows.delete(id); }
    }
    const anchors = (carrier.dataset.after || "").split(" ");
    Array.from(carrier.content.children).forEach((item, rank) => {
      const nodes = item.hasAttribute("data-move") ? [rows.get(item.getAttribute("data-move"))]
        : item.hasAttribute("data-reuse") ? takeBack(item) : [item];
      let anchor = anchors[rank] && anchors[rank] !== "^" ? rows.get(anchors[rank]) : null;
      for (const node of nodes) {
        if (!node) return;
        rows.set(node.id, node);
        if (anchor) anchor.after(node); else list.prepend(node);
        anchor = node;
        if (node === item) putBack(node);
      }
    });
  }

  // A node that gained a last child (a screen pushed on a stack): <template data-append-to="NODE">CHILD</template>.
  function applyAppend(carrier) {
    const parent = document.getElementById(carrier.dataset.appendTo);
    if (!parent) { missing = true; return; }
    for (const node of Array.from(carrier.content.childNodes)) {
      parent.append(node);
      if (node.nodeType === Node.ELEMENT_NODE) putBack(node);
    }
  }

  // A node's child that another took the place of (a spinner for a list): <template data-swap="OLD">NEW</template>;
  // the old one is kept like any.
  function applySwap(carrier) {
    const old = document.getElementById(carrier.dataset.swap);
    if (!old) { missing = true; return; }
    const parent = old.parentElement;
    keep(old, Array.prototype.indexOf.call(parent.children, old));
    old.replaceWith(...carrier.content.childNodes);
    putBack(parent);
  }

  // A node whose first child stays (a search field) and whose content after it changed (a spinner, then the results):
  // <template data-rest="CHILD">NEW</template>; what followed the child is kept like any, and a copy of it as a whole
  // (without what this script adds to a page: a long list's button and class). A content shaped like a copy kept after
  // that child comes as <template data-rest="CHILD" data-like="SEQ ID …" data-rows="N …">TEXT<br>…</template>: that
  // copy (used up) with its ids and texts set in order, each keyed list in it (an element whose children all have an
  // id, not in another's rows) given N rows like its first.
  const keptRests = new Map();   // "CHILD SEQ" -> the nodes that followed CHILD when patch SEQ took them off
  function applyRest(carrier) {
    const child = document.getElementById(carrier.dataset.rest);
    if (!child) { missing = true; return; }
    const parent = child.parentElement;
    let index = Array.prototype.indexOf.call(parent.children, child) + 1;
    const gone = [];
    while (child.nextSibling) {
      const node = child.nextSibling;
      if (node.nodeType === Node.ELEMENT_NODE) keep(node, index++);
      gone.push(node);
      node.remove();
    }
    if (keeping !== null) {
      keptRests.set(`${child.id} ${keeping}`, gone.map(pristine).filter(Boolean));
      // The room names at most its last four per child (Rests.maxKeptRests): more are let go.
      const mine = Array.from(keptRests.keys()).filter((key) => key.startsWith(`${child.id} `));
      if (mine.length > 8) keptRests.delete(mine[0]);
    }
    const like = carrier.getAttribute("data-like");
    const nodes = like === null ? Array.from(carrier.content.childNodes) : drawnLike(child.id, like, carrier);
    if (!nodes) { missing = true; return; }
    child.after(...nodes);
    putBack(parent);
  }
  function pristine(node) {
    if (node.nodeType === Node.ELEMENT_NODE && node.classList.contains("show-all")) return null;
    const copy = node.cloneNode(true);
    if (copy.nodeType !== Node.ELEMENT_NODE) return copy;
    for (const button of Array.from(copy.querySelectorAll(".show-all"))) button.remove();
    for (const list of [copy, ...copy.querySelectorAll(".clipped")]) list.classList.remove("clipped");
    return copy;
  }
  function drawnLike(childID, like, carrier) {
    const [seq, ...ids] = like.split(" ");
    const nodes = keptRests.get(`${childID} ${seq}`);
    if (!nodes) return null;
    keptRests.delete(`${childID} ${seq}`);
    const rows = (carrier.getAttribute("data-rows") || "").split(" ").filter(Boolean).map(Number);
    const texts = lines(carrier.content);
    let id = 0, text = 0, list = 0;
    const isList = (element) => element.hasAttribute("id") && element.firstChild
      && Array.from(element.childNodes).every((node) => node.nodeType === Node.ELEMENT_NODE && node.hasAttribute("id"));
    const fill = (node, inRow) => {
      if (node.nodeType === Node.TEXT_NODE) { node.data = texts[text++]; return; }
      if (node.nodeType !== Node.ELEMENT_NODE) return;
      if (node.hasAttribute("id")) node.id = ids[id++];
      if (!inRow && isList(node)) {
        const model = node.firstElementChild;
        node.replaceChildren();
        for (let count = rows[list++]; count > 0; count--) {
          const row = model.cloneNode(true);
          node.append(row);
          fill(row, true);
        }
        return;
      }
      for (const inner of Array.from(node.childNodes)) fill(inner, inRow);
    };
    nodes.forEach((node) => fill(node, false));
    if (id !== ids.length || text !== texts.length) return null;
    return nodes;
  }

  // A node's last child taken off (a pushed screen dismissed): <template data-drop="CHILD"></template>; kept like any.
  function drop(id) {
    const child = document.getElementById(id);
    if (!child) { missing = true; return; }
    keep(child, Array.prototype.indexOf.call(child.parentElement.children, child));
    child.remove();
  }

  // A flow strip's lit stages (by place), those that only ran later, the caption and the path's calls in order (the
  // template's items): the stages themselves never change, so only these are sent.
  function applyLit(carrier) {
    const flow = document.getElementById(carrier.dataset.litFor);
    if (!flow) return;
    // The path's items from data-from on (a later stage sends only itself; the tab keeps the ones before).
    const from = Number(carrier.dataset.from || 0);
    const list = flow.querySelector(".flow-path");
    const items = lines(carrier.content);
    const fresh = (items.length === 1 && items[0] === "" ? [] : items).map(pathItem);   // only the rows' template
    if (list) {
      while (list.children.length > from) list.lastElementChild.remove();
      list.append(...fresh);
    }
    const path = list ? Array.from(list.children) : fresh;
    // Lit: the places the path passed, "later" where every visit ran later; a strip without a path names them.
    const lit = new Set(), early = new Set();
    for (const item of path) {
      lit.add(Number(item.dataset.place));
      if (!item.classList.contains("later")) early.add(Number(item.dataset.place));
    }
    if (carrier.dataset.lit !== undefined) carrier.dataset.lit.split(" ").filter(Boolean).forEach((place) => lit.add(Number(place)));
    const later = new Set(path.map((item) => Number(item.dataset.place)).filter((place) => !early.has(place)));
    flow.querySelectorAll(".flow-stages > li").forEach((stage, place) => {
      if (lit.has(place)) stage.className = later.has(place) ? "lit later" : "lit"; else stage.removeAttribute("class");
      const turns = path.flatMap((item, turn) => (Number(item.dataset.place) === place ? [turn + 1] : []));
      if (turns.length) stage.dataset.turns = turns.join(","); else delete stage.dataset.turns;
    });
    const caption = flow.querySelector(".flow-caption");
    // No data-caption: the step's caption is the one shown.
    if (caption && carrier.dataset.caption !== undefined) caption.textContent = carrier.dataset.caption;
    // The trace's rows may come inside, after the strip's items: <template data-lit-for="APP-flow">…<template>ROWS</template>.
    const rows = Array.from(carrier.content.children).find((node) => node.nodeName === "TEMPLATE");
    if (rows) {
      rows.dataset.rowsFor = carrier.dataset.litFor.replace(/-flow$/, "-trace-rows");
      applyRows(rows);
    }
  }

  // A path's item as the page draws it, <li data-place="3" class="later"><code>CALL</code></li>, from the short line a
  // patch carries: 3L CALL ("L": it ran later).
  function pathItem(text) {
    const space = text.indexOf(" ");
    const head = text.slice(0, space);
    const li = document.createElement("li");
    li.setAttribute("data-place", String(parseInt(head, 10)));
    if (head.endsWith("L")) li.setAttribute("class", "later");
    const code = document.createElement("code");
    code.textContent = text.slice(space + 1);
    li.append(code);
    return li;
  }

  // A control's identity across patches. A patch replaces elements, so a control is found again by what it posts:
  // its form's target and hidden fields (the server's id for the control's closure, or the event it sends) and its
  // own name and value; then by its place among the controls that post the same.
  const CONTROLS = "button, input:not([type=hidden]), select, textarea, a[href], [tabindex]";
  function controlKey(element) {
    if (!element || element === body || !element.matches || !element.matches(CONTROLS)) return null;
    const form = element.form || element.closest("form");
    if (form) {
      const fields = Array.from(form.querySelectorAll("input[type=hidden]"), (input) => `${input.name}=${input.value}`);
      const own = element.tagName === "BUTTON" ? `${element.name}=${element.value}` : element.name || "";
      return `${form.getAttribute("action")}?${fields.join("&")}#${element.tagName}:${own}`;
    }
    if (element.id) return `#${element.id}`;
    if (element.matches("a[href]")) return `a:${element.getAttribute("href")}`;
    return null;
  }

  function locate(element) {
    const key = controlKey(element);
    if (!key) return null;
    const same = Array.from(document.querySelectorAll(CONTROLS)).filter((candidate) => controlKey(candidate) === key);
    return { key, index: Math.max(0, same.indexOf(element)) };
  }

  function find(place) {
    if (!place) return null;
    const same = Array.from(document.querySelectorAll(CONTROLS)).filter((candidate) => controlKey(candidate) === place.key);
    return same[Math.min(place.index, same.length - 1)] || null;
  }

  // Only real text fields keep what the user is typing (a picker's option is a submit button with a value too).
  function isTextField(element) {
    return Boolean(element && element.matches && element.matches(
      "textarea, input:not([type]), input[type=text], input[type=search], input[type=email], input[type=url]"));
  }

  // Long lists show their first rows and a "Show all" button, so a pane's later controls are not pushed far below
  // its data (Nice's 100 posts). Without JavaScript every row shows. Re-applied after each patch: a patch may replace
  // the list, and a list the reader opened stays open (by id).
  const LONG = 12, SHOWN = 8;
  const opened = new Set();
  function clipLongLists() {
    document.querySelectorAll(".app-view .for-each").forEach((list) => {
      const count = list.children.length;
      let button = list.nextElementSibling && list.nextElementSibling.classList.contains("show-all") ? list.nextElementSibling : null;
      if (count <= LONG) { list.classList.remove("clipped"); if (button) button.remove(); return; }
      const open = opened.has(list.id);
      list.classList.toggle("clipped", !open);
      if (!button) {
        button = document.createElement("button");
        button.type = "button";
        button.className = "show-all";
        button.addEventListener("click", () => {
          const target = button.previousElementSibling;
          if (!target) return;
          if (opened.has(target.id)) opened.delete(target.id); else opened.add(target.id);
          clipLongLists();
        });
        list.after(button);
      }
      button.textContent = open ? "Show the first rows only" : `Show all ${count} rows`;
      button.setAttribute("aria-expanded", String(open));
    });
    document.querySelectorAll(".app-view .show-all").forEach((button) => {
      const list = button.previousElementSibling;
      if (!list || !list.classList.contains("for-each")) button.remove();
    });
  }
  clipLongLists();

  function applyPatch(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    expandLike(template.content);
    expandForms(template.content);
    const focused = document.activeElement;
    const place = focused && focused !== body ? locate(focused) : null;
    const typed = isTextField(focused)
      ? { value: focused.value, start: focused.selectionStart, end: focused.selectionEnd } : null;
    for (const fresh of Array.from(template.content.children)) {
      if (fresh.dataset.rowsFor) { applyRows(fresh); continue; }
      if (fresh.dataset.keyedFor) { applyKeyed(fresh); continue; }
      if (fresh.dataset.litFor) { applyLit(fresh); continue; }
      if (fresh.dataset.appendTo) { applyAppend(fresh); continue; }
      if (fresh.dataset.drop) { drop(fresh.dataset.drop); continue; }
      if (fresh.dataset.swap) { applySwap(fresh); continue; }
      if (fresh.dataset.rest) { applyRest(fresh); continue; }
      if (!fresh.id) continue;
      const old = document.getElementById(fresh.id);
      if (!old) continue;
      if (old.closest(".app-root")) keepInside(old);
      old.replaceWith(fresh);
      putBack(fresh);
    }
    clipLongLists();
    if (!place) return;
    if (document.contains(focused)) {
      // A moved row keeps its elements, but moving one takes the focus away from the control inside it.
      if (document.activeElement !== focused) focused.focus();
      return;
    }
    // The focused control was replaced: focus its namesake, and keep what the user was typing there.
    const again = find(place);
    if (!again) return;
    if (typed && isTextField(again)) again.value = typed.value;
    again.focus();
    if (typed && isTextField(again)) {
      try { again.setSelectionRange(typed.start, typed.end); } catch (_) { /* not a text input */ }
    }
  }

  // Dialogs (alerts, sheets, covers, pushed screens) remember the control that opened them: when one closes while
  // the focus was in it (or the focus is lost), the focus goes back to that control.
  const openers = new Map();   // dialog key -> place of the control that opened it
  let lastPressed = null;      // place of the control pressed last: a dialog opens one event later
  function dialogs() { return Array.from(document.querySelectorAll(".presentation, .alert")); }
  function dialogKey(dialog) {
    const pane = dialog.closest("section.pane");
    let depth = 0;
    for (let node = dialog.parentElement; node; node = node.parentElement) if (node.matches(".presentation, .alert")) depth++;
    return `${pane ? pane.id : ""}|${dialog.className}|${depth}`;
  }

  // The action that does no harm: an alert's cancel role, else its first non-destructive button; a presentation's
  // first control (its Close or Back).
  function harmless(dialog) {
    if (dialog.matches(".alert")) {
      return dialog.querySelector(".button-cancel, .alert-button-cancel")
        || dialog.querySelector("button:not(.button-destructive)");
    }
    return dialog.querySelector(CONTROLS);
  }

  // One stream per tab for every pane. `since` lets the first connection skip what the page already shows;
  // the browser sends Last-Event-ID itself on reconnects.
  // A tab that lacked an element a patch named reconnects with since=0: the room answers with a resync.
  let source = null;
  let resyncing = false;
  function connect(since) {
    source = new EventSource(`${room}/stream?since=${encodeURIComponent(since)}`);
    source.addEventListener("open", () => setStatus("live", "live"));
    source.addEventListener("patch", onPatch);
    source.addEventListener("error", onError);
  }

  function onPatch(event) {
    const before = new Set(dialogs().map(dialogKey));
    const holder = document.activeElement && document.activeElement.closest
      ? document.activeElement.closest(".presentation, .alert") : null;
    const heldKey = holder ? dialogKey(holder) : null;
    const number = Number(event.lastEventId);
    keeping = !resyncing && number === Number(body.dataset.seq || "0") + 1 ? number : null;
    resyncing = false;
    applyPatch(event.data);
    keeping = null;
    body.dataset.seq = event.lastEventId;
    if (missing) {
      missing = false;
      kept.clear();
      keptAt.clear();
      keptRests.clear();
      resyncing = true;
      source.close();
      connect("0");
      return;
    }
    const now = dialogs();
    const after = new Set(now.map(dialogKey));
    // A dialog that has just appeared takes the focus on its harmless action (unless the user is typing, or drives
    // every pane from the compare page's shared bar, where the focus stays).
    const fresh = now.filter((dialog) => !before.has(dialogKey(dialog)));
    for (const dialog of fresh) openers.set(dialogKey(dialog), lastPressed);
    const sharedBar = document.activeElement && document.activeElement.closest && document.activeElement.closest("#compare-bar");
    if (fresh.length && !isTextField(document.activeElement) && !sharedBar) {
      const dialog = fresh[fresh.length - 1];
      dialog.tabIndex = -1;
      (harmless(dialog) || dialog).focus();
      return;
    }
    for (const key of before) {
      if (after.has(key)) continue;
      const opener = openers.get(key);
      openers.delete(key);
      const lost = !document.activeElement || document.activeElement === body;
      const control = (key === heldKey || lost) && find(opener);
      if (control) control.focus();
    }
  }

  // Escape answers the topmost alert with its harmless action, or else closes the topmost presentation (its Close or
  // Back), as a swipe down or the back button does. The pane holding the focus goes first.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const active = document.activeElement;
    const pane = active && active.closest ? active.closest("section.pane") : null;
    const topmost = (selector) => {
      const mine = pane ? Array.from(pane.querySelectorAll(selector)) : [];
      const all = mine.length ? mine : Array.from(document.querySelectorAll(selector));
      return all[all.length - 1];
    };
    const alert = topmost(".alert");
    const presentation = topmost(".presentation");
    const target = alert ? harmless(alert)
      : presentation && presentation.querySelector(":scope > .button-form .presentation-close");
    if (target) { event.preventDefault(); target.click(); }
  });
  function onError(event) {
    if (event.target !== source) return;
    if (source.readyState === EventSource.CLOSED) {
      setStatus("room closed — open / for a new one", "closed");
    } else {
      setStatus("reconnecting…", "reconnecting");
    }
  }
  connect(body.dataset.seq || "0");

  function showError(form, message) {
    const box = document.getElementById("errors");
    if (!box) return;
    box.textContent = message;
    box.hidden = false;
    clearTimeout(showError.timer);
    showError.timer = setTimeout(() => { box.hidden = true; }, 6000);
  }

  // Posts every event form with fetch; the answer arrives as a patch on the stream.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
    if (form.hasAttribute("data-own-handler")) return;   // presenter.js's, or a plain post (a watcher's Fork)
    event.preventDefault();
    lastPressed = locate(event.submitter || form.querySelector(CONTROLS));
    const data = new URLSearchParams(new FormData(form, event.submitter));
    try {
      // A room folding its history into a snapshot asks for the event again in a moment (503 journal_folding).
      for (let attempt = 0; ; attempt++) {
        // The attribute, not form.action: a field named "action" would shadow the property.
        const response = await fetch(form.getAttribute("action"), {
          method: "POST",
          body: data,
          headers: { "Accept": "application/json", "X-Playground-Source": "browser" },
        });
        if (response.ok) break;
        const answer = await response.json().catch(() => null);
        if (answer && answer.error && answer.error.code === "journal_folding" && attempt < 5) {
          const seconds = Math.min(Number(response.headers.get("Retry-After")) || 1, 5);
          await new Promise((resume) => setTimeout(resume, seconds * 1000));
          continue;
        }
        showError(form, answer && answer.error ? answer.error.message : `HTTP ${response.status}`);
        break;
      }
    } catch (error) {
      showError(form, `The event was not sent: ${error}`);
    }
  });
  // Step ▶ on a trace row: the pane's strip walks the row's stages one by one, and a box under it shows each stage's
  // call with the lines of its file that ran (the same JSON `GET …/steps/N` answers; without JavaScript the link
  // opens that walk as a page).
  document.addEventListener("click", async (event) => {
    const link = event.target instanceof Element ? event.target.closest("a.step-through") : null;
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const flow = link.closest("aside") && link.closest("aside").querySelector(".flow");
    if (!flow) return;
    event.preventDefault();
    let row;
    try {
      const response = await fetch(link.getAttribute("href"), { headers: { "Accept": "application/json" } });
      row = await response.json();
      if (!response.ok) throw new Error(row && row.error ? row.error.message : `HTTP ${response.status}`);
    } catch (error) {
      showError(link, `The step is not there any more: ${error.message || error}`);
      return;
    }
    walk(flow, row, 0, link);
  });

  function walk(flow, row, index, origin) {
    let box = flow.parentElement.querySelector(".step-view");
    if (!box) {
      box = document.createElement("section");
      box.className = "step-view";
      box.setAttribute("aria-live", "polite");
      flow.after(box);
    }
    const stage = row.stages[index];
    const boxes = flow.querySelectorAll(".flow-stages > li");
    boxes.forEach((item, place) => item.classList.toggle("stepping", Boolean(stage) && place === stage.place));
    box.replaceChildren();
    const heading = document.createElement("h3");
    heading.tabIndex = -1;
    heading.textContent = stage
      ? `Step ${row.step} (${row.event}), stage ${index + 1} of ${row.stages.length}: ${stage.stage}${stage.later ? " (later)" : ""}`
      : `Step ${row.step} (${row.event}): the runtime reported no stages`;
    box.append(heading);
    if (stage) {
      const call = document.createElement("p");
      const code = document.createElement("code");
      code.textContent = stage.call;
      const where = document.createElement(stage.url ? "a" : "small");
      if (stage.url) where.href = stage.url;
      where.textContent = `${stage.file || stage.fileID}:${stage.lines[0]}${stage.lines[1] > stage.lines[0] ? "–" + stage.lines[1] : ""}`;
      call.append(code, " ", where);
      const pre = document.createElement("pre");
      pre.className = "excerpt";
      pre.tabIndex = 0;   // it scrolls sideways: a keyboard user must reach it
      pre.setAttribute("role", "region");
      pre.setAttribute("aria-label", "The lines that ran");
      const lines = document.createElement("code");
      for (const line of stage.excerpt) {
        const number = document.createElement("span");
        number.className = "ln";
        number.setAttribute("aria-hidden", "true");
        number.textContent = line.line;
        const holder = line.ran ? document.createElement("mark") : document.createDocumentFragment();
        holder.append(number, line.text);
        lines.append(holder, "\n");
      }
      pre.append(lines);
      box.append(call, pre);
    }
    const nav = document.createElement("p");
    nav.className = "step-nav";
    const button = (label, enabled, action) => {
      const control = document.createElement("button");
      control.type = "button";
      control.textContent = label;
      control.disabled = !enabled;
      control.addEventListener("click", action);
      nav.append(control, " ");
      return control;
    };
    button("◀ Previous stage", index > 0, () => walk(flow, row, index - 1, origin));
    const next = button("Next stage ▶", index + 1 < row.stages.length, () => walk(flow, row, index + 1, origin));
    button("Close", true, () => {
      boxes.forEach((item) => item.classList.remove("stepping"));
      box.remove();
      if (origin && origin.isConnected) origin.focus();
    });
    box.append(nav);
    const marked = box.querySelector("mark");
    if (marked) marked.scrollIntoView({ block: "nearest" });
    if (index === 0) heading.focus(); else if (!next.disabled) next.focus(); else heading.focus();
  }
})();
