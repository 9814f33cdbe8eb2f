// Planet Unknown: the planet a person places tiles on (an anywidget ESM module, shipped in the package).
//
// Python sends the planet (`cells`), the tiles the seat may place (`tiles`), which placements are legal and
// what each yields (`legal`), and squares to click for a pending gain (`targets`). The page draws them, shows
// a preview under the pointer (green: legal, red: not, with the yield per track), and R / F turn and flip the
// tile. A click sends {kind: "place", stack, orientation, row, col} or {kind: "square", row, col}; Python
// turns it into the engine's own action, the same one a bot would play.

const TERRAIN_COLOURS = ["#8e44ad", "#2e86de", "#27ae60", "#7f8c8d", "#e67e22", "#f1c40f"];
const TERRAIN_NAMES = ["civ", "water", "biomass", "rover", "tech", "energy"];
// Every class the preview puts on a square. drawPreview takes all of them off before drawing, so nothing of a
// preview survives the pointer moving on or leaving the planet (a class missing here leaves a trail).
const PREV_OK = "pu-prev-ok"; // the placement is legal
const PREV_BAD = "pu-prev-bad"; // illegal, and this square is off the planet or covered
const PREV_FREE = "pu-prev-free"; // illegal, though this square is free (the tile must touch your tiles)
const PREVIEW_CLASSES = [PREV_OK, PREV_BAD, PREV_FREE];

function rotate(o) {
  return Math.floor(o / 4) * 4 + ((o % 4) + 1) % 4;
}

function flip(o) {
  const k = o % 4;
  const m = Math.floor(o / 4);
  return ((4 - k) % 4) + 4 * (1 - m);
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function tilePicture(tile, orientation, size) {
  const shape = tile.orientations[String(orientation)];
  const box = el("div", "pu-tile-picture");
  let width = 0;
  let height = 0;
  for (const [dx, dy] of shape.cells) {
    width = Math.max(width, dx + 1);
    height = Math.max(height, dy + 1);
  }
  box.style.width = `${width * size}px`;
  box.style.height = `${height * size}px`;
  for (const [dx, dy, part, symbol] of shape.cells) {
    const sq = el("div", "pu-tile-square");
    sq.style.left = `${dx * size}px`;
    sq.style.top = `${dy * size}px`;
    sq.style.width = `${size - 2}px`;
    sq.style.height = `${size - 2}px`;
    sq.style.background = TERRAIN_COLOURS[tile.terrains[part]];
    if (symbol) sq.appendChild(el("span", "pu-symbol"));
    if (shape.meteor && shape.meteor[0] === dx && shape.meteor[1] === dy) sq.appendChild(el("span", "pu-meteor-mark"));
    box.appendChild(sq);
  }
  return box;
}

function render({ model, el: root }) {
  root.classList.add("pu-planet-widget");
  root.tabIndex = 0;
  const tray = el("div", "pu-tray");
  const gridWrap = el("div", "pu-grid-wrap");
  const grid = el("div", "pu-grid");
  const colMedals = el("div", "pu-col-medals");
  const caption = el("div", "pu-caption");
  const preview = el("div", "pu-preview-text");
  gridWrap.append(grid, colMedals);
  root.append(tray, gridWrap, preview, caption);
  let hover = null;
  const squares = [];

  function state() {
    return {
      cells: model.get("cells") || [],
      tiles: model.get("tiles") || [],
      selected: model.get("selected"),
      orientation: model.get("orientation"),
      legal: model.get("legal") || {},
      targets: model.get("targets") || {},
      marked: model.get("marked") || [],
      mode: model.get("mode"),
    };
  }

  function selectedTile(s) {
    return s.selected >= 0 && s.selected < s.tiles.length ? s.tiles[s.selected] : null;
  }

  function previewSquares(s) {
    // {squares: [[r, c, terrain]], key, anchor} for the selected tile with its handle under the pointer
    const tile = selectedTile(s);
    if (!tile || !hover || s.mode !== "place") return null;
    const shape = tile.orientations[String(s.orientation)];
    const [hx, hy] = shape.cells[0];
    const row = hover[0] - hy;
    const col = hover[1] - hx;
    const out = shape.cells.map(([dx, dy, part]) => [row + dy, col + dx, tile.terrains[part]]);
    return { squares: out, key: `${shape.canon},${row},${col}`, row, col, canon: shape.canon, stack: tile.stack };
  }

  function drawTray() {
    const s = state();
    tray.replaceChildren();
    if (s.mode !== "place" || !s.tiles.length) return;
    s.tiles.forEach((tile, index) => {
      const card = el("div", "pu-tray-tile" + (index === s.selected ? " pu-tray-selected" : ""));
      card.classList.add(`pu-tray-tile-${index}`);
      const o = index === s.selected ? s.orientation : 0;
      card.append(tilePicture(tile, o, 16), el("div", "pu-tray-label", tile.label));
      card.addEventListener("click", () => {
        model.set("selected", index);
        model.set("orientation", 0);
        model.save_changes();
      });
      tray.appendChild(card);
    });
    const buttons = el("div", "pu-tray-buttons");
    const turn = el("button", "pu-rotate", "Rotate (R)");
    const mirror = el("button", "pu-flip", "Flip (F)");
    turn.addEventListener("click", () => turnTile(rotate));
    mirror.addEventListener("click", () => turnTile(flip));
    buttons.append(turn, mirror);
    tray.appendChild(buttons);
  }

  function turnTile(how) {
    const s = state();
    if (!selectedTile(s)) return;
    model.set("orientation", how(s.orientation));
    model.save_changes();
  }

  function buildGrid() {
    grid.replaceChildren();
    squares.length = 0;
    for (let r = 0; r < 12; r++) {
      for (let c = 0; c < 12; c++) {
        const sq = el("div", "pu-square");
        sq.dataset.row = r;
        sq.dataset.col = c;
        sq.classList.add(`pu-sq-${r}-${c}`);
        sq.addEventListener("mouseenter", () => {
          hover = [r, c];
          drawPreview();
        });
        sq.addEventListener("click", () => clickSquare(r, c));
        grid.appendChild(sq);
        squares.push(sq);
      }
      const medal = el("div", "pu-row-medal");
      medal.dataset.row = r;
      grid.appendChild(medal);
    }
    grid.addEventListener("mouseleave", () => {
      hover = null;
      drawPreview();
    });
  }

  function drawCells() {
    const s = state();
    const rowMedals = model.get("row_medals") || [];
    const colMedalValues = model.get("col_medals") || [];
    s.cells.forEach((cell, i) => {
      const sq = squares[i];
      sq.className = `pu-square pu-sq-${Math.floor(i / 12)}-${i % 12}`;
      sq.replaceChildren();
      sq.style.background = "";
      sq.style.boxShadow = "";
      sq.style.borderTop = sq.style.borderRight = sq.style.borderBottom = sq.style.borderLeft = "";
      if (!cell.p) {
        sq.classList.add("pu-off");
        if (cell.h) {
          // a hole (Lacuna): not a square, drawn so the planet's shape reads right
          sq.classList.add("pu-hole");
          sq.title = cell.title || "";
        }
        return;
      }
      sq.classList.add(cell.p === 2 ? "pu-ice" : "pu-land");
      if (cell.t >= 0) {
        sq.style.background = TERRAIN_COLOURS[cell.t];
        sq.classList.add("pu-covered", `pu-terrain-${TERRAIN_NAMES[cell.t]}`);
      }
      if (cell.n) sq.classList.add("pu-last");
      if (cell.s) sq.appendChild(el("span", "pu-symbol"));
      if (cell.k && !cell.m) sq.appendChild(el("span", "pu-meteor-mark"));
      if (cell.m) sq.appendChild(el("span", "pu-meteorite", "◆"));
      if (cell.l) sq.appendChild(el("span", "pu-lifepod", "●"));
      if (cell.b) sq.classList.add("pu-patch");
      if (cell.r) sq.appendChild(el("span", "pu-rover", cell.r > 1 ? `▲${cell.r}` : "▲"));
      if (cell.c) sq.classList.add("pu-carried");
      drawSpecial(sq, cell);
      sq.title = cell.title || "";
    });
    grid.querySelectorAll(".pu-row-medal").forEach((node) => {
      node.textContent = rowMedals[Number(node.dataset.row)] ?? "";
    });
    colMedals.replaceChildren(...colMedalValues.map((m) => el("div", "pu-col-medal", String(m))));
    drawTargets();
  }

  function drawSpecial(sq, cell) {
    // the planet's special squares (ring, centre, cities, toxic, currents, sub-planets, quadrants): a mark in
    // the corner and an inner outline in the legend's colour while uncovered; the chasm as thick sides
    const marks = cell.x || [];
    marks.forEach((mark, k) => {
      sq.classList.add(`pu-x-${mark.k}`);
      const node = el("span", mark.m ? "pu-special" : "pu-special-bar", mark.m || undefined);
      node.style.color = mark.c;
      if (!mark.m) {
        node.style.background = mark.c;
        node.style.bottom = `${1 + 4 * k}px`;
      }
      sq.appendChild(node);
    });
    const outline = marks.find((mark) => mark.m);
    if (outline && cell.t < 0) sq.style.boxShadow = `inset 0 0 0 2px ${outline.c}`;
    const sides = { t: "borderTop", r: "borderRight", b: "borderBottom", l: "borderLeft" };
    for (const side of cell.e || "") sq.style[sides[side]] = "3px solid #111";
  }

  function drawTargets() {
    const s = state();
    squares.forEach((sq) => sq.classList.remove("pu-target", "pu-marked"));
    if (s.mode === "square") {
      for (const key of Object.keys(s.targets)) {
        const [r, c] = key.split(",").map(Number);
        squares[r * 12 + c].classList.add("pu-target");
      }
    }
    for (const i of s.marked) squares[i].classList.add("pu-marked");
  }

  function drawPreview() {
    const s = state();
    squares.forEach((sq) => {
      sq.classList.remove(...PREVIEW_CLASSES);
      for (const ghost of sq.querySelectorAll(".pu-ghost")) ghost.remove();
    });
    preview.textContent = "";
    preview.className = "pu-preview-text";
    if (s.mode === "square" && hover) {
      const label = s.targets[`${hover[0]},${hover[1]}`];
      preview.textContent = label || "";
      return;
    }
    const p = previewSquares(s);
    if (!p) return;
    const yields = (s.legal[String(p.stack)] || {})[p.key];
    const ok = yields !== undefined;
    let blocked = 0;
    for (const [r, c, t] of p.squares) {
      if (r < 0 || r > 11 || c < 0 || c > 11) {
        blocked += 1;
        continue;
      }
      const sq = squares[r * 12 + c];
      const cell = s.cells[r * 12 + c] || {};
      // an illegal placement: solid red where a square is off the planet or covered, dashed red elsewhere
      const bad = !cell.p || cell.t >= 0;
      blocked += bad ? 1 : 0;
      sq.classList.add(ok ? PREV_OK : bad ? PREV_BAD : PREV_FREE);
      const ghost = el("span", "pu-ghost");
      ghost.style.background = TERRAIN_COLOURS[t];
      sq.appendChild(ghost);
    }
    preview.classList.add(ok ? "pu-preview-ok" : "pu-preview-bad");
    const why = blocked ? "solid red squares are off the planet or covered" : "it must touch your tiles (the first: the edge)";
    preview.textContent = ok ? `Here: ${yields}` : `Not legal here: ${why}.`;
  }

  function clickSquare(r, c) {
    const s = state();
    if (s.mode === "place") {
      hover = [r, c];
      const p = previewSquares(s);
      if (!p) return;
      model.send({ kind: "place", stack: p.stack, orientation: p.canon, row: p.row, col: p.col });
    } else if (s.mode === "square") {
      model.send({ kind: "square", row: r, col: c });
    }
  }

  root.addEventListener("keydown", (event) => {
    const key = event.key.toLowerCase();
    if (key === "r") turnTile(rotate);
    else if (key === "f") turnTile(flip);
    else return;
    event.preventDefault();
    event.stopPropagation();
  });
  root.addEventListener("mouseenter", () => root.focus({ preventScroll: true }));

  buildGrid();
  drawTray();
  drawCells();
  caption.textContent = model.get("caption") || "";
  model.on("change:cells", drawCells);
  model.on("change:row_medals", drawCells);
  model.on("change:targets", () => { drawTargets(); drawPreview(); });
  model.on("change:marked", drawTargets);
  model.on("change:mode", () => { drawTray(); drawTargets(); drawPreview(); });
  model.on("change:tiles", () => { drawTray(); drawPreview(); });
  model.on("change:selected", () => { drawTray(); drawPreview(); });
  model.on("change:orientation", () => { drawTray(); drawPreview(); });
  model.on("change:legal", drawPreview);
  model.on("change:caption", () => { caption.textContent = model.get("caption") || ""; });
}

export default { render };
