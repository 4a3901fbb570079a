// The replay viewer's script: draws the step the URL names from the page's JSON data.
// It knows no game: a game's part describes every step with the items of
// pyyijing/viewer/items.py, and this script draws those. Everything is built with
// createElement and textContent, never innerHTML, so no text in a record is markup.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("viewer-data").textContent);
  const steps = data.steps;
  const last = steps.length - 1;
  const faces = data.faces || {};
  const SVG = "http://www.w3.org/2000/svg";
  let current = -1;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  // -- items ------------------------------------------------------------------
  // I Ching lines, bottom (first character) to top; "slots" leaves room for the rest.
  function linesSvg(lines, slots, width) {
    const n = Math.max(lines.length, slots || 0, 1);
    const bar = 4, gap = 3, w = width || 30;
    const h = n * (bar + gap) + gap;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 " + w + " " + h);
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
    svg.setAttribute("class", "lines");
    for (let i = 0; i < n; i++) {
      const y = h - (i + 1) * (bar + gap);
      const c = i < lines.length ? lines[i] : "";
      const yang = c === "1" || c === "+";
      const parts = c === "" ? [[0, w]] : yang ? [[0, w]] : [[0, w * 0.42], [w * 0.58, w * 0.42]];
      for (const [x, len] of parts) {
        const r = document.createElementNS(SVG, "rect");
        r.setAttribute("x", x);
        r.setAttribute("y", y);
        r.setAttribute("width", len);
        r.setAttribute("height", bar);
        r.setAttribute("class", c === "" ? "slot" : c === "+" || c === "-" ? "taiji" : "line");
        svg.appendChild(r);
      }
    }
    return svg;
  }

  function tileEl(code, mark, note) {
    const face = faces[code] || { face: code };
    const t = el("span", "tile");
    if (face.tone) t.classList.add("tone-" + face.tone);
    if (mark) for (const m of String(mark).split(" ")) t.classList.add("mark-" + m);
    t.dataset.code = code;
    t.title = (face.title || code) + (mark ? " (" + mark + ")" : "");
    if (face.lines) {
      t.appendChild(linesSvg(face.lines, 0, 18));
    } else {
      t.appendChild(el("span", "face", face.face || code));
      if (face.sub) t.appendChild(el("span", "sub", face.sub));
    }
    if (note === undefined || note === null) return t;
    const w = el("span", "noted");
    w.appendChild(t);
    w.appendChild(el("span", "note", note));
    return w;
  }

  function itemEl(item) {
    if (typeof item === "string") return tileEl(item);
    if ("tile" in item) return tileEl(item.tile, item.mark, item.note);
    if ("back" in item) {
      const b = el("span", "backs");
      b.dataset.count = item.back;
      b.title = item.back + " concealed tile" + (item.back === 1 ? "" : "s");
      for (let i = 0; i < item.back; i++) b.appendChild(el("span", "tile back"));
      return b;
    }
    if ("lines" in item) {
      const f = el("figure", "hexagram");
      f.dataset.lines = item.lines;
      f.appendChild(linesSvg(item.lines, item.slots, 30));
      if (item.cap) f.appendChild(el("figcaption", null, item.cap));
      if (item.title) f.title = item.title;
      return f;
    }
    if ("group" in item) {
      const g = el("span", "group");
      const inner = el("span", "members");
      for (const m of item.group) inner.appendChild(itemEl(m));
      g.appendChild(inner);
      if (item.cap) g.appendChild(el("span", "cap", item.cap));
      return g;
    }
    return el("span", "text", item.text);
  }

  function itemsEl(list, cls) {
    const box = el("span", cls || "items");
    for (const item of list || []) box.appendChild(itemEl(item));
    return box;
  }

  function factsEl(facts, id) {
    const dl = el("dl", "facts");
    if (id) dl.id = id;
    for (const f of facts || []) {
      const row = el("div", "fact");
      row.appendChild(el("dt", null, f.label));
      const dd = el("dd");
      if (f.text !== undefined) dd.appendChild(el("span", "text", f.text));
      if (f.items) dd.appendChild(itemsEl(f.items));
      row.appendChild(dd);
      dl.appendChild(row);
    }
    return dl;
  }

  // -- the frame: header, table, controls, move list ------------------------------
  const n = data.seats.length;
  const focus = data.focus || 0;
  // The focus seat at the bottom, then counterclockwise: the next seat on its right.
  const places = { 1: ["bottom"], 2: ["bottom", "top"], 3: ["bottom", "right", "top"] }[n] ||
    ["bottom", "right", "top", "left"];

  const header = el("header");
  header.appendChild(el("h1", null, data.title));
  header.appendChild(factsEl(data.facts, "facts"));
  document.body.appendChild(header);

  const main = el("main");
  const table = el("section", "table");
  table.id = "table";
  const seatEls = [];
  for (let s = 0; s < n; s++) {
    const panel = el("div", "seat place-" + places[(s - focus + n) % n]);
    panel.dataset.seat = s;
    seatEls.push(panel);
    table.appendChild(panel);
  }
  const centre = el("div", "centre");
  const moveNow = el("div", "now");
  moveNow.id = "current-move";
  const status = el("div");
  status.id = "status";
  const result = el("div", "result");
  result.id = "result";
  centre.append(moveNow, status, result);
  table.appendChild(centre);
  main.appendChild(table);

  const side = el("aside", "side");
  const controls = el("nav", "controls");
  function button(label, title, action) {
    const b = el("button", null, label);
    b.type = "button";
    b.title = title;
    b.addEventListener("click", action);
    controls.appendChild(b);
    return b;
  }
  button("|◀", "the deal (Home)", () => go(0)).id = "first";
  button("◀", "back one move (←)", () => go(current - 1)).id = "prev";
  button("▶", "forward one move (→)", () => go(current + 1)).id = "next";
  button("▶|", "the end (End)", () => go(last)).id = "end";
  button("next claim", "the next claim: chow, pung, kong (c)", () => jump("claim")).id =
    "next-claim";
  button("next win", "the next win (w)", () => jump("win")).id = "next-win";
  const slider = el("input");
  slider.type = "range";
  slider.min = 0;
  slider.max = last;
  slider.value = 0;
  slider.id = "slider";
  slider.setAttribute("aria-label", "step");
  slider.addEventListener("input", () => go(Number(slider.value)));
  const counter = el("span", "counter");
  counter.id = "counter";
  side.append(controls, slider, counter);

  const list = el("ol", "moves");
  list.id = "moves";
  steps.forEach((st, i) => {
    const li = el("li", st.tags.join(" "), i === 0 ? "the deal" : st.move);
    li.dataset.step = i;
    li.value = i;
    li.addEventListener("click", () => go(i));
    list.appendChild(li);
  });
  side.appendChild(list);
  main.appendChild(side);
  document.body.appendChild(main);

  // -- one step -------------------------------------------------------------------
  function drawSeat(panel, s, seat, acting) {
    panel.replaceChildren();
    panel.classList.toggle("acting", acting);
    const h = el("h2", null, seat.name);
    for (const b of seat.badges) h.appendChild(el("span", "badge", b));
    panel.appendChild(h);
    for (const sec of seat.sections) {
      const row = el("div", "section role-" + sec.role);
      row.dataset.role = sec.role;
      row.appendChild(el("span", "label", sec.label));
      row.appendChild(itemsEl(sec.items));
      panel.appendChild(row);
    }
  }

  function drawResult(res) {
    result.replaceChildren();
    result.hidden = !res;
    if (!res) return;
    result.appendChild(el("h3", null, res.headline));
    result.appendChild(factsEl(res.facts, "result-facts"));
    const t = el("table", "ledger");
    t.id = "ledger";
    const head = el("tr");
    for (const c of res.ledger.columns) head.appendChild(el("th", null, c));
    t.appendChild(el("thead")).appendChild(head);
    const body = t.appendChild(el("tbody"));
    for (const r of res.ledger.rows) {
      const tr = el("tr");
      for (const c of r) tr.appendChild(el("td", null, c));
      body.appendChild(tr);
    }
    result.appendChild(t);
  }

  function draw(i) {
    const st = steps[i];
    for (let s = 0; s < n; s++) drawSeat(seatEls[s], s, st.seats[s], st.acting.includes(s));
    moveNow.replaceChildren(
      el("span", "step-no", i === 0 ? "the deal" : "move " + i + " of " + last),
      el("span", "move " + st.tags.join(" "), i === 0 ? "" : st.move)
    );
    status.replaceChildren(factsEl(st.status));
    drawResult(st.result);
    counter.textContent = i + " / " + last;
    const before = list.querySelector("li.current");
    if (before) before.classList.remove("current");
    const now = list.querySelector('li[data-step="' + i + '"]');
    now.classList.add("current");
    now.scrollIntoView({ block: "nearest" });
    document.body.dataset.step = i;
  }

  function go(i) {
    i = Math.max(0, Math.min(last, Math.round(Number(i)) || 0));
    if (i === current) return;
    current = i;
    draw(i);
    slider.value = i;
    const hash = "#step=" + i;
    if (location.hash !== hash) {
      try {
        history.replaceState(null, "", hash);
      } catch (e) {
        location.hash = hash;
      }
    }
  }

  function jump(tag) {
    for (let i = current + 1; i <= last; i++) {
      if (steps[i].tags.includes(tag)) return go(i);
    }
  }

  function fromHash() {
    const m = /(?:^#|&)step=(\d+)/.exec(location.hash);
    go(m ? Number(m[1]) : 0);
  }

  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // The slider moves itself on arrows, Home and End (its input event follows).
    if (e.target === slider && e.key !== "c" && e.key !== "w") return;
    const keys = {
      ArrowRight: () => go(current + 1),
      ArrowLeft: () => go(current - 1),
      Home: () => go(0),
      End: () => go(last),
      PageDown: () => go(current + 10),
      PageUp: () => go(current - 10),
      c: () => jump("claim"),
      w: () => jump("win"),
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  });
  window.addEventListener("hashchange", fromHash);
  window.viewer = { go: go, steps: steps.length, step: () => current };
  fromHash();
})();
