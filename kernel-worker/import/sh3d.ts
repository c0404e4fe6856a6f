// Sweet Home 3D (.sh3d) to an ImportedPlan. A .sh3d file is a zip; since version 5.3 it holds
// Home.xml (the SweetHome3D.dtd document) beside the serialised Java home, and that is what this
// reads: levels, walls (centre lines in centimetres, y pointing south as on screen), rooms (named
// polygons), doors and windows (pieces of furniture with a centre, an angle and a size) and
// staircases (pieces with a staircaseCutOutShape: stairwells in the levels above them).
// Workers have no DOMParser, and Home.xml is flat attribute-only markup, so a small tag reader
// does; the zip goes through fflate.
import { unzipSync } from 'fflate';
import type { PlanFloorOpeningInput, PlanOpeningInput, PlanWallInput } from '../../protocol/commands';
import { PlanImportError, type ImportedPlan, type ImportedRoom, type ImportedStorey, type PlanImportSkip, type PlanImportSkipReason } from '../../protocol/plan-import';
import type { OpeningKind, Vec2 } from '../../protocol/records';
import { pointInRing, ringLabelPoint } from '../geometry/polygon';
import { alongAndOff } from './fit';
import { roomTypeFromName } from './room-type-guess';

interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? whole;
  });
}

/** Elements and attributes of an XML document (text, comments, doctype and instructions skipped). */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|<!\[CDATA\[[\s\S]*?\]\]>/g;
  const attr = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    if (m[2] === undefined) continue;
    const [, closing, name, attrText, selfClosing] = m;
    if (closing) {
      if (stack.length > 1 && stack[stack.length - 1]!.name === name) stack.pop();
      else throw new PlanImportError('damaged', `unexpected </${name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (let a = attr.exec(attrText ?? ''); a; a = attr.exec(attrText ?? '')) attrs[a[1]!] = decodeEntities(a[2] ?? a[3] ?? '');
    attr.lastIndex = 0;
    const element: XmlElement = { name: name!, attrs, children: [] };
    stack[stack.length - 1]!.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new PlanImportError('damaged', `<${stack[stack.length - 1]!.name}> is not closed`);
  return root;
}

const CM = 10;
const round = (v: number) => Math.round(v * 10) / 10;

function numAttr(e: XmlElement, key: string): number | null {
  const raw = e.attrs[key];
  if (raw === undefined || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** SH3D's plan has y pointing down the screen (south): the product's points north. */
const pt = (x: number, y: number): Vec2 => ({ x: x * CM, y: -y * CM || 0 });

function openingKind(piece: XmlElement): OpeningKind {
  const words = `${piece.attrs.catalogId ?? ''} ${piece.attrs.name ?? ''} ${piece.attrs.creator ?? ''}`.toLowerCase();
  if (/window|fenster|fenêtre|fenetre|窗/.test(words) && !/french|balcony|door/.test(words)) return 0 as OpeningKind;
  if (/sliding|schiebe|移门|推拉/.test(words)) return 3 as OpeningKind;
  if (/folding|falt|折叠/.test(words)) return 4 as OpeningKind;
  if (/double|doppel|双开|french/.test(words)) return 2 as OpeningKind;
  if (/window|fenster|窗/.test(words)) return 0 as OpeningKind;
  return 1 as OpeningKind;
}

/**
 * The corners of an SVG path (M, L, H, V, Z, absolute or relative; a curve's end point only):
 * the first closed subpath, as Sweet Home 3D's staircase cut-out shapes are written.
 */
export function svgPathCorners(d: string): { x: number; y: number }[] {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  const out: { x: number; y: number }[] = [];
  let x = 0;
  let y = 0;
  let cmd = '';
  let i = 0;
  const num = () => Number(tokens[i++]);
  const args: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7 };
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i]!)) cmd = tokens[i++]!;
    const upper = cmd.toUpperCase();
    if (upper === 'Z') {
      if (out.length > 0) break;
      continue;
    }
    const n = args[upper];
    if (n === undefined || i + n > tokens.length) break;
    const v = Array.from({ length: n }, num);
    if (v.some((k) => !Number.isFinite(k))) return [];
    const rel = cmd !== upper;
    if (upper === 'H') x = (rel ? x : 0) + v[0]!;
    else if (upper === 'V') y = (rel ? y : 0) + v[0]!;
    else {
      x = (rel ? x : 0) + v[n - 2]!;
      y = (rel ? y : 0) + v[n - 1]!;
    }
    out.push({ x, y });
    // After a moveto, further pairs are linetos.
    if (upper === 'M') cmd = rel ? 'l' : 'L';
  }
  const last = out[out.length - 1];
  if (out.length > 1 && last && last.x === out[0]!.x && last.y === out[0]!.y) out.pop();
  return out;
}

/**
 * A staircase's hole in plan mm: its cut-out shape (unit square, x across its width and y down its
 * depth, as Sweet Home 3D draws it) scaled to its size, turned by its angle and put at its centre;
 * "true" or an empty value: its whole footprint.
 */
function staircaseHole(piece: XmlElement): Vec2[] | null {
  const x = numAttr(piece, 'x');
  const y = numAttr(piece, 'y');
  const width = numAttr(piece, 'width') ?? 0;
  const depth = numAttr(piece, 'depth') ?? 0;
  if (x === null || y === null || !(width > 0) || !(depth > 0)) return null;
  const shape = (piece.attrs.staircaseCutOutShape ?? '').trim();
  const unit = shape === '' || shape === 'true' ? [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }] : svgPathCorners(shape);
  if (unit.length < 3) return null;
  const angle = numAttr(piece, 'angle') ?? 0;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // In SH3D's own plan (y down) the piece turns clockwise on screen by its angle.
  return unit.map((u) => {
    const lx = (u.x - 0.5) * width;
    const ly = (u.y - 0.5) * depth;
    const p = pt(x + lx * cos - ly * sin, y + lx * sin + ly * cos);
    return { x: round(p.x), y: round(p.y) };
  });
}

export function readSh3d(bytes: Uint8Array): ImportedPlan {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name === 'Home.xml' });
  } catch (e) {
    throw new PlanImportError('damaged', `not a zip: ${e instanceof Error ? e.message : String(e)}`);
  }
  const homeXml = files['Home.xml'];
  // Files saved by Sweet Home 3D before 5.3 hold only the serialised Java home.
  if (!homeXml) throw new PlanImportError('unsupportedSchema', 'no Home.xml (saved by Sweet Home 3D older than 5.3)');
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(homeXml);
  } catch {
    throw new PlanImportError('damaged', 'Home.xml is not UTF-8');
  }
  const doc = parseXml(xml);
  const home = doc.children.find((e) => e.name === 'home');
  if (!home) throw new PlanImportError('damaged', 'Home.xml has no <home>');
  const defaultWallHeight = (numAttr(home, 'wallHeight') ?? 250) * CM;

  const skipped = new Map<string, PlanImportSkip & { count: number }>();
  const skip = (reason: PlanImportSkipReason, element: string) => {
    const key = `${reason}/${element}`;
    const entry = skipped.get(key) ?? { reason, element, count: 0 };
    skipped.set(key, { ...entry, count: entry.count + 1 });
  };

  // Levels (none: the whole home is one storey). Pieces of furniture may sit in groups.
  const levels = home.children
    .filter((e) => e.name === 'level')
    .map((e) => ({
      id: e.attrs.id ?? '',
      name: e.attrs.name ?? '',
      elevation: (numAttr(e, 'elevation') ?? 0) * CM,
      height: (numAttr(e, 'height') ?? numAttr(home, 'wallHeight') ?? 250) * CM,
      order: numAttr(e, 'elevationIndex') ?? 0,
      viewable: e.attrs.viewable !== 'false',
    }))
    .sort((a, b) => a.elevation - b.elevation || a.order - b.order);
  const levelKeys = levels.length > 0 ? levels.map((l) => l.id) : [''];
  const levelOf = (e: XmlElement) => (levels.length > 0 ? (e.attrs.level ?? levels[0]!.id) : '');

  const pieces: XmlElement[] = [];
  const collect = (parent: XmlElement) => {
    for (const e of parent.children) {
      if (e.name === 'furnitureGroup') collect(e);
      else if (e.name === 'doorOrWindow' || e.name === 'pieceOfFurniture') pieces.push(e);
    }
  };
  collect(home);

  // Staircases: each cuts the levels above its own, up to its top (its level's elevation, its own
  // elevation and its height), as Sweet Home 3D cuts their floors.
  const levelById = new Map(levels.map((l) => [l.id, l]));
  const stairs = pieces
    .filter((p) => p.attrs.staircaseCutOutShape !== undefined)
    .map((p) => {
      const base = levelById.get(levelOf(p))?.elevation ?? 0;
      return { piece: p, base, top: base + ((numAttr(p, 'elevation') ?? 0) + (numAttr(p, 'height') ?? 0)) * CM, hole: staircaseHole(p) };
    });

  const storeys: ImportedStorey[] = [];
  levelKeys.forEach((levelId, i) => {
    const level = levels[i];
    const elevation = level?.elevation ?? 0;
    const walls: PlanWallInput[] = [];
    for (const e of home.children.filter((c) => c.name === 'wall' && levelOf(c) === levelId)) {
      const xs = numAttr(e, 'xStart');
      const ys = numAttr(e, 'yStart');
      const xe = numAttr(e, 'xEnd');
      const ye = numAttr(e, 'yEnd');
      const thickness = (numAttr(e, 'thickness') ?? 0) * CM;
      if (xs === null || ys === null || xe === null || ye === null) {
        skip('noGeometry', 'wall');
        continue;
      }
      if (numAttr(e, 'arcExtent')) {
        skip('wallNotStraight', 'wall');
        continue;
      }
      const start = pt(xs, ys);
      const end = pt(xe, ye);
      if (thickness < 10 || Math.hypot(end.x - start.x, end.y - start.y) < 10) {
        skip('wallTooSmall', 'wall');
        continue;
      }
      const height = (numAttr(e, 'height') ?? (level ? level.height / CM : null) ?? defaultWallHeight / CM) * CM;
      walls.push({ start: { x: round(start.x), y: round(start.y) }, end: { x: round(end.x), y: round(end.y) }, thickness: round(thickness), height: round(height) });
    }

    const openings: PlanOpeningInput[] = [];
    for (const piece of pieces.filter((p) => levelOf(p) === levelId)) {
      const isOpening = piece.name === 'doorOrWindow' || piece.attrs.doorOrWindow === 'true';
      if (piece.attrs.staircaseCutOutShape !== undefined) {
        // Its hole goes in the levels above (below); a staircase with nothing above it cuts nothing.
        if (!stairs.some((s) => s.piece === piece && s.hole && levels.some((l) => l.elevation > s.base && l.elevation <= s.top + 1))) skip('unsupportedElement', 'staircase');
        continue;
      }
      if (!isOpening) {
        skip('unsupportedElement', 'pieceOfFurniture');
        continue;
      }
      const x = numAttr(piece, 'x');
      const y = numAttr(piece, 'y');
      const width = (numAttr(piece, 'width') ?? 0) * CM;
      const height = (numAttr(piece, 'height') ?? 0) * CM;
      if (x === null || y === null || !(width > 0) || !(height > 0)) {
        skip('noGeometry', 'doorOrWindow');
        continue;
      }
      const centre = pt(x, y);
      let host = -1;
      let bestOff = Infinity;
      walls.forEach((wall, w) => {
        const { along, off, length } = alongAndOff(centre, wall.start, wall.end);
        if (along < 0 || along > length) return;
        // A door's depth may sit off the centre line: within the wall's faces plus its own depth.
        const depth = (numAttr(piece, 'depth') ?? 0) * CM;
        if (off <= (wall.thickness ?? 0) / 2 + depth / 2 + 50 && off < bestOff) {
          bestOff = off;
          host = w;
        }
      });
      if (host < 0) {
        skip('openingWithoutWall', 'doorOrWindow');
        continue;
      }
      const wall = walls[host]!;
      const { along } = alongAndOff(centre, wall.start, wall.end);
      const kind = openingKind(piece);
      const sill = Math.max(0, (numAttr(piece, 'elevation') ?? 0) * CM);
      openings.push({ wall: host, kind, offset: round(along), width: round(width), height: round(height), elevation: round(kind === 0 ? sill : sill < 50 ? 0 : sill) });
    }

    const rooms: ImportedRoom[] = [];
    for (const e of home.children.filter((c) => c.name === 'room' && levelOf(c) === levelId)) {
      const ring = e.children
        .filter((c) => c.name === 'point')
        .map((c) => pt(numAttr(c, 'x') ?? NaN, numAttr(c, 'y') ?? NaN))
        .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
      const inside = ring.length >= 3 ? ringLabelPoint(ring) : null;
      const at = inside && pointInRing(inside, ring) ? inside : null;
      const name = (e.attrs.name ?? '').trim();
      if (!at || !name) continue;
      rooms.push({ at: { x: round(at.x), y: round(at.y) }, name, roomType: roomTypeFromName(name) });
    }

    const floorOpenings: PlanFloorOpeningInput[] = [];
    if (level) {
      for (const s of stairs) {
        if (s.hole && level.elevation > s.base && level.elevation <= s.top + 1) floorOpenings.push({ outline: s.hole, kind: 'stair', ...(s.piece.attrs.name ? { name: s.piece.attrs.name } : {}) });
      }
    }

    const storeyName = level?.name ?? '';
    if (walls.length === 0) {
      if (levels.length > 0) skip('emptyStorey', storeyName || 'level');
      return;
    }
    const next = levels.slice(i + 1).find((l) => l.elevation > elevation + 1000);
    const tallest = Math.max(...walls.map((w) => w.height ?? 0));
    storeys.push({
      name: storeyName,
      elevation: round(elevation),
      height: round(next ? next.elevation - elevation : Math.max(level?.height ?? 0, tallest, 2400)),
      walls,
      openings,
      rooms,
      ...(floorOpenings.length > 0 && { floorOpenings }),
    });
  });
  if (storeys.length === 0) throw new PlanImportError('empty');
  const version = home.attrs.version ?? '';
  return { format: 'sh3d', schema: version ? `SH3D ${version}` : 'SH3D', storeys, skipped: [...skipped.values()].sort((a, b) => b.count - a.count) };
}
